// CAS single sign-on: serviceValidate against CAS_BASE_URL, or — without it and outside production — a small
// development CAS on this server (/cas/login, /cas/serviceValidate) whose tickets live in the database.
import type { FastifyBaseLogger } from 'fastify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { randomToken, sha256 } from '../lib/crypto.ts';
import type { Repositories } from '../repositories/index.ts';
import type { CasIdentity } from './auth.ts';
import { addSeconds, type Clock } from './clock.ts';

export const DEV_CAS_PATH = '/cas';
const TICKET_SECONDS = 300;

/** The app's own route that CAS returns to with the ticket (under the router base /web). */
export const CAS_CALLBACK_PATH = '/web/my';

/**
 * The service this server asks tickets for and validates them against: its own callback on `origin` (PUBLIC_URL, or
 * for the development CAS the request's own origin), plus the app's return path. Never a URL from the request: a
 * ticket the campus CAS issued for another application is then refused by CAS itself (INVALID_SERVICE).
 */
export function casService(origin: string, next?: string): string {
  // `next` is a route of the app, checked by the document's pattern (parameter CasNext) before it arrives here.
  const base = `${origin}${CAS_CALLBACK_PATH}`;
  return next && next !== '/my' ? `${base}?next=${encodeURIComponent(next)}` : base;
}

export interface CasClient {
  /** Where the browser goes to sign in (`service` is already checked to be on this site). */
  loginUrl(service: string): string;
  /**
   * The identity behind a ticket, or null when the ticket is invalid, used or for another service. `services` are this
   * server's own callbacks: an external CAS is asked with the first (PUBLIC_URL's); the development CAS, which serves
   * this very site, takes a ticket issued for any of them (PUBLIC_URL or the request's origin).
   */
  validate(ticket: string, services: string[]): Promise<CasIdentity | null>;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A serviceValidate answer: the identity, or CAS's failure code (INVALID_TICKET, INVALID_SERVICE…, or MALFORMED). */
export type ServiceAnswer = { identity: CasIdentity } | { failure: string };

// fast-xml-parser: namespace prefixes dropped (a CAS may bind its namespace to any prefix), every element an array
// (an attribute may repeat), values kept as text (a number stays as written), the five XML entities decoded.
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: false,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

type Node = { [name: string]: Node[] | string | undefined; '#text'?: string };
const first = (node: Node | undefined, name: string): Node | undefined => (node?.[name] as Node[] | undefined)?.[0];
const text = (node: Node | string | undefined): string =>
  (typeof node === 'string' ? node : typeof node?.['#text'] === 'string' ? node['#text'] : '').trim();

/**
 * Reads a CAS 2.0/3.0 serviceValidate (or p3/serviceValidate) answer. Attributes come as `<cas:name>value</cas:name>`
 * (CAS 3.0) or `<cas:attribute name="…" value="…"/>` (older Jasig servers); a repeated attribute keeps its first value.
 * Proxy elements (proxyGrantingTicket, proxies) are read past. A document type declaration is refused unread: a CAS
 * answer never has one, and it is how entity expansion attacks arrive.
 */
export function readServiceResponse(xml: string): ServiceAnswer {
  if (/<!DOCTYPE/i.test(xml) || XMLValidator.validate(xml) !== true) return { failure: 'MALFORMED' };
  const response = first(parser.parse(xml) as Node, 'serviceResponse');
  const failure = first(response, 'authenticationFailure');
  if (failure) return { failure: (typeof failure.code === 'string' && failure.code) || 'UNKNOWN' };
  const success = first(response, 'authenticationSuccess');
  const uid = text(first(success, 'user'));
  if (!success || !uid) return { failure: 'MALFORMED' };
  const attributes: Record<string, string> = {};
  const block = first(success, 'attributes');
  for (const [name, values] of Object.entries(block ?? {})) {
    if (!Array.isArray(values)) continue;
    if (name === 'attribute') {
      for (const a of values) if (typeof a.name === 'string' && !(a.name in attributes)) attributes[a.name] = String(a.value ?? '');
    } else attributes[name] = text(values[0]);
  }
  return { identity: { uid, attributes } };
}

/** The identity of a serviceValidate answer, or null on any failure. */
export function parseServiceResponse(xml: string): CasIdentity | null {
  const answer = readServiceResponse(xml);
  return 'identity' in answer ? answer.identity : null;
}

export function serviceResponseXml(identity: CasIdentity | null, ticket: string): string {
  if (!identity) {
    return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n  <cas:authenticationFailure code="INVALID_TICKET">Ticket ${escapeXml(ticket)} not recognized</cas:authenticationFailure>\n</cas:serviceResponse>\n`;
  }
  const attributes = Object.entries(identity.attributes)
    .map(([k, v]) => `      <cas:${k}>${escapeXml(v)}</cas:${k}>`)
    .join('\n');
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n  <cas:authenticationSuccess>\n    <cas:user>${escapeXml(identity.uid)}</cas:user>\n    <cas:attributes>\n${attributes}\n    </cas:attributes>\n  </cas:authenticationSuccess>\n</cas:serviceResponse>\n`;
}

export function httpCasClient(baseUrl: string, log: FastifyBaseLogger): CasClient {
  return {
    loginUrl: (service) => `${baseUrl}/login?service=${encodeURIComponent(service)}`,
    async validate(ticket, [service]) {
      const url = `${baseUrl}/serviceValidate?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service!)}`;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        if (!response.ok) {
          log.warn({ status: response.status }, 'CAS serviceValidate failed');
          return null;
        }
        const answer = readServiceResponse(await response.text());
        if ('failure' in answer) {
          // INVALID_SERVICE says the CAS does not know this service (PUBLIC_URL): worth an operator's look.
          log.warn({ code: answer.failure }, 'CAS refused the ticket');
          return null;
        }
        return answer.identity;
      } catch (err) {
        log.warn({ err }, 'CAS serviceValidate unreachable');
        return null;
      }
    },
  };
}

/** The development CAS: tickets are issued by the /cas/login form and checked in-process. */
export function devCasClient(repos: Repositories, clock: Clock) {
  return {
    loginUrl: (service: string) => `${new URL(service).origin}${DEV_CAS_PATH}/login?service=${encodeURIComponent(service)}`,

    async issueTicket(identity: CasIdentity, service: string): Promise<string> {
      const ticket = `ST-${randomToken(24)}`;
      const now = clock.now();
      await repos.casTickets.create({
        ticketHash: sha256(ticket),
        uid: identity.uid,
        attributes: identity.attributes,
        service,
        expiresAt: addSeconds(now, TICKET_SECONDS),
        createdAt: now,
      });
      return ticket;
    },

    async validate(ticket: string, services: string[]): Promise<CasIdentity | null> {
      const now = clock.now();
      const row = await repos.casTickets.consume(sha256(ticket), now);
      if (!row || row.expiresAt <= now || !services.includes(row.service)) return null;
      return { uid: row.uid, attributes: row.attributes as Record<string, string> };
    },
  } satisfies CasClient & Record<string, unknown>;
}

export type DevCasClient = ReturnType<typeof devCasClient>;
