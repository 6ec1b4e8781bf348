import { and, eq, gt, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { sessionsChanged } from './session-events.ts';
import { openUser } from './users.ts';

export type SessionRow = typeof sessions.$inferSelect;

export const sessionsRepo = (db: Executor) => ({
  async create(values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await db.insert(sessions).values(values).returning();
    return row!;
  },

  async findActive(tokenHash: string, now: Date) {
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
    return row ? { session: row.session, user: openUser(row.user) } : null;
  },

  async touch(id: number, now: Date, expiresAt: Date): Promise<void> {
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
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
