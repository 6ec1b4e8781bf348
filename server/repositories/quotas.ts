// Appointment quotas: places per service, channel and day, taken by bookings and given back.
import { and, asc, eq, gte, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { quotas } from '../db/schema.ts';

export type QuotaRow = typeof quotas.$inferSelect;

/** The conditional decrement that takes `count` places (one by default): no row when fewer are left (also a CTE of
 * repositories/filing.ts, there with placeholders for its values). */
export const takePlace = (
  db: Executor,
  slot: { kind: string | Placeholder; channel: string | Placeholder; day: string | Placeholder },
  now: Date | Placeholder,
  count: number | SQL = 1,
) =>
  db
    .update(quotas)
    .set({ remaining: sql`${quotas.remaining} - ${count}`, updatedAt: now as Date })
    .where(
      and(eq(quotas.kind, slot.kind), eq(quotas.channel, slot.channel), eq(quotas.day, slot.day), sql`${quotas.remaining} >= ${count}`),
    )
    .returning({ remaining: quotas.remaining });

export const quotasRepo = (db: Executor) => ({
  /** Read by every booking before its transaction: a statement prepared once per connection. */
  async find(kind: string, channel: string, day: string): Promise<QuotaRow | null> {
    const statement = prepared(db, 'quota_find', (name) =>
      db
        .select()
        .from(quotas)
        .where(
          and(
            eq(quotas.kind, sql.placeholder('kind')),
            eq(quotas.channel, sql.placeholder('channel')),
            eq(quotas.day, sql.placeholder('day')),
          ),
        )
        .prepare(name),
    );
    const [row] = await statement.execute({ kind, channel, day });
    return row ?? null;
  },

  async between(kind: string, channel: string, from: string, to: string): Promise<QuotaRow[]> {
    return db
      .select()
      .from(quotas)
      .where(and(eq(quotas.kind, kind), eq(quotas.channel, channel), gte(quotas.day, from), lte(quotas.day, to)))
      .orderBy(asc(quotas.day));
  },

  /** Takes one place atomically; false when none is left (the row lock serialises concurrent bookings). */
  async take(kind: string, channel: string, day: string): Promise<boolean> {
    return (await takePlace(db, { kind, channel, day }, new Date())).length > 0;
  },

  /** Gives one place back (never above the total). */
  async giveBack(kind: string, channel: string, day: string): Promise<void> {
    await db
      .update(quotas)
      .set({ remaining: sql`${quotas.remaining} + 1`, updatedAt: new Date() })
      .where(and(eq(quotas.kind, kind), eq(quotas.channel, channel), eq(quotas.day, day), sql`${quotas.remaining} < ${quotas.total}`));
  },

  /** Creates missing rows (existing ones, maybe changed by staff, stay as they are). */
  async ensure(rows: { kind: string; channel: string; day: string; total: number }[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insert(quotas)
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, remaining: r.total })))
        .onConflictDoNothing();
    }
  },

  /** Sets the total of a day; the remaining places follow (places already booked stay booked). */
  async setTotal(kind: string, channel: string, day: string, total: number): Promise<QuotaRow> {
    const [row] = await db
      .insert(quotas)
      .values({ kind, channel, day, total, remaining: total })
      .onConflictDoUpdate({
        target: [quotas.kind, quotas.channel, quotas.day],
        set: { total, remaining: sql`greatest(0, ${total} - (${quotas.total} - ${quotas.remaining}))`, updatedAt: new Date() },
      })
      .returning();
    return row!;
  },

  /** Locks the quota rows of some days (in a transaction): bookings of those days wait until it ends. */
  async lockDays(kind: string, channel: string, days: string[]) {
    if (!days.length) return [];
    return db
      .select()
      .from(quotas)
      .where(and(eq(quotas.kind, kind), eq(quotas.channel, channel), inArray(quotas.day, days)))
      .orderBy(asc(quotas.day))
      .for('update');
  },
});
