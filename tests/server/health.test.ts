// Probes and metrics: /healthz, /readyz (database, migrations, closing), /metrics behind its token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseMigrations } from '../../server/plugins/health.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t?.close());

describe('probes', () => {
  it('/healthz answers while the process runs; /readyz when the database answers and every migration is applied', async () => {
    const alive = await t.json({ method: 'GET', url: '/healthz' });
    expect(alive).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await t.json({ method: 'GET', url: '/readyz' });
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', migrations: releaseMigrations() });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('while draining (SIGTERM, before the listener closes) /readyz says 503 and everything else is still served', async () => {
    const token = await t.login(demo.undergraduate.phone);
    t.app.lifecycle.draining = true;
    try {
      const ready = await t.json({ method: 'GET', url: '/readyz' });
      expect(ready).toMatchObject({ status: 503, body: { status: 'draining' } });
      expect(ready.headers['retry-after']).toBe('5');
      const served = await t.json({ method: 'GET', url: '/api/zhzx/wdhj/getInfo', token });
      expect(served.status).toBe(200);
      // Each answer closes its connection while draining: nothing kept alive outlives the drain.
      expect(served.headers.connection).toBe('close');
      expect((await t.json({ method: 'GET', url: '/healthz' })).status).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
    expect((await t.json({ method: 'GET', url: '/readyz' })).status).toBe(200);
  });

  it('probes are not rate-limited (a load balancer polls often)', async () => {
    for (let i = 0; i < 650; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '10.9.9.9' });
      if (res.statusCode !== 200) throw new Error(`probe ${i} answered ${res.statusCode}`);
    }
  });

  it('/readyz says 503 when the database does not answer, and answers again when it does', async () => {
    const other = await createTestApp();
    const db = other.app.db as unknown as { execute: unknown };
    const execute = db.execute;
    db.execute = async () => {
      throw new Error('connection refused');
    };
    expect((await other.json({ method: 'GET', url: '/readyz' })).status).toBe(503);
    db.execute = execute;
    expect((await other.json({ method: 'GET', url: '/readyz' })).status).toBe(200);
    await other.close();
  });
});

describe('request ids', () => {
  it('takes the proxy’s X-Request-Id (a plausible one), else makes one, and answers it back', async () => {
    const given = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'ab12cd34ef56ab12cd34ef56ab12cd34' } });
    expect(given.headers['x-request-id']).toBe('ab12cd34ef56ab12cd34ef56ab12cd34');
    const made = await t.request({ method: 'GET', url: '/healthz' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Not a way to write into the log: an id with other characters or too long is replaced.
    const hostile = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a"} {"level":60' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x'.repeat(65) } })).headers['x-request-id'],
    ).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics', () => {
  it('are 404 without the token and Prometheus text with it: per route pattern, never the raw URL', async () => {
    const token = await t.login(demo.undergraduate.phone);
    await t.request({ method: 'GET', url: '/api/zhzx/wdhj/getInfo', token });
    await t.request({ method: 'GET', url: '/api/wj/file/f_nosuchfile123', token });
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const without = await createTestApp();
    expect(
      (await without.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
      'no METRICS_TOKEN: no route',
    ).toBe(404);
    await without.close();
    expect(
      (await t.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token-00' } })).statusCode,
    ).toBe(404);
    const res = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/hukou_http_requests_total\{method="GET",route="\/api\/zhzx\/wdhj\/getInfo",status="2xx"\} \d+/);
    expect(text).toContain('route="/api/wj/file/:fileId"');
    expect(text).not.toContain('f_nosuchfile123');
    expect(text).toContain('hukou_http_request_duration_seconds_bucket');
    // Stock Node.js names, so stock dashboards match; the release beside them.
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).not.toContain('hukou_nodejs_');
    expect(text).toMatch(/hukou_build_info\{version="\d+\.\d+\.\d+",node="v\d+\.\d+\.\d+"\} 1/);
    // Log lines an output that stopped reading made the server drop (lib/log-stream.ts): none here.
    expect(text).toMatch(/hukou_log_dropped_characters_total \d+/);
    if (t.app.dbHandle.kind === 'postgres') expect(text).toMatch(/hukou_db_pool_connections \d+/);
  });
});
