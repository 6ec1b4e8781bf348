// Image codes, SMS permits and codes, registration and password retrieval.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { idNumberCheckDigit } from '../../server/domain/id-number.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { createTestApp, demo, DEMO_PASSWORD, nextIp, PUBLIC_URL, type TestApp } from './helpers.ts';

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
  it('answers a uuid and a PNG data URL', async () => {
    const res = await t.json({ method: 'GET', url: '/api/registerOrLogin/sendMsgImgCode', remoteAddress: nextIp() });
    expect(res.body.code).toBe(200);
    expect(res.body.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.img).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(res.body.data.img.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
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
    const results = await Promise.all(
      tickets.map((smsTicket) => post('/api/registerOrLogin/sendMsg', { phone, smsTicket, scene: 'register' })),
    );
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

  it('answers known and unknown phones alike, for both scenes (no enumeration)', async () => {
    const answers = [];
    for (const [phone, scene] of [
      [demo.undergraduate.phone, 'register'],
      [newPhone(), 'register'],
      [demo.master.phone, 'forget'],
      [newPhone(), 'forget'],
    ] as const) {
      const res = await post('/api/registerOrLogin/sendMsg', { phone, smsTicket: await permit(phone), scene });
      answers.push({ status: res.status, code: res.body.code, msg: res.body.msg, keys: Object.keys(res.body.data ?? {}).sort() });
      expect(await t.lastSms(phone)).toMatch(/^\d{6}$/);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 200, code: 200, msg: '验证码已发送' });
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
    // The typed number is not in the campus roster: the account is made, without a verified number.
    expect(info.body.data).toMatchObject({ xm: '测试同学', rylb: '0', xh: null, loginType: '1', hkIn: false, scfc: '0' });
    expect(info.body.data.sfzjh).toBe(`${body.sfzjh.slice(0, 4)}**********${body.sfzjh.slice(-4)}`);
    expect(await t.login(phone, 'Passw0rd1')).toBeTruthy();
  });

  it('the SMS code works once', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    expect((await post('/api/registerOrLogin/register', registration(phone, code))).body.code).toBe(200);
    const second = await post('/api/registerOrLogin/register', registration(phone, code, { xh: 'OTHER0001' }));
    expect(second.body).toMatchObject({ code: 100, msg: '短信验证码错误或已过期' });
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
    const res = await post('/api/registerOrLogin/register', {
      phone: '13',
      smsCode: '12',
      xm: '',
      sfzjh: 'abc',
      rylb: '9',
      password: 'short',
      password2: 'short',
    });
    expect(res.status).toBe(400);
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['phone', 'smsCode', 'xm', 'sfzjh', 'rylb', 'password']));
    expect(res.body.errors.find((e: { field: string }) => e.field === 'rylb').message).toBe('请选择人员类别');
    expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('refuses mismatched passwords, a bad ID checksum, duplicates and a wrong code', async () => {
    const phone = newPhone();
    expect((await post('/api/registerOrLogin/register', registration(phone, '123456', { password2: 'Passw0rd2' }))).body.msg).toBe(
      '两次输入的密码不一致',
    );
    expect((await post('/api/registerOrLogin/register', registration(phone, '123456', { sfzjh: '110108200001011231' }))).body.msg).toBe(
      '身份证件号码格式错误',
    );
    expect((await post('/api/registerOrLogin/register', registration(phone, '123456'))).body.msg).toBe('短信验证码错误或已过期');
  });

  it('checks the SMS code before anything registered is revealed, and each look costs a code', async () => {
    const phone = newPhone();
    // Without a valid code, a taken ID number or student number reads exactly like a free one.
    for (const extra of [{ sfzjh: demo.undergraduate.sfzjh }, { xh: demo.undergraduate.xh }, {}]) {
      expect((await post('/api/registerOrLogin/register', registration(phone, '000000', extra))).body.msg).toBe('短信验证码错误或已过期');
    }
    t.clock.advance(600);
    const code = await sendCode(phone);
    expect((await post('/api/registerOrLogin/register', registration(phone, code, { sfzjh: demo.undergraduate.sfzjh }))).body.msg).toBe(
      '该身份证件号已注册，请直接登录或找回密码',
    );
    expect((await post('/api/registerOrLogin/register', registration(phone, code))).body.msg).toBe('短信验证码错误或已过期');
    const taken = demo.master.phone;
    const takenCode = await sendCode(taken);
    expect((await post('/api/registerOrLogin/register', registration(taken, takenCode))).body.msg).toBe('该手机号已注册');
  });

  it('five wrong tries burn the SMS code', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('/api/registerOrLogin/register', registration(phone, wrong))).body.msg).toBe('短信验证码错误或已过期');
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
    if (first !== second)
      expect((await post('/api/registerOrLogin/register', registration(phone, first))).body.msg).toBe('短信验证码错误或已过期');
    expect((await post('/api/registerOrLogin/register', registration(phone, second))).body.code).toBe(200);
  });
});

