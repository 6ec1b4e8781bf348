import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { householdRecords, sessions, users } from '../db/schema.ts';
import { sessionCache } from '../lib/session-cache.ts';
import { sessionsChanged } from './session-events.ts';
import { openUser, USER_RECORD } from './users.ts';

export type SessionRow = typeof sessions.$inferSelect;

export const sessionsRepo = (db: Executor) => ({
  async create(values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await db.insert(sessions).values(values).returning();
    return row!;
  },

  /**
   * The sessions of these token hashes still active at `now`, with their users; each user's record (users row and
   * household record) comes in the same round trip and is offered to the cache, so the first request of a session
   * (user info, home tiles) does not read it again. Several look-ups at once are one query (services/sessions.ts).
   */
  async findActive(tokenHashes: string[], now: Date) {
    const statement = prepared(db, 'session_find_active', (name) =>
      db
        .select({ session: sessions, user: users, household: householdRecords })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(householdRecords, eq(householdRecords.userId, users.id))
        .where(
          and(
            sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::varchar[])`,
            gt(sessions.expiresAt, sql.placeholder('now')),
          ),
        )
        .prepare(name),
    );
    const ticket = sessionCache.dataTicket();
    const rows = await statement.execute({ tokenHashes, now });
    return rows.map((row) => {
      // As usersRepo.withHousehold keeps it: the row as stored (ID number sealed), copied.
      sessionCache.offer(db, row.user.id, USER_RECORD, { user: { ...row.user }, household: row.household }, ticket);
      return { session: row.session, user: openUser(row.user) };
    });
  },

  /**
   * Several sliding renewals in one statement. A session that ended meanwhile (signed out, expired, forced out by an
   * administrator: its expiry is then at or before `now`) is not brought back, and a renewal never moves one backwards.
   */
  async touchMany(touches: { id: number; seen: Date; expiresAt: Date }[], now: Date): Promise<void> {
    if (!touches.length) return;
    const rows = JSON.stringify(touches.map((t) => ({ id: t.id, seen: t.seen.toISOString(), exp: t.expiresAt.toISOString() })));
    await db.execute(sql`
      update ${sessions} as s set last_seen_at = v.seen, expires_at = v.exp
      from jsonb_to_recordset(${rows}::jsonb) as v(id integer, seen timestamptz, exp timestamptz)
      where s.id = v.id and s.expires_at > ${now.toISOString()}::timestamptz and s.last_seen_at < v.seen`);
  },

  /** Whether this session of this user is still in force. */
  async isLive(id: number, userId: number, now: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
    return !!row;
  },

  async revoke(tokenHash: string): Promise<boolean> {
    const rows = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ id: sessions.id });
    await sessionsChanged(db, `t:${tokenHash}`);
    return rows.length > 0;
  },

  async revokeAllOf(userId: number): Promise<void> {
    await db.delete(sessions).where(eq(sessions.userId, userId));
    await sessionsChanged(db, `u:${userId}`);
  },

  /** Ends every session of a user but one (a password change keeps the session that made it). */
  async revokeAllOfExcept(userId: number, keepId: number): Promise<void> {
    await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
    await sessionsChanged(db, `u:${userId}`);
  },

  async expire(tokenHash: string, at: Date): Promise<boolean> {
    const rows = await db.update(sessions).set({ expiresAt: at }).where(eq(sessions.tokenHash, tokenHash)).returning({ id: sessions.id });
    await sessionsChanged(db, `t:${tokenHash}`);
    return rows.length > 0;
  },
});
