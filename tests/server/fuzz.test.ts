// Fuzz: fast-check drives schema-derived good and bad inputs to every operation of the document, signed in as the
// right kind of caller, and fails on any 5xx or any answer that breaks the document (the test app turns a contract
// violation into a 500 and records it). Valid values and their boundaries, values one past a bound, 2^31 and 1e20,
// huge text, NUL bytes, lone surrogates, wrong types, missing required fields, unknown fields and broken JSON; a few
// crafted files for the multipart uploads. Deterministic (FUZZ_SEED, default below) and bounded (FUZZ_RUNS per
// operation and caller). Prints how many requests went to how many operations.
import { Writable } from 'node:stream';
import { deflateSync, crc32 } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dereference, type OperationDef } from '../../server/lib/openapi-doc.ts';
import { createTestApp, demo, nextIp, type TestApp } from './helpers.ts';
import { createUser, PNG } from './service-helpers.ts';
import {
  DROP,
  hostileArb,
  percentEncode,
  placesOf,
  probesOf,
  replaceAt,
  setAt,
  validArb,
  wireText,
  type Hints,
  type Schema,
} from './fuzz-arbitraries.ts';
import { idNumberCheckDigit } from '../../server/domain/id-number.ts';
import { dictItems } from '../../server/db/schema.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20260808);
const RUNS = Number(process.env.FUZZ_RUNS ?? 14);
/** FUZZ_VERBOSE=1 prints every 5xx, not only the first of each operation. */
const VERBOSE = process.env.FUZZ_VERBOSE === '1';

type Caller = 'none' | 'user' | 'staff' | 'admin';

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was done to the valid input, for the failure report. */
  note: string;
  /** The demo account (index) a user request is made as; -1 for the operation's fresh user. */
  who: number;
}

const short = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

/** Header parameters (Idempotency-Key) of an operation, from the raw document. */
function headerParams(t: TestApp, op: OperationDef): Schema[] {
  const raw = t.app.openapi.raw as Schema;
  const item = dereference(raw, (raw.paths as Schema)[op.path]) as Schema;
  const own = ((item[op.method.toLowerCase()] as Schema).parameters ?? []) as Schema[];
  return [...((item.parameters ?? []) as Schema[]), ...own].filter((p) => p.in === 'header');
}

// ---------------------------------------------------------------------------------------------------------------
// Meaningful values, so that valid requests get past the handlers' own checks and reach the database.

/** The codes most dictionaries use (reasons, types, pickup options, marital and education codes…). */
const COMMON_CODES = ['0', '1', '2', '3', '4', '9', '10', '11', '20', '21', '30', '101'];
const idNumberArb = fc
  .tuple(fc.constantFrom('110108', '310101', '440305'), fc.integer({ min: 0, max: 12_000 }), fc.integer({ min: 1, max: 999 }))
  .map(([region, days, seq]) => {
    const d = new Date(Date.UTC(1975, 0, 1) + days * 86_400_000);
    const first17 = `${region}${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}${String(seq).padStart(3, '0')}`;
    return first17 + idNumberCheckDigit(first17);
  });

/** The dictionary a code field takes its values from, by field name (the handlers check them against it). */
const FIELD_DICTIONARY: Record<string, string[]> = {
  bghyzkm: ['gb_hyzk'],
  hyzkm: ['gb_hyzk'],
  bgxlm: ['gb_xl'],
  xlm: ['gb_xl'],
  xbm: ['gb_xb'],
  mzm: ['gb_mz'],
  yhzgx: ['qh_yhzgx'],
  blyy: ['qh_identity_reason'],
  jyyy: ['qh_hkk_reason'],
  lqfs: ['qh_hkk_kd'],
  kdfs: ['qh_hjzm_kd'],
  zmlx: ['qh_hjzm_type'],
  bslx: ['qh_qtbs_type'],
  bllx: ['qh_zm_reason_c', 'qh_zm_reason_n', 'qh_zxhk_reason'],
  qcyy: ['qh_qc_reason'],
  blfs: ['qh_sfz_blfs'],
  channel: ['qh_sfz_blfs'],
  dwh: ['dw_rsYx', 'dw_jwYx'],
  rylb: ['qh_rylb'],
};
const DIVISIONS = ['110108', '110101', '310101', '440305'];

