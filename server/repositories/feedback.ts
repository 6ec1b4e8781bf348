// Questions (问答反馈) of users and the office's answers.
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { feedback, users } from '../db/schema.ts';
import { contains, offsetOf, type Page } from './query.ts';

export type FeedbackRow = typeof feedback.$inferSelect;

export const feedbackRepo = (db: Executor) => ({
  async create(values: typeof feedback.$inferInsert): Promise<FeedbackRow> {
    const [row] = await db.insert(feedback).values(values).returning();
    return row!;
  },

  async findById(id: number): Promise<FeedbackRow | null> {
    const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
    return row ?? null;
  },

  async page(scope: { userId: number } | 'public', page: Page) {
    const where = scope === 'public' ? eq(feedback.public, true) : eq(feedback.userId, scope.userId);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(feedback)
        .where(where)
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(feedback).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async countSince(userId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(feedback)
      .where(and(eq(feedback.userId, userId), gte(feedback.createdAt, since)));
    return row?.n ?? 0;
  },

  /** Questions: unanswered first (oldest first), then answered ones (latest answer first). */
  async staffPage(filter: { answered?: boolean; keyword?: string }, page: Page) {
    const keyword = filter.keyword?.trim();
    const where = and(
      filter.answered === undefined ? undefined : filter.answered ? isNotNull(feedback.answeredAt) : isNull(feedback.answeredAt),
      keyword ? or(ilike(feedback.title, contains(keyword)), ilike(feedback.content, contains(keyword))) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ question: feedback, askerName: users.name, askerType: users.personType })
        .from(feedback)
        .innerJoin(users, eq(users.id, feedback.userId))
        .where(where)
        .orderBy(
          sql`case when ${feedback.answeredAt} is null then 0 else 1 end`,
          sql`case when ${feedback.answeredAt} is null then ${feedback.createdAt} end asc`,
          desc(feedback.answeredAt),
          asc(feedback.id),
        )
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(feedback).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async answer(id: number, values: { answer: string; public: boolean; answeredBy: number; answeredAt: Date }) {
    const [row] = await db.update(feedback).set(values).where(eq(feedback.id, id)).returning();
    return row ?? null;
  },
});
