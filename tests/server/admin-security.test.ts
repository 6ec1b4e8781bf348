// 登录日志, 在线用户 and 强制退出 (issue 13): every sign-in and refusal recorded without secrets; administrators list the
// sessions in force and end one, which then answers 401 at once; staff and users are refused.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskAttemptedName } from '../../server/services/login-records.ts';
import { call, createStaff, DEMO_STAFF, staffLogin, staffLoginRaw } from './admin-helpers.ts';
import { createTestApp, DEMO_PASSWORD, demo, nextIp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, 'admin');
});
afterAll(async () => t?.close());

type Row = {
  realm: string;
  method: string;
  success: boolean;
  reason: string | null;
  person: { name: string; roleName: string } | null;
  attemptedName: string | null;
  ip: string | null;
  userAgent: string | null;
};
const records = async (query = '') =>
  (await call(t, 'GET', `/api/admin/login-records?pageSize=50${query}`, admin.token)).body as { rows: Row[]; total: number; code: number };

describe('登录日志', () => {
  it('records user and staff sign-ins and refusals, the message seen, never a password; a name without account masked', async () => {
    const ip = nextIp();
    await t.json({
      method: 'POST',
      url: '/qhyhlogin_false',
      payload: { username: demo.undergraduate.phone, password: 'Wrong-pass-1' },
      remoteAddress: ip,
      headers: { 'user-agent': 'Mozilla/5.0 MicroMessenger/8.0' },
    });
    await t.login(demo.undergraduate.phone, undefined, ip);
    await t.json({ method: 'POST', url: '/qhyhlogin_false', payload: { username: '13912345678', password: 'Secret-pass-9' } });
    await staffLoginRaw(t, DEMO_STAFF.staff, 'Wrong-pass-2');
    await staffLogin(t, DEMO_STAFF.staff);

    const all = await records();
    expect(all.code).toBe(200);
    const [staffOk, staffBad, unknown, userOk, userBad] = all.rows;
    expect(userBad).toMatchObject({
      realm: 'user',
      method: 'password',
      success: false,
      reason: '账号或密码错误',
      attemptedName: null,
      userAgent: 'Mozilla/5.0 MicroMessenger/8.0',
    });
    expect(userBad!.person!.roleName).toBe('用户');
    expect(userOk).toMatchObject({ realm: 'user', success: true, reason: null });
    expect(unknown).toMatchObject({ realm: 'user', success: false, person: null, attemptedName: '139****5678' });
    expect(staffBad).toMatchObject({ realm: 'staff', success: false, reason: '账号或密码错误' });
    expect(staffBad!.person!.roleName).toBe('办理员');
    expect(staffOk).toMatchObject({ realm: 'staff', success: true });
    // Nothing secret is stored anywhere in the table.
    const dump = JSON.stringify((await t.app.db.execute(sql`select * from login_records`)) as unknown);
    for (const secret of ['Wrong-pass-1', 'Secret-pass-9', 'Wrong-pass-2', '13912345678']) expect(dump).not.toContain(secret);

    const byName = (await records(`&keyword=${encodeURIComponent(demo.undergraduate.xm)}`)).rows;
    expect(byName.length).toBeGreaterThanOrEqual(2);
    expect(byName.every((r) => r.person?.name === demo.undergraduate.xm)).toBe(true);
    const staffRefusals = (await records('&realm=staff&success=0')).rows;
    expect(staffRefusals.length).toBeGreaterThanOrEqual(1);
    expect(staffRefusals.every((r) => r.realm === 'staff' && !r.success)).toBe(true);
  });

  it('masks a name without account: phone, ID number, anything else', () => {
    expect(maskAttemptedName('13800138000')).toBe('138****8000');
    expect(maskAttemptedName('11010519491231002X')).toBe('1101**********002X');
    expect(maskAttemptedName('2021012345')).toBe('2********5');
    expect(maskAttemptedName('ab')).toBe('**');
  });
});

describe('在线用户 and 强制退出', () => {
  it('tells two sessions of one person apart by device (the app and system at sign-in) and address', async () => {
    const signIn = (ua: string, ip: string) =>
      t.json({
        method: 'POST',
        url: '/qhyhlogin_false',
        payload: { username: demo.doctoral.phone, password: DEMO_PASSWORD },
        headers: { 'user-agent': ua },
        remoteAddress: ip,
      });
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.49';
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0';
    expect((await signIn(iphone, '10.9.0.1')).body.code).toBe(200);
    expect((await signIn(windows, '10.9.0.2')).body.code).toBe(200);
    const rows = (
      await call(t, 'GET', `/api/admin/online-sessions?realm=user&keyword=${encodeURIComponent(demo.doctoral.xm)}&pageSize=50`, admin.token)
    ).body.rows as { device: string | null; ip: string }[];
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ device: '微信 · iPhone', ip: '10.9.0.1' }),
        expect.objectContaining({ device: 'Edge · Windows', ip: '10.9.0.2' }),
      ]),
    );
  });

  it("lists the sessions in force; ending one refuses its token at once; not one's own, not twice", async () => {
    const token = await t.login(demo.master.phone);
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token, payload: {} })).status).toBe(200); // now cached
    const list = (await call(t, 'GET', `/api/admin/online-sessions?realm=user&keyword=${encodeURIComponent(demo.master.xm)}`, admin.token))
      .body;
    expect(list.code).toBe(200);
    expect(list.total).toBeGreaterThanOrEqual(1);
    const session = list.rows[0] as { id: number; person: { name: string; roleName: string }; loginTypeName: string; current: boolean };
    expect(session).toMatchObject({ person: { name: demo.master.xm, roleName: '用户' }, loginTypeName: '密码登录', current: false });

    expect((await call(t, 'DELETE', `/api/admin/online-sessions/${session.id}`, admin.token)).body).toMatchObject({
      code: 200,
      msg: '已强制退出',
    });
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token, payload: {} })).status).toBe(401);
    expect((await call(t, 'DELETE', `/api/admin/online-sessions/${session.id}`, admin.token)).status).toBe(404);

    const mine = (await call(t, 'GET', '/api/admin/online-sessions?realm=staff', admin.token)).body.rows.find(
      (s: { current: boolean }) => s.current,
    ) as { id: number };
    expect(mine).toBeTruthy();
    expect((await call(t, 'DELETE', `/api/admin/online-sessions/${mine.id}`, admin.token)).body).toMatchObject({
      code: 100,
      msg: '不能强制退出本人当前会话，请使用退出登录',
    });

    const audit = (await call(t, 'GET', '/api/admin/audit?action=session.', admin.token)).body.rows as { summary: string }[];
    expect(audit[0]!.summary).toContain(`强制退出 ${demo.master.xm}（用户）`);
  });

  it('is for administrators only', async () => {
    const staff = await createStaff(t, 'staff');
    const user = await t.login(demo.doctoral.phone);
    for (const [method, url] of [
      ['GET', '/api/admin/login-records'],
      ['GET', '/api/admin/online-sessions'],
      ['DELETE', '/api/admin/online-sessions/1'],
    ] as const) {
      expect((await call(t, method, url, staff.token)).status).toBe(403);
      expect((await call(t, method, url, user)).status).toBe(403);
      expect((await call(t, method, url)).status).toBe(401);
    }
  });
});
