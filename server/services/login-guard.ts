// Sign-in attempts, counted in the database (shared by all instances) and claimed before the password is checked, so
// that a burst of concurrent attempts checks no more passwords than the rules allow, whatever the image code says:
// - a source (the account from one address, or from one device the account signed in from before) may try 10 times;
//   then it is locked out of that account for 15 minutes, and each further 10 failures lock it twice as long (to a day);
// - attempts from unknown sources share a budget per account: from the 20th within the hour each waits a growing delay
//   (2, 4, 8 … s, up to 5 minutes) before the next may come, from any address;
// - a device the account signed in from before (HttpOnly cookie, trusted_devices) is not held by that budget, nor asked
//   for the image code for others' failures: an outsider can slow the guessing of an account, never keep its owner out.
//   The owner on a new device has password retrieval by SMS, which forgets every count; staff have an admin's unlock;
// - the image code is asked once the account failed 3 times within the hour, or the address 10 times within 15
//   minutes (one address trying many accounts). It is one layer: the limits above hold for a script that solves it.
// A name that is no account is counted by the name, so unknown and known names behave alike.
import { sql, type SQL } from 'drizzle-orm';
import { sha256 } from '../lib/crypto.ts';
import type { LoginFailureRow } from '../repositories/codes.ts';
import type { Repositories } from '../repositories/index.ts';
import { addSeconds, type Clock } from './clock.ts';

export const CAPTCHA_AFTER = 3;
export const IP_CAPTCHA_AFTER = 10;
export const LOCK_AFTER = 10;
export const LOCK_SECONDS = 15 * 60;
export const MAX_LOCK_SECONDS = 24 * 3600;
export const DELAY_AFTER = 20;
export const MAX_DELAY_SECONDS = 300;
/** An account's count idle this long starts over. */
export const FORGET_SECONDS = 3600;
/** A source's count idle this long starts over (longer than its longest lock, so the locks can grow). */
const SOURCE_FORGET_SECONDS = MAX_LOCK_SECONDS + 3600;
/** An address's count idle this long starts over. */
const IP_FORGET_SECONDS = 15 * 60;
/** A device is trusted for an account this long after its last sign-in there. */
export const TRUSTED_DEVICE_DAYS = 180;

/** Who is signing in: an account id, or the typed name when it names no account. */
export type GuardAccount = { id: number } | { name: string };

/** Where the attempt comes from: the address, and the device's cookie value when it sent one. */
export interface GuardSource {
  ip: string;
  device?: string;
}

/** One sign-in attempt, resolved once (guard.attempt): whether its device is known to the account, and its keys. */
export interface GuardAttempt {
  account: GuardAccount;
  source: GuardSource;
  known: boolean;
  keys: { account: string; source: string; ip: string };
}

const accountKey = (a: GuardAccount) => ('id' in a ? `u:${a.id}` : `n:${a.name.trim().toLowerCase().slice(0, 60)}`);

/** Seconds to wait after the n-th failure of an account from unknown sources (0 below DELAY_AFTER): 2, 4, 8 … 300. */
const delaySql = (n: SQL) =>
  sql`case when ${n} >= ${DELAY_AFTER}::int then least(power(2, ${n} - ${DELAY_AFTER - 1}::int), ${MAX_DELAY_SECONDS}::int) else 0 end`;
/** A source's lock: 15 minutes at its 10th failure, twice as long at each further 10th, a day at most. */
const lockSql = (n: SQL) =>
  sql`case when ${n} % ${LOCK_AFTER}::int = 0 then least(${LOCK_SECONDS}::int * power(2, ${n} / ${LOCK_AFTER}::int - 1), ${MAX_LOCK_SECONDS}::int) else 0 end`;
const noLock = () => sql`0`;

/** A locked source is told how long: in whole minutes up to an hour (15 at the first lock), then in hours. */
const lockedMessage = (seconds: number) =>
  seconds > 3600
    ? `登录失败次数过多，请${Math.ceil(seconds / 3600)}小时后再试`
    : `登录失败次数过多，请${Math.ceil(seconds / 60)}分钟后再试`;

/** What a refused attempt is told (the users' and the console's sign-in alike), or null when nothing holds it. */
export const refusalMessage = (state: GuardState): string | null =>
  state.lockedSeconds > 0
    ? lockedMessage(state.lockedSeconds)
    : state.waitSeconds > 0
      ? `登录尝试过于频繁，请${state.waitSeconds}秒后再试`
      : null;

export interface GuardState {
  needCaptcha: boolean;
  /** This source is locked out of this account for so many seconds. */
  lockedSeconds: number;
  /** The account takes no try from an unknown source for so many seconds (growing delay). */
  waitSeconds: number;
}

/** A claimed attempt: may its password be checked, must it carry an image code, and (its fields) what the next meets. */
export interface GuardClaim extends GuardState {
  allowed: boolean;
  /** This attempt needed the image code (for the failures before it). */
  askCaptcha: boolean;
}

