// Sign-in against a determined attacker: concurrent bursts check no more passwords than the rules allow (with or
// without solved image codes), outsiders cannot keep an owner or an administrator out, and the sign-in ceilings of an
// address do not grow with the tokens it carries.
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/lib/crypto.ts';
import { DEMO_STAFF, createStaff, staffLoginRaw } from './admin-helpers.ts';
import { createTestApp, DEMO_PASSWORD, nextIp, type TestApp } from './helpers.ts';
import { createUser } from './service-helpers.ts';

/** Every password the server checks (a real hash or the burn for unknown names) is counted here. */
const checked = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../server/lib/crypto.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/lib/crypto.ts')>();
  return {
    ...real,
    verifyPassword: async (...args: Parameters<typeof real.verifyPassword>) => {
      checked.n += 1;
      return real.verifyPassword(...args);
    },
    burnPasswordCheck: async (...args: Parameters<typeof real.burnPasswordCheck>) => {
      checked.n += 1;
      return real.burnPasswordCheck(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

/** A user with the demo password, signing in by phone. */
async function userWithPassword() {
  const user = await createUser(t);
  const { hash, salt } = await hashPassword(DEMO_PASSWORD);
  await t.app.repos.users.update(user.id, { passwordHash: hash, passwordSalt: salt });
  return user;
}

const signIn = (payload: Record<string, unknown>, ip: string, cookie?: string, url = '/qhyhlogin') =>
  t.json({ method: 'POST', url, payload, remoteAddress: ip, headers: cookie ? { cookie } : {} });

/** A sign-in with a solved image code (the attacker of item 4, who reads every code). */
const solved = async (username: string, password: string, ip: string, cookie?: string) => {
  const { uuid, text } = await t.captcha();
  return signIn({ username, password, uuid, code: text }, ip, cookie);
};

const deviceCookieOf = (headers: Record<string, unknown>) => {
  const set = String(headers['set-cookie'] ?? '');
  expect(set).toMatch(/^hk_device=[A-Za-z0-9_-]{22,}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict/);
  return set.split(';')[0]!;
};

/**
 * The passwords the rule lets through in a burst that took `ms`: 20 from unknown sources, then one each time the growing
 * delay (2, 4, 8 … s) runs out. The test clock runs with real time, so a slow machine can see a delay run out mid-burst.
 */
const allowedIn = (ms: number) => {
  let extra = 0;
  while ((2 ** (extra + 2) - 2) * 1000 <= ms) extra += 1; // 2 + 4 + … + 2^(extra+1) seconds have passed
  return 20 + extra;
};

const addresses = (n: number) => Array.from({ length: n }, () => nextIp());

describe('a burst of concurrent guesses', () => {
  it('200 wrong passwords at once from 20 addresses, no image code: 3 passwords checked', async () => {
    const user = await userWithPassword();
    const ips = addresses(20);
    checked.n = 0;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        signIn({ username: user.phone, password: `Wrong${i}xyz` }, ips[i % 20]!, undefined, '/qhyhlogin_false'),
      ),
    );
    expect(checked.n).toBeLessThanOrEqual(3);
    expect(answers.filter((a) => a.body.msg === '账号或密码错误').length).toBe(checked.n);
    expect(answers.every((a) => a.body.code === 100)).toBe(true);
  });

  it('an attacker who solves every image code: 200 at once check at most 20; a right password inside the burst follows the same rule', async () => {
    const user = await userWithPassword();
    const ips = addresses(20);
    const codes = [];
    for (let i = 0; i < 200; i += 1) codes.push(await t.captcha());
    checked.n = 0;
    const started = Date.now();
    const answers = await Promise.all(
      codes.map(({ uuid, text }, i) =>
        signIn({ username: user.phone, password: i === 150 ? DEMO_PASSWORD : `Wrong${i}xyz`, uuid, code: text }, ips[i % 20]!),
      ),
    );
    expect(checked.n).toBeLessThanOrEqual(allowedIn(Date.now() - started));
    const passed = answers.filter((a) => a.body.code === 200);
    // The right password signs in only if it was among the attempts the rule let through.
    expect(passed.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.body.msg === '账号或密码错误').length + passed.length).toBeLessThanOrEqual(checked.n);
    // The delay holds afterwards: one check per delay, not a burst's worth.
    t.clock.advance(2);
    const next = await Promise.all(ips.map(async (ip) => solved(user.phone, 'WrongAgain1', ip)));
    expect(next.filter((a) => a.body.msg === '账号或密码错误' || /次数过多|过于频繁/.test(a.body.msg)).length).toBe(20);
  });

  it('the console: 50 wrong passwords at once check at most 20, and an unknown name the same', async () => {
    const staff = await createStaff(t);
    const ips = addresses(5);
    for (const username of [staff.username, 'nobody-here']) {
      const captchas = [];
      for (let i = 0; i < 50; i += 1) {
        const img = await t.json({ method: 'GET', url: '/api/admin/captcha', remoteAddress: nextIp() });
        const uuid = img.body.data.uuid as string;
        captchas.push({ uuid, code: (await t.json({ method: 'GET', url: `/__test__/captcha/${uuid}` })).body.data.text as string });
      }
      checked.n = 0;
      const started = Date.now();
      const answers = await Promise.all(
        captchas.map((c, i) =>
          t.json({
            method: 'POST',
            url: '/api/admin/login',
            payload: { username, password: `Wrong${i}xyz1`, ...c },
            remoteAddress: ips[i % 5],
          }),
        ),
      );
      expect(checked.n, username).toBeLessThanOrEqual(allowedIn(Date.now() - started));
      expect(answers.every((a) => a.body.code === 100)).toBe(true);
    }
  });
});

