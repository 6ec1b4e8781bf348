// One lifecycle for every application: submit, edit, withdraw and the staff transitions of services.md.
// Each status change is an event and a notice in the same transaction, and an SMS after commit when a gateway
// is configured. Submits are idempotent (Idempotency-Key) and one application per user and service is in
// progress at a time (a partial unique index keeps that true under concurrency). Appointment places are taken
// with a conditional decrement in the transaction and given back on withdrawal or refusal.
import type { FastifyBaseLogger } from 'fastify';
import { Gate, KeyedGate } from '../lib/gate.ts';
import { applicationStatusTransitions, EDITABLE, handlingRequired, kindName, MSG, statusName, Status } from '../domain/index.ts';
import type { Database } from '../db/client.ts';
import { uniqueViolation } from '../db/errors.ts';
import { AppError, badRequest, bizError, conflict, notFound } from '../lib/envelope.ts';
import { createRepositories, type Repositories } from '../repositories/index.ts';
import type { ApplicationRow, NewApplication } from '../repositories/applications.ts';
import { chinaDate, type Clock } from './clock.ts';
import { createIdempotency, KeyTaken, type IdempotentRequest } from './idempotency.ts';
import { dayKey, FullDays } from './full-days.ts';
import { createMovementHooks } from './movement-hooks.ts';
import { applyRecordChange } from './record-change.ts';
import type { NoticeService } from './notices.ts';
import { DEFAULT_TEMPLATES, loadTemplates, placeholdersIn, render, templateKeyFor, type TemplateDef } from './notice-templates.ts';
import type { NewAudit } from '../repositories/audit.ts';
import type { SmsMessage, SmsSender } from './sms.ts';

export type { ApplicationForm, AttachmentRef } from './application-form.ts';
import type { ApplicationForm, AttachmentRef } from './application-form.ts';

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

const SYSTEM: Actor = { role: 'system', id: null };
/** Submits in progress at once per instance (lib/gate.ts): about the database pool's size. */
const SUBMIT_GATE = 10;

/** 继续提交: a move-in whose 准迁证 is ready (stage 1, 5), or whose 迁移证 data came back for correction (stage 2, 3). */
export const canContinue = (app: Pick<ApplicationRow, 'kind' | 'status' | 'stage'>) =>
  app.kind === 'qianru' &&
  ((app.stage === '1' && app.status === Status.awaitingPickup) || (app.stage === '2' && app.status === Status.returned));

/** 迁入凭证: a finished move-in into the school (the second stage of qianru, or 新生迁入 that moved in). */
export const hasVoucher = (app: Pick<ApplicationRow, 'kind' | 'status' | 'stage' | 'answers'>) =>
  app.status === Status.done &&
  ((app.kind === 'qianru' && app.stage === '2') || (app.kind === 'yingxin' && (app.answers as { sfqr?: string }).sfqr === '1'));

type Action = 'cancel' | 'edit' | 'continue' | 'voucher';

/** What the user may do now. */
export function actionsOf(app: Pick<ApplicationRow, 'kind' | 'status' | 'stage' | 'answers'>): Action[] {
  const actions: Action[] = EDITABLE.includes(app.status) ? ['cancel', 'edit'] : [];
  if (canContinue(app)) actions.push('continue');
  if (hasVoucher(app)) actions.push('voucher');
  return actions;
}

