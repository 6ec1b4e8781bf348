// No log line holds personal data or a secret: errors lose their SQL parameters and database detail, every line is
// masked for ID and phone numbers, and the log watch used by every server test app finds what slips through.
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENSOR, maskPersonalData, redactSecrets, serializeError } from '../../server/lib/log-safety.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';
import { LogWatch } from './log-watch.ts';

const HASH = 'f'.repeat(40) + '0123456789abcdef';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logStream: new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }) });
});
afterAll(() => t?.close());

/** A real failed query carrying personal data in its parameters (as a NUL byte in a registration once did). */
async function failedQuery(): Promise<unknown> {
  try {
    await t.app.db.execute(sql`select ${demo.master.phone}::text, ${demo.master.sfzjh}::text, ${HASH}::text, (${'a\u0000b'})::int`);
  } catch (err) {
    return err;
  }
  throw new Error('the query should have failed');
}

describe('error serializer', () => {
  it('keeps what went wrong and drops the parameters and the detail', async () => {
    const err = await failedQuery();
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err)) + String((err as Error).message)).toContain(demo.master.sfzjh);
    const safe = JSON.stringify(serializeError(err));
    expect(safe).toContain('Failed query');
    expect(safe).not.toContain(demo.master.sfzjh);
    expect(safe).not.toContain(demo.master.phone);
    expect(safe).not.toContain(HASH);
    const unique = Object.assign(new Error('duplicate key value violates unique constraint "users_phone_uq"'), {
      code: '23505',
      constraint: 'users_phone_uq',
      detail: `Key (phone)=(${demo.master.phone}) already exists.`,
    });
    expect(serializeError(unique)).toMatchObject({ code: '23505', constraint: 'users_phone_uq' });
    expect(JSON.stringify(serializeError(unique))).not.toContain(demo.master.phone);
  });

  it('the server’s own log of such an error holds none of it', async () => {
    t.app.log.error({ err: await failedQuery() }, 'unexpected error');
    t.app.log.info(`free text with ${demo.master.phone} and ${demo.master.sfzjh.toLowerCase()}`);
    const log = lines.join('');
    expect(log).toContain('unexpected error');
    expect(log).toContain('params: [removed]');
    for (const secret of [demo.master.phone, demo.master.sfzjh, HASH]) expect(log).not.toContain(secret);
  });

  it('masks ID and phone numbers standing on their own, not longer numbers', () => {
    expect(maskPersonalData(`id ${demo.master.sfzjh}, tel ${demo.master.phone}`)).toBe(
      `id ${demo.master.sfzjh.slice(0, 4)}**********${demo.master.sfzjh.slice(-4)}, tel ${demo.master.phone.slice(0, 3)}****${demo.master.phone.slice(-4)}`,
    );
    expect(maskPersonalData('"time":1763900000000')).toBe('"time":1763900000000');
  });
});

describe('secret fields', () => {
  it('are censored at the top level and one level down, credential headers too, and nothing else is copied', () => {
    const headers = { qhyhauthorization: 'Bearer tok_secret', cookie: 'a=b', accept: 'application/json' };
    const logged = {
      password: 'Top@2026',
      body: { password: 'Demo@2026', smsCode: '493817', token: 'tok_x', sfzjh: demo.master.sfzjh, code: '1234', xm: '张三' },
      headers,
      busboyOptions: { headers: { authorization: 'Bearer tok_y', 'content-type': 'multipart/form-data' }, limits: { files: 1 } },
      count: 3,
      list: [1, 2],
    };
    const safe = redactSecrets(logged);
    expect(safe).toEqual({
      password: CENSOR,
      body: { password: CENSOR, smsCode: CENSOR, token: CENSOR, sfzjh: CENSOR, code: CENSOR, xm: '张三' },
      headers: { qhyhauthorization: CENSOR, cookie: CENSOR, accept: 'application/json' },
      busboyOptions: { headers: { authorization: CENSOR, 'content-type': 'multipart/form-data' }, limits: { files: 1 } },
      count: 3,
      list: [1, 2],
    });
    // What was logged is left as it was (the caller's objects are not changed), and a clean line is not copied.
    expect(logged.headers).toBe(headers);
    expect(headers.qhyhauthorization).toBe('Bearer tok_secret');
    const clean = { operationId: 'getUserInfo', sqlstate: '22P02', task: { name: 'x' } };
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('never reach the server’s log, whatever logs them', async () => {
    t.app.log.info({ body: { password: 'Demo@2026x', smsCode: '749201' }, headers: { authorization: 'Bearer tok_zzzzzzzz' } }, 'fields');
    await new Promise((resolve) => setImmediate(resolve));
    const log = lines.join('');
    expect(log).toContain('"msg":"fields"');
    for (const secret of ['Demo@2026x', '749201', 'tok_zzzzzzzz']) expect(log).not.toContain(secret);
  });
});

describe('the log watch of every server test app', () => {
  it('finds a token, a password hash, an SMS code, an ID number or a phone in the log', () => {
    const watch = new LogWatch();
    watch.remember('token', 'tok_abcdefghijklmnopqrstuvwxyz');
    watch.remember('SMS code', '493817');
    expect(watch.leaks()).toEqual([]);
    watch.stream.write('{"msg":"tok_abcdefghijklmnopqrstuvwxyz"} code 493817 ');
    watch.stream.write(`${demo.undergraduate.sfzjh} ${demo.master.phone}`);
    const leaks = watch.leaks().join('\n');
    expect(leaks).toContain('token');
    expect(leaks).toContain('SMS code');
    expect(leaks).toContain('ID number');
    expect(leaks).toContain('phone');
  });
});