describe('outsiders cannot keep the owner out', () => {
  it('a student signs in from their phone during and after a sustained attack; a new phone has password retrieval', async () => {
    const user = await userWithPassword();
    const first = await signIn({ username: user.phone, password: DEMO_PASSWORD }, nextIp(), undefined, '/qhyhlogin_false');
    expect(first.body.code).toBe(200);
    const cookie = deviceCookieOf(first.headers);
    const ownerIp = nextIp();
    let ownerIn = 0;
    let attackerChecks = 0;
    // Seven minutes: the attacker tries every 10 s from fresh addresses with solved codes; the owner signs in each minute.
    for (let second = 0; second < 7 * 60; second += 10) {
      checked.n = 0;
      await Promise.all(addresses(3).map((ip) => solved(user.phone, `Guess${second}abc`, ip)));
      attackerChecks += checked.n;
      if (second % 60 === 0) {
        const owner = await signIn({ username: user.phone, password: DEMO_PASSWORD }, ownerIp, cookie, '/qhyhlogin_false');
        expect(owner.body, `at ${second} s`).toMatchObject({ code: 200 });
        expect(owner.headers['set-cookie']).toBeUndefined();
        ownerIn += 1;
      }
      t.clock.advance(10);
    }
    expect(ownerIn).toBe(7);
    // The attacker's budget: 20, then one per growing delay (2+4+…+256 s, then one per 300 s) — not 3 × 42.
    expect(attackerChecks).toBeLessThanOrEqual(30);
    // On a phone the account never signed in from, the delay applies…
    const stranger = await solved(user.phone, DEMO_PASSWORD, nextIp());
    expect(stranger.body.msg).toMatch(/^登录尝试过于频繁，请\d+秒后再试$/);
    // …and password retrieval by SMS (a code the attacker cannot read) lets the owner in at once.
    const phoneTicket = await smsTicket(user.phone, 'forget');
    const reset = await t.json({
      method: 'POST',
      url: '/api/registerOrLogin/retrievePassword',
      payload: { phone: user.phone, phoneTicket, password: 'NewPassw0rd9', password2: 'NewPassw0rd9' },
      remoteAddress: nextIp(),
    });
    expect(reset.body.code).toBe(200);
    expect((await signIn({ username: user.phone, password: 'NewPassw0rd9' }, nextIp(), undefined, '/qhyhlogin_false')).body.code).toBe(200);
    // A new password forgets the devices: the old cookie is a stranger's again.
    expect(await t.app.repos.trustedDevices.has(cookieHash(cookie), user.id, new Date(0))).toBe(false);
  });

  it('admin01 signs in from their desk during and after a sustained attack', async () => {
    const first = await staffLoginRaw(t, DEMO_STAFF.admin, DEMO_PASSWORD, nextIp());
    expect(first.body.code).toBe(200);
    const cookie = deviceCookieOf(first.headers);
    let ownerIn = 0;
    for (let second = 0; second < 7 * 60; second += 10) {
      await Promise.all(addresses(3).map((ip) => staffLoginRaw(t, DEMO_STAFF.admin, `Guess${second}abc`, ip)));
      if (second % 60 === 0) {
        const img = await t.json({ method: 'GET', url: '/api/admin/captcha', remoteAddress: nextIp() });
        const uuid = img.body.data.uuid as string;
        const code = (await t.json({ method: 'GET', url: `/__test__/captcha/${uuid}` })).body.data.text as string;
        const owner = await t.json({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: DEMO_STAFF.admin, password: DEMO_PASSWORD, uuid, code },
          remoteAddress: nextIp(),
          headers: { cookie },
        });
        expect(owner.body, `at ${second} s`).toMatchObject({ code: 200 });
        ownerIn += 1;
      }
      t.clock.advance(10);
    }
    expect(ownerIn).toBe(7);
    // From a desk it never used, the delay holds.
    const elsewhere = await staffLoginRaw(t, DEMO_STAFF.admin, DEMO_PASSWORD, nextIp());
    expect(elsewhere.body.msg).toMatch(/^登录尝试过于频繁，请\d+秒后再试$/);
  });
});

