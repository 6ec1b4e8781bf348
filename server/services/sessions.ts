// Sessions: opaque random tokens, only their sha256 stored. Users: 7 days, sliding. Staff (办理员/管理员): 30 minutes
// idle and 12 hours in all, since a console left open on an office desk reaches everyone's personal data.
import { randomToken, sha256 } from '../lib/crypto.ts';
import { sessionCache } from '../lib/session-cache.ts';
import type { Repositories } from '../repositories/index.ts';
import type { SessionUser } from '../types.ts';
import { addSeconds, type Clock } from './clock.ts';

export const SESSION_SECONDS = 7 * 24 * 3600;
export const STAFF_IDLE_SECONDS = 30 * 60;
export const STAFF_MAX_SECONDS = 12 * 3600;
/** Sliding renewal is written at most once a minute per session. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => sha256(token);

/** When a session seen now ends: users slide 7 days; staff slide 30 minutes, never past 12 hours after sign-in. */
const expiryOf = (staff: boolean, now: Date, createdAt: Date) =>
  staff ? new Date(Math.min(addSeconds(now, STAFF_IDLE_SECONDS).getTime(), addSeconds(createdAt, STAFF_MAX_SECONDS).getTime())) : addSeconds(now, SESSION_SECONDS);

export function createSessionService(repos: Repositories, clock: Clock) {
  return {
    async create(userId: number, loginType: '1' | '2', ip: string, opts: { staff?: boolean } = {}): Promise<string> {
      const token = randomToken(32);
      const now = clock.now();
      await repos.sessions.create({ tokenHash: hashToken(token), userId, loginType, ip, createdAt: now, lastSeenAt: now, expiresAt: expiryOf(!!opts.staff, now, now) });
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
          await repos.sessions.touch(cached.user.sessionId, now, cached.expiresAt);
        }
        return { ...cached.user };
      }
      const found = await repos.sessions.findActive(tokenHash, now);
      if (!found) return null;
      const { session, user } = found;
      // A disabled account's sessions end at once (they are also revoked when it is disabled).
      if (user.disabled) return null;
      const staff = user.role !== 'user';
      let { lastSeenAt, expiresAt } = session;
      if (now.getTime() - lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        lastSeenAt = now;
        expiresAt = expiryOf(staff, now, session.createdAt);
        await repos.sessions.touch(session.id, now, expiresAt);
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
      sessionCache.set(tokenHash, { user: resolved, userId: user.id, staff, createdAt: session.createdAt, lastSeenAt, expiresAt });
      return { ...resolved };
    },

    revoke: (tokenHash: string) => repos.sessions.revoke(tokenHash),
    revokeAllOf: (userId: number) => repos.sessions.revokeAllOf(userId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
