// Reference data: counters, settings, dictionaries, divisions, police stations, sectors, banners.
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { banners, counters, dictItems, divisions, policeStations, sectors, settings } from '../db/schema.ts';
import { cachedRead, referenceChanged } from './session-events.ts';

export type DictItemRow = typeof dictItems.$inferSelect;
export type DivisionRow = typeof divisions.$inferSelect;
export type SectorRow = typeof sectors.$inferSelect;

export const countersRepo = (db: Executor) => ({
  async increment(name: string): Promise<number> {
    const [row] = await db
      .insert(counters)
      .values({ name, value: 1 })
      .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
      .returning({ value: counters.value });
    return row!.value;
  },
});

export const settingsRepo = (db: Executor) => ({
  async get<T>(key: string): Promise<T | null> {
    return cachedRead(db, 'settings', key, async () => {
      const [row] = await db.select().from(settings).where(eq(settings.key, key));
      return row ? (row.value as T) : null;
    });
  },

  async getMany(keys: string[]): Promise<Map<string, unknown>> {
    const rows = keys.length
      ? await cachedRead(db, 'settings', `many:${JSON.stringify(keys)}`, () =>
          db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, keys)),
        )
      : [];
    return new Map(rows.map((r) => [r.key, r.value]));
  },

  async set(key: string, value: unknown): Promise<void> {
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    await referenceChanged(db, 'settings');
  },

  /** Stores a value only when the key has none; true when this call stored it (of callers at once, one does). */
  async setIfAbsent(key: string, value: unknown): Promise<boolean> {
    const rows = await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoNothing({ target: settings.key })
      .returning({ key: settings.key });
    if (rows.length) await referenceChanged(db, 'settings');
    return rows.length === 1;
  },
});

