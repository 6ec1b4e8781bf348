// Staff accounts (users whose role is not user): sign-in, the staff list, names for the console.
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { openUser, type UserRow } from './users.ts';

export const staffRepo = (db: Executor) => ({
  async findByUsername(username: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.username, username.toLowerCase()), ne(users.role, 'user')));
    return openUser(row);
  },

  async findById(id: number): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), ne(users.role, 'user')));
    return openUser(row);
  },

  async list(): Promise<UserRow[]> {
    return (await db.select().from(users).where(ne(users.role, 'user')).orderBy(asc(users.id))).map((u) => openUser(u));
  },

  async namesOf(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** Admin accounts still enabled (the last one cannot be disabled or demoted). */
  async countEnabledAdmins(): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
    return row?.n ?? 0;
  },
});
