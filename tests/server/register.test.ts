// Image codes, SMS permits and codes, registration and password retrieval.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { idNumberCheckDigit } from '../../server/db/seed-data/id-number.ts';
import { createTestApp, demo, DEMO_PASSWORD, nextIp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

let phoneCounter = 0;
const newPhone = () => `139${String(10_000_000 + ++phoneCounter).slice(-8)}`;

let idCounter = 0;
const newIdNumber = () => {
  const first17 = `11010820000101${String(100 + ++idCounter).slice(-3)}`;
  return first17 + idNumberCheckDigit(first17);
};

const post = (url: string, payload: Record<string, unknown>, ip = nextIp()) => t.json({ method: 'POST', url, payload, remoteAddress: ip });

async function permit(phone: string): Promise<string> {
  const { uuid, text } = await t.captcha();
  const res = await post('/api/registerOrLogin/imgCodeVerify', { phone, uuid, code: text });
  expect(res.body.code).toBe(200);
  return res.body.data.smsTicket;
}

async function sendCode(phone: string, scene: 'register' | 'forget' = 'register'): Promise<string> {
  const res = await post('/api/registerOrLogin/sendMsg', { phone, smsTicket: await permit(phone), scene });
  expect(res.body).toMatchObject({ code: 200, data: { resendAfter: 60, expiresIn: 300 } });
  return t.lastSms(phone);
}

const registration = (phone: string, smsCode: string, extra: Record<string, unknown> = {}) => ({
  phone,
  smsCode,
  xm: '测试同学',
  sfzjh: newIdNumber(),
  rylb: '0',
  xh: `T${phone.slice(-8)}`,
  password: 'Passw0rd1',
  password2: 'Passw0rd1',
  ...extra,
});

describe('image codes', () => {
  it('answers a uuid and an SVG data URL', async () => {
    const res = await t.json({ method: 'GET', url: '/api/registerOrLogin/sendMsgImgCode', remoteAddress: nextIp() });
    expect(res.body.code).toBe(200);
    expect(res.body.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.body.data.img.split(',')[1], 'base64').toString()).toContain('<svg');
  });

  it('a checked image code is used up, right or wrong', async () => {
    const phone = newPhone();
    const { uuid, text } = await t.captcha();
    const wrong = await post('/api/registerOrLogin/imgCodeVerify', { phone, uuid, code: text === 'zzzz' ? 'yyyy' : 'zzzz' });
    expect(wrong.body).toMatchObject({ code: 100, msg: '图形验证码错误或已过期' });
    const again = await post('/api/registerOrLogin/imgCodeVerify', { phone, uuid, code: text });
    expect(again.body.code).toBe(100);
  });

  it('rejects a malformed phone with a field error', async () => {
    const { uuid, text } = await t.captcha();
    const res = await post('/api/registerOrLogin/imgCodeVerify', { phone: '12345', uuid, code: text });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('phone');
  });

  it('rate-limits image codes per IP', async () => {
    const ip = nextIp();
    let res;
    for (let i = 0; i < 31; i++) res = await t.json({ method: 'GET', url: '/api/registerOrLogin/sendMsgImgCode', remoteAddress: ip });
    expect(res!.status).toBe(429);
    expect(res!.body.code).toBe(429);
  });
});

