// Per-IP request ceilings (@fastify/rate-limit) — a general one for every route and stricter ones that
// operations pass to app.operation. The code and sign-in rules themselves are database counters (services).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import { AppError } from '../lib/envelope.ts';

export const GENERAL_LIMIT = { max: 600, timeWindow: 60_000 };

/** Stricter per-IP ceilings for code-sending and sign-in operations. */
export const LIMITS = {
  imageCode: { max: 30, timeWindow: 60_000 },
  smsSend: { max: 10, timeWindow: 60_000 },
  signIn: { max: 30, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60_000 },
} as const;

export default fp(async function limitsPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: true,
    ...GENERAL_LIMIT,
    // Static files of the app are not API traffic; a signed-in caller has a ceiling of their own, so students
    // behind one campus NAT do not share one (the key is a hash: tokens are never kept in clear).
    allowList: (request) => request.url.startsWith('/web/'),
    keyGenerator: (request) => {
      const auth = request.headers.qhyhauthorization;
      const token = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : '';
      return token ? `t:${createHash('sha256').update(token).digest('hex').slice(0, 32)}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(429, '请求过于频繁，请稍后再试', { headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) } }),
  });
});
