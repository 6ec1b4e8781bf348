// The calls of 办理's pages (概览, 借出户口卡, 问答, 评价) and of an application's attachments, ID numbers and electronic
// documents; 待办队列's and an application's own are in queue/api.ts and application/api.ts.
import { client, unwrap, unwrapBlob, type Schemas } from '@/api/client';
import type { BodyOf, QueryOf } from '../data';

export const loadDashboard = () => unwrap(client.GET('/api/admin/dashboard'));

export const loadBorrowedCards = (query: QueryOf<'adminListBorrowedCards'>) =>
  unwrap(client.GET('/api/admin/borrowed-cards', { params: { query } }));

/** One application's full ID number (audited), quietly. */
export const revealIdNumber = (id: number, key: string) =>
  unwrap(client.POST('/api/admin/applications/{id}/id-number', { params: { path: { id } }, body: { key }, loading: false }));

/** An attachment's content, read with the console's token (adminGetApplicationFile); the loading layer for a download. */
export const readAttachment = (id: number, fileId: string, download: boolean) =>
  unwrapBlob(
    client.GET('/api/admin/applications/{id}/files/{fileId}', {
      params: { path: { id, fileId }, query: download ? { download: '1' } : {} },
      parseAs: 'blob',
      loading: download,
    }),
  );

export const loadDocuments = (id: number) => unwrap(client.GET('/api/admin/applications/{id}/documents', { params: { path: { id } } }));

export const readDocument = (docId: number) =>
  unwrapBlob(client.GET('/api/admin/documents/{docId}/file', { params: { path: { docId } }, parseAs: 'blob', loading: true }));

export const revokeDocument = (docId: number, body: BodyOf<'adminRevokeDocument'>) =>
  unwrap(client.POST('/api/admin/documents/{docId}/revoke', { params: { path: { docId } }, body }));

export const issueDocument = (id: number, kind: Schemas['DocumentKind']) =>
  unwrap(client.POST('/api/admin/applications/{id}/documents/issue', { params: { path: { id } }, body: { kind } }));

export const loadQuestions = (query: QueryOf<'adminListFeedback'>) => unwrap(client.GET('/api/admin/feedback', { params: { query } }));

export const replyQuestion = (id: number, body: BodyOf<'adminReplyFeedback'>) =>
  unwrap(client.POST('/api/admin/feedback/{id}/reply', { params: { path: { id } }, body }));

export const loadRatings = (query: QueryOf<'adminListRatings'>) => unwrap(client.GET('/api/admin/ratings', { params: { query } }));

export const loadRatingSummary = () => unwrap(client.GET('/api/admin/ratings/summary', { loading: false }));

export const followUpRating = (id: number, body: BodyOf<'adminFollowUpRating'>) =>
  unwrap(client.POST('/api/admin/ratings/{id}/follow-up', { params: { path: { id } }, body }));
