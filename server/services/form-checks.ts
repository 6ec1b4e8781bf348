// The checks every service form makes (daily, move-in and move-out forms): a field's Chinese message, required and
// optional texts, the attachments as stored and a required material, answers without empty optionals.
import type { components } from '../../shared/contract/schema';
import { badRequest, bizError } from '../lib/envelope.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { HouseholdRow, UserRow } from '../repositories/users.ts';
import type { AttachmentRef } from './application-form.ts';

type S = components['schemas'];

/** Who sends the form, and what it edits. */
export interface FormContext {
  user: UserRow;
  household: HouseholdRow | null;
  /** The application being edited (edit/update), else null. */
  editing: ApplicationRow | null;
}

export const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** A required text, trimmed; blank is refused on its field. */
export function text(value: string | undefined, field: string, message: string): string {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) throw fieldError(field, message);
  return trimmed;
}

export const optionalText = (value: string | undefined) => value?.trim() || undefined;

/** The attachments as stored: each file once, with its material name. */
export const attachmentsOf = (list: S['AttachmentRef'][] | undefined): AttachmentRef[] => [
  ...new Map((list ?? []).map((a) => [a.fileId, { fileId: a.fileId, ...(a.clmc?.trim() ? { clmc: a.clmc.trim() } : {}) }])).values(),
];

/** A material (clmc) must be among the attachments, else the message (code 100). */
export const requireMaterial = (attachments: AttachmentRef[], clmc: string, message: string) => {
  if (!attachments.some((a) => a.clmc === clmc)) throw bizError(message);
};

/** Removes undefined values (answers are stored as sent, without empty optionals). */
export const compact = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