describe('SMS codes', () => {
  it('needs a permit bound to the phone, used once', async () => {
    const phone = newPhone();
    const bogus = await post('/api/registerOrLogin/sendMsg', { phone, smsTicket: 'nope', scene: 'register' });
    expect(bogus.body).toMatchObject({ code: 100, msg: '请先完成图形验证码校验' });
    const ticket = await permit(phone);
    const otherPhone = await post('/api/registerOrLogin/sendMsg', { phone: newPhone(), smsTicket: ticket, scene: 'register' });
    expect(otherPhone.body.msg).toBe('请先完成图形验证码校验');
    expect((await post('/api/registerOrLogin/sendMsg', { phone, smsTicket: ticket, scene: 'register' })).body.code).toBe(200);
    t.clock.advance(61);
    const reused = await post('/api/registerOrLogin/sendMsg', { phone, smsTicket: ticket, scene: 'register' });
    expect(reused.body.msg).toBe('请先完成图形验证码校验');
  });

  it('the permit expires after 5 minutes', async () => {
    const phone = newPhone();
    const ticket = await permit(phone);
    t.clock.advance(301);
    expect((await post('/api/registerOrLogin/sendMsg', { phone, smsTicket: ticket, scene: 'register' })).body.code).toBe(100);
  });

  it('sends a 6-digit code; a resend within 60 s is refused with resendAfter', async () => {
    const phone = newPhone();
    expect(await sendCode(phone)).toMatch(/^\d{6}$/);
    t.clock.advance(20);
    const early = await post('/api/registerOrLogin/sendMsg', { phone, smsTicket: await permit(phone), scene: 'register' });
    expect(early.body.code).toBe(100);
    expect(early.body.msg).toMatch(/^发送过于频繁，请\d+秒后再试$/);
    expect(early.body.data.resendAfter).toBeGreaterThan(35);
    expect(early.body.data.resendAfter).toBeLessThanOrEqual(40);
    t.clock.advance(41);
    expect(await sendCode(phone)).toMatch(/^\d{6}$/);
  });

  it('concurrent sends to one phone: exactly one goes out', async () => {
    const phone = newPhone();
    const tickets = await Promise.all([1, 2, 3, 4].map(() => permit(phone)));
    const results = await Promise.all(tickets.map((smsTicket) => post('/api/registerOrLogin/sendMsg', { phone, smsTicket, scene: 'register' })));
    expect(results.map((r) => r.body.code).sort()).toEqual([100, 100, 100, 200]);
  });

  it('sends at most 10 codes a phone a day', async () => {
    const phone = newPhone();
    for (let i = 0; i < 10; i++) {
      await sendCode(phone);
      t.clock.advance(61);
    }
    const res = await post('/api/registerOrLogin/sendMsg', { phone, smsTicket: await permit(phone), scene: 'register' });
    expect(res.body).toMatchObject({ code: 100, msg: '今日短信发送次数已达上限，请明天再试' });
  });

  it('checks the scene against registration', async () => {
    const taken = await post('/api/registerOrLogin/sendMsg', { phone: demo.undergraduate.phone, smsTicket: await permit(demo.undergraduate.phone), scene: 'register' });
    expect(taken.body).toMatchObject({ code: 100, msg: '该手机号已注册' });
    const phone = newPhone();
    const unknown = await post('/api/registerOrLogin/sendMsg', { phone, smsTicket: await permit(phone), scene: 'forget' });
    expect(unknown.body).toMatchObject({ code: 100, msg: '该手机号未注册' });
  });

  it('rejects an unknown scene', async () => {
    const res = await post('/api/registerOrLogin/sendMsg', { phone: newPhone(), smsTicket: 'x', scene: 'other' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('scene');
  });
});

describe('POST /api/registerOrLogin/register', () => {
  it('registers, signs in at once, and the new account can sign in again', async () => {
    const phone = newPhone();
    const body = registration(phone, await sendCode(phone));
    const res = await post('/api/registerOrLogin/register', body);
    expect(res.body.code).toBe(200);
    expect(res.body.token).toBeTruthy();
    const info = await t.json({ method: 'POST', url: '/api/userinfo', token: res.body.token });
    expect(info.body.data).toMatchObject({ xm: '测试同学', rylb: '0', xh: body.xh, loginType: '1', hkIn: false, scfc: '0' });
    expect(info.body.data.sfzjh).toBe(`${body.sfzjh.slice(0, 4)}**********${body.sfzjh.slice(-4)}`);
    expect(await t.login(body.xh, 'Passw0rd1')).toBeTruthy();
  });

  it('the SMS code works once', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    expect((await post('/api/registerOrLogin/register', registration(phone, code))).body.code).toBe(200);
    const second = await post('/api/registerOrLogin/register', registration(phone, code, { xh: 'OTHER0001' }));
    expect(second.body).toMatchObject({ code: 100, msg: '该手机号已注册' });
  });

  it('requires xh for students, gzzh for staff, neither for family members', async () => {
    const phone = newPhone();
    const noXh = await post('/api/registerOrLogin/register', registration(phone, '123456', { xh: undefined }));
    expect(noXh.status).toBe(400);
    expect(noXh.body.errors).toEqual([{ field: 'xh', message: '请填写学号' }]);
    const noGzzh = await post('/api/registerOrLogin/register', registration(phone, '123456', { rylb: '4', xh: undefined }));
    expect(noGzzh.body.errors).toEqual([{ field: 'gzzh', message: '请填写工作证号' }]);
    const family = await post('/api/registerOrLogin/register', registration(phone, await sendCode(phone), { rylb: '5', xh: undefined }));
    expect(family.body.code).toBe(200);
  });

  it('validates the body against the document (400 with field errors in Chinese)', async () => {
    const res = await post('/api/registerOrLogin/register', { phone: '13', smsCode: '12', xm: '', sfzjh: 'abc', rylb: '9', password: 'short', password2: 'short' });
    expect(res.status).toBe(400);
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['phone', 'smsCode', 'xm', 'sfzjh', 'rylb', 'password']));
    expect(res.body.errors.find((e: { field: string }) => e.field === 'rylb').message).toBe('请选择人员类别');
    expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('refuses mismatched passwords, a bad ID checksum, duplicates and a wrong code', async () => {
    const phone = newPhone();
    expect((await post('/api/registerOrLogin/register', registration(phone, '123456', { password2: 'Passw0rd2' }))).body.msg).toBe('两次输入的密码不一致');
    expect((await post('/api/registerOrLogin/register', registration(phone, '123456', { sfzjh: '110108200001011231' }))).body.msg).toBe('身份证件号码格式错误');
    expect((await post('/api/registerOrLogin/register', registration(phone, '123456', { xh: demo.undergraduate.xh }))).body.msg).toBe('该学号或工作证号已注册');
    expect((await post('/api/registerOrLogin/register', registration(phone, '123456', { sfzjh: demo.undergraduate.sfzjh }))).body.msg).toBe(
      '该身份证件号已注册，请直接登录或找回密码',
    );
    expect((await post('/api/registerOrLogin/register', registration(phone, '123456'))).body.msg).toBe('短信验证码错误或已过期');
  });

  it('five wrong tries burn the SMS code', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post('/api/registerOrLogin/register', registration(phone, wrong))).body.msg).toBe('短信验证码错误或已过期');
    expect((await post('/api/registerOrLogin/register', registration(phone, code))).body.msg).toBe('短信验证码错误或已过期');
  });

  it('the SMS code expires after 5 minutes; a new code replaces the old one', async () => {
    const phone = newPhone();
    const old = await sendCode(phone);
    t.clock.advance(301);
    expect((await post('/api/registerOrLogin/register', registration(phone, old))).body.msg).toBe('短信验证码错误或已过期');
    const first = await sendCode(phone);
    t.clock.advance(61);
    const second = await sendCode(phone);
    if (first !== second) expect((await post('/api/registerOrLogin/register', registration(phone, first))).body.msg).toBe('短信验证码错误或已过期');
    expect((await post('/api/registerOrLogin/register', registration(phone, second))).body.code).toBe(200);
  });
});

