// Image codes, SMS permits, SMS codes, the SMS outbox and sign-in failure counters.
import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { referenceChanged } from './session-events.ts';
import {
  casTickets,
  imageCodes,
  loginFailures,
  phoneTickets,
  sessions,
  settings,
  smsCodes,
  smsOutbox,
  smsPermits,
  trustedDevices,
} from '../db/schema.ts';

export type SmsCodeRow = typeof smsCodes.$inferSelect;
export type LoginFailureRow = typeof loginFailures.$inferSelect;

export const imageCodesRepo = (db: Executor) => ({
  async create(values: typeof imageCodes.$inferInsert): Promise<void> {
    await db.insert(imageCodes).values(values);
  },

  /** Marks the code used and answers it (null when unknown or already used): single use whatever the outcome. */
  async consume(uuid: string, now: Date) {
    const [row] = await db
      .update(imageCodes)
      .set({ usedAt: now })
      .where(and(eq(imageCodes.uuid, uuid), isNull(imageCodes.usedAt)))
      .returning();
    return row ?? null;
  },
});

export const smsPermitsRepo = (db: Executor) => ({
  async create(values: typeof smsPermits.$inferInsert): Promise<void> {
    await db.insert(smsPermits).values(values);
  },

  async findUsable(ticketHash: string, phone: string, now: Date) {
    const [row] = await db.select().from(smsPermits).where(eq(smsPermits.ticketHash, ticketHash));
    return row && row.phone === phone && !row.usedAt && row.expiresAt > now ? row : null;
  },

  /** Conditional update, so two concurrent sends cannot both use one permit. */
  async consume(ticketHash: string, phone: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(smsPermits)
      .set({ usedAt: now })
      .where(
        and(
          eq(smsPermits.ticketHash, ticketHash),
          eq(smsPermits.phone, phone),
          isNull(smsPermits.usedAt),
          sql`${smsPermits.expiresAt} > ${now}`,
        ),
      )
      .returning({ ticketHash: smsPermits.ticketHash });
    return rows.length > 0;
  },
});

export const phoneTicketsRepo = (db: Executor) => ({
  async create(values: typeof phoneTickets.$inferInsert): Promise<void> {
    await db.insert(phoneTickets).values(values);
  },

  /** Uses the ticket when it is of this phone and purpose, unused and unexpired (conditional update: once only). */
  async consume(ticketHash: string, phone: string, purpose: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(phoneTickets)
      .set({ usedAt: now })
      .where(
        and(
          eq(phoneTickets.ticketHash, ticketHash),
          eq(phoneTickets.phone, phone),
          eq(phoneTickets.purpose, purpose),
          isNull(phoneTickets.usedAt),
          sql`${phoneTickets.expiresAt} > ${now}`,
        ),
      )
      .returning({ ticketHash: phoneTickets.ticketHash });
    return rows.length > 0;
  },
});