/** The notice of a move: staff moves (2-8) from the office's templates, the user's own moves fixed. */
function noticeText(
  app: ApplicationRow,
  to: number,
  handling: Handling,
  note: string | null | undefined,
  resubmitted: boolean,
  templates: readonly TemplateDef[],
) {
  const name = kindName(app.kind, app.sub);
  const key = resubmitted ? null : templateKeyFor(app.kind, to);
  const template = key ? templates.find((t) => t.key === key) : undefined;
  if (template) {
    const values = {
      业务名称: name,
      申请编号: app.referenceNo,
      原因: handling.reason ?? note ?? '见申请详情',
      领取地点: handling.lqdd ?? '户籍办公室',
      领取时间: handling.lqsj ?? '',
      快递公司: handling.kdgs ?? '',
      快递单号: handling.kddh ?? '',
      应还日期: app.dueOn ?? '约定日期',
    };
    const sms: Omit<SmsMessage, 'text'> = { template: key!, params: placeholdersIn(template.content).map((p) => [p, values[p]]) };
    return { title: render(template.title, values), content: render(template.content, values), sms };
  }
  const status = statusName(app.kind, to);
  const detail: Record<number, string> = {
    1: resubmitted ? '已重新提交，户籍办将尽快审核。' : '已提交，户籍办将尽快审核，请留意办理进度。',
    9: '已撤销。',
  };
  const sms: Omit<SmsMessage, 'text'> = {
    template: to === Status.withdrawn ? 'withdrawn' : resubmitted ? 'resubmitted' : 'submitted',
    params: [
      ['业务名称', name],
      ['申请编号', app.referenceNo],
    ],
  };
  return {
    title: `${name}：${resubmitted ? '已重新提交' : status}`,
    content: `您的${name}申请（${app.referenceNo}）${detail[to] ?? status}`,
    sms,
  };
}

/** What a notice sends as SMS: its text after the signature, and its template with parameters. */
type NoticeSms = { content: string; sms: Omit<SmsMessage, 'text'> };

