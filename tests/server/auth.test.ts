// Sign-in with and without image code, failure counting and lockout, sessions, logout, visit count, client IP.
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, DEMO_PASSWORD, nextIp, type TestApp } from './helpers.ts';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logger: true, logStream });
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const login = (payload: Record<string, unknown>, ip: string, url = '/qhyhlogin_false') =>
  t.json({ method: 'POST', url, payload, remoteAddress: ip });

describe('POST /qhyhlogin_false and /qhyhlogin', () => {
  it('signs in with phone, student number or staff number and answers only a token', async () => {
    for (const username of [demo.undergraduate.phone, demo.undergraduate.xh!, demo.staff.gzzh!]) {
      const res = await login({ username, password: DEMO_PASSWORD }, nextIp());
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
      expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(res.body.data).toBeUndefined();
    }
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const ip = nextIp();
    const wrongPassword = await login({ username: demo.master.phone, password: 'Wrong1234' }, ip);
    expect(wrongPassword.status).toBe(200);
    expect(wrongPassword.body).toMatchObject({ code: 100, msg: '账号或密码错误', data: { needCaptcha: false } });
    const unknownAccount = await login({ username: '19900000000', password: 'Wrong1234' }, nextIp());
    expect(unknownAccount.body).toMatchObject({ code: 100, msg: '账号或密码错误' });
    expect(unknownAccount.body.token).toBeUndefined();
  });

  it('answers 400 with field errors for a missing password', async () => {
    const res = await login({ username: demo.master.phone }, nextIp());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'password', message: expect.stringContaining('密码') }]);
  });

  it('requires an image code after 3 failures of an account, from any IP', async () => {
    const username = demo.doctoral.xh!;
    for (let i = 0; i < 2; i++) expect((await login({ username, password: 'Wrong1234' }, nextIp())).body.data.needCaptcha).toBe(false);
    expect((await login({ username, password: 'Wrong1234' }, nextIp())).body.data).toEqual({ needCaptcha: true });
    // Right password, other IP, still no image code: refused.
    const withoutCode = await login({ username, password: DEMO_PASSWORD }, nextIp());
    expect(withoutCode.body).toMatchObject({ code: 100, msg: '请输入图形验证码', data: { needCaptcha: true } });
    const onCaptchaRoute = await login({ username, password: DEMO_PASSWORD }, nextIp(), '/qhyhlogin');
    expect(onCaptchaRoute.body.msg).toBe('请输入图形验证码');
    // A wrong image code is refused and used up.
    const { uuid, text } = await t.captcha();
    const wrongCode = await login(
      { username, password: DEMO_PASSWORD, uuid, code: text === 'abcd' ? 'efgh' : 'abcd' },
      nextIp(),
      '/qhyhlogin',
    );
    expect(wrongCode.body).toMatchObject({ code: 100, msg: '图形验证码错误或已过期', data: { needCaptcha: true } });
    const reused = await login({ username, password: DEMO_PASSWORD, uuid, code: text }, nextIp(), '/qhyhlogin');
    expect(reused.body.msg).toBe('图形验证码错误或已过期');
    // A fresh right code (case-insensitive) signs in and clears the count.
    const fresh = await t.captcha();
    const ok = await login({ username, password: DEMO_PASSWORD, uuid: fresh.uuid, code: fresh.text.toUpperCase() }, nextIp(), '/qhyhlogin');
    expect(ok.body.code).toBe(200);
    expect(ok.body.token).toBeTruthy();
    expect((await login({ username, password: DEMO_PASSWORD }, nextIp())).body.code).toBe(200);
  });

  it('requires an image code from an address that failed 10 times within 15 minutes, whatever the account', async () => {
    const ip = nextIp();
    for (let i = 0; i < 9; i++) await login({ username: `1990000${String(i).padStart(4, '0')}`, password: 'Wrong1234' }, ip);
    // A campus NAT: a few failures of others do not burden the next person…
    expect((await login({ username: demo.postdoc.gzzh!, password: DEMO_PASSWORD }, ip)).body.code).toBe(200);
    await login({ username: '19900000099', password: 'Wrong1234' }, ip);
    // …but one address trying many accounts must solve image codes, for a short window only.
    expect((await login({ username: demo.postdoc.gzzh!, password: DEMO_PASSWORD }, ip)).body).toMatchObject({
      code: 100,
      msg: '请输入图形验证码',
    });
    expect((await login({ username: demo.postdoc.gzzh!, password: DEMO_PASSWORD }, nextIp())).body.code).toBe(200);
    t.clock.advance(15 * 60 + 1);
    expect((await login({ username: demo.postdoc.gzzh!, password: DEMO_PASSWORD }, ip)).body.code).toBe(200);
  });

  it('counts failures per account whatever name signs in, and forgets them after a success', async () => {
    const a = demo.master;
    await login({ username: a.phone, password: 'Wrong1234' }, nextIp());
    await login({ username: a.xh!, password: 'Wrong1234' }, nextIp());
    expect((await login({ username: a.phone, password: 'Wrong1234' }, nextIp())).body.data).toEqual({ needCaptcha: true });
    expect((await login({ username: a.xh!, password: DEMO_PASSWORD }, nextIp())).body.msg).toBe('请输入图形验证码');
    const { uuid, text } = await t.captcha();
    expect((await login({ username: a.xh!, password: DEMO_PASSWORD, uuid, code: text }, nextIp(), '/qhyhlogin')).body.code).toBe(200);
    expect((await login({ username: a.phone, password: DEMO_PASSWORD }, nextIp())).body.code).toBe(200);
  });

  it('an image code expires after 2 minutes', async () => {
    const { uuid, text } = await t.captcha();
    t.clock.advance(121);
    const res = await login({ username: demo.postdoc.phone, password: DEMO_PASSWORD, uuid, code: text }, nextIp(), '/qhyhlogin');
    expect(res.body.msg).toBe('图形验证码错误或已过期');
  });

  it('locks one source out of the account for 15 minutes after 10 failures; the owner elsewhere still signs in', async () => {
    const username = demo.family.phone;
    const attacker = nextIp();
    let last;
    for (let i = 0; i < 10; i++) {
      const { uuid, text } = await t.captcha();
      last = await login({ username, password: 'Wrong1234', uuid, code: text }, attacker, '/qhyhlogin');
    }
    expect(last!.body).toMatchObject({ code: 100, msg: '登录失败次数过多，请15分钟后再试' });
    const code = await t.captcha();
    const locked = await login({ username, password: DEMO_PASSWORD, uuid: code.uuid, code: code.text }, attacker, '/qhyhlogin');
    expect(locked.body.msg).toBe('登录失败次数过多，请15分钟后再试');
    // The owner, from their own phone: the image code is asked, and the right password works.
    expect((await login({ username, password: DEMO_PASSWORD }, nextIp())).body.msg).toBe('请输入图形验证码');
    const fresh = await t.captcha();
    const ok = await login({ username, password: DEMO_PASSWORD, uuid: fresh.uuid, code: fresh.text }, nextIp(), '/qhyhlogin');
    expect(ok.body.code).toBe(200);
    // The owner's success does not end the lock on the attacker's source.
    const again = await t.captcha();
    expect((await login({ username, password: 'Wrong1234', uuid: again.uuid, code: again.text }, attacker, '/qhyhlogin')).body.msg).toBe(
      '登录失败次数过多，请15分钟后再试',
    );
  });

  it('from 20 failures of an account across many addresses, each try waits a growing delay', async () => {
    const username = demo.warnedStaff.phone;
    const tryOnce = async (password: string) => {
      const { uuid, text } = await t.captcha();
      return login({ username, password, uuid, code: text }, nextIp(), '/qhyhlogin');
    };
    for (let i = 0; i < 19; i++) expect((await tryOnce('Wrong1234')).body.msg).toBe('账号或密码错误');
    expect((await tryOnce('Wrong1234')).body.msg).toBe('登录尝试过于频繁，请2秒后再试');
    expect((await tryOnce(DEMO_PASSWORD)).body.msg).toMatch(/^登录尝试过于频繁，请[12]秒后再试$/);
    t.clock.advance(2);
    expect((await tryOnce('Wrong1234')).body.msg).toBe('登录尝试过于频繁，请4秒后再试');
    t.clock.advance(4);
    expect((await tryOnce(DEMO_PASSWORD)).body.code).toBe(200);
  });

  it('treats a name that is no account like an account (no enumeration by lockout)', async () => {
    const ip = nextIp();
    const known = [];
    const unknown = [];
    for (let i = 0; i < 4; i++) {
      known.push((await login({ username: demo.doctoral.phone, password: 'Wrong1234' }, ip)).body);
      unknown.push((await login({ username: '19911112222', password: 'Wrong1234' }, ip)).body);
    }
    expect(unknown).toEqual(known);
  });

  it('tells unified-login accounts to use unified login', async () => {
    await t.app.repos.users.create({ name: '统一认证用户', personType: '4', staffNo: 'CAS0001', loginType: '2', casUid: 'CAS0001' });
    const res = await login({ username: 'CAS0001', password: 'Whatever123' }, nextIp());
    expect(res.body).toMatchObject({ code: 100, msg: '该账号请使用统一身份认证登录' });
  });

  it('rate-limits sign-in calls per IP with a 429 envelope', async () => {
    const ip = nextIp();
    let res;
    for (let i = 0; i < 31; i++) res = await login({ username: `1990000${String(i).padStart(4, '0')}`, password: 'x' }, ip, '/qhyhlogin');
    expect(res!.status).toBe(429);
    expect(res!.body).toMatchObject({ code: 429, msg: '请求过于频繁，请稍后再试' });
    expect(res!.headers['retry-after']).toBeDefined();
  });

  it('never logs passwords, tokens or codes', async () => {
    const token = await t.login(demo.master.phone);
    await t.json({ method: 'POST', url: '/api/userinfo', token });
    await t.json({ method: 'GET', url: `/h5/validateTicket?ticket=ST-secret-ticket-value&ip=1_2_3_4` });
    const logs = logLines.join('\n');
    expect(logs).toContain('/api/userinfo');
    expect(logs).not.toContain(DEMO_PASSWORD);
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('ST-secret-ticket-value');
    expect(logs).not.toContain(demo.master.sfzjh);
  });
});

