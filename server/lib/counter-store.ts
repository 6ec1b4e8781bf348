// The rate-limit counters' store with a circuit breaker (issue 26): the counters live in Redis (several instances share
// one allowance); when Redis fails, the store stops asking it for a while (COOLDOWN_MS) and counts in this process
// instead, so no request waits on a Redis that is away (it used to wait for the 1 s command timeout, every request).
// After the cooldown one request tries Redis again: it answers, the breaker closes; it fails, another cooldown.
// One log line when the breaker opens and one when it closes, never one per request; its state is a metric.
import type { Redis } from 'ioredis';
// The plugin's own stores (no exports map: its files are its public surface for custom stores).
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;
type Child = Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method: string; url: string } };

export const COOLDOWN_MS = 30_000;

/** The breaker's state, shared by every route's store of one app. */
export class Breaker {
  openUntil = 0;
  /** Times the breaker opened (a metric). */
  opened = 0;
  constructor(
    private readonly log: { warn(obj: object, msg: string): void; info(msg: string): void },
    private readonly now: () => number = Date.now,
    readonly cooldownMs = COOLDOWN_MS,
  ) {}
  /** Counting goes to this process instead of Redis. */
  get open(): boolean {
    return this.now() < this.openUntil;
  }
  failed(err: Error) {
    const wasClosed = this.openUntil === 0;
    this.openUntil = this.now() + this.cooldownMs;
    if (wasClosed) {
      this.opened += 1;
      this.log.warn(
        { err: { message: err.message } },
        `Redis (rate-limit counters) does not answer: counting in this instance for ${this.cooldownMs / 1000} s, then trying again`,
      );
    }
  }
  answered() {
    if (this.openUntil === 0) return;
    this.openUntil = 0;
    this.log.info('Redis (rate-limit counters) answers again: counting there');
  }
}

/** The store class @fastify/rate-limit constructs (`store:`), over one Redis connection and one breaker. */
export function breakerStore(redis: Redis, breaker: Breaker, nameSpace: string): FastifyRateLimitStoreCtor {
  class BreakerStore implements FastifyRateLimitStore {
    private readonly shared;
    private readonly local;
    constructor(
      // The plugin passes its options (global, then each route's): only these two matter to a store.
      params: object,
      private readonly prefix = nameSpace,
    ) {
      const { continueExceeding, exponentialBackoff } = params as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      this.shared = new RedisStore(continueExceeding, exponentialBackoff, redis, prefix);
      this.local = new LocalStore(continueExceeding, exponentialBackoff);
    }
    private use(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      if (breaker.open) return this.local[method](key, cb, timeWindow, max);
      this.shared[method](
        key,
        (err, result) => {
          if (!err) {
            breaker.answered();
            return cb(null, result);
          }
          breaker.failed(err);
          this.local[method](key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.use('incr', key, cb, timeWindow, max);
    }
    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.use('read', key, cb, timeWindow, max);
    }
    child(routeOptions: Child): FastifyRateLimitStore {
      const route = routeOptions.routeInfo ?? { method: '', url: routeOptions.path };
      return new BreakerStore(routeOptions, `${this.prefix}${route.method}${route.url}-`);
    }
  }
  return BreakerStore;
}
