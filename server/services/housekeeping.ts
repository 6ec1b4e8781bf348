// Hourly housekeeping: clean-up of expired codes, permits, tickets and sessions (SMS records are kept 2 days for
// the daily limit), plus the tasks of other services (appointment quotas ahead, borrow reminders, old keys).
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../repositories/index.ts';
import { addSeconds, type Clock } from './clock.ts';

const EVERY_MS = 3600_000;

export interface HousekeepingTask {
  name: string;
  run(): Promise<void>;
}

export function createHousekeeping(repos: Repositories, clock: Clock, log: FastifyBaseLogger, tasks: HousekeepingTask[] = []) {
  let timer: NodeJS.Timeout | undefined;
  const all: HousekeepingTask[] = [
    {
      name: 'purge',
      run: async () => {
        const now = clock.now();
        await repos.housekeeping.purge(now, addSeconds(now, -2 * 86400), addSeconds(now, -86400));
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
  return {
    run,
    /** Runs once now (quotas ahead after a restart), then every hour. */
    start() {
      void run();
      timer = setInterval(() => void run(), EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