describe('POST /api/registerOrLogin/retrievePassword', () => {
  it('resets the password, revokes every token and clears the lock', async () => {
    const phone = newPhone();
    const reg = await post('/api/registerOrLogin/register', registration(phone, await sendCode(phone)));
    const oldToken = reg.body.token as string;
    t.clock.advance(61);
    const code = await sendCode(phone, 'forget');
    const mismatch = await post('/api/registerOrLogin/retrievePassword', { phone, smsCode: code, password: 'NewPassw0rd', password2: 'NewPassw0rd2' });
    expect(mismatch.body.msg).toBe('两次输入的密码不一致');
    const res = await post('/api/registerOrLogin/retrievePassword', { phone, smsCode: code, password: 'NewPassw0rd', password2: 'NewPassw0rd' });
    expect(res.body).toEqual({ code: 200, msg: '密码已重置，请重新登录' });
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token: oldToken })).status).toBe(401);
    const oldPassword = await post('/qhyhlogin_false', { username: phone, password: 'Passw0rd1' });
    expect(oldPassword.body.msg).toBe('账号或密码错误');
    expect(await t.login(phone, 'NewPassw0rd')).toBeTruthy();
    const reused = await post('/api/registerOrLogin/retrievePassword', { phone, smsCode: code, password: 'Other0000a', password2: 'Other0000a' });
    expect(reused.body.msg).toBe('短信验证码错误或已过期');
  });

  it('refuses an unregistered phone', async () => {
    const res = await post('/api/registerOrLogin/retrievePassword', { phone: newPhone(), smsCode: '123456', password: 'NewPassw0rd', password2: 'NewPassw0rd' });
    expect(res.body).toMatchObject({ code: 100, msg: '该手机号未注册' });
  });

  it('a password needs letters and digits', async () => {
    const res = await post('/api/registerOrLogin/retrievePassword', { phone: demo.undergraduate.phone, smsCode: '123456', password: '12345678', password2: '12345678' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('password');
  });

  it('the demo password still works for other accounts', async () => {
    expect(await t.login(demo.staff.phone, DEMO_PASSWORD)).toBeTruthy();
  });
});
