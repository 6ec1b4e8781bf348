// The operations console's records: scheduled jobs (who runs each now, and every run) and the running instances.
import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { instances, jobRuns, jobs, users } from '../db/schema.ts';

export interface InstanceFigures {
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  eventLoopLagMs: number;
  requests: number;
}

export const jobsRepo = (db: Executor) => ({
  /**
   * Takes the job for `by` when nobody runs it (or the one who did has held it since before `staleBefore`: it died).
   * One statement: of instances asking at once, one gets it.
   */
  async take(name: string, by: string, now: Date, staleBefore: Date): Promise<boolean> {
    const rows = await db
      .insert(jobs)
      .values({ name, runningBy: by, runningSince: now })
      .onConflictDoUpdate({
        target: jobs.name,
        set: { runningBy: by, runningSince: now },
        setWhere: or(isNull(jobs.runningBy), lt(jobs.runningSince, staleBefore)),
      })
      .returning({ name: jobs.name });
    return rows.length === 1;
  },

  async release(name: string, by: string): Promise<void> {
    await db
      .update(jobs)
      .set({ runningBy: null, runningSince: null })
      .where(and(eq(jobs.name, name), eq(jobs.runningBy, by)));
  },

  /** The jobs someone runs now (held since `staleBefore` or later). */
  async running(staleBefore: Date): Promise<Set<string>> {
    const rows = await db
      .select({ name: jobs.name })
      .from(jobs)
      .where(and(sql`${jobs.runningBy} is not null`, gte(jobs.runningSince, staleBefore)));
    return new Set(rows.map((r) => r.name));
  },
});

export const jobRunsRepo = (db: Executor) => ({
  async start(run: { job: string; trigger: 'schedule' | 'manual'; startedAt: Date; instance: string; staffId: number | null }) {
    const [row] = await db.insert(jobRuns).values(run).returning();
    return row!;
  },

  async finish(id: number, outcome: { durationMs: number; ok: boolean; error: string | null }) {
    const [row] = await db.update(jobRuns).set(outcome).where(eq(jobRuns.id, id)).returning();
    return row!;
  },

  /** The latest runs of every job (up to `perJob` each), newest first, with the name of who asked. */
  async recent(perJob: number) {
    const ranked = db
      .select({
        id: jobRuns.id,
        rank: sql<number>`row_number() over (partition by ${jobRuns.job} order by ${jobRuns.startedAt} desc, ${jobRuns.id} desc)`.as(
          'rank',
        ),
      })
      .from(jobRuns)
      .as('ranked');
    return db
      .select({ run: jobRuns, staffName: users.name })
      .from(jobRuns)
      .innerJoin(ranked, eq(ranked.id, jobRuns.id))
      .leftJoin(users, eq(users.id, jobRuns.staffId))
      .where(sql`${ranked.rank} <= ${perJob}`)
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id));
  },

  async purgeBefore(before: Date): Promise<void> {
    await db.delete(jobRuns).where(lt(jobRuns.startedAt, before));
  },
});

export const instancesRepo = (db: Executor) => ({
  async beat(row: typeof instances.$inferInsert & { figures: InstanceFigures }): Promise<void> {
    await db
      .insert(instances)
      .values(row)
      .onConflictDoUpdate({ target: instances.id, set: { seenAt: row.seenAt, figures: row.figures } });
  },

  async remove(id: string): Promise<void> {
    await db.delete(instances).where(eq(instances.id, id));
  },

  /** Instances heard from since `since`, the longest running first. */
  async seenSince(since: Date) {
    const rows = await db.select().from(instances).where(gte(instances.seenAt, since)).orderBy(instances.startedAt);
    return rows.map((r) => ({ ...r, figures: r.figures as InstanceFigures }));
  },

  async purgeBefore(before: Date): Promise<void> {
    await db.delete(instances).where(lt(instances.seenAt, before));
  },
});
