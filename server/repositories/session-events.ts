// The one way a repository says that cached sessions or reference data may be wrong, and reads reference data through
// the cache (server/lib/session-cache.ts, server/lib/reference-cache.ts).
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { referenceCache, type ReferenceTable } from '../lib/reference-cache.ts';
import { SESSION_CHANNEL, sessionCache } from '../lib/session-cache.ts';

/**
 * After a change that can make a cached session or reference table wrong: evict it here now, and tell every instance
 * (a notification sent through this executor: inside a transaction, delivered at commit).
 */
export async function sessionsChanged(
  db: Executor,
  payload: `t:${string}` | `u:${number}` | `d:${number}` | `r:${ReferenceTable}`,
): Promise<void> {
  sessionCache.onNotify(payload);
  await db.execute(sql`select ${tellInstances(payload)}`);
}

/**
 * The notification that tells every instance, as an expression: sessionsChanged selects it; a statement that makes
 * the change itself selects it with its result (repositories/filing.ts, its payload a placeholder), after calling
 * sessionCache.onNotify here.
 */
export const tellInstances = (payload: SQLWrapper | string) => sql`pg_notify(${SESSION_CHANNEL}, ${payload})`;

/** After a write to a reference table (dictionaries, tiles, settings, guides, public files). */
export const referenceChanged = (db: Executor, table: ReferenceTable) => sessionsChanged(db, `r:${table}`);

/** A read of reference data through the cache (off, like the session cache, while this instance cannot listen). */
export const cachedRead = <T>(db: Executor, table: ReferenceTable, key: string, load: () => Promise<T>): Promise<T> =>
  referenceCache.read(db, sessionCache.enabled, table, key, load);
