import type { Schemas } from '@/api/client';

export type UploadedFile = Schemas['UploadedFile'];

/**
 * The files of an attachments field. Form values (and so drafts) are strings: the field keeps its uploaded files
 * as JSON.
 */
export function filesOf(value: string | undefined): UploadedFile[] {
  try {
    const files: unknown = JSON.parse(value || '[]');
    return Array.isArray(files) ? (files as UploadedFile[]) : [];
  } catch {
    return [];
  }
}

/** The field value of an application's attachments (correcting it with edit=1). */
export const attachmentsValue = (files: readonly Schemas['Attachment'][]): string =>
  JSON.stringify(files.map(({ fileId, name, size, mimeType, url }) => ({ fileId, name, size, mimeType, url })));

/** The wire attachments of a field, each named by its material (the guide's materials[].name). */
export const attachmentRefs = (value: string | undefined, clmc: string): Schemas['AttachmentRef'][] =>
  filesOf(value).map((f) => ({ fileId: f.fileId, clmc }));
