// The university's collective households (集体户), kept by the office in the console.
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { collectiveHouseholds } from '../db/schema.ts';

export type CollectiveKey = 'student' | 'staff' | 'postdoc';

/** What the office maintains of a collective household (without its photo). */
export interface CollectiveHousehold {
  key: CollectiveKey;
  householdNo: string;
  name: string;
  address: string;
  policeStationId: string;
  registeredOn: string;
  /** sha256 of the stamped head page, null until it is uploaded. */
  headPageHash: string | null;
  updatedAt: Date;
}

export type CollectiveFields = Pick<CollectiveHousehold, 'householdNo' | 'name' | 'address' | 'policeStationId' | 'registeredOn'>;

const columns = {
  key: collectiveHouseholds.key,
  householdNo: collectiveHouseholds.householdNo,
  name: collectiveHouseholds.name,
  address: collectiveHouseholds.address,
  policeStationId: collectiveHouseholds.policeStationId,
  registeredOn: collectiveHouseholds.registeredOn,
  headPageHash: collectiveHouseholds.headPageHash,
  updatedAt: collectiveHouseholds.updatedAt,
};

export const collectiveHouseholdsRepo = (db: Executor) => ({
  async list(): Promise<CollectiveHousehold[]> {
    return (await db.select(columns).from(collectiveHouseholds).orderBy(asc(collectiveHouseholds.key))) as CollectiveHousehold[];
  },

  async find(key: CollectiveKey): Promise<CollectiveHousehold | null> {
    const [row] = await db.select(columns).from(collectiveHouseholds).where(eq(collectiveHouseholds.key, key));
    return (row as CollectiveHousehold | undefined) ?? null;
  },

  /** The stamped head page (JPEG), or null. */
  async headPage(key: CollectiveKey): Promise<{ content: Buffer; hash: string } | null> {
    const [row] = await db
      .select({ content: collectiveHouseholds.headPage, hash: collectiveHouseholds.headPageHash })
      .from(collectiveHouseholds)
      .where(eq(collectiveHouseholds.key, key));
    return row?.content && row.hash ? { content: row.content, hash: row.hash } : null;
  },

  /** Creates or replaces the fields (the photo stays). */
  async save(key: CollectiveKey, fields: CollectiveFields): Promise<CollectiveHousehold> {
    const [row] = await db
      .insert(collectiveHouseholds)
      .values({ key, ...fields })
      .onConflictDoUpdate({ target: collectiveHouseholds.key, set: { ...fields, updatedAt: sql`now()` } })
      .returning(columns);
    return row as CollectiveHousehold;
  },

  /** Only a household already saved takes a photo; false when there is none. */
  async setHeadPage(key: CollectiveKey, content: Buffer, hash: string): Promise<boolean> {
    const rows = await db
      .update(collectiveHouseholds)
      .set({ headPage: content, headPageHash: hash, updatedAt: sql`now()` })
      .where(eq(collectiveHouseholds.key, key))
      .returning({ key: collectiveHouseholds.key });
    return rows.length > 0;
  },
});