describe('sessions', () => {
  it('needs a token: 401 envelope 请先登录 without, 登录已过期 with an unknown one', async () => {
    const none = await t.json({ method: 'POST', url: '/api/userinfo' });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 401, msg: '请先登录' });
    const bogus = await t.json({ method: 'POST', url: '/api/userinfo', token: 'not-a-real-token' });
    expect(bogus.status).toBe(401);
    expect(bogus.body.msg).toBe('登录已过期，请重新登录');
  });

  it('slides: a token used within 7 days stays valid, an idle one expires', async () => {
    const token = await t.login(demo.staff.phone);
    t.clock.advance(6 * 86400);
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token })).status).toBe(200);
    t.clock.advance(6 * 86400);
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token })).status).toBe(200);
    t.clock.advance(7 * 86400 + 60);
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token })).status).toBe(401);
  });

  it('the test hook expires a token', async () => {
    const token = await t.login(demo.staff.phone);
    expect((await t.json({ method: 'POST', url: '/__test__/expire-token', payload: { token } })).status).toBe(200);
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token })).body.code).toBe(401);
  });

  it('logout revokes the token; a second logout is 401', async () => {
    const token = await t.login(demo.staff.phone);
    const res = await t.json({ method: 'POST', url: '/api/logout', token });
    expect(res.body).toEqual({ code: 200, msg: '已退出登录' });
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token })).status).toBe(401);
    expect((await t.json({ method: 'POST', url: '/api/logout', token })).status).toBe(401);
  });

  it('housekeeping deletes expired sessions and codes', async () => {
    const token = await t.login(demo.staff.phone);
    await t.captcha();
    t.clock.advance(8 * 86400);
    await t.app.services.housekeeping.run();
    const sessions = await t.app.db.execute('select count(*)::int as n from sessions');
    const codes = await t.app.db.execute('select count(*)::int as n from image_codes');
    expect((sessions as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect((codes as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token })).status).toBe(401);
  });

  it('accepts the token with or without the Bearer prefix', async () => {
    const token = await t.login(demo.staff.phone);
    const res = await t.json({ method: 'POST', url: '/api/userinfo', headers: { qhyhauthorization: token } });
    expect(res.status).toBe(200);
  });
});

describe('visit count and client IP', () => {
  it('counts every visit', async () => {
    const first = (await t.json({ method: 'GET', url: '/h5/fangwen' })).body.data as number;
    const second = (await t.json({ method: 'GET', url: '/h5/fangwen' })).body.data as number;
    expect(second).toBe(first + 1);
  });

  it('answers the IP with underscores; IPv4-mapped IPv6 as IPv4, other IPv6 as is', async () => {
    expect((await t.json({ method: 'GET', url: '/h5/getClientIP', remoteAddress: '10.1.2.3' })).body.data).toBe('10_1_2_3');
    expect((await t.json({ method: 'GET', url: '/h5/getClientIP', remoteAddress: '::ffff:10.1.2.3' })).body.data).toBe('10_1_2_3');
    expect((await t.json({ method: 'GET', url: '/h5/getClientIP', remoteAddress: '2001:db8::1' })).body.data).toBe('2001:db8::1');
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const res = await t.json({
      method: 'GET',
      url: '/h5/getClientIP',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(res.body.data).toBe('10_9_9_9');
  });
});
