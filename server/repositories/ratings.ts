// Ratings of finished applications and the office's follow-up of poor ones.
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { applications, ratings, users } from '../db/schema.ts';
import { chinaDayStart, nextChinaDayStart, offsetOf, type Page } from './query.ts';

export type RatingRow = typeof ratings.$inferSelect;

export interface RatingFilter {
  kind?: string;
  score?: number;
  flagged?: boolean;
  pending?: boolean;
  from?: string;
  to?: string;
}

const ratingConditions = (filter: RatingFilter) =>
  and(
    filter.kind ? eq(ratings.kind, filter.kind) : undefined,
    filter.score ? eq(ratings.score, filter.score) : undefined,
    filter.flagged || filter.pending ? eq(ratings.flagged, true) : undefined,
    filter.pending ? isNull(ratings.followedUpAt) : undefined,
    filter.from ? gte(ratings.createdAt, chinaDayStart(filter.from)) : undefined,
    filter.to ? lt(ratings.createdAt, nextChinaDayStart(filter.to)) : undefined,
  );

export const ratingsRepo = (db: Executor) => ({
  /** The rating, or null when the application was rated already (the unique index decides under concurrency). */
  async create(values: typeof ratings.$inferInsert): Promise<RatingRow | null> {
    const [row] = await db.insert(ratings).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async findById(id: number): Promise<RatingRow | null> {
    const [row] = await db.select().from(ratings).where(eq(ratings.id, id));
    return row ?? null;
  },

  async ofApplication(applicationId: number): Promise<RatingRow | null> {
    const [row] = await db.select().from(ratings).where(eq(ratings.applicationId, applicationId));
    return row ?? null;
  },

  async followUp(id: number, note: string, by: number, at: Date): Promise<RatingRow | null> {
    const [row] = await db
      .update(ratings)
      .set({ followUpNote: note, followedUpBy: by, followedUpAt: at })
      .where(eq(ratings.id, id))
      .returning();
    return row ?? null;
  },

  async page(filter: RatingFilter, page: Page) {
    const where = ratingConditions(filter);
    const [rows, [total]] = await Promise.all([
      db
        .select({ rating: ratings, referenceNo: applications.referenceNo, sub: applications.sub, userName: users.name })
        .from(ratings)
        .innerJoin(applications, eq(applications.id, ratings.applicationId))
        .innerJoin(users, eq(users.id, ratings.userId))
        .where(where)
        .orderBy(desc(ratings.createdAt), desc(ratings.id))
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(ratings).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** Per kind and score: how many, and how many flagged ones wait for a follow-up. */
  async tally(filter: RatingFilter) {
    return db
      .select({
        kind: ratings.kind,
        score: ratings.score,
        n: count(),
        pending: sql<number>`count(*) filter (where ${ratings.flagged} and ${ratings.followedUpAt} is null)`.mapWith(Number),
      })
      .from(ratings)
      .where(ratingConditions(filter))
      .groupBy(ratings.kind, ratings.score);
  },
});
