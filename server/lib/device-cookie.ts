// The device cookie: a random id the browser keeps (HttpOnly, SameSite=Strict, 180 days) and sends with every sign-in,
// so that a device an account signed in from before is known to it (services/login-guard.ts). Never readable by the
// page's scripts, never sent to another site; it identifies a browser, not a person, and signs nobody in by itself.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from './crypto.ts';

export const DEVICE_COOKIE = 'hk_device';
const MAX_AGE_SECONDS = 180 * 86400;
const VALUE = /^[A-Za-z0-9_-]{22,64}$/;

/** The value of the request's cookie `name`, as sent (the first of that name), or undefined. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The device id the request's cookie carries, when it is well formed. */
export function deviceCookie(request: FastifyRequest): string | undefined {
  const value = readCookie(request, DEVICE_COOKIE);
  return value !== undefined && VALUE.test(value) ? value : undefined;
}

/** The request's device id, or a new one (`fresh`) that the answer to a successful sign-in hands out. */
export function deviceOf(request: FastifyRequest): { device: string; fresh: boolean } {
  const known = deviceCookie(request);
  return known ? { device: known, fresh: false } : { device: randomToken(18), fresh: true };
}

/** Hands a new device id to the browser (after a successful sign-in only). */
export function giveDeviceCookie(reply: FastifyReply, request: FastifyRequest, client: { device?: string; freshDevice?: boolean }): void {
  if (!client.device || !client.freshDevice) return;
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${DEVICE_COOKIE}=${client.device}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`);
}
