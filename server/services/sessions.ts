// Sessions: opaque random tokens, only their sha256 stored. Users: 7 days, sliding. Staff (办理员/管理员): 30 minutes
// idle and 12 hours in all, since a console left open on an office desk reaches everyone's personal data.
import { randomToken, sha256 } from '../lib/crypto.ts';
import { Batcher } from '../lib/batch.ts';
import { sessionCache } from '../lib/session-cache.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../repositories/index.ts';
import type { SessionUser } from '../lib/session-user.ts';
import { addSeconds, type Clock } from './clock.ts';

export const SESSION_SECONDS = 7 * 24 * 3600;
export const STAFF_IDLE_SECONDS = 30 * 60;
export const STAFF_MAX_SECONDS = 12 * 3600;
/** Sliding renewal is written at most once a minute per session… */
const TOUCH_EVERY_MS = 60_000;
/** …and not by the request that renews: renewals wait up to a second and are written together, in one statement. */
export const TOUCH_FLUSH_MS = 1000;

export const hashToken = (token: string) => sha256(token);

/** Tokens presented lately and their hashes, for at most RECENT_TOKENS of them, held in this process only. */
const recentTokens = new Map<string, string>();
const RECENT_TOKENS = 20_000;
/** Longer than any token this server issues (43 characters): not a token of ours (not kept, not looked up by a page). */
export const TOKEN_MAX_LENGTH = 64;

/**
 * hashToken for the token of every signed-in request: a user's next requests find its hash here instead of hashing
 * it again (0.74 µs of sha256 per request, against a look-up). The database still holds only hashes; the tokens here
 * are those that requests carry anyway, never written anywhere. Entries leave oldest first; a hash never goes stale,
 * so a revoked token found here is still refused by the session look-up.
 */
export function hashPresentedToken(token: string): string {
  let hash = recentTokens.get(token);
  if (hash === undefined) {
    hash = sha256(token);
    if (token.length <= TOKEN_MAX_LENGTH) {
      if (recentTokens.size >= RECENT_TOKENS) recentTokens.delete(recentTokens.keys().next().value!);
      recentTokens.set(token, hash);
    }
  }
  return hash;
}

type Found = Awaited<ReturnType<Repositories['sessions']['findActive']>>[number];

/** When a session seen now ends: users slide 7 days; staff slide 30 minutes, never past 12 hours after sign-in. */
const expiryOf = (staff: boolean, now: Date, createdAt: Date) =>
  staff
    ? new Date(Math.min(addSeconds(now, STAFF_IDLE_SECONDS).getTime(), addSeconds(createdAt, STAFF_MAX_SECONDS).getTime()))
    : addSeconds(now, SESSION_SECONDS);

export function createSessionService(repos: Repositories, clock: Clock, log?: FastifyBaseLogger) {
  // Renewals not yet written, by token hash. A request never waits for one: a renewal only moves an expiry that is
  // still days (users) or minutes (staff) away, so a second's delay or a renewal lost with a crashed instance ends no
  // session early. A look-up from the database that finds one pending writes it first (the row may be behind it).
  const pending = new Map<string, { id: number; seen: Date; expiresAt: Date }>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function queueTouch(tokenHash: string, id: number, seen: Date, expiresAt: Date) {
    pending.set(tokenHash, { id, seen, expiresAt });
    timer ??= setTimeout(() => void flush(), TOUCH_FLUSH_MS).unref();
  }

  /** Writes every pending renewal (also on shutdown). A failure is logged, not thrown: the next renewal writes again. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending.size) return writing;
    const batch = [...pending.values()];
    pending.clear();
    writing = writing.then(() =>
      repos.sessions.touchMany(batch, clock.now()).catch((err: unknown) => {
        log?.warn({ err, sessions: batch.length }, 'session renewals not written');
      }),
    );
    return writing;
  }

  // Look-ups from the database that arrive together (everyone opening the app at once) are one query.
  const lookups = new Batcher<string, Found>(async (tokenHashes) => {
    const rows = await repos.sessions.findActive(tokenHashes, clock.now());
    return new Map(rows.map((r) => [r.session.tokenHash, r]));
  }, String);

  return {
    flush,

    async create(
      userId: number,
      loginType: '1' | '2',
      ip: string,
      opts: { staff?: boolean; userAgent?: string | null } = {},
    ): Promise<string> {
      const token = randomToken(32);
      const now = clock.now();
      await repos.sessions.create({
        tokenHash: hashToken(token),
        userId,
        loginType,
        ip,
        userAgent: opts.userAgent?.slice(0, 200) ?? null,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: expiryOf(!!opts.staff, now, now),
      });
      return token;
    },

    async resolve(tokenHash: string): Promise<SessionUser | null> {
      const now = clock.now();
      const cached = sessionCache.get(tokenHash);
      if (cached) {
        if (cached.expiresAt.getTime() <= now.getTime()) {
          sessionCache.evictToken(tokenHash);
          return null;
        }
        if (now.getTime() - cached.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
          cached.lastSeenAt = now;
          cached.expiresAt = expiryOf(cached.staff, now, cached.createdAt);
          queueTouch(tokenHash, cached.user.sessionId, now, cached.expiresAt);
        }
        return { ...cached.user };
      }
      if (pending.has(tokenHash)) await flush();
      const ticket = sessionCache.ticket();
      const found = await lookups.get(tokenHash);
      if (!found) return null;
      const { session, user } = found;
      // A disabled account's sessions end at once (they are also revoked when it is disabled).
      if (user.disabled) return null;
      const staff = user.role !== 'user';
      let { lastSeenAt, expiresAt } = session;
      if (now.getTime() - lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        lastSeenAt = now;
        expiresAt = expiryOf(staff, now, session.createdAt);
        queueTouch(tokenHash, session.id, now, expiresAt);
      }
      const resolved: SessionUser = {
        id: user.id,
        rylb: user.personType,
        loginType: session.loginType,
        role: user.role as SessionUser['role'],
        name: user.name,
        username: user.username,
        sessionId: session.id,
      };
      sessionCache.set(tokenHash, { user: resolved, userId: user.id, staff, createdAt: session.createdAt, lastSeenAt, expiresAt }, ticket);
      return { ...resolved };
    },

    revoke: (tokenHash: string) => {
      pending.delete(tokenHash);
      return repos.sessions.revoke(tokenHash);
    },
    revokeAllOf: (userId: number) => repos.sessions.revokeAllOf(userId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
