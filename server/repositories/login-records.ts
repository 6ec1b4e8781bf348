// 登录日志 (sign-in records of users and staff) and 在线用户 (the sessions in force), for administrators.
import { and, count, desc, eq, gt, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { loginRecords, sessions, users } from '../db/schema.ts';
import { chinaDayStart, contains, nextChinaDayStart, offsetOf } from './query.ts';
import type { Page } from './query.ts';
import { sessionsChanged } from './session-events.ts';

export type NewLoginRecord = typeof loginRecords.$inferInsert;
export type Realm = 'user' | 'staff';

export interface LoginRecordFilter {
  realm?: Realm;
  success?: boolean;
  /** Part of the person's name, account name (staff), student or staff number. */
  keyword?: string;
  from?: string;
  to?: string;
}

export interface SessionFilter {
  realm?: Realm;
  keyword?: string;
}

const realmOf = (realm: Realm) => (realm === 'staff' ? sql`${users.role} <> 'user'` : eq(users.role, 'user'));
const whoMatches = (keyword: string) =>
  or(
    ilike(users.name, contains(keyword)),
    ilike(users.username, contains(keyword)),
    ilike(users.studentNo, contains(keyword)),
    ilike(users.staffNo, contains(keyword)),
  );

/** Who a record or session belongs to, as the console shows it (never a phone or ID number). */
const who = {
  userId: users.id,
  name: users.name,
  username: users.username,
  role: users.role,
  studentNo: users.studentNo,
  staffNo: users.staffNo,
};

export const loginRecordsRepo = (db: Executor) => ({
  async add(values: NewLoginRecord): Promise<void> {
    await db.insert(loginRecords).values(values);
  },

  async page(filter: LoginRecordFilter, page: Page) {
    const conditions: (SQL | undefined)[] = [
      filter.realm ? eq(loginRecords.realm, filter.realm) : undefined,
      filter.success === undefined ? undefined : eq(loginRecords.success, filter.success),
      filter.keyword ? or(whoMatches(filter.keyword), ilike(loginRecords.attemptedName, contains(filter.keyword))) : undefined,
      filter.from ? sql`${loginRecords.at} >= ${chinaDayStart(filter.from).toISOString()}::timestamptz` : undefined,
      filter.to ? lt(loginRecords.at, nextChinaDayStart(filter.to)) : undefined,
    ];
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db
        .select({ record: loginRecords, who })
        .from(loginRecords)
        .leftJoin(users, eq(users.id, loginRecords.userId))
        .where(where)
        .orderBy(desc(loginRecords.id))
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(loginRecords).leftJoin(users, eq(users.id, loginRecords.userId)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** Housekeeping: records older than `before` go. */
  async purgeBefore(before: Date): Promise<void> {
    await db.delete(loginRecords).where(lt(loginRecords.at, before));
  },
});

export const onlineSessionsRepo = (db: Executor) => ({
  /** Sessions in force at `now`, most recently active first. */
  async page(filter: SessionFilter, now: Date, page: Page) {
    const where = and(
      gt(sessions.expiresAt, now),
      filter.realm ? realmOf(filter.realm) : undefined,
      filter.keyword ? whoMatches(filter.keyword) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: sessions.id,
          loginType: sessions.loginType,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          who,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(where)
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** Ends one session at once, on every instance (强制退出). The ended session's owner, or null when there was none. */
  async end(id: number): Promise<{ userId: number; name: string; role: string } | null> {
    const [ended] = await db
      .delete(sessions)
      .where(eq(sessions.id, id))
      .returning({ tokenHash: sessions.tokenHash, userId: sessions.userId });
    if (!ended) return null;
    await sessionsChanged(db, `t:${ended.tokenHash}`);
    const [owner] = await db.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, ended.userId));
    return { userId: ended.userId, name: owner?.name ?? '', role: owner?.role ?? 'user' };
  },
});
