// Vouchers in WeChat: a short-lived, single-purpose signed link to one voucher of one's own finished move-in, that the
// WeChat file viewer and 在浏览器打开 can open without the token.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LINK_SECONDS } from '../../server/services/voucher-links.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createPerson, postdocMoveInReadyToFinish, type Person } from './movement-helpers.ts';
import { post, staffMoves } from './service-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

/** A 博士后迁入 of p taken to 已办结. */
async function finishedMoveIn(p: Person): Promise<number> {
  const id = await postdocMoveInReadyToFinish(t, p);
  await staffMoves(t, id, 7);
  return id;
}

const open = (url: string) => t.request({ method: 'GET', url, remoteAddress: '10.9.8.7' });

describe('voucher links', () => {
  it('opens the one voucher it was made for, without a token, inline, for 5 minutes', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const id = await finishedMoveIn(p);
    const made = await post(t, '/api/qianru/voucherLink', p.token, { id, kind: 'hkk' });
    expect(made.body).toMatchObject({ code: 200, data: { expiresIn: LINK_SECONDS } });
    const url = made.body.data.url as string;
    expect(url).toMatch(/^\/api\/qianru\/voucher\?t=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    const pdf = await open(url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline;/);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const head = (await post(t, '/api/qianru/voucherLink', p.token, { id, kind: 'hzsy' })).body.data.url;
    expect((await open(head)).rawPayload.equals(pdf.rawPayload)).toBe(false);

    t.clock.advance(LINK_SECONDS + 1);
    const late = await open(url);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ code: 403, msg: '链接无效或已过期，请回到迁入凭证页重新获取' });

    // The phone's browser (WeChat's 在浏览器打开, minutes later) gets a page that says what happened and what to do.
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
    const page = await t.request({ method: 'GET', url, remoteAddress: '10.9.8.7', headers: { accept: browser } });
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<title>链接已失效</title>');
    expect(page.body).toContain('链接在生成 5 分钟后失效，退出登录后也会失效');
    expect(page.body).toContain('<a href="/web/move-in-voucher">前往迁入凭证</a>');
    // A program that prefers JSON, or says nothing, still gets the envelope.
    for (const accept of ['application/json, text/html', '*/*']) {
      const json = await t.request({ method: 'GET', url, remoteAddress: '10.9.8.7', headers: { accept } });
      expect(json.json(), accept).toEqual({ code: 403, msg: '链接无效或已过期，请回到迁入凭证页重新获取' });
    }
  });

  it('ends with the session that asked for it: after signing out the link opens nothing', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const id = await finishedMoveIn(p);
    const url = (await post(t, '/api/qianru/voucherLink', p.token, { id, kind: 'hkk' })).body.data.url as string;
    expect((await open(url)).statusCode).toBe(200);
    expect((await post(t, '/api/logout', p.token, {})).body.code).toBe(200);
    const after = await open(url);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ code: 403, msg: '链接无效或已过期，请回到迁入凭证页重新获取' });
  });

  it('cannot be forged, re-pointed or made for someone else’s move-in', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const other = await createPerson(t, { rylb: '3' });
    const id = await finishedMoveIn(p);
    expect((await post(t, '/api/qianru/voucherLink', other.token, { id, kind: 'hkk' })).body.code).toBe(404);
    const url = (await post(t, '/api/qianru/voucherLink', p.token, { id, kind: 'hkk' })).body.data.url as string;
    const [payload, signature] = url.split('t=')[1]!.split('.');
    const decoded = Buffer.from(payload!, 'base64url').toString();
    const repoint = (text: string) => `/api/qianru/voucher?t=${Buffer.from(text).toString('base64url')}.${signature}`;
    for (const bad of [
      repoint(decoded.replace(/^\d+/, String(id + 1))),
      repoint(decoded.replace('.hkk.', '.hzsy.')),
      repoint(decoded.replace(/\d+$/, '9999999999')),
      `/api/qianru/voucher?t=${payload}.${'A'.repeat(signature!.length)}`,
      `/api/qianru/voucher?t=${payload}`,
    ]) {
      const res = await open(bad);
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
    }
    expect((await post(t, '/api/qianru/voucherLink', p.token, { id, kind: 'other' })).status).toBe(400);
    expect((await post(t, '/api/qianru/voucherLink', p.token, { id: 2147483647, kind: 'hkk' })).body.code).toBe(404);
  });
});
