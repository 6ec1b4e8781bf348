// The stores @fastify/rate-limit ships (store/*.js, CommonJS without types), as server/lib/counter-store.ts uses them.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  const LocalStore: new (
    continueExceeding?: boolean,
    exponentialBackoff?: boolean,
    cache?: number,
  ) => FastifyRateLimitStore & {
    read(key: string, cb: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void;
  };
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';
  const RedisStore: new (
    continueExceeding: boolean | undefined,
    exponentialBackoff: boolean | undefined,
    redis: Redis,
    key?: string,
  ) => FastifyRateLimitStore & {
    read(key: string, cb: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void;
  };
  export default RedisStore;
}
