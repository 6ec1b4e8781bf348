// Sessions: opaque random tokens, only their sha256 stored; 7 days, sliding.
import { randomToken, sha256 } from '../lib/crypto.ts';
import type { Repositories } from '../repositories/index.ts';
import type { SessionUser } from '../types.ts';
import { addSeconds, type Clock } from './clock.ts';

export const SESSION_SECONDS = 7 * 24 * 3600;
/** Sliding renewal is written at most once a minute per session. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => sha256(token);

export function createSessionService(repos: Repositories, clock: Clock) {
  return {
    async create(userId: number, loginType: '1' | '2', ip: string): Promise<string> {
      const token = randomToken(32);
      const now = clock.now();
      await repos.sessions.create({ tokenHash: hashToken(token), userId, loginType, ip, createdAt: now, lastSeenAt: now, expiresAt: addSeconds(now, SESSION_SECONDS) });
      return token;
    },

    async resolve(tokenHash: string): Promise<SessionUser | null> {
      const now = clock.now();
      const found = await repos.sessions.findActive(tokenHash, now);
      if (!found) return null;
      const { session, user } = found;
      // A disabled account's sessions end at once (they are also revoked when it is disabled).
      if (user.disabled) return null;
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        await repos.sessions.touch(session.id, now, addSeconds(now, SESSION_SECONDS));
      }
      return {
        id: user.id,
        rylb: user.personType,
        loginType: session.loginType,
        role: user.role as SessionUser['role'],
        name: user.name,
        username: user.username,
        sessionId: session.id,
      };
    },

    revoke: (tokenHash: string) => repos.sessions.revoke(tokenHash),
    revokeAllOf: (userId: number) => repos.sessions.revokeAllOf(userId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
