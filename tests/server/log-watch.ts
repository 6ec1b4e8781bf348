// Every server test app logs at the most verbose level into memory; the secrets its traffic carried (passwords,
// tokens, tickets, SMS codes, ID numbers and phones sent or seen, password hashes and salts in the database) are
// remembered, and when the app closes the captured log is scanned for any of them. So the whole server suite's
// traffic proves that no log line, at any level, holds personal data or a secret.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { isValidIdNumber } from '../../server/lib/id-number.ts';
import { demoAccounts, demoPassword } from '../../server/db/seed-data/index.ts';

const SECRET_KEY = /password|smscode|token|ticket|sfzjh|^phone$|^sjhm$|^lxdh$|^code$/i;
const ID_LIKE = /\d{17}[0-9Xx]/g;
const PHONE_LIKE = /(?<![0-9A-Za-z.])1[3-9]\d{9}(?![0-9A-Za-z.])/g;

export class LogWatch {
  readonly lines: string[] = [];
  private readonly secrets = new Map<string, string>();
  readonly stream: Writable;

  constructor(tee?: NodeJS.WritableStream) {
    this.stream = new Writable({
      write: (chunk, _enc, done) => {
        this.lines.push(String(chunk));
        if (tee) tee.write(chunk, () => done());
        else done();
      },
    });
    this.remember('demo password', demoPassword);
    for (const a of demoAccounts) {
      this.remember('phone', a.phone);
      if (a.sfzjh) this.remember('ID number', a.sfzjh);
    }
  }

  remember(kind: string, value: unknown) {
    if (typeof value !== 'string') return;
    const v = value.trim();
    // Short values (4-letter image codes, "0") would match by chance; 6-digit SMS codes are matched as whole numbers.
    // Masked values (1101**********1234, 138****8001) are what the logs may show.
    if (v.length >= 6 && !v.includes('*')) this.secrets.set(v, kind);
  }

  /** Remembers the secrets of a request and its answer. */
  observe(opts: InjectOptions, res: LightMyRequestResponse) {
    const walk = (value: unknown, key = '') => {
      if (typeof value === 'string') {
        // A `code` is a secret when it is an SMS code (digits); service codes (kinds: { code: 'hjzmkj' }) are public.
        if (SECRET_KEY.test(key) && !(key === 'code' && !/^\d+$/.test(value))) this.remember(key, value);
      } else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
    };
    if (opts.payload && typeof opts.payload === 'object' && !Buffer.isBuffer(opts.payload)) walk(opts.payload);
    if (typeof opts.payload === 'string' && opts.payload.startsWith('{')) {
      try {
        walk(JSON.parse(opts.payload));
      } catch {
        // not JSON: nothing to remember
      }
    }
    const auth = (opts.headers as Record<string, unknown> | undefined)?.qhyhAuthorization;
    if (typeof auth === 'string') this.remember('token', auth.replace(/^Bearer\s+/i, ''));
    if (String(res.headers['content-type'] ?? '').includes('json')) {
      try {
        const body = res.json();
        walk(body);
        // validateTicket answers the token as data; test hooks answer SMS codes as data.code.
        if (typeof body?.data === 'string' && body.data.length >= 32) this.remember('token', body.data);
        if (typeof body?.data?.code === 'string' && /^\d{6}$/.test(body.data.code)) this.remember('SMS code', body.data.code);
        // Signed links (vouchers) carry their secret in ?t=.
        const link = typeof body?.data?.url === 'string' ? /[?&]t=([^&]+)/.exec(body.data.url) : null;
        if (link) this.remember('signed link', link[1]);
      } catch {
        // not JSON after all
      }
    }
  }

  /** The password hashes and salts the database holds now. */
  async rememberStoredHashes(app: FastifyInstance) {
    const result = (await app.db.execute(
      sql`select password_hash, password_salt from users where password_hash is not null`,
    )) as unknown as { rows: { password_hash: string; password_salt: string }[] } | { password_hash: string; password_salt: string }[];
    const rows = Array.isArray(result) ? result : result.rows;
    for (const r of rows) {
      this.remember('password hash', r.password_hash);
      this.remember('password salt', r.password_salt);
    }
  }

  /** What the log holds that it must not: one line per finding. */
  leaks(): string[] {
    const log = this.lines.join('');
    const found: string[] = [];
    for (const [value, kind] of this.secrets) {
      // A number is matched whole, and not as the fraction of another: request lines carry responseTime in ms with
      // microseconds (150.956632), whose six decimals can equal a 6-digit SMS code: the likely cause of a CI failure of
      // register.test.ts whose finding was cut from the output (15 local runs passed).
      const hit = /^\d+$/.test(value) ? new RegExp(`(?<![\\d.])${value}(?![\\d.])`).test(log) : log.includes(value);
      if (hit) {
        const line = this.lines.find((l) => l.includes(value)) ?? '';
        found.push(`${kind} "${value.slice(0, 3)}…" is in the log: ${line.replaceAll(value, '<here>').slice(0, 300)}`);
      }
    }
    for (const m of log.match(ID_LIKE) ?? [])
      if (isValidIdNumber(m.toUpperCase())) found.push(`an ID number "${m.slice(0, 4)}…" is in the log`);
    for (const m of log.match(PHONE_LIKE) ?? []) found.push(`a phone number "${m.slice(0, 3)}…" is in the log`);
    return [...new Set(found)];
  }
}