describe('POST /api/registerOrLogin/verifySmsCode: the SMS code checked at its step', () => {
  const verify = (phone: string, smsCode: string, scene: 'register' | 'forget' = 'register', ip?: string) =>
    post('/api/registerOrLogin/verifySmsCode', { phone, smsCode, scene }, ip);
  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

  it('a wrong code is a field error of smsCode at once; the right one is used up for a phone ticket that registers', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    const wrong = await verify(phone, wrongOf(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 400, errors: [{ field: 'smsCode', message: '短信验证码错误或已过期' }] });
    const right = await verify(phone, code);
    expect(right.body).toMatchObject({ code: 200, data: { phoneTicket: expect.any(String), expiresIn: 600 } });
    expect((await verify(phone, code)).body.errors).toEqual([{ field: 'smsCode', message: '短信验证码错误或已过期' }]);
    const { smsCode: _none, ...body } = registration(phone, '');
    const res = await post('/api/registerOrLogin/register', { ...body, phoneTicket: right.body.data.phoneTicket });
    expect(res.body).toMatchObject({ code: 200, msg: '注册成功', token: expect.any(String) });
    expect(await t.login(phone, 'Passw0rd1')).toBeTruthy();
  });

  it('wrong tries at the step count: the fifth burns the code', async () => {
    const phone = newPhone();
    const code = await sendCode(phone);
    for (let i = 0; i < 5; i++) expect((await verify(phone, wrongOf(code))).status).toBe(400);
    expect((await verify(phone, code)).body.errors[0].field).toBe('smsCode');
  });

  it('the ticket works once, for its phone and its scene only, within 10 minutes', async () => {
    const ticketOf = async (phone: string, scene: 'register' | 'forget' = 'register') => {
      const code = await sendCode(phone, scene);
      return (await verify(phone, code, scene)).body.data.phoneTicket as string;
    };
    const spent = { field: 'phoneTicket', message: '短信验证已失效，请重新获取验证码' };
    const register = (phone: string, phoneTicket: string) => {
      const { smsCode: _none, ...body } = registration(phone, '');
      return post('/api/registerOrLogin/register', { ...body, phoneTicket });
    };
    const a = newPhone();
    const ticket = await ticketOf(a);
    const foreign = await register(newPhone(), ticket);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([spent]);
    expect(
      (
        await post('/api/registerOrLogin/retrievePassword', {
          phone: a,
          phoneTicket: ticket,
          password: 'NewPassw0rd',
          password2: 'NewPassw0rd',
        })
      ).body.errors,
    ).toEqual([spent]);
    expect((await register(a, 'not-a-ticket')).body.errors).toEqual([spent]);
    expect((await register(a, ticket)).body.code).toBe(200);
    expect((await register(a, ticket)).body.errors).toEqual([spent]);
    const b = newPhone();
    const late = await ticketOf(b);
    t.clock.advance(601);
    expect((await register(b, late)).body.errors).toEqual([spent]);
  });

  it('the ticket is spent before anything registered is revealed: each look costs a code', async () => {
    const phone = demo.doctoral.phone;
    const ticket = (await verify(phone, await sendCode(phone))).body.data.phoneTicket;
    const { smsCode: _none, ...body } = registration(phone, '');
    expect((await post('/api/registerOrLogin/register', { ...body, phoneTicket: ticket })).body).toMatchObject({
      code: 100,
      msg: '该手机号已注册',
    });
    expect((await post('/api/registerOrLogin/register', { ...body, phoneTicket: ticket })).body.errors[0].field).toBe('phoneTicket');
    // Checks that need no proof still come first and leave the ticket usable.
    const fresh = newPhone();
    const kept = (await verify(fresh, await sendCode(fresh))).body.data.phoneTicket;
    const { smsCode: _n, ...freshBody } = registration(fresh, '');
    expect((await post('/api/registerOrLogin/register', { ...freshBody, phoneTicket: kept, password2: 'Other0000a' })).body.msg).toBe(
      '两次输入的密码不一致',
    );
    expect((await post('/api/registerOrLogin/register', { ...freshBody, phoneTicket: kept })).body.code).toBe(200);
  });

  it('answers known and unknown phones alike (no enumeration)', async () => {
    const shapes = [];
    for (const phone of [demo.staff.phone, newPhone()]) {
      const res = await verify(phone, await sendCode(phone));
      shapes.push({
        status: res.status,
        code: res.body.code,
        msg: res.body.msg,
        keys: Object.keys(res.body.data).sort(),
        expiresIn: res.body.data.expiresIn,
      });
    }
    expect(shapes[0]).toEqual(shapes[1]);
  });

  it('resets a password with a forget ticket; a register ticket does not', async () => {
    const phone = newPhone();
    expect((await post('/api/registerOrLogin/register', registration(phone, await sendCode(phone)))).body.code).toBe(200);
    t.clock.advance(61);
    const forget = await sendCode(phone, 'forget');
    expect((await verify(phone, forget, 'register')).status).toBe(400);
    const ticket = (await verify(phone, forget, 'forget')).body.data.phoneTicket;
    const res = await post('/api/registerOrLogin/retrievePassword', {
      phone,
      phoneTicket: ticket,
      password: 'NewPassw0rd',
      password2: 'NewPassw0rd',
    });
    expect(res.body).toEqual({ code: 200, msg: '密码已重置，请重新登录' });
    expect(await t.login(phone, 'NewPassw0rd')).toBeTruthy();
  });

  it('without a ticket or a code: 400 请输入短信验证码', async () => {
    const { smsCode: _none, ...body } = registration(newPhone(), '');
    expect((await post('/api/registerOrLogin/register', body)).body).toMatchObject({
      code: 400,
      errors: [{ field: 'smsCode', message: '请输入短信验证码' }],
    });
    expect(
      (await post('/api/registerOrLogin/retrievePassword', { phone: newPhone(), password: 'NewPassw0rd', password2: 'NewPassw0rd' })).body
        .errors,
    ).toEqual([{ field: 'smsCode', message: '请输入短信验证码' }]);
  });

  it('validates its body and shares the registration ceiling (10 a minute per address)', async () => {
    expect(
      (await post('/api/registerOrLogin/verifySmsCode', { phone: newPhone(), smsCode: '12', scene: 'x' })).body.errors
        .map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['scene', 'smsCode']);
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await verify(newPhone(), '123456', 'register', ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /api/registerOrLogin/retrievePassword', () => {
  it('resets the password, revokes every token and clears the lock', async () => {
    const phone = newPhone();
    const reg = await post('/api/registerOrLogin/register', registration(phone, await sendCode(phone)));
    const oldToken = reg.body.token as string;
    t.clock.advance(61);
    const code = await sendCode(phone, 'forget');
    const mismatch = await post('/api/registerOrLogin/retrievePassword', {
      phone,
      smsCode: code,
      password: 'NewPassw0rd',
      password2: 'NewPassw0rd2',
    });
    expect(mismatch.body.msg).toBe('两次输入的密码不一致');
    const res = await post('/api/registerOrLogin/retrievePassword', {
      phone,
      smsCode: code,
      password: 'NewPassw0rd',
      password2: 'NewPassw0rd',
    });
    expect(res.body).toEqual({ code: 200, msg: '密码已重置，请重新登录' });
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token: oldToken })).status).toBe(401);
    const oldPassword = await post('/qhyhlogin_false', { username: phone, password: 'Passw0rd1' });
    expect(oldPassword.body.msg).toBe('账号或密码错误');
    expect(await t.login(phone, 'NewPassw0rd')).toBeTruthy();
    const reused = await post('/api/registerOrLogin/retrievePassword', {
      phone,
      smsCode: code,
      password: 'Other0000a',
      password2: 'Other0000a',
    });
    expect(reused.body.msg).toBe('短信验证码错误或已过期');
  });

  it('says a phone is unregistered only after its code proves the caller owns it', async () => {
    const phone = newPhone();
    const body = { phone, smsCode: '123456', password: 'NewPassw0rd', password2: 'NewPassw0rd' };
    const known = { ...body, phone: demo.postdoc.phone };
    expect((await post('/api/registerOrLogin/retrievePassword', body)).body).toEqual(
      (await post('/api/registerOrLogin/retrievePassword', known)).body,
    );
    const res = await post('/api/registerOrLogin/retrievePassword', { ...body, smsCode: await sendCode(phone, 'forget') });
    expect(res.body).toMatchObject({ code: 100, msg: '该手机号未注册' });
  });

  it('a password needs letters and digits', async () => {
    const res = await post('/api/registerOrLogin/retrievePassword', {
      phone: demo.undergraduate.phone,
      smsCode: '123456',
      password: '12345678',
      password2: '12345678',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('password');
  });

  it('the demo password still works for other accounts', async () => {
    expect(await t.login(demo.staff.phone, DEMO_PASSWORD)).toBeTruthy();
  });
});

