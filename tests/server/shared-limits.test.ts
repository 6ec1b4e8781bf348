// Several instances share one allowance: with REDIS_URL the rate-limit counters live in Redis (Redis at 127.0.0.1:6379;
// skipped when absent, except in CI where it must run).
import { randomInt } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/plugins/limits.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const redisUp = await new Promise<boolean>((resolve) => {
  const url = new URL(REDIS_URL);
  const socket = connect(Number(url.port || 6379), url.hostname);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
});
if (!redisUp && process.env.CI === 'true') throw new Error(`Redis at ${REDIS_URL} does not answer: in CI the shared-limit tests must run.`);

describe.skipIf(!redisUp)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL } });
    b = await createTestApp({ env: { REDIS_URL } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('two instances do not double the SMS-sending allowance of an address', async () => {
    // An address of this run only: counters of an earlier run (same Redis) cannot count here.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.smsSend.max + 4; i++) {
      const app = i % 2 ? b : a;
      const res = await app.request({
        method: 'POST',
        url: '/api/registerOrLogin/sendMsg',
        remoteAddress: ip,
        payload: { phone: `1390001${String(i).padStart(4, '0')}`, smsTicket: 'x'.repeat(32), scene: 'register' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LIMITS.smsSend.max).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(LIMITS.smsSend.max)).toEqual([429, 429, 429, 429]);
  });
});

describe('rate limits when Redis stops answering', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every counter call fails, and the site must go on serving.
    t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1/0' } });
  });
  afterAll(() => t?.close());

  it('serves requests uncounted instead of failing them', async () => {
    const res = await t.json({ method: 'GET', url: '/api/notice/announcement/list' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
  });
});
