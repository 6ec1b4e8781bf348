// Load shedding: while the event loop lags, new API requests get 503 with the product's envelope and Retry-After at
// once; probes and the web app still answer; when the loop recovers, requests are served again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHED_MESSAGE, SHED_RETRY_AFTER_SECONDS } from '../../server/plugins/load-shed.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOAD_SHED_EVENT_LOOP_DELAY_MS: '100', METRICS_TOKEN: 'metrics-token-for-tests' } });
});
afterAll(async () => t?.close());

/**
 * Keeps the event loop busy, 400 ms at a time with short breaks, as a process drowning in work would: 3.2 s, more
 * than two of the plugin's one-second windows, so that one window (its phase is unknown) lies wholly inside the lag.
 * With 1.6 s a window could hold one block and hundreds of idle samples, and the mean stayed below the threshold
 * (a CI run on a busy machine measured 0.16 ms).
 */
async function lag(): Promise<void> {
  for (let i = 0; i < 8; i++) {
    const until = Date.now() + 400;
    while (Date.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const waitFor = async (ok: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!ok() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('load shedding', () => {
  it('answers 503 「当前访问人数较多，请稍后再试」 with Retry-After while the loop lags, never for probes; serves again after', async () => {
    expect(t.app.loadShed.shedding()).toBe(false);
    expect((await t.json({ method: 'GET', url: '/api/dict/qh_gender' })).status).not.toBe(503);
    await lag();
    await waitFor(() => t.app.loadShed.shedding(), 2000);
    expect(t.app.loadShed.delayMs()).toBeGreaterThan(100);

    const refused = await t.json({ method: 'POST', url: '/qhyhlogin_false', payload: { username: 'x', password: 'y' } });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ code: 503, msg: SHED_MESSAGE });
    expect(refused.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_SECONDS));
    expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const metrics = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-for-tests' } });
    expect(metrics.body).toMatch(/hukou_requests_shed_total [1-9]/);

    await waitFor(() => !t.app.loadShed.shedding(), 3000);
    expect((await t.json({ method: 'GET', url: '/api/dict/qh_gender' })).status).not.toBe(503);
  });
});
