// Signed-in requests resolve their token without the database most of the time: the session and its user, as
// resolved, are kept in this process for at most SESSION_CACHE_MS, and so is the user's own record (users row and
// household record) that the hot reads show (user info, home tiles, 我的户籍, the forms' prefill). Correct across instances because every change
// that could make a cached entry wrong goes through two repository files (repositories/sessions.ts: revoke, expire;
// repositories/users.ts: update, updateHousehold, upsertHousehold) and each of those (1) evicts here at once and (2) sends pg_notify on the
// 'hukou_cache' channel from the same executor, so inside a transaction it is delivered at commit: every
// instance's listener (server/plugins/db.ts) evicts the entry then, including this one (an entry re-cached before the
// commit goes too). While an instance's listener is not connected, its cache is off (every request asks the
// database). On the embedded database there is one process, and the eviction in (1) suffices. The age limit bounds
// what a change made outside the application (SQL by hand) can leave behind.
import type { SessionUser } from './session-user.ts';
import { referenceCache } from './reference-cache.ts';

export const SESSION_CACHE_MS = 30_000;
const MAX_ENTRIES = 50_000;
export const SESSION_CHANNEL = 'hukou_cache';

export interface CachedSession {
  user: SessionUser;
  userId: number;
  staff: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** performance.now() when cached. */
  cachedAt: number;
}

/** A user's own record as last read (users row and household record, as stored: the ID number still sealed). */
interface CachedRecord {
  value: unknown;
  cachedAt: number;
}

export class SessionCache {
  private entries = new Map<string, CachedSession>();
  /** User id → database → the user's record (server/repositories/users.ts withHousehold); same age limit and evictions. */
  private records = new Map<number, Map<object, CachedRecord>>();
  /** Off until the instance can hear evictions from the others (PostgreSQL), on from the start on PGlite. */
  enabled = false;
  hits = 0;
  misses = 0;
  recordHits = 0;

  get(tokenHash: string): CachedSession | null {
    if (!this.enabled) return null;
    const entry = this.entries.get(tokenHash);
    if (!entry || performance.now() - entry.cachedAt > SESSION_CACHE_MS) {
      if (entry) this.entries.delete(tokenHash);
      this.misses += 1;
      return null;
    }
    this.hits += 1;
    return entry;
  }

  set(tokenHash: string, entry: Omit<CachedSession, 'cachedAt'>): void {
    if (!this.enabled) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { ...entry, cachedAt: performance.now() });
  }

  /**
   * The user's record for this database: from the cache while fresh, else loaded and kept. Every write to a users row
   * or a household record goes through repositories/users.ts, which sends 'u:<id>' (evictUser, here and everywhere).
   */
  async record<T>(db: object, userId: number, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const entry = this.records.get(userId)?.get(db);
    if (entry && performance.now() - entry.cachedAt <= SESSION_CACHE_MS) {
      this.recordHits += 1;
      return entry.value as T;
    }
    const value = await load();
    let byDb = this.records.get(userId);
    if (!byDb) {
      if (this.records.size >= MAX_ENTRIES) this.records.delete(this.records.keys().next().value!);
      this.records.set(userId, (byDb = new Map()));
    }
    byDb.set(db, { value, cachedAt: performance.now() });
    return value;
  }

  evictToken(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  evictUser(userId: number): void {
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
    this.records.delete(userId);
  }

  /** Everything cached in this process, sessions and reference data (the listener was lost, or a test edited by hand). */
  clear(): void {
    this.entries.clear();
    this.records.clear();
    referenceCache.clear();
  }

  /** A notification from any instance: 't:<token hash>', 'u:<user id>' or 'r:<reference table>' (reference-cache.ts). */
  onNotify(payload: string): void {
    if (payload.startsWith('t:')) this.evictToken(payload.slice(2));
    else if (payload.startsWith('u:')) this.evictUser(Number(payload.slice(2)));
    else if (payload.startsWith('r:')) referenceCache.evictTable(payload.slice(2));
    else {
      this.clear();
      referenceCache.clear();
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * One cache for the process: repositories reach it without an app at hand. Several apps in one process (tests) share
 * it safely: tokens are random, so one app never finds another's entry, and an eviction by user id in one app only
 * makes the other ask its database again.
 */
export const sessionCache = new SessionCache();
