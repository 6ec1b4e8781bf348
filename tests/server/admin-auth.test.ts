// Staff console: sign-in (image code always), sessions, role separation on every staff operation, staff
// accounts, and the audit log (admin only, append-only in the database).
import { demoPassword } from '../../server/db/seed-data/demo.ts';
import { PUBLISHED_DEMO_PASSWORD, WEAK_STAFF_PASSWORD } from '../../server/lib/password-strength.ts';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, createTestApp, demo, nextIp, type TestApp } from './helpers.ts';
import { DEMO_STAFF, call, createStaff, staffLogin, staffLoginRaw } from './admin-helpers.ts';
import { createUser } from './service-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const auditOf = async (action: string) => (await t.app.repos.audit.page({ action }, { pageNum: 1, pageSize: 100 })).rows;

describe('POST /api/admin/login', () => {
  it('signs the demo 办理员 and 管理员 in with password and image code; the token is hashed; the sign-in is audited', async () => {
    const staffToken = await staffLogin(t, DEMO_STAFF.staff);
    const adminToken = await staffLogin(t, DEMO_STAFF.admin.toUpperCase());
    expect((await call(t, 'GET', '/api/admin/me', staffToken)).body.data).toMatchObject({
      username: 'staff01',
      role: 'staff',
      roleName: '办理员',
      enabled: true,
    });
    expect((await call(t, 'GET', '/api/admin/me', adminToken)).body.data).toMatchObject({
      username: 'admin01',
      role: 'admin',
      roleName: '管理员',
    });
    const stored = await t.app.db.execute(sql`select token_hash from sessions`);
    const hashes = (stored as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(staffToken);
    expect((await auditOf('login')).some((e) => e.staffUsername === 'staff01' && e.summary === '登录工作台')).toBe(true);
  });

  it('always needs the image code; a wrong one, a wrong password, a user account and a disabled account are refused alike', async () => {
    const noCode = await t.json({ method: 'POST', url: '/api/admin/login', payload: { username: 'staff01', password: DEMO_PASSWORD } });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['code', 'uuid']);
    expect((await staffLoginRaw(t, 'staff01', DEMO_PASSWORD, nextIp(), 'zzzz')).body).toMatchObject({
      code: 100,
      msg: '图形验证码错误或已过期',
    });
    expect((await staffLoginRaw(t, 'staff01', 'Wrong12345')).body).toEqual({ code: 100, msg: '账号或密码错误' });
    expect((await staffLoginRaw(t, demo.undergraduate.phone, DEMO_PASSWORD)).body).toEqual({ code: 100, msg: '账号或密码错误' });
    const off = await createStaff(t);
    await t.app.services.staff.update(-1, off.id, { enabled: false });
    expect((await staffLoginRaw(t, off.username, DEMO_PASSWORD)).body).toEqual({ code: 100, msg: '账号或密码错误' });
  });

  it('locks one source out of an account for 15 minutes after 10 failures; nobody can lock admin01 out', async () => {
    const s = await createStaff(t);
    const attacker = nextIp();
    for (let i = 0; i < 9; i += 1) expect((await staffLoginRaw(t, s.username, 'Wrong12345', attacker)).body.msg).toBe('账号或密码错误');
    expect((await staffLoginRaw(t, s.username, 'Wrong12345', attacker)).body.msg).toBe('登录失败次数过多，请15分钟后再试');
    expect((await staffLoginRaw(t, s.username, DEMO_PASSWORD, attacker)).body.msg).toBe('登录失败次数过多，请15分钟后再试');
    // The owner at their own desk is not locked out; the user account with the same-looking name is not affected.
    expect(await staffLogin(t, s.username, DEMO_PASSWORD, nextIp())).toBeTruthy();
    expect(await t.login(demo.master.phone)).toBeTruthy();
    for (let i = 0; i < 10; i += 1) await staffLoginRaw(t, DEMO_STAFF.admin, 'Wrong12345', attacker);
    expect(await staffLogin(t, DEMO_STAFF.admin, DEMO_PASSWORD, nextIp())).toBeTruthy();
    t.clock.advance(15 * 60 + 1);
    expect(await staffLogin(t, s.username, DEMO_PASSWORD, attacker)).toBeTruthy();
  });

  it('is not the users’ sign-in: a staff account cannot sign in at /qhyhlogin_false', async () => {
    const res = await t.json({
      method: 'POST',
      url: '/qhyhlogin_false',
      payload: { username: 'staff01', password: DEMO_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(res.body).toMatchObject({ code: 100, msg: '账号或密码错误' });
  });
});

describe('sessions of staff', () => {
  it('end after 30 minutes idle and 12 hours in all; a user session still slides for 7 days', async () => {
    const idle = await staffLogin(t, DEMO_STAFF.staff);
    t.clock.advance(29 * 60);
    expect((await call(t, 'GET', '/api/admin/me', idle)).body.code).toBe(200);
    t.clock.advance(29 * 60);
    expect((await call(t, 'GET', '/api/admin/me', idle)).body.code).toBe(200);
    t.clock.advance(31 * 60);
    expect((await call(t, 'GET', '/api/admin/me', idle)).status).toBe(401);

    const busy = await staffLogin(t, DEMO_STAFF.staff);
    const user = await t.login(demo.undergraduate.phone);
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      t.clock.advance(20 * 60);
      expect((await call(t, 'GET', '/api/admin/me', busy)).body.code).toBe(200);
    }
    t.clock.advance(21 * 60);
    expect((await call(t, 'GET', '/api/admin/me', busy)).status).toBe(401);
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token: user })).body.code).toBe(200);
  });

  it('logout revokes the token (audited); an expired token is 401', async () => {
    const token = await staffLogin(t, DEMO_STAFF.staff);
    expect((await call(t, 'POST', '/api/admin/logout', token)).body).toMatchObject({ code: 200 });
    expect((await call(t, 'GET', '/api/admin/me', token)).status).toBe(401);
    expect((await auditOf('logout')).length).toBeGreaterThan(0);
    const other = await staffLogin(t, DEMO_STAFF.staff);
    await t.json({ method: 'POST', url: '/__test__/expire-token', payload: { token: other } });
    expect((await call(t, 'GET', '/api/admin/me', other)).body).toMatchObject({ code: 401 });
  });

  it('changing one’s password keeps this session and ends the others', async () => {
    const s = await createStaff(t);
    const here = await staffLogin(t, s.username);
    const elsewhere = await staffLogin(t, s.username);
    const wrong = await call(t, 'POST', '/api/admin/me/password', here, {
      oldPassword: 'Nope12345',
      password: 'Lantern-Quay-2026',
      password2: 'Lantern-Quay-2026',
    });
    expect(wrong.body).toEqual({ code: 100, msg: '原密码错误' });
    const mismatch = await call(t, 'POST', '/api/admin/me/password', here, {
      oldPassword: DEMO_PASSWORD,
      password: 'Lantern-Quay-2026',
      password2: 'Lantern-Quay-2027',
    });
    expect(mismatch.body).toEqual({ code: 100, msg: '两次输入的密码不一致' });
    expect(
      (
        await call(t, 'POST', '/api/admin/me/password', here, {
          oldPassword: DEMO_PASSWORD,
          password: 'Lantern-Quay-2026',
          password2: 'Lantern-Quay-2026',
        })
      ).body.code,
    ).toBe(200);
    expect((await call(t, 'GET', '/api/admin/me', here)).status).toBe(200);
    expect((await call(t, 'GET', '/api/admin/me', elsewhere)).status).toBe(401);
    expect(await staffLogin(t, s.username, 'Lantern-Quay-2026')).toBeTruthy();
  });
});

