// Bearer-token authentication (header qhyhAuthorization): sha256 lookup, sliding expiry (services/sessions.ts), roles.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/envelope.ts';
import { hashPresentedToken } from '../services/sessions.ts';
import type { SessionUser } from '../lib/session-user.ts';

export interface AuthOptions {
  required: boolean;
  roles?: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest, opts: AuthOptions): Promise<void>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** Set on requests authenticated by a bearer token (so logout can revoke it). */
    tokenHash: string | null;
    /** A bearer token was sent but names no live session (it counts as no token). */
    tokenRejected: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.qhyhauthorization;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

export const FORBIDDEN = '您无权访问该资源';

/** `staff` admits 办理员 and 管理员, `admin` only 管理员, `user` only users (never a staff account). */
const roleAllows = (role: SessionUser['role'], roles: string[]) => roles.includes(role) || (role === 'admin' && roles.includes('staff'));

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);
  app.decorateRequest('tokenRejected', false);

  // Identify first, for every request, before the rate limits: they key on the verified identity (a junk token
  // counts as no token), and authorisation below only reads what was found here.
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const tokenHash = hashPresentedToken(token);
    const user = await app.services.sessions.resolve(tokenHash);
    if (user) {
      request.user = user;
      request.tokenHash = tokenHash;
    } else {
      request.tokenRejected = true;
    }
  });

  app.decorate('authenticate', async function authenticate(request: FastifyRequest, opts: AuthOptions) {
    if (!opts.required) return;
    if (!request.user) throw unauthorized(request.tokenRejected ? '登录已过期，请重新登录' : '请先登录');
    if (opts.roles?.length && !roleAllows(request.user.role, opts.roles)) throw forbidden(FORBIDDEN);
  });
});
