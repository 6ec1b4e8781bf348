// Hourly clean-up of expired codes, permits, tickets and sessions (SMS records are kept 2 days for the daily limit).
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../repositories/index.ts';
import { addSeconds, type Clock } from './clock.ts';

const EVERY_MS = 3600_000;

export function createHousekeeping(repos: Repositories, clock: Clock, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    const now = clock.now();
    try {
      await repos.housekeeping.purge(now, addSeconds(now, -2 * 86400), addSeconds(now, -86400));
    } catch (err) {
      log.warn({ err }, 'housekeeping failed');
    }
  };
  return {
    run,
    start() {
      timer = setInterval(() => void run(), EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