/** A concrete URL for each documented path (path parameters filled with plausible values). */
const concrete = (path: string) =>
  path
    .replace('{id}', '1')
    .replace('{rylb}', '0')
    .replace('{type}', 'qh_hkk_reason')
    .replace('{key}', 's2')
    .replace('{code}', 'hkkjy')
    .replace('{fileId}', 'f_x')
    .replace('{fileName}', 'x.pdf');

describe('role separation', () => {
  it('every staff operation: no token 401, a user token 403, and a 办理员 403 on 管理员 operations', async () => {
    const user = await createUser(t);
    const banliyuan = await createStaff(t, 'staff');
    const ops = [...t.app.openapi.operations.values()].filter((op) => op.roles.length);
    expect(ops.length).toBeGreaterThan(45);
    for (const op of ops) {
      const url = concrete(op.path);
      const anonymous = await t.json({ method: op.method, url });
      expect(anonymous.status, `${op.operationId} without token`).toBe(401);
      const asUser = await t.json({ method: op.method, url, token: user.token });
      expect(asUser.status, `${op.operationId} with a user token`).toBe(403);
      expect(asUser.body).toEqual({ code: 403, msg: '您无权访问该资源' });
      if (op.roles.includes('admin')) {
        const asStaff = await t.json({ method: op.method, url, token: banliyuan.token });
        expect(asStaff.status, `${op.operationId} as 办理员`).toBe(403);
      }
    }
  });

  it('a staff token never reaches a user operation, and a 管理员 reaches 办理员 operations', async () => {
    const admin = await createStaff(t, 'admin');
    for (const [method, url] of [
      ['POST', '/api/userinfo'],
      ['GET', '/api/wdsq/sqxq/getListByType'],
      ['POST', '/api/logout'],
      ['GET', '/api/wj/file/f_x'],
    ] as const) {
      expect((await t.json({ method, url, token: admin.token })).status, url).toBe(403);
    }
    expect((await call(t, 'GET', '/api/admin/applications', admin.token)).status).toBe(200);
    expect((await call(t, 'GET', '/api/admin/dashboard', admin.token)).status).toBe(200);
  });

  it('the sign-in calls and the image code are public', async () => {
    expect((await t.json({ method: 'GET', url: '/api/admin/captcha' })).body.data.img).toMatch(/^data:image\/png;base64,/);
  });
});

