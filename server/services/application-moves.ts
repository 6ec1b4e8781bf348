// The moves of an application along the status table (services.md): each one an event, the hooks that change the
// user's records, and a notice, in one transaction; its SMS after commit. Appointment places are given back on 8 and 9.
import type { FastifyBaseLogger } from 'fastify';
import { applicationStatusTransitions, handlingRequired, MSG, Status } from '../domain/index.ts';
import type { Database } from '../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../lib/envelope.ts';
import { createRepositories, type Repositories } from '../repositories/index.ts';
import type { ApplicationRow, NewApplication } from '../repositories/applications.ts';
import type { NewAudit } from '../repositories/audit.ts';
import type { Actor, Handling } from './application-form.ts';
import { noticeText, type NoticeSms } from './application-notices.ts';
import type { Clock } from './clock.ts';
import type { FullDays } from './full-days.ts';
import { createMovementHooks } from './movement-hooks.ts';
import type { NoticeService } from './notices.ts';
import { DEFAULT_TEMPLATES, loadTemplates } from './notice-templates.ts';
import { applyRecordChange } from './record-change.ts';

/** The system's own moves (新生迁入 without moving in, finished at once). */
export const SYSTEM: Actor = { role: 'system', id: null };

export function createMoves({
  db,
  clock,
  notices,
  log,
  fullDays,
  announce,
  afterMove,
}: {
  db: Database;
  clock: Clock;
  notices: NoticeService;
  log: FastifyBaseLogger;
  fullDays: FullDays;
  announce: (app: ApplicationRow, notice: NoticeSms) => void;
  afterMove?: (app: ApplicationRow) => Promise<void>;
}) {
  /** Changes of a user's records when an application reaches a status. */
  const hooks: Record<string, (r: Repositories, app: ApplicationRow, to: number) => Promise<void>> = {
    // Moving in and out change the household record (a hook may refuse a move by throwing).
    ...createMovementHooks(clock),
    async hyzkbg(r, app, to) {
      if (to === Status.done) await r.users.update(app.userId, { maritalStatusCode: (app.answers as { bghyzkm: string }).bghyzkm });
    },
    async xlzkbg(r, app, to) {
      if (to === Status.done) await r.users.update(app.userId, { educationCode: (app.answers as { bgxlm: string }).bgxlm });
    },
    // 其他信息变更 finished: the office's record takes the new name, person type and ID number it carries.
    async qtbs(r, app, to) {
      if (to === Status.done && app.sub === 'change') await applyRecordChange(r, app);
    },
  };

  /** Moves a locked application to a status: event, hooks, notice; gives the appointment place back on 8 and 9. */
  async function move(
    r: Repositories,
    app: ApplicationRow,
    to: number,
    actor: Actor,
    note: string | null,
    handling: Handling,
    patch: Partial<NewApplication> = {},
  ) {
    const now = clock.now();
    // The applicant sends it again: after a return (3), or with the 迁移证 of a move-in (5, 继续提交).
    const resubmitted = (app.status === Status.returned || app.status === Status.awaitingPickup) && to === Status.submitted;
    const changes: Partial<NewApplication> = { ...patch, status: to, updatedAt: now };
    const mergedHandling = { ...(app.handling as Handling), ...handling };
    if (Object.keys(handling).length) changes.handling = mergedHandling;
    if (handling.ghrq) changes.dueOn = handling.ghrq;
    if ((to === Status.refused || to === Status.withdrawn) && app.slotDay) {
      await r.quotas.giveBack(app.kind, app.slotChannel ?? '', app.slotDay);
      fullDays.forget(app.kind, app.slotChannel ?? '', app.slotDay);
      changes.slotDay = null;
      changes.slotChannel = null;
    }
    const updated = await r.applications.update(app.id, app.version, changes);
    if (!updated) throw conflict(MSG.changed);
    await r.applications.addEvent({
      applicationId: app.id,
      actorRole: actor.role,
      actorId: actor.id,
      fromStatus: app.status,
      toStatus: to,
      note,
      at: now,
    });
    await hooks[app.kind]?.(r, updated, to);
    const templates = to >= 2 && to <= 8 ? await loadTemplates(r) : DEFAULT_TEMPLATES;
    const text = noticeText(updated, to, mergedHandling, note, resubmitted, templates);
    await notices.notify(app.userId, { type: 'apply', ...text, applicationId: app.id, applicationNo: app.referenceNo }, r);
    return { updated, text };
  }

  /**
   * Moves an application along the status table (staff, system, or the user's own withdrawal). A move outside
   * the table is 409 当前状态不允许该操作; a status other than expectedStatus, or a version other than
   * expectedVersion (someone acted, or the user edited, since the caller looked), is 409 申请状态已变化. The row
   * is locked first, so of two concurrent moves exactly one wins. `audit` is written in the same transaction.
   */
  async function transition(
    id: number,
    to: number,
    actor: Actor,
    opts: {
      note?: string | null;
      handling?: Handling;
      expectedStatus?: number;
      expectedVersion?: number;
      audit?: (app: ApplicationRow) => NewAudit;
    } = {},
  ): Promise<ApplicationRow> {
    const note = opts.note?.trim() || null;
    const handling: Handling = { ...opts.handling };
    if (to === Status.returned || to === Status.refused) handling.reason = note;
    const by = actor.role === 'user' ? 'user' : 'staff';
    const result = await db.transaction(async (tx) => {
      const r = createRepositories(tx);
      const app = await r.applications.lockById(id);
      if (!app) throw notFound(MSG.notFound);
      if (opts.expectedStatus !== undefined && app.status !== opts.expectedStatus) throw conflict(MSG.changed);
      if (opts.expectedVersion !== undefined && app.version !== opts.expectedVersion) throw conflict(MSG.changed);
      const rule = applicationStatusTransitions.find((t) => t.from === app.status && t.to === to && t.by === by);
      if (!rule) throw new AppError(409, MSG.notAllowed);
      if (rule.noteRequired && !note) throw badRequest('请填写原因', [{ field: 'note', message: '请填写原因' }]);
      const borrowWithoutDue = app.kind === 'hkkjy' && !app.dueOn;
      const required = handlingRequired(to, { borrowWithoutDue }).filter((f) => !handling[f]);
      if (required.length)
        throw badRequest(
          '请填写办理信息',
          required.map((field) => ({ field, message: '请填写此项' })),
        );
      const moved = await move(r, app, to, actor, note, handling);
      if (opts.audit) await r.audit.add(opts.audit(moved.updated));
      return moved;
    });
    announce(result.updated, result.text);
    await afterMove?.(result.updated).catch((err) => log.error({ err, applicationId: id }, 'work after a transition failed'));
    return result.updated;
  }

  return { move, transition };
}
