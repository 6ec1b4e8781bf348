// What a service form hands to the application lifecycle: the form checks (daily-forms, move-in-forms, move-out-forms)
// make it, services/applications.ts files it. Types only, so the checks need not import the lifecycle.
import type { Schemas } from '../lib/contract.ts';

export type AttachmentRef = Schemas['AttachmentRef'];

/** What a service form contributes to an application. */
export interface ApplicationForm {
  kind: string;
  sub?: string;
  answers: Record<string, unknown>;
  attachments: AttachmentRef[];
  title: string;
  /** The appointment place the application holds (kind's quota, channel, day). */
  slot?: { channel: string; day: string } | null;
  dueOn?: string | null;
  /** The code-100 message when the user already has one in progress. */
  duplicateMessage?: string;
  /** Move-in stage of a new application ('1' 准迁证). */
  stage?: '1' | '2';
  /** Nothing for the office to do (新生迁入 without moving in): finished at once by the system, with this note. */
  finish?: string;
}