describe('staff accounts (管理员)', () => {
  it('lists, creates, changes, disables and re-enables accounts; each change is audited', async () => {
    const admin = await createStaff(t, 'admin');
    const listed = (await call(t, 'GET', '/api/admin/staff', admin.token)).body.data;
    expect(listed.map((s: { username: string }) => s.username)).toEqual(expect.arrayContaining(['staff01', 'admin01']));

    const username = `new${Date.now().toString(36)}`;
    const created = await call(t, 'POST', '/api/admin/staff', admin.token, {
      username,
      name: '新同事',
      role: 'staff',
      password: 'Harbor7Violet-kite',
    });
    expect(created.body.data).toMatchObject({ username, name: '新同事', role: 'staff', enabled: true });
    expect(
      (
        await call(t, 'POST', '/api/admin/staff', admin.token, {
          username: username.toUpperCase(),
          name: '重复',
          role: 'staff',
          password: 'Harbor7Violet-kite',
        })
      ).body,
    ).toEqual({
      code: 100,
      msg: '登录名已存在',
    });
    expect(
      (
        await call(t, 'POST', '/api/admin/staff', admin.token, {
          username: 'a b',
          name: 'x',
          role: 'staff',
          password: 'Harbor7Violet-kite',
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(t, 'POST', '/api/admin/staff', admin.token, { username: 'weakpw', name: 'x', role: 'staff', password: 'short' })).status,
    ).toBe(400);

    const id = created.body.data.id as number;
    const token = await staffLogin(t, username, 'Harbor7Violet-kite');
    const promoted = await call(t, 'PUT', `/api/admin/staff/${id}`, admin.token, { role: 'admin', name: '新同事甲' });
    expect(promoted.body.data).toMatchObject({ role: 'admin', roleName: '管理员', name: '新同事甲' });
    expect((await call(t, 'GET', '/api/admin/staff', token)).status).toBe(200);

    const disabled = await call(t, 'PUT', `/api/admin/staff/${id}`, admin.token, { enabled: false });
    expect(disabled.body.data.enabled).toBe(false);
    expect((await call(t, 'GET', '/api/admin/me', token)).status).toBe(401);
    expect((await staffLoginRaw(t, username, 'Harbor7Violet-kite')).body.msg).toBe('账号或密码错误');
    await call(t, 'PUT', `/api/admin/staff/${id}`, admin.token, { enabled: true, password: 'Copper9Meadow-sky' });
    expect(await staffLogin(t, username, 'Copper9Meadow-sky')).toBeTruthy();

    expect((await call(t, 'PUT', `/api/admin/staff/${admin.id}`, admin.token, { enabled: false })).body).toEqual({
      code: 100,
      msg: '不能停用自己的账号或取消自己的管理员角色',
    });
    expect((await call(t, 'PUT', `/api/admin/staff/${admin.id}`, admin.token, { role: 'staff' })).body.code).toBe(100);
    expect((await call(t, 'PUT', '/api/admin/staff/999999', admin.token, { name: 'x' })).status).toBe(404);
    const user = await createUser(t);
    expect((await call(t, 'PUT', `/api/admin/staff/${user.id}`, admin.token, { name: 'x' })).status).toBe(404);

    const entries = (await t.app.repos.audit.page({ targetType: 'staff', targetId: String(id) }, { pageNum: 1, pageSize: 50 })).rows;
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['staff.create', 'staff.update', 'login']));
    expect(entries.every((e) => !e.summary.includes('Harbor7Violet-kite') && !e.summary.includes('Copper9Meadow-sky'))).toBe(true);
  });
});