/** The appointment day a booking asks for, read from its body before the form is checked. */
export interface Slot {
  kind: string;
  channel: string;
  day: string;
}

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
  const smsEnabled = sms.name !== 'outbox';
  const idempotency = createIdempotency(repos);
  const submits = new Gate(SUBMIT_GATE);
  /** Bookings of one appointment day write one at a time on this instance (lib/gate.ts KeyedGate). */
  const days = new KeyedGate(1);

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

  /** The SMS of a status change, after commit and never awaited by the request. */
  function announce(app: ApplicationRow, notice: NoticeSms) {
    if (!smsEnabled) return;
    void (async () => {
      const user = await repos.users.findById(app.userId);
      if (user?.phone) await sms.send(user.phone, { text: `【户籍业务办理】${notice.content}`, ...notice.sms });
    })().catch((err) => log.warn({ err, applicationId: app.id }, 'status SMS not sent'));
  }

  async function replay(userId: number, req: IdempotentRequest): Promise<ApplicationRow | null> {
    const id = await idempotency.prior(userId, req);
    const app = id ? await repos.applications.findById(id) : null;
    return app && app.userId === userId ? app : null;
  }

  async function checkAttachments(userId: number, attachments: AttachmentRef[]) {
    for (const a of attachments) {
      const file = await repos.uploads.findById(a.fileId);
      if (!file || file.ownerId !== userId) throw bizError(MSG.attachment);
    }
  }

  /** The next reference number of the day, taken in the transaction that creates the application (rolled back with it). */
  async function nextReferenceNo(r: Repositories, now: Date): Promise<string> {
    const day = chinaDate(now).replace(/-/g, '');
    const n = await r.counters.increment(`sqbh:${day}`);
    return `HJ${day}${String(n % 1_000_000).padStart(6, '0')}`;
  }

  /**
   * A request with an idempotency key: a retry answers the first result. A business refusal met on the way is
   * checked again against the key, since a parallel twin that committed first is what makes the rules refuse.
   */
  async function keyed(userId: number, req: IdempotentRequest, run: () => Promise<ApplicationRow>): Promise<ApplicationRow> {
    const prior = await replay(userId, req);
    if (prior) return prior;
    try {
      return await run();
    } catch (err) {
      const twin = req.key && err instanceof AppError && err.code === 100 ? await replay(userId, req) : null;
      if (twin) return twin;
      throw err;
    }
  }

  /** Runs a write with the idempotency key claimed in the same transaction; a lost race answers the winner. */
  async function once(
    userId: number,
    req: IdempotentRequest,
    duplicateMessage: string,
    work: (r: Repositories) => Promise<ApplicationRow>,
  ) {
    try {
      return await db.transaction(async (tx) => work(createRepositories(tx)));
    } catch (err) {
      const constraint = err instanceof KeyTaken ? 'key' : uniqueViolation(err);
      if (constraint === null) throw err;
      const prior = await replay(userId, req);
      if (prior) return prior;
      if (constraint === 'applications_one_active_uq' || constraint === '') throw bizError(duplicateMessage);
      throw err;
    }
  }

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

  return {
    /**
     * Submits a new application: a retried request with the same key answers the first application; `build`
     * checks the form (after the retry check, so a retry is never refused by rules the first submit changed).
     */
    async submit(
      userId: number,
      req: IdempotentRequest,
      build: () => Promise<ApplicationForm>,
      slot?: Slot | null,
    ): Promise<ApplicationRow> {
      // A day just seen full is refused at once: without waiting at the submit gate, and without reading the user,
      // the form or the quota row. Only a retry of a booking that got its place answers otherwise (the first result).
      const full = () => slot != null && fullDays.has(slot.kind, slot.channel, slot.day);
      const refuseFull = async () => {
        const prior = await replay(userId, req);
        if (prior) return prior;
        throw bizError(MSG.full);
      };
      if (full()) return refuseFull();
      const submitted = () =>
        keyed(userId, req, async () => {
          const form = await build();
          const sub = form.sub ?? '';
          const duplicateMessage = form.duplicateMessage ?? MSG.duplicate;
          await checkAttachments(userId, form.attachments);
          if (await repos.applications.findActive(userId, form.kind, sub)) throw bizError(duplicateMessage);
          const now = clock.now();
          let createdId = 0;
          // A booking waits here for the one before it on its day, and is refused without a transaction when that one
          // took the last place.
          const write = (work: () => Promise<ApplicationRow>) => {
            const s = form.slot;
            if (!s) return work();
            return days.run(dayKey(form.kind, s.channel, s.day), () =>
              fullDays.has(form.kind, s.channel, s.day) ? Promise.reject(bizError(MSG.full)) : work(),
            );
          };
          const app = await write(() =>
            once(userId, req, duplicateMessage, async (r) => {
              // The place first: a booking the quota refuses costs one conditional update and writes nothing (no reference
              // number, event or notice). The row lock it takes is held to the commit: another instance's bookings of the
              // day queue on it (this instance's queue at `write`, holding no connection).
              if (form.slot && !(await r.quotas.take(form.kind, form.slot.channel, form.slot.day))) {
                fullDays.mark(form.kind, form.slot.channel, form.slot.day);
                throw bizError(MSG.full);
              }
              const referenceNo = await nextReferenceNo(r, now);
              const created = await r.applications.create({
                referenceNo,
                kind: form.kind,
                sub,
                userId,
                status: Status.submitted,
                title: form.title,
                answers: form.answers,
                attachments: form.attachments,
                slotDay: form.slot?.day ?? null,
                slotChannel: form.slot?.channel ?? null,
                dueOn: form.dueOn ?? null,
                stage: form.stage ?? null,
                createdAt: now,
                updatedAt: now,
              });
              createdId = created.id;
              await idempotency.claim(r, userId, req, created.id, now);
              await r.applications.addEvent({
                applicationId: created.id,
                actorRole: 'user',
                actorId: userId,
                fromStatus: null,
                toStatus: 1,
                at: now,
              });
              await notices.notify(
                userId,
                {
                  type: 'apply',
                  ...noticeText(created, 1, {}, null, false, DEFAULT_TEMPLATES),
                  applicationId: created.id,
                  applicationNo: referenceNo,
                },
                r,
              );
              return form.finish ? (await move(r, created, 7, SYSTEM, form.finish, {})).updated : created;
            }),
          );
          // Announced by the request that made it (a lost race answers the winner's application, announced by the winner).
          if (app.id === createdId) announce(app, noticeText(app, 1, {}, null, false, DEFAULT_TEMPLATES));
          return app;
        });
      // Asked again on the way in: in a rush most requests wait at the gate while the last places go, and leave it at
      // once when they are gone (the place is let to the next in line before the refusal is answered).
      const done = await submits.run(() => (full() ? Promise.resolve(null) : submitted()));
      return done ?? refuseFull();
    },

    /**
     * Replaces the answers of one's own application of this kind in status 1 or 3 (404 申请不存在 for anyone
     * else's); from 3 it goes back to 1 (resubmitted). `build` gets the application being edited.
     */
    edit(
      userId: number,
      id: number,
      kind: string,
      req: IdempotentRequest,
      build: (editing: ApplicationRow) => Promise<ApplicationForm>,
    ): Promise<ApplicationRow> {
      return keyed(userId, req, async () => {
        const current = await repos.applications.findById(id);
        if (!current || current.userId !== userId || current.kind !== kind) throw notFound(MSG.notFound);
        if (!EDITABLE.includes(current.status)) throw bizError(MSG.cannotEdit);
        const form = await build(current);
        if ((form.sub ?? '') !== current.sub) {
          const field = form.kind === 'qtbs' ? 'bslx' : 'sub';
          throw badRequest('不能改为其他类别的业务', [{ field, message: '不能改为其他类别的业务，请重新提交一份申请' }]);
        }
        await checkAttachments(userId, form.attachments);
        const moved = (app: ApplicationRow) =>
          !!form.slot && (form.slot.day !== app.slotDay || form.slot.channel !== (app.slotChannel ?? ''));
        let announced: NoticeSms | null = null;
        const finishNow = async (r: Repositories, app: ApplicationRow) => {
          if (!form.finish) return app;
          const finished = await move(r, app, 7, SYSTEM, form.finish, {});
          announced = finished.text;
          return finished.updated;
        };
        const app = await once(userId, req, form.duplicateMessage ?? MSG.duplicate, async (r) => {
          const locked = await r.applications.lockById(id);
          if (!locked || locked.userId !== userId) throw notFound(MSG.notFound);
          if (!EDITABLE.includes(locked.status)) throw bizError(MSG.cannotEdit);
          await idempotency.claim(r, userId, req, locked.id, clock.now());
          const patch: Partial<NewApplication> = {
            answers: form.answers,
            attachments: form.attachments,
            title: form.title,
            dueOn: form.dueOn ?? null,
          };
          if (form.slot && moved(locked)) {
            if (!(await r.quotas.take(form.kind, form.slot.channel, form.slot.day))) {
              fullDays.mark(form.kind, form.slot.channel, form.slot.day);
              throw bizError(MSG.full);
            }
            if (locked.slotDay) {
              await r.quotas.giveBack(locked.kind, locked.slotChannel ?? '', locked.slotDay);
              fullDays.forget(locked.kind, locked.slotChannel ?? '', locked.slotDay);
            }
            patch.slotDay = form.slot.day;
            patch.slotChannel = form.slot.channel;
          }
          if (locked.status === Status.returned) {
            const { updated, text } = await move(r, locked, 1, { role: 'user', id: userId }, '修改后重新提交', {}, patch);
            announced = text;
            return finishNow(r, updated);
          }
          const now = clock.now();
          const updated = await r.applications.update(locked.id, locked.version, { ...patch, updatedAt: now });
          if (!updated) throw conflict(MSG.changed);
          await r.applications.addEvent({
            applicationId: locked.id,
            actorRole: 'user',
            actorId: userId,
            fromStatus: 1,
            toStatus: 1,
            note: '修改了申请内容',
            at: now,
          });
          return finishNow(r, updated);
        });
        if (announced) announce(app, announced);
        return app;
      });
    },

    /**
     * 继续提交 of a move-in (canContinue): the 迁移证 data of `build` replace the answers and attachments, the
     * application enters stage 2 and goes back to 1 (a move outside the staff table, made by the applicant).
     */
    continueMoveIn(
      userId: number,
      id: number,
      req: IdempotentRequest,
      build: (app: ApplicationRow) => Promise<Pick<ApplicationForm, 'answers' | 'attachments'>>,
    ): Promise<ApplicationRow> {
      return keyed(userId, req, async () => {
        const current = await repos.applications.findById(id);
        if (!current || current.userId !== userId || current.kind !== 'qianru') throw notFound(MSG.notFound);
        if (!canContinue(current)) throw bizError(MSG.cannotContinue);
        const form = await build(current);
        await checkAttachments(userId, form.attachments);
        let announced: NoticeSms | null = null;
        const app = await once(userId, req, MSG.duplicate, async (r) => {
          const locked = await r.applications.lockById(id);
          if (!locked || locked.userId !== userId) throw notFound(MSG.notFound);
          if (!canContinue(locked)) throw bizError(MSG.cannotContinue);
          await idempotency.claim(r, userId, req, locked.id, clock.now());
          const moved = await move(
            r,
            locked,
            1,
            { role: 'user', id: userId },
            '继续提交迁移证信息',
            {},
            { stage: '2', answers: form.answers, attachments: form.attachments },
          );
          announced = moved.text;
          return moved.updated;
        });
        if (announced) announce(app, announced);
        return app;
      });
    },

    /** 撤销: one's own application from 1 or 3 to 9 (withdrawing a withdrawn one answers it as it is). */
    async cancel(userId: number, id: number, note?: string): Promise<ApplicationRow> {
      const current = await repos.applications.findById(id);
      if (!current || current.userId !== userId) throw notFound(MSG.notFound);
      if (current.status === Status.withdrawn) return current;
      if (!EDITABLE.includes(current.status)) throw bizError(MSG.cannotCancel);
      return this.transition(id, 9, { role: 'user', id: userId }, { note: note?.trim() || null, expectedStatus: current.status });
    },

    /**
     * Moves an application along the status table (staff, system, or the user's own withdrawal). A move outside
     * the table is 409 当前状态不允许该操作; a status other than expectedStatus, or a version other than
     * expectedVersion (someone acted, or the user edited, since the caller looked), is 409 申请状态已变化. The row
     * is locked first, so of two concurrent moves exactly one wins. `audit` is written in the same transaction.
     */
    async transition(
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
    },

    /** Borrow reminders: a notice 3 days before the return date and one when it has passed (each once). */
    async remindBorrowers(remindDaysBefore: number): Promise<void> {
      const now = clock.now();
      const today = chinaDate(now);
      const soon = chinaDate(new Date(now.getTime() + remindDaysBefore * 86400_000));
      for (const app of await repos.applications.dueBy('hkkjy', [Status.handling, Status.mailed], soon)) {
        const overdue = app.dueOn! < today;
        if (!(await repos.applications.markReminded(app.id, overdue ? 'overdue' : 'due-soon', now))) continue;
        const content = overdue
          ? `您借用的户口卡已于 ${app.dueOn} 到期，请尽快归还户籍办公室（申请编号 ${app.referenceNo}）。逾期未还将暂停借用资格。`
          : `您借用的户口卡将于 ${app.dueOn} 到期，请按时归还户籍办公室（申请编号 ${app.referenceNo}）。`;
        await notices.notify(app.userId, {
          type: 'borrow',
          title: overdue ? '户口卡借用已逾期' : '户口卡即将到期',
          content,
          applicationId: app.id,
          applicationNo: app.referenceNo,
        });
        announce(app, {
          content,
          sms: {
            template: overdue ? 'borrow_overdue' : 'borrow_due',
            params: [
              ['应还日期', app.dueOn!],
              ['申请编号', app.referenceNo],
            ],
          },
        });
      }
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
