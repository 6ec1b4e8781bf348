// Rate limits key on the verified identity, else on the client address: a junk bearer token counts as no token.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/plugins/limits.ts';
import { createTestApp, demo, nextIp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const junk = () => `Bearer ${randomBytes(24).toString('base64url')}`;

describe('rate limits', () => {
  it('a fresh junk token per request shares the address’s allowance (no bypass)', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    const headers: Record<string, unknown>[] = [];
    for (let i = 0; i <= LIMITS.smsSend.max; i++) {
      const phone = `1390000${String(i).padStart(4, '0')}`;
      const res = await t.request({
        method: 'POST',
        url: '/api/registerOrLogin/sendMsg',
        remoteAddress: ip,
        headers: { qhyhAuthorization: junk() },
        payload: { phone, smsTicket: 'x'.repeat(32), scene: 'register' },
      });
      statuses.push(res.statusCode);
      headers.push(res.headers);
    }
    expect(statuses.slice(0, LIMITS.smsSend.max).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Every answer says the ceiling and what is left of it; the refusal also says when to come back.
    expect(headers.slice(0, -1).map((h) => Number(h['x-ratelimit-remaining']))).toEqual(
      Array.from({ length: LIMITS.smsSend.max }, (_, i) => LIMITS.smsSend.max - 1 - i),
    );
    expect(headers.at(-1)!['x-ratelimit-remaining']).toBe('0');
    expect(Number(headers.at(-1)!['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await t.json({
      method: 'POST',
      url: '/api/registerOrLogin/sendMsg',
      remoteAddress: nextIp(),
      payload: { phone: '13900009999', smsTicket: 'x'.repeat(32), scene: 'register' },
    });
    expect(other.status).toBe(200);
  });

  it('junk tokens on signed-in operations are counted by address too, and still answer 401', async () => {
    const ip = nextIp();
    let last;
    for (let i = 0; i < 700; i++) {
      last = await t.request({ method: 'POST', url: '/api/userinfo', remoteAddress: ip, headers: { qhyhAuthorization: junk() } });
      if (last.statusCode === 429) break;
      expect(last.statusCode).toBe(401);
    }
    expect(last!.statusCode).toBe(429);
  });

  it('signed-in students behind one address each have a ceiling of their own', async () => {
    const ip = nextIp();
    const a = await t.login(demo.undergraduate.phone, undefined, ip);
    const b = await t.login(demo.master.phone, undefined, ip);
    let limited = false;
    for (let i = 0; i < 700 && !limited; i++) {
      limited = (await t.request({ method: 'POST', url: '/api/userinfo', remoteAddress: ip, token: a })).statusCode === 429;
    }
    expect(limited).toBe(true);
    expect((await t.json({ method: 'POST', url: '/api/userinfo', remoteAddress: ip, token: b })).body.code).toBe(200);
  });
});
