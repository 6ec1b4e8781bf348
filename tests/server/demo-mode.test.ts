// Demo accounts and the development CAS exist only in demo mode (`npm start`), and the development CAS answers
// only callers on this machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, DEMO_PASSWORD, nextIp, PUBLIC_URL, type TestApp } from './helpers.ts';

const SERVICE = `${PUBLIC_URL}/web/my`;

describe('a start that is not the demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO: 'false' } });
  });
  afterAll(() => t?.close());

  it('has no demo accounts with the published password, no demo staff, no development CAS', async () => {
    const user = await t.json({
      method: 'POST',
      url: '/qhyhlogin_false',
      payload: { username: demo.undergraduate.phone, password: DEMO_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(user.body).toMatchObject({ code: 100, msg: '账号或密码错误' });
    const { uuid, text } = await t.captcha();
    const staff = await t.json({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin01', password: DEMO_PASSWORD, uuid, code: text },
      remoteAddress: nextIp(),
    });
    expect(staff.body).toMatchObject({ code: 100, msg: '账号或密码错误' });
    expect((await t.request({ method: 'GET', url: '/cas/login' })).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/cas/login',
          payload: 'uid=2023010156',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(404);
    const url = await t.json({ method: 'GET', url: `/h5/getUnifiedLoginUrl?service=${encodeURIComponent(SERVICE)}` });
    expect(url.body).toMatchObject({ code: 100, msg: '统一身份认证暂未开通，请使用账号密码登录' });
    t.assertContract();
  });
});

describe('the demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('offers the development CAS on loopback only, whatever X-Forwarded-For says', async () => {
    expect((await t.request({ method: 'GET', url: '/cas/login', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/cas/login', remoteAddress: '::1' })).statusCode).toBe(200);
    const remote = await t.request({
      method: 'GET',
      url: '/cas/login',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    const post = await t.request({
      method: 'POST',
      url: '/cas/login',
      remoteAddress: '10.1.2.3',
      payload: `uid=${demo.undergraduate.xh}&service=${encodeURIComponent(SERVICE)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode).toBe(404);
    expect(post.headers.location).toBeUndefined();
  });
});
