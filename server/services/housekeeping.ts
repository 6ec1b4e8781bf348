// Hourly housekeeping: clean-up of expired codes, permits, tickets and sessions (SMS records are kept 2 days for
// the daily limit), plus the tasks of other services (appointment quotas ahead, borrow reminders, old keys).
// Every instance keeps the timer; each hour one of them claims the run (a row in settings, repos.housekeeping.claimJob),
// so several instances behind a proxy remind a borrower once, not once per instance.
import { LOGIN_RECORD_DAYS } from './login-records.ts';
import { TRUSTED_DEVICE_DAYS } from './login-guard.ts';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../repositories/index.ts';
import { addSeconds, type Clock } from './clock.ts';

const EVERY_MS = 3600_000;
/** A claim older than this lets the next timer run: a little under the hour, so timers that drift never skip one. */
const CLAIM_MS = 55 * 60_000;

export interface HousekeepingTask {
  name: string;
  run(): Promise<void>;
}

export function createHousekeeping(repos: Repositories, clock: Clock, log: FastifyBaseLogger, tasks: HousekeepingTask[] = []) {
  let timer: NodeJS.Timeout | undefined;
  const instance = randomUUID();
  const all: HousekeepingTask[] = [
    {
      name: 'purge',
      run: async () => {
        const now = clock.now();
        await repos.housekeeping.purge(now, addSeconds(now, -2 * 86400), addSeconds(now, -86400));
        await repos.loginRecords.purgeBefore(addSeconds(now, -LOGIN_RECORD_DAYS * 86400));
        await repos.trustedDevices.purgeBefore(addSeconds(now, -TRUSTED_DEVICE_DAYS * 86400));
      },
    },
    ...tasks,
  ];
  /** Every task runs, whatever another one did. */
  const run = async () => {
    for (const task of all) {
      try {
        await task.run();
      } catch (err) {
        log.warn({ err, task: task.name }, 'housekeeping task failed');
      }
    }
  };
  /** Runs the tasks when this instance wins the hour's claim; false when another instance has the hour. */
  const runIfDue = async (): Promise<boolean> => {
    const now = clock.now();
    let claimed: boolean;
    try {
      claimed = await repos.housekeeping.claimJob('housekeeping', now, new Date(now.getTime() - CLAIM_MS), instance);
    } catch (err) {
      log.warn({ err }, 'housekeeping could not claim its run');
      return false;
    }
    if (claimed) await run();
    return claimed;
  };
  return {
    /** Every task now, unconditionally (tests, and an operator's one-off). */
    run,
    runIfDue,
    /** Claims a run now (quotas ahead after a first start), then every hour. */
    start() {
      void runIfDue();
      timer = setInterval(() => void runIfDue(), EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
