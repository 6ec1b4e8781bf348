// Filing an application: submit, edit and 继续提交. Each is idempotent (a retry with the same Idempotency-Key
// answers the first result, the key claimed atomically with what the write changes), one application per user and
// service is in progress at a time (a partial unique index keeps that true under concurrency), and a submit is one
// statement (repositories/filing.ts) whose first step takes the appointment place with a conditional decrement. The
// bookings of one day that arrive while a statement for the day is on its way wait and go together in one statement
// (lib/batch.ts KeyedBatches, fileMany); across instances they meet on the quota row; and a day seen full (a refused
// decrement, or the last place taken here) is refused without the database (FullDays).
import { Gate } from '../lib/gate.ts';
import { KeyedBatches } from '../lib/batch.ts';
import { EDITABLE, MSG, Status } from '../domain/index.ts';
import type { Database } from '../db/client.ts';
import { uniqueViolation } from '../db/errors.ts';
import { AppError, badRequest, bizError, conflict, notFound } from '../lib/envelope.ts';
import { createRepositories, type Repositories } from '../repositories/index.ts';
import { REFERENCE_MARK, type Filed, type Filing } from '../repositories/filing.ts';
import type { ApplicationRow, NewApplication } from '../repositories/applications.ts';
import { canContinue } from './application-actions.ts';
import type { ApplicationForm, AttachmentRef, Slot } from './application-form.ts';
import { noticeText, type NoticeSms } from './application-notices.ts';
import { chinaDate, type Clock } from './clock.ts';
import { createIdempotency, KeyTaken, type IdempotentRequest } from './idempotency.ts';
import { dayKey, type FullDays } from './full-days.ts';
import { DEFAULT_TEMPLATES } from './notice-templates.ts';
import { SYSTEM, type createMoves } from './application-moves.ts';

/** Submits in progress at once per instance (lib/gate.ts): about the database pool's size. */
const SUBMIT_GATE = 10;

/** The application about to be filed as a row, its reference number still REFERENCE_MARK (for its notice's text). */
const unnumbered = (values: Omit<NewApplication, 'referenceNo'>): ApplicationRow => ({
  id: 0,
  referenceNo: REFERENCE_MARK,
  sub: '',
  stage: null,
  attachments: [],
  handling: {},
  slotDay: null,
  slotChannel: null,
  dueOn: null,
  version: 1,
  assigneeId: null,
  assignedAt: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...values,
});

/** A move along the status table, in the caller's transaction (application-moves.ts). */
type Move = ReturnType<typeof createMoves>['move'];

