// What the document declares on every answer (OWASP API4, checked by Spectral over the document): each API answer
// says the caller's ceiling (X-RateLimit-Limit, -Remaining, -Reset), and every 429 says when to come back
// (Retry-After). The test-mode response checker enforces the required headers on every answer of every test; these
// cases pin the figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_LIMIT, LIMITS } from '../../server/plugins/limits.ts';
import { createTestApp, demo, nextIp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('rate-limit headers', () => {
  it('a public answer, a refused one (401) and a signed-in one say the ceiling and what is left', async () => {
    const ip = nextIp();
    const first = await t.json({ method: 'GET', url: '/api/system/banner/list', remoteAddress: ip });
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe(String(GENERAL_LIMIT.max));
    expect(Number(first.headers['x-ratelimit-remaining'])).toBe(GENERAL_LIMIT.max - 1);
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);

    const refused = await t.json({ method: 'POST', url: '/api/userinfo', remoteAddress: ip });
    expect(refused.status).toBe(401);
    expect(Number(refused.headers['x-ratelimit-remaining'])).toBe(GENERAL_LIMIT.max - 2);

    const token = await t.login(demo.undergraduate.phone);
    const mine = await t.json({ method: 'POST', url: '/api/userinfo', token, remoteAddress: ip });
    expect(mine.status).toBe(200);
    // A signed-in caller is counted on their own, not with their address.
    expect(Number(mine.headers['x-ratelimit-remaining'])).toBe(GENERAL_LIMIT.max - 1);
  });

  it('an operation with a stricter ceiling says it, and its 429 says when to come back', async () => {
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i <= LIMITS.imageCode.max; i++)
      answers.push(await t.json({ method: 'GET', url: '/api/registerOrLogin/sendMsgImgCode', remoteAddress: ip }));
    expect(answers[0]!.headers['x-ratelimit-limit']).toBe(String(LIMITS.imageCode.max));
    const last = answers.at(-1)!;
    expect(last.status).toBe(429);
    expect(last.body.msg).toBe('请求过于频繁，请稍后再试');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
  });
});
