// Applications with their events, idempotency keys and reminders.
import { and, asc, between, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { sessionCache } from '../lib/session-cache.ts';
import { sessionsChanged } from './session-events.ts';

import { applicationEvents, applicationReminders, applications, idempotencyKeys } from '../db/schema.ts';
import { fieldCipher, openLazily } from '../lib/field-crypto.ts';
import { offsetOf, type Page } from './query.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;
export type ApplicationEventRow = typeof applicationEvents.$inferSelect;
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export interface ApplicationFilter {
  kind?: string;
  status?: number;
}

/**
 * A row as services see it: ID numbers in the answers (fields named sfzjh or …sfzjh, any depth) opened on first
 * read of answers, once; a list that never reads the answers decrypts nothing. Every query returning application
 * rows passes them through here (also the joins of the queue repository).
 */
export function openApplication<T extends { answers: unknown }>(row: T): T;
export function openApplication<T extends { answers: unknown }>(row: T | undefined | null): T | null;
export function openApplication<T extends { answers: unknown }>(row: T | undefined | null): T | null {
  if (!row) return null;
  const cipher = fieldCipher();
  return openLazily(row, 'answers', (stored) => cipher.openAnswers(stored));
}

const openAll = <T extends { answers: unknown }>(rows: T[]) => rows.map((r) => openApplication(r));

/** Values to write: ID numbers in the answers sealed. */
export const sealAnswers = <T extends Partial<NewApplication>>(values: T): T =>
  values.answers === undefined ? values : { ...values, answers: fieldCipher().sealAnswers(values.answers) };

export const applicationsRepo = (db: Executor) => ({
  async create(values: NewApplication): Promise<ApplicationRow> {
    const [row] = await db.insert(applications).values(sealAnswers(values)).returning();
    return openApplication(row!);
  },

  async findById(id: number): Promise<ApplicationRow | null> {
    const [row] = await db.select().from(applications).where(eq(applications.id, id));
    return openApplication(row);
  },

  /** Locks the row until the transaction ends (use inside one). */
  async lockById(id: number): Promise<ApplicationRow | null> {
    const [row] = await db.select().from(applications).where(eq(applications.id, id)).for('update');
    return openApplication(row);
  },

  /** The one application in progress (1-6) of a user for a kind and sub-service. */
  async findActive(userId: number, kind: string, sub = ''): Promise<ApplicationRow | null> {
    // Asked by every submit: a statement prepared once per connection (building its SQL cost more than running it).
    const statement = prepared(db, 'application_find_active', (name) =>
      db
        .select()
        .from(applications)
        .where(
          and(
            eq(applications.userId, sql.placeholder('userId')),
            eq(applications.kind, sql.placeholder('kind')),
            eq(applications.sub, sql.placeholder('sub')),
            between(applications.status, 1, 6),
          ),
        )
        .prepare(name),
    );
    const [row] = await statement.execute({ userId, kind, sub });
    return openApplication(row);
  },

  /**
   * The household card a user has out: their borrow (借用户口卡) in 已借出 (4) or 已寄出 (6). The one source of a card's
   * state, for 我的户籍, the console's 借出户口卡 list, a new loan and a move-out.
   */
  async cardOut(userId: number): Promise<ApplicationRow | null> {
    const statement = prepared(db, 'application_card_out', (name) =>
      db
        .select()
        .from(applications)
        .where(
          and(eq(applications.userId, sql.placeholder('userId')), eq(applications.kind, 'hkkjy'), inArray(applications.status, [4, 6])),
        )
        .limit(1)
        .prepare(name),
    );
    // Kept per instance with the user's other data (我的户籍 asks on every visit): every change of an application's
    // status goes through update below, which evicts it ('d:<user id>', at commit on every instance).
    // The loader inline, not a named closure (wrapped by esbuild's keepNames helper on every call under tsx).
    const row = await sessionCache.userData(db, userId, 'cardOut', async () => (await statement.execute({ userId }))[0] ?? null);
    return openApplication(row && { ...row });
  },

  /** The applications in progress (1-6) of a user among some kinds. */
  async activeAmong(userId: number, kinds: string[]): Promise<ApplicationRow[]> {
    return openAll(
      await db
        .select()
        .from(applications)
        .where(and(eq(applications.userId, userId), inArray(applications.kind, kinds), between(applications.status, 1, 6))),
    );
  },

  /**
   * The family move-ins (家属随迁, qianru sub 3) in progress (1-6) that join a staff member's household: applied for by
   * the staff member, or by a family member naming them by staff number (hzgzzh).
   */
  async activeFamilyMoveIns(headId: number, staffNo: string | null): Promise<ApplicationRow[]> {
    const named = staffNo ? sql`${applications.answers}->>'hzgzzh' = ${staffNo}` : sql`false`;
    return openAll(
      await db
        .select()
        .from(applications)
        .where(
          and(
            eq(applications.kind, 'qianru'),
            eq(applications.sub, '3'),
            between(applications.status, 1, 6),
            sql`(${applications.userId} = ${headId} or ${named})`,
          ),
        )
        .orderBy(asc(applications.id)),
    );
  },

  /** The last finished (7) application of some users of a kind, optionally among some sub-services. */
  async lastFinished(userIds: number[], kind: string, subs?: string[]): Promise<ApplicationRow | null> {
    if (!userIds.length) return null;
    const [row] = await db
      .select()
      .from(applications)
      .where(
        and(
          inArray(applications.userId, userIds),
          eq(applications.kind, kind),
          eq(applications.status, 7),
          subs ? inArray(applications.sub, subs) : undefined,
        ),
      )
      .orderBy(desc(applications.updatedAt), desc(applications.id))
      .limit(1);
    return openApplication(row);
  },

  /** A user's applications of some kinds, newest first. */
  async listOfKinds(userId: number, kinds: string[]): Promise<ApplicationRow[]> {
    return openAll(
      await db
        .select()
        .from(applications)
        .where(and(eq(applications.userId, userId), inArray(applications.kind, kinds)))
        .orderBy(desc(applications.createdAt), desc(applications.id)),
    );
  },

  /** Changes a row only when its version is still the one read (optimistic concurrency); null when it was not. */
  async update(id: number, version: number, patch: Partial<NewApplication>): Promise<ApplicationRow | null> {
    const [row] = await db
      .update(applications)
      .set({ ...sealAnswers(patch), version: sql`${applications.version} + 1`, updatedAt: patch.updatedAt ?? new Date() })
      .where(and(eq(applications.id, id), eq(applications.version, version)))
      .returning();
    if (row) await sessionsChanged(db, `d:${row.userId}`);
    return openApplication(row);
  },

  async page(userId: number, filter: ApplicationFilter, page: Page, order: 'updated' | 'created') {
    const conditions: (SQL | undefined)[] = [eq(applications.userId, userId)];
    if (filter.kind) conditions.push(eq(applications.kind, filter.kind));
    if (filter.status) conditions.push(eq(applications.status, filter.status));
    const where = and(...conditions);
    const by = order === 'updated' ? applications.updatedAt : applications.createdAt;
    const [rows, [total]] = await Promise.all([
      db.select().from(applications).where(where).orderBy(desc(by), desc(applications.id)).limit(page.pageSize).offset(offsetOf(page)),
      db.select({ n: count() }).from(applications).where(where),
    ]);
    return { rows: openAll(rows), total: total?.n ?? 0 };
  },

  /** Applications of a kind a user submitted since a moment, not withdrawn nor refused. */
  async countSince(userId: number, kind: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(applications)
      .where(
        and(
          eq(applications.userId, userId),
          eq(applications.kind, kind),
          gte(applications.createdAt, since),
          between(applications.status, 1, 7),
        ),
      );
    return row?.n ?? 0;
  },

  /** Applications of a kind in the given statuses due back on or before a day. */
  async dueBy(kind: string, statuses: number[], day: string): Promise<ApplicationRow[]> {
    return openAll(
      await db
        .select()
        .from(applications)
        .where(and(eq(applications.kind, kind), inArray(applications.status, statuses), lte(applications.dueOn, day))),
    );
  },

  async addEvent(values: typeof applicationEvents.$inferInsert): Promise<void> {
    await db.insert(applicationEvents).values(values);
  },

  async eventsOf(applicationId: number): Promise<ApplicationEventRow[]> {
    return db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, applicationId))
      .orderBy(asc(applicationEvents.at), asc(applicationEvents.id));
  },

  /** True the first time a reminder of this kind is recorded for the application. */
  async markReminded(applicationId: number, kind: string, now: Date): Promise<boolean> {
    const rows = await db.insert(applicationReminders).values({ applicationId, kind, createdAt: now }).onConflictDoNothing().returning();
    return rows.length > 0;
  },
});