export function createSubmission({
  db,
  repos,
  clock,
  fullDays,
  announce,
  move,
}: {
  db: Database;
  repos: Repositories;
  clock: Clock;
  fullDays: FullDays;
  announce: (app: ApplicationRow, notice: NoticeSms) => void;
  move: Move;
}) {
  const idempotency = createIdempotency(repos);
  const submits = new Gate(SUBMIT_GATE);
  /** The places a day had left after this instance's last statement for it: how many of a batch to send first, never a guard. */
  const lastRemaining = new Map<string, number>();
  const placesLeft = {
    get: (day: string) => lastRemaining.get(day),
    note(day: string, remaining: number | null) {
      if (lastRemaining.size > 1000) lastRemaining.clear(); // days are few; a stray flood starts over
      if (remaining) lastRemaining.set(day, remaining);
      else lastRemaining.delete(day);
    },
  };

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

  /** A write in a transaction, with the repositories of the transaction. */
  const inTransaction = (work: (r: Repositories) => Promise<ApplicationRow>) => () =>
    db.transaction(async (tx) => work(createRepositories(tx)));

  /** Runs a write that claims the idempotency key with what it writes, atomically; a lost race answers the winner. */
  async function once(userId: number, req: IdempotentRequest, duplicateMessage: string, write: () => Promise<ApplicationRow>) {
    try {
      return await write();
    } catch (err) {
      const constraint = err instanceof KeyTaken ? 'key' : uniqueViolation(err);
      if (constraint === null) throw err;
      const prior = await replay(userId, req);
      if (prior) return prior;
      if (constraint === 'applications_one_active_uq' || constraint === '') throw bizError(duplicateMessage);
      throw err;
    }
  }

  /**
   * One filing in its own statement (repositories/filing.ts). Outside a transaction (`committed`), the day is marked
   * full when the filing found no place or took the last one, so that the next booking is refused without the database.
   */
  async function fileOne(r: Repositories, f: Filing, committed = true): Promise<Filed | null> {
    const filed = await r.filing.file(f);
    if (f.slot && (!filed || (committed && filed.remaining === 0))) fullDays.mark(f.slot.kind, f.slot.channel, f.slot.day);
    return filed;
  }

  /**
   * The bookings of one appointment day (and China date, the day of their numbers) that waited together: one statement
   * for all of them when there are places for all (fileMany); with fewer places left, one statement for as many as are
   * left, the first in line, and the rest refused without the database. One by one (the last place marks the day full)
   * when a user is there twice or a statement fails (a key claimed twice, an application already in progress, a place
   * taken meanwhile by another instance): each then gets its own answer.
   */
  async function fileBookings(day: string, filings: Filing[]): Promise<PromiseSettledResult<Filed | null>[]> {
    const slot = filings[0]!.slot!;
    const full = () => fullDays.has(slot.kind, slot.channel, slot.day);
    // null: fewer places left than filings (nothing written); undefined: the statement failed.
    const together = (some: Filing[]) => repos.filing.fileMany(slot, filings[0]!.chinaDay, some).catch(() => undefined);
    const answered = (filed: Filed[]): PromiseSettledResult<Filed | null>[] => {
      placesLeft.note(day, filed[0]!.remaining);
      if (filed[0]!.remaining === 0) fullDays.mark(slot.kind, slot.channel, slot.day);
      return filed.map((value) => ({ status: 'fulfilled', value }));
    };
    let done: PromiseSettledResult<Filed | null>[] = [];
    // As many as the day had left after this instance's last statement for it, the first in line (all of them when
    // that is not known or enough): the usual rush files its last places in one statement, without a refused one. One
    // place left goes by the one-row statement below.
    const known = placesLeft.get(day);
    if (known !== 1 && filings.length > 1 && new Set(filings.map((f) => f.application.userId)).size === filings.length && !full()) {
      const some = known !== undefined && known < filings.length ? filings.slice(0, known) : filings;
      const first = await together(some);
      if (first) done = answered(first);
      else {
        // Fewer places left than that (taken meanwhile on another instance): as many as are left go together, the
        // first in line; once they took the last place, the rest are refused without the database.
        const left = first === null ? (await repos.quotas.find(slot.kind, slot.channel, slot.day).catch(() => null))?.remaining : undefined;
        if (left === 0) fullDays.mark(slot.kind, slot.channel, slot.day);
        else if (left !== undefined && left > 1 && left < some.length) {
          const again = await together(filings.slice(0, left));
          if (again) done = answered(again);
        }
      }
    }
    for (const f of filings.slice(done.length)) {
      try {
        const filed = full() ? null : await fileOne(repos, f);
        if (filed) placesLeft.note(day, filed.remaining);
        done.push({ status: 'fulfilled', value: filed });
      } catch (reason) {
        done.push({ status: 'rejected', reason });
      }
    }
    return done;
  }
  const bookings = new KeyedBatches<Filing, Filed | null>((day, filings) => fileBookings(day, filings));

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
          const application = {
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
          };
          // The applicant's notice, its reference number the one the statement takes.
          const told = noticeText(unnumbered(application), 1, {}, null, false, DEFAULT_TEMPLATES);
          const filing: Filing = {
            slot: form.slot ? { kind: form.kind, ...form.slot } : null,
            chinaDay: chinaDate(now).replace(/-/g, ''),
            application,
            event: { actorRole: 'user', actorId: userId, fromStatus: null, toStatus: Status.submitted, at: now },
            notice: { type: 'apply', title: told.title, content: told.content, createdAt: now },
            key: idempotency.keyOf(userId, req, now),
          };
          let createdId = 0;
          let lastPlace = false;
          /** The application a filing made; the day full (refused) when it found no place. */
          const made = (filed: Filed | null) => {
            if (!filed) throw bizError(MSG.full);
            createdId = filed.app.id;
            lastPlace = filed.remaining === 0;
            return filed.app;
          };
          const finish = form.finish;
          const booked = filing.slot;
          // A booking goes with the bookings of its day that wait for the statement before theirs (fileBookings); an
          // application finished at once, in a transaction with its move; anything else in its own statement.
          const work = finish
            ? inTransaction(async (r) => (await move(r, made(await fileOne(r, filing, false)), 7, SYSTEM, finish, {})).updated)
            : booked
              ? async () => made(await bookings.run(`${dayKey(booked.kind, booked.channel, booked.day)}\u0000${filing.chinaDay}`, filing))
              : async () => made(await fileOne(repos, filing));
          const app = await once(userId, req, duplicateMessage, work);
          // The last place taken in a transaction: the day marked full once it is committed.
          if (finish && booked && lastPlace && app.id === createdId) fullDays.mark(booked.kind, booked.channel, booked.day);
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
        const app = await once(
          userId,
          req,
          form.duplicateMessage ?? MSG.duplicate,
          inTransaction(async (r) => {
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
          }),
        );
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
        const app = await once(
          userId,
          req,
          MSG.duplicate,
          inTransaction(async (r) => {
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
          }),
        );
        if (announced) announce(app, announced);
        return app;
      });
    },
  };
}