function hintsFor(fileIds: string[], dictionaries: Map<string, string[]>): Hints {
  return (name, s) => {
    if (s.type !== 'string' || Array.isArray(s.enum)) return undefined;
    if (/sfzjh$/i.test(name)) return idNumberArb;
    if (name === 'fileId' && fileIds.length) return fc.constantFrom(...fileIds);
    if ((name === 'code' && !s.pattern) || s.pattern === '^[0-9]{6}$') return fc.constantFrom(...DIVISIONS);
    const known = (FIELD_DICTIONARY[name] ?? []).flatMap((type) => dictionaries.get(type) ?? []);
    if (known.length) return fc.constantFrom(...known);
    const maxLength = typeof s.maxLength === 'number' ? s.maxLength : 99;
    if (!s.pattern && !s.format && maxLength <= 10) return fc.constantFrom(...COMMON_CODES.filter((c) => c.length <= maxLength));
    return undefined;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Crafted files for the multipart uploads.

function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Upload {
  label: string;
  parts: { name: string; filename?: string; type?: string; content: Buffer }[];
  contentType?: string;
  truncate?: boolean;
}

async function craftedUploads(): Promise<Upload[]> {
  const jpeg = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  const file = (content: Buffer, filename = 'scan.png', type = 'image/png', name = 'file') => ({ name, filename, type, content });
  return [
    { label: 'a small PNG', parts: [file(PNG)] },
    { label: 'a small JPEG', parts: [file(jpeg, '照片.jpg', 'image/jpeg')] },
    { label: 'a minimal PDF', parts: [file(pdf, 'a.pdf', 'application/pdf')] },
    { label: 'a PNG declaring 60000x60000', parts: [file(pngHeaderOnly(60000, 60000))] },
    { label: 'a PNG declaring 2^31-1 a side', parts: [file(pngHeaderOnly(0x7fffffff, 0x7fffffff))] },
    { label: 'a truncated PNG', parts: [file(PNG.subarray(0, 40))] },
    { label: 'a truncated JPEG', parts: [file(jpeg.subarray(0, jpeg.length >> 1), 'a.jpg', 'image/jpeg')] },
    { label: 'garbage named .png', parts: [file(Buffer.from('not an image at all'))] },
    { label: 'an SVG named .png', parts: [file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))] },
    { label: 'an empty file', parts: [file(Buffer.alloc(0))] },
    { label: 'a file name with NUL', parts: [file(PNG, 'a\u0000b.png')] },
    { label: 'a file name with a lone surrogate', parts: [file(PNG, 'a\ud800.png')] },
    { label: 'a field name with NUL', parts: [file(PNG, 'scan.png', 'image/png', 'fi\u0000le')] },
    { label: 'a text field with NUL', parts: [{ name: 'note', content: Buffer.from('a\u0000b') }, file(PNG)] },
    { label: 'a text field name with NUL', parts: [{ name: 'no\u0000te', content: Buffer.from('x') }, file(PNG)] },
    { label: 'a 5000-character file name', parts: [file(PNG, `${'名'.repeat(5000)}.png`)] },
    { label: 'a path as file name', parts: [file(PNG, '../../../etc/passwd.png')] },
    { label: 'a file name of dots', parts: [file(PNG, '..')] },
    { label: 'an empty file name', parts: [file(PNG, '')] },
    { label: 'a wrong field name', parts: [file(PNG, 'scan.png', 'image/png', 'upload')] },
    { label: 'two files', parts: [file(PNG), file(jpeg, 'b.jpg', 'image/jpeg')] },
    { label: 'no file, a field only', parts: [{ name: 'file', content: Buffer.from('text') }] },
    { label: 'no parts', parts: [] },
    { label: 'a truncated body', parts: [file(PNG)], truncate: true },
    { label: 'multipart without a boundary', parts: [file(PNG)], contentType: 'multipart/form-data' },
    { label: 'JSON instead of multipart', parts: [], contentType: 'application/json' },
  ];
}

