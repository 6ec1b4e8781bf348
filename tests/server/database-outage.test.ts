// PostgreSQL away (issue 26): through a TCP proxy the test stops and starts again, every request that needs the
// database answers 503 with Retry-After and a Chinese message (not 500 「系统繁忙」), the log has one short line for
// the outage and one when it ends (no SQL, no stack), /healthz still answers, and all is served again after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { DATABASE_AWAY } from '../../server/plugins/errors.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';
import { scratchDatabase } from './scratch-db.ts';
import { answers, tcpProxy } from './tcp-proxy.ts';

// The PostgreSQL of the PostgreSQL pass, else the machine's (the PGlite pass sets TEST_DATABASE_URL to '').
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_PORT = Number(new URL(ADMIN_URL).port || 5432);
const proxy = tcpProxy(PG_PORT);
let t: TestApp | undefined;

beforeAll(async () => {
  if (!(await answers(PG_PORT))) return;
  const port = await proxy.start();
  const scratch = await scratchDatabase(ADMIN_URL, 'hukou_outage');
  const url = new URL(scratch.url);
  url.port = String(port);
  t = await createTestApp({ database: { handle: await openDatabase({ databaseUrl: url.href }), drop: scratch.drop } });
});
afterAll(async () => {
  await proxy.start().catch(() => undefined);
  await t?.close();
  await proxy.stop();
});

describe('PostgreSQL away', () => {
  it('answers 503 with Retry-After while it is away, logs the outage once, and serves again when it is back', async (ctx) => {
    // CI has PostgreSQL (README); a machine without one skips rather than tests nothing silently.
    if (!t) return ctx.skip();
    const token = await t.login(demo.undergraduate.phone);
    // 我的申请: read from the database each time (the session itself comes from this instance's cache meanwhile).
    const read = () => t!.json({ method: 'GET', url: '/api/wdsq/sqxq/getListByType?pageNum=1&pageSize=10', token });
    expect((await read()).status).toBe(200);

    await proxy.stop();
    const during = await Promise.all(Array.from({ length: 12 }, read));
    for (const r of during) {
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ code: 503, msg: DATABASE_AWAY });
      expect(r.headers['retry-after']).toBe('10');
    }
    // An answer that needs no database (a request refused as malformed) says nothing of it: the outage is not over,
    // and the next request that needs the database does not log a second one.
    expect((await t.json({ method: 'POST', url: '/api/registerOrLogin/imgCodeVerify', payload: {} })).status).toBe(400);
    expect((await read()).status).toBe(503);
    expect((await t.json({ method: 'GET', url: '/healthz' })).status).toBe(200);
    expect((await t.json({ method: 'GET', url: '/readyz' })).status).toBe(503);
    const lines = t.logLines().filter((l) => l.includes('the database does not answer'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(400);
    expect(lines[0]).not.toMatch(/select|stack/i);

    await proxy.start();
    let back = await read();
    for (let i = 0; i < 50 && back.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      back = await read();
    }
    expect(back.status).toBe(200);
    // The end of the outage is told once the database has answered a query of the instance's own.
    for (let i = 0; i < 100 && !t.logLines().some((l) => l.includes('the database answers again')); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(t.logLines().filter((l) => l.includes('the database answers again'))).toHaveLength(1);
    expect(t.logLines().filter((l) => l.includes('the database does not answer'))).toHaveLength(1);
  });
});
