// Small request helpers shared by the routes.
import type { FastifyRequest } from 'fastify';
import { badRequest, unauthorized } from './envelope.ts';
import type { SessionUser } from './session-user.ts';

/** The client's address as the server sees it (behind TRUST_PROXY: the forwarded one); IPv4-mapped IPv6 as IPv4. */
export const clientIp = (request: FastifyRequest) => request.ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/** The signed-in user (operations without `security: []` always have one). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized('请先登录');
  return request.user;
}

export const pageOf = (query: { pageNum?: number; pageSize?: number }) => ({ pageNum: query.pageNum ?? 1, pageSize: query.pageSize ?? 10 });

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A service URL must be on this site (PUBLIC_URL or the request's own origin): no open redirect. */
export function sameSiteService(publicUrl: string, service: string, origin: string): string {
  const refuse = () => badRequest('service 参数不合法', [{ field: 'service', message: 'service 参数不合法' }]);
  let url: URL;
  try {
    url = new URL(service);
  } catch {
    throw refuse();
  }
  if (!['http:', 'https:'].includes(url.protocol) || ![new URL(publicUrl).origin, origin].includes(url.origin)) throw refuse();
  return url.toString();
}