export const idempotencyRepo = (db: Executor) => ({
  /** Records a key; false when the user already used it for the operation (that first row wins). */
  async claim(values: typeof idempotencyKeys.$inferInsert): Promise<boolean> {
    const rows = await db.insert(idempotencyKeys).values(values).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  },

  /** Several keys in one query (services/idempotency.ts batches the look-ups of a rush). */
  async findMany(keys: { userId: number; operation: string; key: string }[]): Promise<IdempotencyRow[]> {
    if (!keys.length) return [];
    // A rush makes one of these per turn of the event loop: a statement prepared once per connection, the keys as arrays.
    const statement = prepared(db, 'idempotency_find_many', (name) =>
      db
        .select()
        .from(idempotencyKeys)
        .where(
          sql`(${idempotencyKeys.userId}, ${idempotencyKeys.operation}, ${idempotencyKeys.key}) in (select * from unnest(${sql.placeholder(
            'userIds',
          )}::integer[], ${sql.placeholder('operations')}::varchar[], ${sql.placeholder('keys')}::varchar[]))`,
        )
        .prepare(name),
    );
    return statement.execute({
      userIds: keys.map((k) => k.userId),
      operations: keys.map((k) => k.operation),
      keys: keys.map((k) => k.key),
    });
  },

  async purgeBefore(before: Date): Promise<void> {
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
  },
});
