// One lifecycle for every application: submit, edit, withdraw and the staff transitions of services.md, in three
// parts: filing (application-submission.ts: idempotency, one in progress, the appointment place), the moves along the
// status table (application-moves.ts: event, hooks, notice in one transaction) and what the applicant is told
// (application-notices.ts: the notice, the SMS after commit, the borrow reminders).
import type { FastifyBaseLogger } from 'fastify';
import { EDITABLE, MSG, Status } from '../domain/index.ts';
import type { Database } from '../db/client.ts';
import { bizError, notFound } from '../lib/envelope.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { Clock } from './clock.ts';
import { FullDays } from './full-days.ts';
import { createMoves } from './application-moves.ts';
import { createAnnouncements } from './application-notices.ts';
import { createSubmission } from './application-submission.ts';
import type { NoticeService } from './notices.ts';
import type { SmsSender } from './sms.ts';

export type { ApplicationForm, AttachmentRef, Actor, Handling, Slot } from './application-form.ts';
export { actionsOf, canContinue, hasVoucher } from './application-actions.ts';

export interface ApplicationServiceDeps {
  db: Database;
  repos: Repositories;
  clock: Clock;
  notices: NoticeService;
  /** The SMS sender; status SMS go out only through a real gateway (not the outbox of development). */
  sms: SmsSender;
  log: FastifyBaseLogger;
  /** Work after the commit of a transition (the vouchers of a finished move-in); awaited, its errors only logged. */
  afterMove?: (app: ApplicationRow) => Promise<void>;
  /** Appointment days just seen full on this instance (services/full-days.ts). */
  fullDays?: FullDays;
}

export function createApplicationService({
  db,
  repos,
  clock,
  notices,
  sms,
  log,
  afterMove,
  fullDays = new FullDays(),
}: ApplicationServiceDeps) {
  const { announce, remindBorrowers } = createAnnouncements({ repos, clock, notices, sms, log });
  const { move, transition } = createMoves({ db, clock, notices, log, fullDays, announce, afterMove });
  const { submit, edit, continueMoveIn } = createSubmission({ db, repos, clock, fullDays, announce, move });

  return {
    submit,
    edit,
    continueMoveIn,
    transition,
    remindBorrowers,

    /** 撤销: one's own application from 1 or 3 to 9 (withdrawing a withdrawn one answers it as it is). */
    async cancel(userId: number, id: number, note?: string): Promise<ApplicationRow> {
      const current = await repos.applications.findById(id);
      if (!current || current.userId !== userId) throw notFound(MSG.notFound);
      if (current.status === Status.withdrawn) return current;
      if (!EDITABLE.includes(current.status)) throw bizError(MSG.cannotCancel);
      return transition(id, 9, { role: 'user', id: userId }, { note: note?.trim() || null, expectedStatus: current.status });
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
