// The calls of 待办队列 (GET /api/admin/applications and its counts, the bulk transition, the pickup prefill).
import { client, unwrap, type Schemas } from '@/api/client';
import type { QueryOf } from '../../data';

/** The queue's filters as the call takes them (without the page). */
export type QueueQuery = QueryOf<'adminListApplications'>;

export type BulkTo = 4 | 5 | 7;
export type BulkResults = Schemas['BulkTransitionResult']['data'];
export type Place = { lqdd: string; lqsj: string };

/** One page of the queue. */
export const loadQueue = (query: QueueQuery, pageNum: number, pageSize: number) =>
  unwrap(client.GET('/api/admin/applications', { params: { query: { ...query, pageNum, pageSize } } }));

/** The count per status of the filters (the tabs' figures); quiet, the list shows the loading. */
export const loadCounts = (query: Omit<QueueQuery, 'sub'>) =>
  unwrap(client.GET('/api/admin/applications/counts', { params: { query }, loading: false }));

/** Moves each picked application on its own; the answer says what became of each. */
export const bulkTransition = (to: BulkTo, items: { id: number; expectedVersion: number }[], place?: Place) =>
  unwrap(client.POST('/api/admin/applications/bulk-transition', { body: { to, items, ...place } }));

/** The office's address and hours, which a 通知领取 starts with. */
export const loadPickupPrefill = () => unwrap(client.GET('/api/admin/applications/pickup-prefill', { loading: false, silent: true }));
