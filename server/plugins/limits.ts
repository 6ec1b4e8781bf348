// Per-IP request ceilings (@fastify/rate-limit) — a general one for every route and stricter ones that
// operations pass to app.operation. The code and sign-in rules themselves are database counters (services).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import Redis from 'ioredis';
import { Breaker, breakerStore } from '../lib/counter-store.ts';
import { tooMany } from '../lib/envelope.ts';

export const GENERAL_LIMIT = { max: 600, timeWindow: 60_000 };

/**
 * The caller's address, whatever token it carries: the ceilings of sign-in, SMS and registration must not grow with the
 * accounts an attacker registers for themselves. Image codes stay per user when signed in (students behind one campus
 * NAT ask for them in forms): a code alone checks no password, and the sign-in ceiling and guard count by address.
 */
const byAddress = (request: FastifyRequest) => `ip:${request.ip}`;

/** Stricter per-IP ceilings for code-sending and sign-in operations. */
export const LIMITS = {
  imageCode: { max: 30, timeWindow: 60_000 },
  smsSend: { max: 10, timeWindow: 60_000, keyGenerator: byAddress },
  signIn: { max: 30, timeWindow: 60_000, keyGenerator: byAddress },
  register: { max: 10, timeWindow: 60_000, keyGenerator: byAddress },
  /** The public check of an issued document: a person checks a few; 20 a minute per address stops walking codes. */
  verify: { max: 20, timeWindow: 60_000, keyGenerator: byAddress },
} as const;

/**
 * With REDIS_URL the counters live in Redis, so several instances share one allowance; without it, in this process
 * (one instance). If Redis stops answering, a circuit breaker (server/lib/counter-store.ts) counts in this process
 * for 30 s at a time instead of waiting on Redis: requests are neither refused nor slowed, one line is logged per
 * outage, and the state is a metric (hukou_rate_limit_redis_up, hukou_rate_limit_redis_breaker_opened_total).
 */
function redisStore(app: FastifyInstance) {
  const url = app.config.redisUrl;
  if (!url) return {};
  // No offline queue: while the connection is down a command fails at once (the breaker then counts locally).
  const redis = new Redis(url, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const breaker = app.counterBreaker;
  // Connection errors are the breaker's to tell (once per outage); ioredis's own 'error' events would be one a retry.
  redis.on('error', (err) => breaker.failed(err));
  redis.on('ready', () => breaker.answered());
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { store: breakerStore(redis, breaker, 'hukou-rl:'), skipOnError: true };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate-limit counters' circuit breaker (Redis, else this process): its state for /metrics. */
    counterBreaker: Breaker;
  }
}

export default fp(async function limitsPlugin(app: FastifyInstance) {
  app.decorate('counterBreaker', new Breaker(app.log));
  await app.register(rateLimit, {
    global: true,
    ...redisStore(app),
    ...GENERAL_LIMIT,
    // Static files of the app are not API traffic. A signed-in caller (identity verified by the auth plugin's
    // onRequest hook, which runs first) has a ceiling of their own, so students behind one campus NAT do not share
    // one; anyone else, including a caller with a junk or expired token, is counted by client address.
    // The test hooks (registered with NODE_ENV=test only) are the tests' own reading of codes, not traffic.
    allowList: (request) => request.url.startsWith('/web/') || request.url.startsWith('/__test__/'),
    keyGenerator: (request) => (request.user ? `u:${request.user.id}` : `ip:${request.ip}`),
    // Every API answer says the caller's ceiling (x-ratelimit-limit, -remaining, -reset), as the document declares
    // (OWASP API4: an integrator can pace itself); a refusal (429) also says when to come back (retry-after).
    errorResponseBuilder: (_request, context) => tooMany('请求过于频繁，请稍后再试', context.ttl / 1000),
  });
});
