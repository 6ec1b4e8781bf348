// Reference data the office edits rarely and every screen reads (dictionaries, home tiles, settings, service guides, police stations,
// the public files lists, the home banners) is kept in this process for at most REFERENCE_CACHE_MS. Same rules as the session cache
// (server/lib/session-cache.ts), on the same channel: every write to these tables goes through a repository method
// that evicts the table here at once and sends pg_notify('hukou_cache', 'r:<table>') through its executor (inside a
// transaction: at commit), every instance's listener evicts it then, and the cache is off while an instance cannot
// listen. Reads inside a transaction never use the cache. Entries are per database (several apps in one process,
// as in tests, never share them) and handed out frozen (deeply), so a caller cannot change what the next one reads: a
// copy per read (structuredClone) was a twentieth of a cached read's CPU.
import { PgTransaction } from 'drizzle-orm/pg-core';

export const REFERENCE_CACHE_MS = 60_000;
export const REFERENCE_TABLES = [
  'dict_items',
  'sectors',
  'settings',
  'service_guides',
  'public_files',
  'police_stations',
  'banners',
] as const;
export type ReferenceTable = (typeof REFERENCE_TABLES)[number];

const MAX_ENTRIES = 5_000;

/** Freezes a value read from the database (plain objects, arrays, dates) and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

class ReferenceCache {
  private entries = new Map<string, { value: unknown; at: number; table: ReferenceTable }>();
  /** Loads under way: the callers that miss together share one (a rush opening the same form asks the database once). */
  private loading = new Map<string, { promise: Promise<unknown>; table: ReferenceTable }>();
  /** Counts evictions per table: a load that an eviction overtook is handed to its callers but not kept. */
  private evictions = new Map<string, number>();
  private databases = new WeakMap<object, number>();
  private nextDatabase = 1;
  hits = 0;
  misses = 0;

  private databaseId(db: object): number {
    let id = this.databases.get(db);
    if (id === undefined) {
      id = this.nextDatabase++;
      this.databases.set(db, id);
    }
    return id;
  }

  /** The value of `load` for this database, table and key: from the cache while fresh, else loaded and kept. */
  async read<T>(db: object, enabled: boolean, table: ReferenceTable, key: string, load: () => Promise<T>): Promise<T> {
    if (!enabled || db instanceof PgTransaction) return load();
    const id = `${this.databaseId(db)}|${table}|${key}`;
    const entry = this.entries.get(id);
    if (entry && performance.now() - entry.at <= REFERENCE_CACHE_MS) {
      this.hits += 1;
      return entry.value as T;
    }
    const pending = this.loading.get(id);
    if (pending) {
      this.hits += 1;
      return pending.promise as Promise<T>;
    }
    this.misses += 1;
    const epoch = this.evictions.get(table) ?? 0;
    const promise = (async () => {
      const value = deepFreeze(await load());
      if ((this.evictions.get(table) ?? 0) === epoch) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(id, { value, at: performance.now(), table });
      }
      return value;
    })();
    this.loading.set(id, { promise, table });
    const settled = () => {
      if (this.loading.get(id)?.promise === promise) this.loading.delete(id);
    };
    promise.then(settled, settled);
    return promise;
  }

  evictTable(table: string): void {
    this.evictions.set(table, (this.evictions.get(table) ?? 0) + 1);
    for (const [id, entry] of this.entries) if (entry.table === table) this.entries.delete(id);
    for (const [id, pending] of this.loading) if (pending.table === table) this.loading.delete(id);
  }

  clear(): void {
    for (const table of REFERENCE_TABLES) this.evictions.set(table, (this.evictions.get(table) ?? 0) + 1);
    this.entries.clear();
    this.loading.clear();
  }
}

export const referenceCache = new ReferenceCache();