export const dictRepo = (db: Executor) => ({
  async list(type: string): Promise<DictItemRow[]> {
    return cachedRead(db, 'dict_items', `list:${type}`, () =>
      db.select().from(dictItems).where(eq(dictItems.type, type)).orderBy(asc(dictItems.sort), asc(dictItems.id)),
    );
  },

  async listTypes(types: string[]): Promise<DictItemRow[]> {
    if (!types.length) return [];
    return cachedRead(db, 'dict_items', `types:${JSON.stringify(types)}`, () =>
      db.select().from(dictItems).where(inArray(dictItems.type, types)).orderBy(asc(dictItems.sort), asc(dictItems.id)),
    );
  },

  async find(type: string, value: string): Promise<DictItemRow | null> {
    return cachedRead(db, 'dict_items', `find:${type}:${value}`, async () => {
      const [row] = await db
        .select()
        .from(dictItems)
        .where(and(eq(dictItems.type, type), eq(dictItems.value, value)));
      return row ?? null;
    });
  },

  /** The label of a code (null for none; the code itself when the dictionary lacks it). */
  async label(type: string, value: string | null | undefined): Promise<string | null> {
    if (!value) return null;
    return (await this.find(type, value))?.label ?? value;
  },

  async typesPresent(): Promise<string[]> {
    const rows = await db.selectDistinct({ type: dictItems.type }).from(dictItems);
    return rows.map((r) => r.type);
  },

  async allOf(type: string) {
    return db.select().from(dictItems).where(eq(dictItems.type, type)).orderBy(asc(dictItems.sort), asc(dictItems.id));
  },

  async create(values: typeof dictItems.$inferInsert) {
    const [row] = await db.insert(dictItems).values(values).onConflictDoNothing().returning();
    await referenceChanged(db, 'dict_items');
    return row ?? null;
  },

  async update(type: string, id: number, patch: Partial<typeof dictItems.$inferInsert>) {
    const [row] = await db
      .update(dictItems)
      .set(patch)
      .where(and(eq(dictItems.type, type), eq(dictItems.id, id)))
      .returning();
    await referenceChanged(db, 'dict_items');
    return row ?? null;
  },

  async maxSort(type: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(max(${dictItems.sort}), 0)`.mapWith(Number) })
      .from(dictItems)
      .where(eq(dictItems.type, type));
    return row?.n ?? 0;
  },
});

export const divisionsRepo = (db: Executor) => ({
  async provinces() {
    return this.children(null);
  },

  /** Children with a flag telling whether they have children themselves. */
  async children(parentCode: string | null) {
    const child = sql`exists (select 1 from ${divisions} c where c.parent_code = ${divisions.code})`;
    return db
      .select({ code: divisions.code, name: divisions.name, hasChildren: sql<boolean>`${child}` })
      .from(divisions)
      .where(parentCode === null ? isNull(divisions.parentCode) : eq(divisions.parentCode, parentCode))
      .orderBy(asc(divisions.code));
  },

  async find(code: string): Promise<DivisionRow | null> {
    const [row] = await db.select().from(divisions).where(eq(divisions.code, code));
    return row ?? null;
  },
});

export const policeStationsRepo = (db: Executor) => ({
  async find(id: string) {
    return cachedRead(db, 'police_stations', id, async () => {
      const [row] = await db.select().from(policeStations).where(eq(policeStations.id, id));
      return row ?? null;
    });
  },

  /** `prefix` narrows by division code ('11' Beijing, '1101' its districts, '110108' Haidian). */
  async list(prefix?: string) {
    return db
      .select()
      .from(policeStations)
      .where(prefix ? like(policeStations.divisionCode, `${prefix}%`) : undefined)
      .orderBy(asc(policeStations.sort), asc(policeStations.id));
  },

  async all() {
    return db.select().from(policeStations).orderBy(asc(policeStations.sort), asc(policeStations.id));
  },

  async create(values: typeof policeStations.$inferInsert) {
    const [row] = await db.insert(policeStations).values(values).onConflictDoNothing().returning();
    await referenceChanged(db, 'police_stations');
    return row ?? null;
  },

  async update(id: string, patch: Partial<typeof policeStations.$inferInsert>) {
    const [row] = await db.update(policeStations).set(patch).where(eq(policeStations.id, id)).returning();
    await referenceChanged(db, 'police_stations');
    return row ?? null;
  },
});

export const sectorsRepo = (db: Executor) => ({
  async forPersonType(personType: string): Promise<SectorRow[]> {
    return cachedRead(db, 'sectors', personType, () =>
      db.select().from(sectors).where(eq(sectors.personType, personType)).orderBy(asc(sectors.sort), asc(sectors.id)),
    );
  },

  async all() {
    return db.select().from(sectors).orderBy(asc(sectors.personType), asc(sectors.sort), asc(sectors.id));
  },

  async replace(personType: string, rows: (typeof sectors.$inferInsert)[]) {
    await db.delete(sectors).where(eq(sectors.personType, personType));
    if (rows.length) await db.insert(sectors).values(rows);
    await referenceChanged(db, 'sectors');
  },
});

export const bannersRepo = (db: Executor) => ({
  /** The banners users see (also pre-rendered into /web/home by server/plugins/web.ts), through the reference cache. */
  async listEnabled() {
    return cachedRead(db, 'banners', 'enabled', () =>
      db.select().from(banners).where(eq(banners.enabled, true)).orderBy(asc(banners.sort), asc(banners.id)),
    );
  },

  async all() {
    return db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
  },

  async create(values: typeof banners.$inferInsert) {
    const [row] = await db.insert(banners).values(values).returning();
    await referenceChanged(db, 'banners');
    return row!;
  },

  async update(id: number, values: Partial<typeof banners.$inferInsert>) {
    const [row] = await db.update(banners).set(values).where(eq(banners.id, id)).returning();
    await referenceChanged(db, 'banners');
    return row ?? null;
  },

  async delete(id: number): Promise<boolean> {
    const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
    await referenceChanged(db, 'banners');
    return rows.length > 0;
  },
});