describe('an administrator lifts the limits of a staff account', () => {
  it('the list shows the failures of the hour; 解除登录限制 ends them (audited) and the owner signs in from anywhere', async () => {
    const admin = await createStaff(t, 'admin');
    const victim = await createStaff(t);
    for (let i = 0; i < 22; i += 1) await staffLoginRaw(t, victim.username, `Guess${i}abc`, nextIp());
    expect((await staffLoginRaw(t, victim.username, DEMO_PASSWORD, nextIp())).body.msg).toMatch(/^登录尝试过于频繁/);
    const list = await t.json({ method: 'GET', url: '/api/admin/staff', token: admin.token });
    const row = (list.body.data as { id: number; failedSignIns: number }[]).find((a) => a.id === victim.id)!;
    expect(row.failedSignIns).toBe(20); // the 21st and 22nd waited: not counted
    const unlock = await t.json({ method: 'PUT', url: `/api/admin/staff/${victim.id}`, token: admin.token, payload: { unlock: true } });
    expect(unlock.body.code).toBe(200);
    expect((await staffLoginRaw(t, victim.username, DEMO_PASSWORD, nextIp())).body.code).toBe(200);
    const audit = (await t.app.repos.audit.page({ action: 'staff.update' }, { pageNum: 1, pageSize: 5 })).rows[0]!;
    expect(audit.summary).toBe(`修改工作人员 ${victim.username}：解除登录限制`);
    const after = await t.json({ method: 'GET', url: '/api/admin/staff', token: admin.token });
    expect((after.body.data as { id: number; failedSignIns: number }[]).find((a) => a.id === victim.id)!.failedSignIns).toBe(0);
  });
});

describe('people behind one address', () => {
  it('twelve successful sign-ins from one campus NAT within minutes ask nobody for an image code', async () => {
    const ip = nextIp();
    for (let i = 0; i < 12; i += 1) {
      const user = await userWithPassword();
      const res = await signIn({ username: user.phone, password: DEMO_PASSWORD }, ip, undefined, '/qhyhlogin_false');
      expect(res.body.code, `sign-in ${i + 1}`).toBe(200);
    }
  });
});

describe('the ceilings of an address', () => {
  it('do not grow with the tokens it carries: three accounts of its own give no more sign-in calls', async () => {
    const ip = nextIp();
    const tokens = await Promise.all([1, 2, 3].map(async () => (await createUser(t)).token));
    const answers = [];
    for (let i = 0; i < 45; i += 1) {
      answers.push(
        await t.json({
          method: 'POST',
          url: '/qhyhlogin_false',
          payload: { username: `1990000${String(i).padStart(4, '0')}`, password: 'Wrong1234' },
          remoteAddress: ip,
          token: tokens[i % 3],
        }),
      );
    }
    expect(answers.filter((a) => a.status === 429).length).toBe(15);
  });
});

async function smsTicket(phone: string, scene: 'register' | 'forget'): Promise<string> {
  const { uuid, text } = await t.captcha();
  const permit = await t.json({
    method: 'POST',
    url: '/api/registerOrLogin/imgCodeVerify',
    payload: { phone, uuid, code: text },
    remoteAddress: nextIp(),
  });
  const ip = nextIp();
  await t.json({
    method: 'POST',
    url: '/api/registerOrLogin/sendMsg',
    payload: { phone, smsTicket: permit.body.data.smsTicket, scene },
    remoteAddress: ip,
  });
  const smsCode = await t.lastSms(phone);
  const verified = await t.json({
    method: 'POST',
    url: '/api/registerOrLogin/verifySmsCode',
    payload: { phone, smsCode, scene },
    remoteAddress: ip,
  });
  return verified.body.data.phoneTicket as string;
}

const cookieHash = (cookie: string) => createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