describe('student and staff numbers: only single sign-on or the campus roster make them an identity', () => {
  const SERVICE = `${PUBLIC_URL}/web/my`;
  let personCounter = 0;
  /** A person of the campus roster (no account yet). */
  async function rosterPerson(rylb = '0') {
    personCounter += 1;
    const p = {
      no: `V${Date.now().toString(36).slice(-5)}${personCounter}`,
      name: `名册人员${personCounter}`,
      idNumber: newIdNumber(),
      rylb,
    };
    await t.app.repos.roster.save([{ campusNo: p.no, personType: rylb, name: p.name, idNumber: p.idNumber }], t.clock.now());
    return p;
  }

  async function register(extra: Record<string, unknown>) {
    const phone = newPhone();
    const res = await post('/api/registerOrLogin/register', registration(phone, await sendCode(phone), extra));
    return { phone, res, token: res.body.token as string };
  }

  const infoOf = async (token: string) => (await t.json({ method: 'POST', url: '/api/userinfo', token })).body.data;
  const rawUser = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;

  /** Signs in at the development CAS as this uid (no attributes) and answers the session token. */
  async function sso(uid: string): Promise<string> {
    const form = await t.request({
      method: 'POST',
      url: '/cas/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:8080' },
      payload: new URLSearchParams({ service: SERVICE, uid }).toString(),
    });
    const ticket = new URL(form.headers.location as string).searchParams.get('ticket')!;
    const res = await t.json({ method: 'GET', url: `/h5/validateTicket?ticket=${ticket}&service=${encodeURIComponent(SERVICE)}` });
    expect(res.body.code).toBe(200);
    return res.body.data as string;
  }

  it("registering with a victim's number binds nothing: no sign-in by it, and the victim's single sign-on never lands in the attacker's account", async () => {
    const victim = await rosterPerson();
    const attacker = await register({ xh: victim.no, xm: '冒名者' });
    expect(attacker.res.body).toMatchObject({ code: 200, msg: '注册成功' });
    const mine = await infoOf(attacker.token);
    expect(mine.xh).toBeNull();
    expect(await rawUser(mine.id)).toMatchObject({ studentNo: null, staffNo: null, casUid: null, claimedNo: victim.no });
    // The victim's number does not sign in to the attacker's account.
    const byNumber = await post('/qhyhlogin_false', { username: victim.no, password: 'Passw0rd1' });
    expect(byNumber.body).toMatchObject({ code: 100, msg: '账号或密码错误' });
    // The victim's single sign-on makes the victim's own account, with the number verified by CAS.
    const theirs = await infoOf(await sso(victim.no));
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs).toMatchObject({ xh: victim.no, xm: victim.name, loginType: '2' });
    expect((await infoOf(await sso(victim.no))).id).toBe(theirs.id);
    // The claim is not unique: a second claimant is answered alike, and the attacker's account is unchanged.
    expect((await register({ xh: victim.no, xm: '又一个' })).res.body).toMatchObject({ code: 200, msg: '注册成功' });
    expect(await rawUser(mine.id)).toMatchObject({ studentNo: null, casUid: null, claimedNo: victim.no });
  });

  it('a registration the roster confirms is bound: its number signs in and single sign-on lands in it', async () => {
    const p = await rosterPerson('4');
    const { token } = await register({ rylb: '4', xh: undefined, gzzh: p.no, xm: ` ${p.name} `, sfzjh: p.idNumber.toLowerCase() });
    const info = await infoOf(token);
    expect(info).toMatchObject({ gzzh: p.no, xh: null, rylb: '4' });
    expect(await rawUser(info.id)).toMatchObject({ staffNo: p.no, casUid: p.no, claimedNo: null });
    expect((await infoOf(await t.login(p.no, 'Passw0rd1'))).id).toBe(info.id);
    const viaSso = await infoOf(await sso(p.no));
    expect(viaSso).toMatchObject({ id: info.id, loginType: '2' });
  });

  it('the roster must agree on name, ID number and the kind of person (student or staff)', async () => {
    const a = await rosterPerson('0');
    const b = await rosterPerson('0');
    const c = await rosterPerson('1');
    const wrongName = await register({ xh: a.no, xm: '别的名字', sfzjh: a.idNumber });
    const wrongId = await register({ xh: b.no, xm: b.name });
    const wrongKind = await register({ rylb: '4', xh: undefined, gzzh: c.no, xm: c.name, sfzjh: c.idNumber });
    for (const r of [wrongName, wrongId, wrongKind]) {
      expect(r.res.body).toMatchObject({ code: 200, msg: '注册成功' });
      expect(await rawUser((await infoOf(r.token)).id)).toMatchObject({ studentNo: null, staffNo: null, casUid: null });
    }
    // A master's student registering as an undergraduate is still a student: bound.
    const d = await rosterPerson('1');
    expect((await infoOf((await register({ xh: d.no, xm: d.name, sfzjh: d.idNumber })).token)).xh).toBe(d.no);
  });

  it('never binds a number an account holds already, even with the roster name and ID number; the answer is the same', async () => {
    const p = await rosterPerson();
    const own = await infoOf(await sso(p.no));
    const taken = await register({ xh: p.no, xm: p.name, sfzjh: p.idNumber });
    const demoTaken = await register({ xh: demo.undergraduate.xh });
    const unknown = await register({ xh: 'NOTINROSTER1' });
    const confirmed = await rosterPerson();
    const bound = await register({ xh: confirmed.no, xm: confirmed.name, sfzjh: confirmed.idNumber });
    const shape = (body: Record<string, unknown>) => ({ ...body, token: typeof body.token });
    for (const r of [taken, demoTaken, unknown]) expect(shape(r.res.body)).toEqual(shape(bound.res.body));
    expect((await infoOf(taken.token)).xh).toBeNull();
    expect((await infoOf(bound.token)).xh).toBe(confirmed.no);
    expect((await infoOf(await sso(p.no))).id).toBe(own.id);
    expect((await infoOf(await sso(demo.undergraduate.xh!))).xm).toBe(demo.undergraduate.xm);
  });
});