describe('staff passwords', () => {
  it('the console refuses weak ones on create, reset and change: common, the demo password, the sign-in name or name', async () => {
    const admin = await createStaff(t, 'admin');
    const weak = ['password1', 'qwerty123', 'Demo@2026', 'wangfang88', 'Wangfang88!x'];
    for (const password of weak) {
      const res = await call(t, 'POST', '/api/admin/staff', admin.token, { username: 'wangfang88', name: '王芳', role: 'staff', password });
      expect(res.status, password).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'password', message: WEAK_STAFF_PASSWORD }]);
    }
    const created = await call(t, 'POST', '/api/admin/staff', admin.token, {
      username: 'wangfang88',
      name: '王芳',
      role: 'staff',
      password: 'Harbor7Violet-kite',
    });
    expect(created.body.code).toBe(200);
    const reset = await call(t, 'PUT', `/api/admin/staff/${created.body.data.id}`, admin.token, { password: 'qwerty123' });
    expect(reset.status).toBe(400);
    const own = await call(t, 'POST', '/api/admin/me/password', admin.token, {
      oldPassword: DEMO_PASSWORD,
      password: 'password1',
      password2: 'password1',
    });
    expect(own.status).toBe(400);
    expect(own.body.errors[0].field).toBe('password');
    expect(PUBLISHED_DEMO_PASSWORD).toBe(demoPassword);
  });
});

describe('GET /api/admin/audit', () => {
  it('is for 管理员 only, newest first, filterable; reading it is audited too', async () => {
    const admin = await createStaff(t, 'admin');
    const banliyuan = await createStaff(t, 'staff');
    expect((await call(t, 'GET', '/api/admin/audit', banliyuan.token)).status).toBe(403);
    await call(t, 'GET', '/api/admin/applications?keyword=张', banliyuan.token);
    const res = await call(t, 'GET', `/api/admin/audit?staffId=${banliyuan.id}&action=application.`, admin.token);
    expect(res.body.rows[0]).toMatchObject({
      staffId: banliyuan.id,
      staffName: banliyuan.name,
      action: 'application.list',
      actionName: '查看申请列表',
      ip: '127.0.0.1',
    });
    expect(res.body.rows[0].summary).toContain('关键字「张」');
    const mine = await call(t, 'GET', `/api/admin/audit?staffId=${admin.id}`, admin.token);
    expect(mine.body.rows[0]).toMatchObject({ action: 'audit.view' });
    const today = res.body.rows[0].at.slice(0, 10);
    expect((await call(t, 'GET', `/api/admin/audit?from=${today}&to=${today}&staffId=${banliyuan.id}`, admin.token)).body.total).toBe(1);
  });

  it('keeps no personal number in clear: a search by ID number or phone is recorded masked', async () => {
    const admin = await createStaff(t, 'admin');
    const id = '110105194912310029';
    const phone = '13912345678';
    for (const keyword of [id, phone, `王 ${phone}`]) {
      expect((await call(t, 'GET', `/api/admin/applications?keyword=${encodeURIComponent(keyword)}`, admin.token)).body.code).toBe(200);
    }
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.staffId, admin.id));
    const summaries = rows.map((r) => r.summary).join('\n');
    expect(summaries).toContain('1101**********0029');
    expect(summaries).toContain('139****5678');
    expect(summaries).not.toContain(id);
    expect(summaries).not.toContain(phone);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const admin = await createStaff(t, 'admin');
    await call(t, 'GET', '/api/admin/audit', admin.token);
    await expect(t.app.db.execute(sql`update audit_log set summary = 'changed'`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const { total } = await t.app.repos.audit.page({}, { pageNum: 1, pageSize: 1 });
    expect(total).toBeGreaterThan(0);
  });
});
