// Service guides (办事指南): read by the app, maintained in the console.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { serviceGuides } from '../db/schema.ts';
import { cachedRead, referenceChanged } from './session-events.ts';

export type GuideRow = typeof serviceGuides.$inferSelect;

export const guidesRepo = (db: Executor) => ({
  async find(code: string): Promise<GuideRow | null> {
    return cachedRead(db, 'service_guides', code, async () => {
      const [row] = await db.select().from(serviceGuides).where(eq(serviceGuides.code, code));
      return row ?? null;
    });
  },

  async list() {
    return db
      .select({ code: serviceGuides.code, title: serviceGuides.title, updatedAt: serviceGuides.updatedAt })
      .from(serviceGuides)
      .orderBy(asc(serviceGuides.code));
  },

  async save(code: string, title: string, content: unknown, now: Date) {
    const [row] = await db
      .insert(serviceGuides)
      .values({ code, title, content, updatedAt: now })
      .onConflictDoUpdate({ target: serviceGuides.code, set: { title, content, updatedAt: now } })
      .returning();
    await referenceChanged(db, 'service_guides');
    return row!;
  },
});