export function createLoginGuard(repos: Repositories, clock: Clock) {
  /** Whether the source is a device this account signed in from (only accounts, never a typed name). */
  const trusted = async (account: GuardAccount, source: GuardSource) =>
    'id' in account &&
    !!source.device &&
    repos.trustedDevices.has(sha256(source.device), account.id, addSeconds(clock.now(), -TRUSTED_DEVICE_DAYS * 86400));

  const keysOf = (account: GuardAccount, source: GuardSource, known: boolean) => {
    const acct = accountKey(account);
    return {
      account: `acct:${acct}`,
      source: known ? `dev:${acct}#${sha256(source.device!).slice(0, 32)}` : `src:${acct}@${source.ip}`,
      ip: `ip:${source.ip}`,
    };
  };

  const secondsUntil = (t: Date | null | undefined, now: Date) => (t && t > now ? Math.ceil((t.getTime() - now.getTime()) / 1000) : 0);

  const stateOf = (
    rows: { account?: LoginFailureRow; source?: LoginFailureRow; ip?: LoginFailureRow },
    known: boolean,
    now: Date,
  ): GuardState => {
    const live = (row: LoginFailureRow | undefined, forget: number) =>
      row && row.lastFailureAt >= addSeconds(now, -forget) ? row : undefined;
    const acct = known ? undefined : live(rows.account, FORGET_SECONDS);
    const source = live(rows.source, SOURCE_FORGET_SECONDS);
    const address = live(rows.ip, IP_FORGET_SECONDS);
    // A known device answers for its own failures only; an unknown source for the account's and the address's.
    const failures = known ? (source?.count ?? 0) : (acct?.count ?? 0);
    return {
      needCaptcha: failures >= CAPTCHA_AFTER || (!known && (address?.count ?? 0) >= IP_CAPTCHA_AFTER),
      lockedSeconds: secondsUntil(rows.source?.lockedUntil, now),
      waitSeconds: known ? 0 : secondsUntil(rows.account?.lockedUntil, now),
    };
  };

  return {
    /** Resolves an attempt once: is its device known to the account (one look-up), and which counters are its own. */
    async attempt(account: GuardAccount, source: GuardSource): Promise<GuardAttempt> {
      const known = await trusted(account, source);
      return { account, source, known, keys: keysOf(account, source, known) };
    },

    /** What the attempt would meet now (read only: the claim decides). */
    async state({ keys, known }: GuardAttempt): Promise<GuardState> {
      const rows = await repos.loginFailures.get([keys.account, keys.source, keys.ip]);
      const find = (key: string) => rows.find((r) => r.key === key);
      return stateOf({ account: find(keys.account), source: find(keys.source), ip: find(keys.ip) }, known, clock.now());
    },

    /**
     * Claims the attempt before its password is checked: counted as a failure at once, given back only by a success.
     * Not allowed when the source is locked or the account's delay has not run out (then nothing more is counted).
     */
    async claim({ keys, known }: GuardAttempt): Promise<GuardClaim> {
      const now = clock.now();
      const claim = (key: string, forgetSeconds: number, lockFor: (n: SQL) => SQL) =>
        repos.loginFailures.claim(key, { now, forgetBefore: addSeconds(now, -forgetSeconds), lockFor });
      const refused = async () => {
        const rows = await repos.loginFailures.get([keys.account, keys.source]);
        return {
          allowed: false,
          askCaptcha: true,
          ...stateOf({ account: rows.find((r) => r.key === keys.account), source: rows.find((r) => r.key === keys.source) }, known, now),
        };
      };
      const src = await claim(keys.source, SOURCE_FORGET_SECONDS, lockSql);
      if (!src) return refused();
      const acct = known ? undefined : await claim(keys.account, FORGET_SECONDS, delaySql);
      if (acct === null) return refused();
      const ip = (await claim(keys.ip, IP_FORGET_SECONDS, noLock)) ?? undefined;
      // The image code is asked for the failures before this one.
      const before = (row: LoginFailureRow | undefined) => (row ? { ...row, count: row.count - 1 } : undefined);
      const asked = stateOf({ account: before(acct), source: before(src), ip: before(ip) }, known, now);
      return { allowed: true, askCaptcha: asked.needCaptcha, ...stateOf({ account: acct, source: src, ip }, known, now) };
    },

    /**
     * A right password: this source's count ends and the device becomes known to the account. From a known device
     * that is all (the owner's sign-in never hands an outsider a fresh budget); from an unknown source the account's
     * count ends too, unless it is under attack (at its delay).
     */
    async succeeded({ keys, known, source }: GuardAttempt, userId: number): Promise<void> {
      const now = clock.now();
      const [acct] = known ? [] : await repos.loginFailures.get([keys.account]);
      const underAttack = acct && acct.lastFailureAt >= addSeconds(now, -FORGET_SECONDS) && acct.count >= DELAY_AFTER;
      await repos.loginFailures.clear(known || underAttack ? [keys.source] : [keys.source, keys.account]);
      // The address's claim was no failure: given back, so many people signing in behind one NAT are never asked for
      // an image code for their successes.
      await repos.loginFailures.giveBack(keys.ip, 2_147_483_647);
      if (source.device) await repos.trustedDevices.remember(sha256(source.device), userId, now);
    },

    /** After a password reset or an administrator's unlock: the account's counts and every lock on it are forgotten. */
    async clearAccount(account: GuardAccount): Promise<void> {
      const key = accountKey(account);
      await repos.loginFailures.clear([`acct:${key}`]);
      await repos.loginFailures.clearPrefix(`src:${key}@`);
      await repos.loginFailures.clearPrefix(`dev:${key}#`);
    },

    /** Failures from unknown sources within the hour, per account (for the console's list of staff accounts). */
    async failuresOf(userIds: number[]): Promise<Map<number, number>> {
      const since = addSeconds(clock.now(), -FORGET_SECONDS);
      const rows = await repos.loginFailures.get(userIds.map((id) => `acct:u:${id}`));
      return new Map(
        rows.filter((r) => r.lastFailureAt >= since && r.count > 0).map((r) => [Number(r.key.slice('acct:u:'.length)), r.count]),
      );
    },

    /** A new password: the devices that signed in before are strangers again. */
    async forgetDevices(userId: number): Promise<void> {
      await repos.trustedDevices.forgetUser(userId);
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
