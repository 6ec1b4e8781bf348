// Failed sign-ins, counted per account whatever name signs in (database counters, shared by all instances):
// - the image code is asked once the account failed 3 times within the hour, or the address failed 10 times within
//   15 minutes (one address trying many accounts); a success forgets the account's count;
// - one source (account + address) is locked out of that account for 15 minutes after 10 failures, so an outsider
//   locks out only themselves, never the account's owner;
// - from 20 failures of the account (from any number of addresses) each further try waits a growing delay.
// A name that is no account is counted by the name, so unknown and known names behave alike.
import type { Repositories } from '../repositories/index.ts';
import { addSeconds, type Clock } from './clock.ts';

export const CAPTCHA_AFTER = 3;
export const IP_CAPTCHA_AFTER = 10;
export const LOCK_AFTER = 10;
export const LOCK_SECONDS = 15 * 60;
export const DELAY_AFTER = 20;
export const MAX_DELAY_SECONDS = 300;
/** An account's count idle this long starts over. */
export const FORGET_SECONDS = 3600;
/** An address's count idle this long starts over. */
const IP_FORGET_SECONDS = 15 * 60;

/** Who is signing in: an account id, or the typed name when it names no account. */
export type GuardAccount = { id: number } | { name: string };

const accountKey = (a: GuardAccount) => ('id' in a ? `u:${a.id}` : `n:${a.name.trim().toLowerCase().slice(0, 80)}`);
const keysOf = (a: GuardAccount, ip: string) => ({
  account: `acct:${accountKey(a)}`,
  source: `src:${accountKey(a)}@${ip}`,
  ip: `ip:${ip}`,
});

/** Seconds to wait after the n-th failure of an account (0 below DELAY_AFTER): 2, 4, 8 … up to 5 minutes. */
export const delayAfter = (failures: number) =>
  failures < DELAY_AFTER ? 0 : Math.min(2 ** (failures - DELAY_AFTER + 1), MAX_DELAY_SECONDS);

export interface GuardState {
  needCaptcha: boolean;
  /** This source is locked out of this account for so many seconds. */
  lockedSeconds: number;
  /** The account takes no try for so many seconds (growing delay). */
  waitSeconds: number;
}

export function createLoginGuard(repos: Repositories, clock: Clock) {
  const state = async (account: GuardAccount, ip: string): Promise<GuardState> => {
    const now = clock.now();
    const keys = keysOf(account, ip);
    const rows = await repos.loginFailures.get([keys.account, keys.source, keys.ip]);
    const row = (key: string, forgetSeconds: number) =>
      rows.find((r) => r.key === key && r.lastFailureAt >= addSeconds(now, -forgetSeconds));
    const acct = row(keys.account, FORGET_SECONDS);
    const source = row(keys.source, FORGET_SECONDS);
    const address = row(keys.ip, IP_FORGET_SECONDS);
    const secondsUntil = (t: Date | null | undefined) => (t && t > now ? Math.ceil((t.getTime() - now.getTime()) / 1000) : 0);
    return {
      needCaptcha: (acct?.count ?? 0) >= CAPTCHA_AFTER || (address?.count ?? 0) >= IP_CAPTCHA_AFTER,
      lockedSeconds: secondsUntil(source?.lockedUntil),
      waitSeconds: acct ? secondsUntil(addSeconds(acct.lastFailureAt, delayAfter(acct.count))) : 0,
    };
  };

  return {
    state,

    async recordFailure(account: GuardAccount, ip: string): Promise<GuardState> {
      const now = clock.now();
      const keys = keysOf(account, ip);
      const base = { now, restartAt: CAPTCHA_AFTER, lockedUntil: addSeconds(now, LOCK_SECONDS) };
      await repos.loginFailures.recordFailure(keys.account, { ...base, forgetBefore: addSeconds(now, -FORGET_SECONDS), lockAt: null });
      await repos.loginFailures.recordFailure(keys.source, { ...base, forgetBefore: addSeconds(now, -FORGET_SECONDS), lockAt: LOCK_AFTER });
      await repos.loginFailures.recordFailure(keys.ip, { ...base, forgetBefore: addSeconds(now, -IP_FORGET_SECONDS), lockAt: null });
      return state(account, ip);
    },

    /** After a success or a password reset: the account's count and every lock on it are forgotten. */
    async clearAccount(account: GuardAccount): Promise<void> {
      const key = accountKey(account);
      await repos.loginFailures.clear([`acct:${key}`]);
      await repos.loginFailures.clearPrefix(`src:${key}@`);
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