export const smsCodesRepo = (db: Executor) => ({
  async latestSentTo(phone: string): Promise<SmsCodeRow | null> {
    const [row] = await db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1);
    return row ?? null;
  },

  async countSentSince(phone: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since)));
    return row?.n ?? 0;
  },

  /** A new code replaces every earlier unused one for the same phone and purpose. */
  async issue(values: typeof smsCodes.$inferInsert, now: Date): Promise<SmsCodeRow> {
    await db
      .update(smsCodes)
      .set({ consumedAt: now })
      .where(and(eq(smsCodes.phone, values.phone), eq(smsCodes.purpose, values.purpose), isNull(smsCodes.consumedAt)));
    const [row] = await db.insert(smsCodes).values(values).returning();
    return row!;
  },

  async findActive(phone: string, purpose: string, now: Date): Promise<SmsCodeRow | null> {
    const [row] = await db
      .select()
      .from(smsCodes)
      .where(
        and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt), sql`${smsCodes.expiresAt} > ${now}`),
      )
      .orderBy(desc(smsCodes.id))
      .limit(1);
    return row ?? null;
  },

  /** Counts a wrong try; the fifth burns the code. */
  async recordWrongTry(id: number, maxTries: number, now: Date): Promise<void> {
    await db
      .update(smsCodes)
      .set({
        attempts: sql`${smsCodes.attempts} + 1`,
        consumedAt: sql`case when ${smsCodes.attempts} + 1 >= ${maxTries} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)));
  },

  /** Uses the code; false when someone else used it first. */
  async consume(id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(smsCodes)
      .set({ consumedAt: now })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
      .returning({ id: smsCodes.id });
    return rows.length > 0;
  },
});

export const smsOutboxRepo = (db: Executor) => ({
  async add(phone: string, text: string): Promise<void> {
    await db.insert(smsOutbox).values({ phone, text });
  },

  async latest(phone: string) {
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
    return row ?? null;
  },
});

export const loginFailuresRepo = (db: Executor) => ({
  async get(keys: string[]): Promise<LoginFailureRow[]> {
    if (!keys.length) return [];
    return db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
  },

  /**
   * Counts one failure atomically. A count idle since `forgetBefore` starts over; a lock that has run out leaves
   * the count at `restartAt` (the image code is still required); reaching `lockAt` (null: never) locks until `lockedUntil`.
   */
  async recordFailure(key: string, opts: { now: Date; forgetBefore: Date; restartAt: number; lockAt: number | null; lockedUntil: Date }) {
    const now = opts.now.toISOString();
    const base = sql`case
      when ${loginFailures.lastFailureAt} < ${opts.forgetBefore.toISOString()}::timestamptz then 0
      when ${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${now}::timestamptz then ${opts.restartAt}::int
      else ${loginFailures.count} end`;
    const [row] = await db
      .insert(loginFailures)
      .values({ key, count: 1, lastFailureAt: opts.now, lockedUntil: opts.lockAt !== null && 1 >= opts.lockAt ? opts.lockedUntil : null })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`(${base}) + 1`,
          lastFailureAt: opts.now,
          lockedUntil:
            opts.lockAt === null
              ? null
              : sql`case when (${base}) + 1 >= ${opts.lockAt}::int then ${opts.lockedUntil.toISOString()}::timestamptz else null end`,
        },
      })
      .returning();
    return row!;
  },

  /**
   * Takes back one counted attempt that turned out not to be a failure (an attempt counted before its check, so
   * concurrent attempts cannot all pass a count read earlier); the lock stays while the count is still at `lockAt`.
   */
  async giveBack(key: string, lockAt: number): Promise<void> {
    await db
      .update(loginFailures)
      .set({
        count: sql`greatest(${loginFailures.count} - 1, 0)`,
        lockedUntil: sql`case when ${loginFailures.count} - 1 >= ${lockAt}::int then ${loginFailures.lockedUntil} else null end`,
      })
      .where(eq(loginFailures.key, key));
  },

  /**
   * Claims one attempt before its password is checked, atomically: the key's count goes up by one (from 0 when idle
   * since `forgetBefore`) and `lockFor(n)` (seconds, SQL of the new count n; 0 for none) sets when the next claim may
   * come. Answers the claimed row, or null when the key is locked: then nothing is counted. Concurrent claims queue on
   * the row and each sees the one before, so a burst checks no more passwords than the rule allows.
   */
  async claim(key: string, opts: { now: Date; forgetBefore: Date; lockFor: (n: SQL) => SQL }): Promise<LoginFailureRow | null> {
    const now = sql`${opts.now.toISOString()}::timestamptz`;
    await db.insert(loginFailures).values({ key, count: 0, lastFailureAt: opts.now }).onConflictDoNothing();
    const n = sql`((case when ${loginFailures.lastFailureAt} < ${opts.forgetBefore.toISOString()}::timestamptz then 0 else ${loginFailures.count} end) + 1)`;
    const [row] = await db
      .update(loginFailures)
      .set({
        count: n,
        lastFailureAt: opts.now,
        lockedUntil: sql`case when ${opts.lockFor(n)} > 0 then ${now} + make_interval(secs => ${opts.lockFor(n)}) else null end`,
      })
      .where(and(eq(loginFailures.key, key), or(isNull(loginFailures.lockedUntil), sql`${loginFailures.lockedUntil} <= ${now}`)))
      .returning();
    return row ?? null;
  },

  async clear(keys: string[]): Promise<void> {
    if (keys.length) await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
  },

  async clearPrefix(prefix: string): Promise<void> {
    await db.delete(loginFailures).where(sql`${loginFailures.key} like ${`${prefix.replace(/[\\%_]/g, '\\$&')}%`}`);
  },
});

export const trustedDevicesRepo = (db: Executor) => ({
  /** Whether this device signed in to this account since `since`. */
  async has(deviceHash: string, userId: number, since: Date): Promise<boolean> {
    const [row] = await db
      .select({ at: trustedDevices.lastSignInAt })
      .from(trustedDevices)
      .where(and(eq(trustedDevices.deviceHash, deviceHash), eq(trustedDevices.userId, userId)));
    return !!row && row.at >= since;
  },

  async remember(deviceHash: string, userId: number, now: Date): Promise<void> {
    await db
      .insert(trustedDevices)
      .values({ deviceHash, userId, lastSignInAt: now })
      .onConflictDoUpdate({ target: [trustedDevices.deviceHash, trustedDevices.userId], set: { lastSignInAt: now } });
  },

  /** A new password: no device is known any more. */
  async forgetUser(userId: number): Promise<void> {
    await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  },

  async purgeBefore(before: Date): Promise<void> {
    await db.delete(trustedDevices).where(lt(trustedDevices.lastSignInAt, before));
  },
});

export const casTicketsRepo = (db: Executor) => ({
  async create(values: typeof casTickets.$inferInsert): Promise<void> {
    await db.insert(casTickets).values(values);
  },

  async consume(ticketHash: string, now: Date) {
    const [row] = await db
      .update(casTickets)
      .set({ usedAt: now })
      .where(and(eq(casTickets.ticketHash, ticketHash), isNull(casTickets.usedAt)))
      .returning();
    return row ?? null;
  },
});

/** Deletes what can no longer matter: expired codes, permits, tickets and sessions, old SMS records and counters. */
export const housekeepingRepo = (db: Executor) => ({
  async purge(now: Date, keepSmsSince: Date, forgetFailuresBefore: Date): Promise<void> {
    await db.delete(imageCodes).where(lt(imageCodes.expiresAt, now));
    await db.delete(smsPermits).where(lt(smsPermits.expiresAt, now));
    await db.delete(phoneTickets).where(lt(phoneTickets.expiresAt, now));
    await db.delete(casTickets).where(lt(casTickets.expiresAt, now));
    await db.delete(sessions).where(lt(sessions.expiresAt, now));
    await db.delete(smsCodes).where(lt(smsCodes.createdAt, keepSmsSince));
    await db.delete(smsOutbox).where(lt(smsOutbox.createdAt, keepSmsSince));
    await db
      .delete(loginFailures)
      .where(
        and(
          lt(loginFailures.lastFailureAt, forgetFailuresBefore),
          sql`coalesce(${loginFailures.lockedUntil} < ${now.toISOString()}::timestamptz, true)`,
        ),
      );
  },

  /**
   * Claims the run of a periodic job for this instance: true for exactly one of the instances that ask at the same
   * time, and again only once `since` has passed the previous claim. One statement (an upsert that updates only
   * a claim older than `since`), so it needs no lock held across the job and works on PostgreSQL and PGlite alike.
   */
  async claimJob(job: string, now: Date, since: Date, instance: string): Promise<boolean> {
    const rows = await db
      .insert(settings)
      .values({ key: `job.${job}`, value: { at: now.toISOString(), by: instance }, updatedAt: now })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
        setWhere: lt(settings.updatedAt, since),
      })
      .returning({ key: settings.key });
    if (rows.length === 1) await referenceChanged(db, 'settings');
    return rows.length === 1;
  },
});
