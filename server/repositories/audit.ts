// The audit log of staff actions: append-only.
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { chinaDayStart, likeEscape, nextChinaDayStart, offsetOf, type Page } from './query.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAudit = Omit<typeof auditLog.$inferInsert, 'id'>;

export interface AuditFilter {
  staffId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

/** Append-only: there is deliberately no update or delete here (and the database refuses them). */
export const auditRepo = (db: Executor) => ({
  async add(values: NewAudit): Promise<void> {
    await db.insert(auditLog).values(values);
  },

  async page(filter: AuditFilter, page: Page) {
    const conditions: (SQL | undefined)[] = [
      filter.staffId ? eq(auditLog.staffId, filter.staffId) : undefined,
      filter.action ? ilike(auditLog.action, `${likeEscape(filter.action)}%`) : undefined,
      filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
      filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
      filter.from ? gte(auditLog.at, chinaDayStart(filter.from)) : undefined,
      filter.to ? lt(auditLog.at, nextChinaDayStart(filter.to)) : undefined,
    ];
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(page.pageSize).offset(offsetOf(page)),
      db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
});