function multipartBody(upload: Upload): { contentType: string; payload: Buffer } {
  const boundary = '----fuzzBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of upload.parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
        'utf8',
      ),
    );
    chunks.push(part.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (upload.truncate) payload = payload.subarray(0, payload.length - 20);
  if (upload.contentType === 'application/json') return { contentType: 'application/json', payload: Buffer.from('{"file":"x"}') };
  return { contentType: upload.contentType ?? `multipart/form-data; boundary=${boundary}`, payload };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests of an operation.

/** Bodies that are not what any operation takes. */
const RAW_BODIES: { label: string; payload: string | Buffer; type: string }[] = [
  { label: 'not JSON', payload: 'not json', type: 'application/json' },
  { label: 'cut JSON', payload: '{"a":', type: 'application/json' },
  { label: 'a JSON array', payload: '[]', type: 'application/json' },
  { label: 'JSON null', payload: 'null', type: 'application/json' },
  { label: 'a JSON string', payload: '"text"', type: 'application/json' },
  { label: 'a JSON number', payload: '2147483648', type: 'application/json' },
  { label: '__proto__', payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
  { label: 'deep nesting', payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' },
  {
    label: 'invalid UTF-8',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
    type: 'application/json',
  },
  { label: 'a NUL key', payload: '{"a\\u0000":1}', type: 'application/json' },
  { label: 'form encoding', payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { label: 'plain text', payload: 'hello', type: 'text/plain' },
];

function buildUrl(op: OperationDef, params: unknown, query: unknown): string {
  const p = (params ?? {}) as Schema;
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => percentEncode(wireText(p[name]).slice(0, 4000)));
  const q = (query ?? {}) as Schema;
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) pairs.push(`${percentEncode(k)}=${percentEncode(wireText(item).slice(0, 8000))}`);
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

function requestArb(op: OperationDef, headers: Schema[], uploads: Upload[], users: number, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const parts: Record<'params' | 'query' | 'body', Schema | undefined> = {
    params: op.params,
    query: op.querystring,
    body: op.multipart ? undefined : op.jsonBody,
  };
  const present = (Object.keys(parts) as (keyof typeof parts)[]).filter((k) => parts[k]);
  const valid = fc.record({
    params: parts.params ? validArb(parts.params, 0, hints) : fc.constant(undefined),
    query: parts.query ? validArb(parts.query, 0, hints) : fc.constant(undefined),
    body: parts.body ? validArb(parts.body, 0, hints) : fc.constant(undefined),
  });
  const idem = headers.find((h) => String(h.name).toLowerCase() === 'idempotency-key');
  const headerArb = idem
    ? fc.oneof(
        { arbitrary: fc.constant({}), weight: 3 },
        { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/).map((k) => ({ 'idempotency-key': k })), weight: 3 },
        {
          arbitrary: fc.constantFrom('short', 'x'.repeat(65), 'bad key!', '%00%00%00%00').map((k) => ({ 'idempotency-key': k })),
          weight: 1,
        },
      )
    : fc.constant({});
  const who = fc.integer({ min: -1, max: users - 1 });

  const mutated = valid.chain((input) => {
    // The root of the query and of the path parameters is always an object of named values: not replaced.
    const choices = present.flatMap((part) =>
      placesOf(input[part], parts[part])
        .filter((place) => part === 'body' || place.path.length)
        .map((place) => ({ part, ...place })),
    );
    if (!choices.length) return fc.constant({ input, note: 'valid' });
    return fc.integer({ min: 0, max: choices.length - 1 }).chain((i) => {
      const place = choices[i]!;
      const where = `${place.part}${place.path.length ? `.${place.path.join('.')}` : ''}`;
      return fc
        .oneof(
          {
            arbitrary: hostileArb(place.schema).map((bad) => ({
              action: `${where} = ${short(JSON.stringify(bad) ?? String(bad), 60)}`,
              bad,
            })),
            weight: 6,
          },
          { arbitrary: fc.constant({ action: `${where} removed`, bad: DROP as unknown }), weight: 1 },
        )
        .map(({ action, bad }) => ({ input: { ...input, [place.part]: replaceAt(input[place.part], place.path, bad) }, note: action }));
    });
  });
  const extra = valid.map((input) => ({
    input: {
      ...input,
      ...(parts.body
        ? { body: { ...(input.body as Schema), 'x-unknown\u0000': 1 } }
        : { query: { ...(input.query as Schema), unknown: 'a\u0000b' } }),
    },
    note: 'an unknown field with NUL',
  }));

  const jsonRequests = fc
    .tuple(
      fc.oneof(
        { arbitrary: valid.map((input) => ({ input, note: 'valid' })), weight: 3 },
        { arbitrary: mutated, weight: 6 },
        { arbitrary: extra, weight: 1 },
      ),
      headerArb,
      who,
      // One request in eight of an operation with a JSON body sends a body that is not what it takes.
      parts.body
        ? fc.oneof({ arbitrary: fc.constant(undefined), weight: 7 }, { arbitrary: fc.constantFrom(...RAW_BODIES), weight: 1 })
        : fc.constant(undefined),
    )
    .map(([{ input, note }, hdrs, whoIs, raw]): FuzzRequest => {
      const url = buildUrl(op, input.params, input.query);
      const headersOut: Record<string, string> = { ...hdrs };
      let payload: string | Buffer | undefined;
      if (raw && parts.body) {
        headersOut['content-type'] = raw.type;
        payload = raw.payload;
        note = `raw body: ${raw.label}`;
      } else if (input.body !== undefined && op.method !== 'GET' && op.method !== 'DELETE') {
        headersOut['content-type'] = 'application/json';
        payload = JSON.stringify(input.body);
      }
      return { method: op.method, url, headers: headersOut, payload, note, who: whoIs };
    });
  if (!op.multipart) return jsonRequests;

  return fc.tuple(valid, fc.constantFrom(...uploads), who, fc.boolean()).chain(([input, upload, whoIs, badParams]) => {
    const params = badParams && parts.params ? hostileArb(parts.params).map((bad) => ({ id: bad })) : fc.constant(input.params);
    return params.map((p): FuzzRequest => {
      const { contentType, payload } = multipartBody(upload);
      return {
        method: op.method,
        url: buildUrl(op, p, input.query),
        headers: { 'content-type': contentType },
        payload,
        note: `upload: ${upload.label}${badParams ? ', hostile id' : ''}`,
        who: whoIs,
      };
    });
  });
}

type Parts = Record<'params' | 'query' | 'body', unknown>;

const partsOf = (op: OperationDef): Record<keyof Parts, Schema | undefined> => ({
  params: op.params,
  query: op.querystring,
  body: op.multipart ? undefined : op.jsonBody,
});

function plainRequest(op: OperationDef, input: Parts, note: string): FuzzRequest {
  const body = input.body !== undefined && op.method !== 'GET' && op.method !== 'DELETE' ? JSON.stringify(input.body) : undefined;
  return {
    method: op.method,
    url: buildUrl(op, input.params, input.query),
    headers: body !== undefined ? { 'content-type': 'application/json' } : {},
    payload: body,
    note,
    who: -1,
  };
}

/** A few valid inputs of an operation, to find one its handler accepts as the base of the probes. */
function baseCandidates(op: OperationDef, seed: number, hints: Hints, count: number): Parts[] {
  const parts = partsOf(op);
  const arb = fc.record({
    params: parts.params ? validArb(parts.params, 0, hints) : fc.constant(undefined),
    query: parts.query ? validArb(parts.query, 0, hints) : fc.constant(undefined),
    body: parts.body ? validArb(parts.body, 0, hints) : fc.constant(undefined),
  });
  return fc.sample(arb, { seed, numRuns: count });
}

/** One request for each place of each part with each value that breaks databases (probesOf), on a valid base. */
function probeRequests(op: OperationDef, base: Parts): FuzzRequest[] {
  const parts = partsOf(op);
  const out: FuzzRequest[] = [];
  for (const part of Object.keys(parts) as (keyof Parts)[]) {
    if (!parts[part]) continue;
    for (const probe of probesOf(parts[part]))
      out.push(plainRequest(op, { ...base, [part]: setAt(base[part], probe.path, probe.value) }, `probe ${part}.${probe.label}`));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

let t: TestApp;
let uploads: Upload[];
let hints: Hints;
const demoIds: number[] = [];

/** Log lines of the database refusing a request value: the last line of defence answered 400, but each is a bound the
 * document lacks, so the fuzz counts it as a failure too. */
const refusals: string[] = [];
const refusalWatch = new Writable({
  write: (chunk, _enc, done) => {
    const line = String(chunk);
    if (line.includes('the database refused a request value')) refusals.push(line);
    done();
  },
});

beforeAll(async () => {
  t = await createTestApp({ logStream: refusalWatch });
  uploads = await craftedUploads();
  for (const account of Object.values(demo)) {
    const row = await t.app.repos.users.findByPhone(account.phone);
    if (row) demoIds.push(row.id);
  }
  // Something to find: an upload of each demo user (attachments name them; the valid ids 1… reach real rows).
  const fileIds: string[] = [];
  for (const id of demoIds) fileIds.push((await t.app.services.files.save(id, PNG, 'scan.png')).id);
  const dictionaries = new Map<string, string[]>();
  for (const row of await t.app.db.select({ type: dictItems.type, value: dictItems.value }).from(dictItems)) {
    dictionaries.set(row.type, [...(dictionaries.get(row.type) ?? []), row.value]);
  }
  hints = hintsFor(fileIds, dictionaries);
});

afterAll(async () => {
  await t?.close();
});

async function staffAccount(role: 'staff' | 'admin', n: number) {
  const row = await t.app.repos.users.create({
    username: `fz${role}${n}`,
    name: `模糊${role === 'admin' ? '管理员' : '办理员'}${n}`,
    role,
    personType: '',
    loginType: '1',
  });
  return row.id;
}

describe('fuzz: every operation of the document, good and bad input', () => {
  it('answers no 5xx and nothing outside the document', { timeout: 600_000 }, async () => {
    const started = Date.now();
    const operations = [...t.app.openapi.operations.values()];
    const failures = new Map<string, string>();
    const failed = new Set<string>();
    const statuses = new Map<string, Map<number, number>>();
    let requests = 0;
    let covered = 0;
    let opIndex = 0;

    for (const op of operations) {
      opIndex += 1;
      const callers: Caller[] = op.public ? ['none'] : op.roles.length ? ['staff', 'admin'] : ['user'];
      const fresh = callers.includes('user') ? await createUser(t) : undefined;
      const staffIds = op.roles.length
        ? { staff: await staffAccount('staff', opIndex), admin: await staffAccount('admin', opIndex) }
        : undefined;
      const arb = requestArb(op, headerParams(t, op), uploads, demoIds.length, hints);
      const seen = statuses.get(op.operationId) ?? new Map<number, number>();
      statuses.set(op.operationId, seen);

      /** Sends a request as one caller and answers its status (the first 5xx of the operation noted). */
      const send = async (req: FuzzRequest, caller: Caller) => {
        let token: string | undefined;
        if (caller === 'user') token = await t.app.services.sessions.create(req.who < 0 ? fresh!.id : demoIds[req.who]!, '1', '127.0.0.1');
        else if (caller === 'staff' || caller === 'admin')
          token = await t.app.services.sessions.create(staffIds![caller], '1', '127.0.0.1', { staff: true });
        // Straight to inject, not through t.request: the log watch would take random values under keys such as
        // code or password for secrets and find them in any log line that happens to hold the same word.
        const refusedBefore = refusals.length;
        const res = await t.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: { ...req.headers, ...(token ? { qhyhAuthorization: `Bearer ${token}` } : {}) },
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
          remoteAddress: nextIp(),
        });
        requests += 1;
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
        if (VERBOSE && req.note.startsWith('valid') && res.statusCode === 400)
          console.log(`valid→400 ${op.operationId}: ${short(req.payload?.toString() ?? req.url, 300)} → ${short(res.body, 200)}`);
        const refused =
          refusals.length > refusedBefore ? (/"sqlstate":"([0-9A-Z]+)"/.exec(refusals[refusals.length - 1]!)?.[1] ?? '?') : undefined;
        if (res.statusCode < 500 && !refused) return res.statusCode;
        failed.add(op.operationId);
        if (VERBOSE)
          console.log(
            `5xx${refused ? `/${refused}` : ''} ${op.operationId} (${caller}): ${req.method} ${short(req.url, 200)} [${short(req.note, 120)}] → ${short(res.body, 200)}`,
          );
        if (!failures.has(op.operationId)) {
          failures.set(
            op.operationId,
            `${op.operationId} (${caller}): ${req.method} ${short(req.url, 200)} [${short(req.note, 120)}] → ${res.statusCode}${refused ? ` (database refused: SQLSTATE ${refused})` : ''} ${short(res.body, 300)}`,
          );
        }
        return refused ? 500 : res.statusCode;
      };

      // The breaking values at every place, as the most privileged caller the operation has, on a valid input the
      // handler took (not answered 400), so that they get as far as they can.
      const prober = callers[callers.length - 1]!;
      let base: Parts | undefined;
      for (const candidate of baseCandidates(op, SEED + opIndex, hints, 6)) {
        base ??= candidate;
        const status = await send(plainRequest(op, candidate, 'valid base'), prober);
        if (status !== 400) {
          base = candidate;
          break;
        }
      }
      for (const req of probeRequests(op, base!)) await send(req, prober);

      const details = await fc.check(
        fc.asyncProperty(arb, async (req) => {
          for (const caller of callers) if ((await send(req, caller)) >= 500) return false;
          return true;
        }),
        { seed: SEED + opIndex, numRuns: RUNS, endOnFailure: true },
      );
      if (details.failed && !failures.has(op.operationId))
        failures.set(op.operationId, `${op.operationId}: ${short(String(details.errorInstance ?? details.counterexample), 400)}`);
      covered += 1;
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const byStatus = new Map<number, number>();
    for (const m of statuses.values()) for (const [s, n] of m) byStatus.set(s, (byStatus.get(s) ?? 0) + n);
    console.log(
      `fuzz: ${requests} requests to ${covered} of ${operations.length} operations in ${seconds} s (seed ${SEED}, ${RUNS} runs each); ` +
        `statuses ${[...byStatus]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}; ` +
        `${failures.size} operations answered 5xx or had a value refused by the database`,
    );
    if (failures.size) console.log([...failures.values()].join('\n'));
    if (VERBOSE) {
      for (const [id, m] of statuses)
        console.log(
          `status ${id}: ${[...m]
            .sort((a, b) => a[0] - b[0])
            .map(([s, n]) => `${s}×${n}`)
            .join(' ')}`,
        );
    }
    expect(covered).toBe(operations.length);
    expect([...failures.values()]).toEqual([]);
    // The fuzz reached the handlers: every caller was signed in (no 401), and most operations took some valid input.
    expect(
      [...statuses].filter(([, m]) => m.has(401)).map(([id]) => id),
      'operations that answered 401 to a signed-in caller',
    ).toEqual([]);
    const succeeded = [...statuses.values()].filter((m) => [...m.keys()].some((s) => s >= 200 && s < 300)).length;
    expect(succeeded).toBeGreaterThan(operations.length * 0.6);
    t.assertContract();
  });
});
