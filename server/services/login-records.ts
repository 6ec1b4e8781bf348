// 登录日志: every sign-in of a user (password, unified sign-on, registration) or staff member, and every refusal with
// the message the person saw. Written after the outcome and never in its way: a record that cannot be written is
// logged, and the sign-in answers as it would have.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { AppError } from '../lib/envelope.ts';
import { maskIdNumber, maskPhone } from '../lib/masks.ts';
import { clientIp } from '../lib/request.ts';
import { deviceOf } from '../lib/device-cookie.ts';
import type { Repositories } from '../repositories/index.ts';
import type { Realm } from '../repositories/login-records.ts';
import type { Clock } from './clock.ts';

/** Records are kept this long (housekeeping deletes older ones). */
export const LOGIN_RECORD_DAYS = 180;

/** Where a sign-in came from. */
export interface SignInClient {
  ip: string;
  userAgent?: string;
  /** The device cookie's id (lib/device-cookie.ts); `freshDevice` when the browser had none and gets it on success. */
  device?: string;
  freshDevice?: boolean;
}

export const signInClient = (request: FastifyRequest): SignInClient => {
  const { device, fresh } = deviceOf(request);
  return { ip: clientIp(request), userAgent: request.headers['user-agent']?.slice(0, 200), device, freshDevice: fresh };
};

/** A name typed that matched no account: phone and ID numbers masked like everywhere, anything else all but its ends. */
export function maskAttemptedName(name: string): string {
  const trimmed = name.trim().slice(0, 40);
  if (/^1\d{10}$/.test(trimmed)) return maskPhone(trimmed)!;
  if (/^\d{17}[\dXx]$/.test(trimmed)) return maskIdNumber(trimmed)!;
  if (trimmed.length <= 2) return '*'.repeat(trimmed.length);
  return `${trimmed[0]}${'*'.repeat(Math.min(trimmed.length - 2, 8))}${trimmed.at(-1)}`;
}

export interface SignInAttempt {
  realm: Realm;
  method: 'password' | 'cas' | 'register';
  client: SignInClient;
  /** The account, when the name matched one. */
  userId?: number | null;
  /** The name typed (masked before it is stored), when it matched no account. */
  typed?: string;
}

export function createLoginRecorder(repos: Repositories, clock: Clock, log: FastifyBaseLogger) {
  const write = async (attempt: SignInAttempt, success: boolean, reason: string | null) => {
    try {
      await repos.loginRecords.add({
        at: clock.now(),
        realm: attempt.realm,
        method: attempt.method,
        userId: attempt.userId ?? null,
        attemptedName: attempt.userId ? null : attempt.typed ? maskAttemptedName(attempt.typed) : null,
        success,
        reason: reason?.slice(0, 100) ?? null,
        ip: attempt.client.ip.slice(0, 64),
        userAgent: attempt.client.userAgent ?? null,
      });
    } catch (err) {
      log.warn({ err }, 'sign-in record not written');
    }
  };

  return {
    /**
     * Runs a sign-in and records its outcome: success, or the refusal's message (a business or validation refusal;
     * a server fault is not a refusal of the person and is not recorded). `attempt` is read after the run, so the
     * sign-in can fill in the account it found.
     */
    async around<T>(attempt: SignInAttempt, run: () => Promise<T>): Promise<T> {
      try {
        const result = await run();
        await write(attempt, true, null);
        return result;
      } catch (err) {
        if (err instanceof AppError) await write(attempt, false, err.message);
        throw err;
      }
    },
  };
}

export type LoginRecorder = ReturnType<typeof createLoginRecorder>;
