// Per-IP request ceilings (@fastify/rate-limit) — a general one for every route and stricter ones that
// operations pass to app.operation. The code and sign-in rules themselves are database counters (services).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import Redis from 'ioredis';
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
} as const;

/**
 * With REDIS_URL the counters live in Redis, so several instances share one allowance; without it, in this process
 * (one instance). If Redis stops answering, requests are served uncounted (skipOnError) and the error is logged,
 * rather than the site going down with it.
 */
function redisStore(app: FastifyInstance) {
  const url = app.config.redisUrl;
  if (!url) return {};
  const redis = new Redis(url, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1 });
  let last = 0;
  redis.on('error', (err) => {
    // One line a minute at most while Redis is away.
    if (Date.now() - last > 60_000) app.log.error({ err: { message: err.message } }, 'Redis (rate-limit counters) does not answer');
    last = Date.now();
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: 'hukou-rl:', skipOnError: true };
}

export default fp(async function limitsPlugin(app: FastifyInstance) {
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
