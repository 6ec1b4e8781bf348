// Failed sign-ins per account and per IP (database counters, shared by all instances):
// an image code is required after 3 failures of the account or the IP; the account locks 15 minutes after 10.
import type { Repositories } from '../repositories/index.ts';
import { addSeconds, type Clock } from './clock.ts';

export const CAPTCHA_AFTER = 3;
export const LOCK_AFTER = 10;
export const LOCK_SECONDS = 15 * 60;
/** A count idle this long starts over. */
const FORGET_SECONDS = 24 * 3600;

const accountKey = (name: string) => `account:${name.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

export interface GuardState {
  needCaptcha: boolean;
  lockedSeconds: number;
}

export function createLoginGuard(repos: Repositories, clock: Clock) {
  const state = async (account: string, ip: string): Promise<GuardState> => {
    const now = clock.now();
    const forgetBefore = addSeconds(now, -FORGET_SECONDS);
    const rows = await repos.loginFailures.get([accountKey(account), ipKey(ip)]);
    const live = rows.filter((r) => r.lastFailureAt >= forgetBefore);
    const lockedUntil = live.find((r) => r.key === accountKey(account) && r.lockedUntil && r.lockedUntil > now)?.lockedUntil;
    return {
      needCaptcha: live.some((r) => r.count >= CAPTCHA_AFTER),
      lockedSeconds: lockedUntil ? Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000) : 0,
    };
  };

  return {
    state,

    async recordFailure(account: string, ip: string): Promise<GuardState> {
      const now = clock.now();
      const opts = { now, forgetBefore: addSeconds(now, -FORGET_SECONDS), restartAt: CAPTCHA_AFTER, lockedUntil: addSeconds(now, LOCK_SECONDS) };
      await repos.loginFailures.recordFailure(accountKey(account), { ...opts, lockAt: LOCK_AFTER });
      // The IP only ever triggers the image code (a campus NAT must not lock everyone out).
      await repos.loginFailures.recordFailure(ipKey(ip), { ...opts, lockAt: null });
      return state(account, ip);
    },

    async clearAccount(...names: (string | null | undefined)[]): Promise<void> {
      await repos.loginFailures.clear(names.filter((n): n is string => !!n).map(accountKey));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
