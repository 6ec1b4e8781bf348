// The one way a repository says that cached sessions may be wrong (server/lib/session-cache.ts).
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { SESSION_CHANNEL, sessionCache } from '../lib/session-cache.ts';

/**
 * After a change that can make a cached session wrong: evict it here now, and tell every instance (a notification
 * sent through this executor: inside a transaction, delivered at commit).
 */
export async function sessionsChanged(db: Executor, payload: `t:${string}` | `u:${number}`): Promise<void> {
  sessionCache.onNotify(payload);
  await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${payload})`);
}
