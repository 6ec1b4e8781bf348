// Redis away (issue 26): the rate-limit counters' circuit breaker. Through a TCP proxy to the machine's Redis that the
// test stops and starts again: requests keep being answered and keep being counted (in this instance while Redis is
// away, so a burst is still refused), one log line says so, the metric says where counting happens, and counting goes
// back to Redis once it answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { answers, tcpProxy } from './tcp-proxy.ts';

const REDIS_PORT = 6379;
const TOKEN = 'metrics-token-for-redis-outage-0123';

let t: TestApp;
const proxy = tcpProxy(REDIS_PORT);
let available = false;
beforeAll(async () => {
  available = await answers(REDIS_PORT);
  if (!available) return;
  const port = await proxy.start();
  t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}/6`, METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t?.close();
  await proxy.stop();
});

const metric = async (name: string) => {
  const text = (await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
};
const remaining = async (ip: string) =>
  Number((await t.request({ method: 'GET', url: '/api/system/contact', remoteAddress: ip })).headers['x-ratelimit-remaining']);
const outageLines = () => t.logLines().filter((l) => l.includes('Redis (rate-limit counters) does not answer')).length;

describe('Redis away', () => {
  it('counting moves to this instance at once (no request waits on Redis), a burst is still refused, and it moves back', async (ctx) => {
    // CI has Redis (README); a machine without one skips rather than tests nothing silently.
    if (!available) return ctx.skip();
    const before = await remaining('10.7.0.1');
    expect(await remaining('10.7.0.1')).toBe(before - 1);
    expect(await metric('hukou_rate_limit_redis_up')).toBe(1);

    await proxy.stop();
    const answered = await Promise.all(
      Array.from({ length: 40 }, () => t.request({ method: 'GET', url: '/api/system/contact', remoteAddress: '10.7.0.2' })),
    );
    expect(answered.every((r) => r.statusCode === 200)).toBe(true);
    expect(await metric('hukou_rate_limit_redis_up')).toBe(0);
    expect(await metric('hukou_rate_limit_redis_breaker_opened_total')).toBe(1);
    // Counted here meanwhile: the sign-in ceiling (30 a minute per address) still holds against a burst.
    const burst = await Promise.all(
      Array.from({ length: 36 }, () =>
        t.request({ method: 'POST', url: '/qhyhlogin_false', payload: { username: 'nobody', password: 'x' }, remoteAddress: '10.7.0.3' }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(6);
    // One line for the outage, not one per request.
    expect(outageLines()).toBe(1);

    await proxy.start();
    for (let i = 0; i < 100 && (await metric('hukou_rate_limit_redis_up')) !== 1; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await metric('hukou_rate_limit_redis_up')).toBe(1);
    const back = await remaining('10.7.0.1');
    expect(await remaining('10.7.0.1')).toBe(back - 1);
    expect(t.logLines().some((l) => l.includes('Redis (rate-limit counters) answers again'))).toBe(true);
  });
});
