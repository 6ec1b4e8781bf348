// Signed-in requests resolve their token without the database most of the time: the session and its user, as
// resolved, are kept in this process for at most SESSION_CACHE_MS, and so is the user's own data that the hot reads
// show (users row and household record: user info, home tiles, 我的户籍, the forms' prefill; their notice pages; the
// household card they have out). Correct across instances because every change that could make a cached entry wrong
// goes through four repository files (repositories/sessions.ts: revoke, expire; repositories/users.ts: update,
// updateHousehold, upsertHousehold; repositories/content.ts: a notice created or marked read;
// repositories/applications.ts: an application updated) and each of those (1) evicts here at once and (2) sends
// pg_notify on the 'hukou_cache' channel from the same executor, so inside a transaction it is delivered at commit:
// every instance's listener (server/plugins/database.ts) evicts the entry then, including this one (an entry re-cached
// before the commit goes too, and a read in flight across an eviction is not kept). While an instance's listener is
// not connected, its cache is off (every request asks the database). On the embedded database there is one process,
// and the eviction in (1) suffices. The age limit bounds what a change made outside the application (SQL by hand)
// can leave behind.
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { SessionUser } from './session-user.ts';
import { referenceCache } from './reference-cache.ts';

export const SESSION_CACHE_MS = 30_000;
const MAX_ENTRIES = 50_000;
/** Whether an entry cached at `cachedAt` (performance.now()) is still within the age limit. */
const fresh = <T extends { cachedAt: number }>(entry: T | undefined): entry is T =>
  entry !== undefined && performance.now() - entry.cachedAt <= SESSION_CACHE_MS;
const MAX_KEYS_PER_USER = 8;
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

/** A read of a user's own data as last loaded (e.g. users row and household record as stored: the ID number sealed). */
interface CachedRecord {
  value: unknown;
  cachedAt: number;
}

export class SessionCache {
  private entries = new Map<string, CachedSession>();
  /** User id → database → key → the user's own data (userData); same age limit, evicted with the user or by evictData. */
  private records = new Map<number, Map<object, Map<string, CachedRecord>>>();
  /** Off until the instance can hear evictions from the others (PostgreSQL), on from the start on PGlite. */
  enabled = false;
  hits = 0;
  misses = 0;
  recordHits = 0;
  /** Counts evictions of sessions: a session read from the database while one happened is not kept (see ticket). */
  private sessionEvictions = 0;
  /** Counts evictions of users' data, for data read along with something else (see offer). */
  private dataEvictions = 0;

  get(tokenHash: string): CachedSession | null {
    if (!this.enabled) return null;
    const entry = this.entries.get(tokenHash);
    if (!fresh(entry)) {
      if (entry) this.entries.delete(tokenHash);
      this.misses += 1;
      return null;
    }
    this.hits += 1;
    return entry;
  }

  /**
   * Taken before a session is read from the database and handed back to set: a logout or revocation that lands while
   * the read is in flight must not be undone by caching what the read saw.
   */
  ticket(): number {
    return this.sessionEvictions;
  }

  set(tokenHash: string, entry: Omit<CachedSession, 'cachedAt'>, ticket: number): void {
    if (!this.enabled || ticket !== this.sessionEvictions) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { ...entry, cachedAt: performance.now() });
  }

  /**
   * A read of the user's own data for this database (`key`: 'record', 'cardOut', 'notices:…'): from the cache while
   * fresh, else loaded and kept. Every write to a users row or household record goes through repositories/users.ts,
   * which sends 'u:<id>'; every write to a notice or an application through repositories/content.ts or
   * applications.ts, which send 'd:<id>' (evictUser or evictData, here and everywhere).
   */
  async userData<T>(db: object, userId: number, key: string, load: () => Promise<T>): Promise<T> {
    // Never inside a transaction: it reads its own writes, which others must not see before the commit.
    if (!this.enabled || db instanceof PgTransaction) return load();
    const entry = this.records.get(userId)?.get(db)?.get(key);
    if (fresh(entry)) {
      this.recordHits += 1;
      return entry.value as T;
    }
    // The user's map is taken before the load: an eviction while the load is in flight drops it, and what the load
    // saw is then not kept.
    const byKey = this.keysOf(db, userId);
    const value = await load();
    if (this.records.get(userId)?.get(db) === byKey) this.keep(byKey, key, value);
    return value;
  }

  /** Taken before a read that also brings a user's data (offer). */
  dataTicket(): number {
    return this.dataEvictions;
  }

  /**
   * A user's data read along with something else (the session look-up reads the users row and household record):
   * kept as if userData had loaded it, unless any user's data was evicted since `ticket` or a fresh copy is already
   * here. A copy past the age limit is replaced: a session looked up again after its own 30 s brings its user's record
   * too, and the read that follows must not ask the database for it a second time.
   */
  offer(db: object, userId: number, key: string, value: unknown, ticket: number): void {
    if (!this.enabled || db instanceof PgTransaction || ticket !== this.dataEvictions) return;
    const byKey = this.keysOf(db, userId);
    if (!fresh(byKey.get(key))) this.keep(byKey, key, value);
  }

  /** The cached reads of one user on one database (made when missing). */
  private keysOf(db: object, userId: number): Map<string, CachedRecord> {
    let byDb = this.records.get(userId);
    if (!byDb) {
      if (this.records.size >= MAX_ENTRIES) this.records.delete(this.records.keys().next().value!);
      this.records.set(userId, (byDb = new Map()));
    }
    let byKey = byDb.get(db);
    if (!byKey) byDb.set(db, (byKey = new Map()));
    return byKey;
  }

  private keep(byKey: Map<string, CachedRecord>, key: string, value: unknown): void {
    // A user's keys are few (the record, the card out, the notice pages they look at); an endless walk through pages
    // is not kept.
    if (!byKey.has(key) && byKey.size >= MAX_KEYS_PER_USER) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, { value, cachedAt: performance.now() });
  }

  /** The user's data (record, notices), not their sessions. */
  evictData(userId: number): void {
    this.dataEvictions += 1;
    this.records.delete(userId);
  }

  evictToken(tokenHash: string): void {
    this.sessionEvictions += 1;
    this.entries.delete(tokenHash);
  }

  evictUser(userId: number): void {
    this.sessionEvictions += 1;
    this.dataEvictions += 1;
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
    this.records.delete(userId);
  }

  /** Everything cached in this process, sessions and reference data (the listener was lost, or a test edited by hand). */
  clear(): void {
    this.sessionEvictions += 1;
    this.dataEvictions += 1;
    this.entries.clear();
    this.records.clear();
    referenceCache.clear();
  }

  /**
   * A notification from any instance: 't:<token hash>', 'u:<user id>' (sessions and data), 'd:<user id>' (data only)
   * or 'r:<reference table>' (reference-cache.ts).
   */
  onNotify(payload: string): void {
    if (payload.startsWith('t:')) this.evictToken(payload.slice(2));
    else if (payload.startsWith('u:')) this.evictUser(Number(payload.slice(2)));
    else if (payload.startsWith('d:')) this.evictData(Number(payload.slice(2)));
    else if (payload.startsWith('r:')) referenceCache.evictTable(payload.slice(2));
    else this.clear();
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
