// What a service form hands to the application lifecycle: the form checks (daily-forms, move-in-forms, move-out-forms)
// make it, services/applications.ts files it; and who moves an application, with what the office writes when it does.
// Types only, so the checks need not import the lifecycle, nor its parts one another.
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

export interface Actor {
  role: 'user' | 'staff' | 'system';
  id: number | null;
}

export interface Handling {
  reason?: string | null;
  lqdd?: string | null;
  lqsj?: string | null;
  kdgs?: string | null;
  /** The courier's code in the dictionary qh_express (寄出 chooses it there). */
  kdgsdm?: string | null;
  kddh?: string | null;
  /** The courier's public tracking page of this waybill, as it was when shipped. */
  trackUrl?: string | null;
  ghrq?: string | null;
}

/** The appointment day a booking asks for, read from its body before the form is checked. */
export interface Slot {
  kind: string;
  channel: string;
  day: string;
}
