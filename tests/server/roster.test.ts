// 校园身份名册 (campus roster): the admin import (rows checked one by one, audited, ID numbers never echoed), the
// binding of accounts whose typed number the roster confirms, the demo roster, and migration 0007's data step.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client.ts';
import { campusRoster, settings, users } from '../../server/db/schema.ts';
import { seedRoster } from '../../server/seed/roster.ts';
import { idNumberCheckDigit } from '../../server/domain/id-number.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';
import { call, createStaff } from './admin-helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, 'admin');
  staff = await createStaff(t, 'staff');
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

let idCounter = 0;
const newIdNumber = () => {
  const first17 = `11010819990202${String(100 + ++idCounter).slice(-3)}`;
  return first17 + idNumberCheckDigit(first17);
};
let noCounter = 0;
const newNo = (prefix = 'R') => `${prefix}${Date.now().toString(36).slice(-5)}${++noCounter}`;

const importRows = (rows: unknown[], token = admin.token) => call(t, 'POST', '/api/admin/roster', token, { rows });
const rawUser = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;

/** A self-registered account as registration leaves it when the roster did not confirm its number. */
async function claimant(o: { no: string; name: string; idNumber: string; rylb?: string }) {
  return t.app.repos.users.create({
    name: o.name,
    idNumber: o.idNumber,
    personType: o.rylb ?? '0',
    claimedNo: o.no,
    loginType: '1',
    phone: `137${String(10_000_000 + noCounter++).slice(-8)}`,
  });
}

describe('roster import (管理员)', () => {
  it('is for 管理员 only: 办理员 403, a user 403, no token 401', async () => {
    const row = { no: newNo(), rylb: '0', xm: '某同学', sfzjh: newIdNumber() };
    expect((await importRows([row], staff.token)).status).toBe(403);
    expect((await call(t, 'GET', '/api/admin/roster', staff.token)).status).toBe(403);
    const user = await t.login(demo.master.phone);
    expect((await importRows([row], user)).status).toBe(403);
    expect((await call(t, 'POST', '/api/admin/roster', undefined, { rows: [row] })).status).toBe(401);
    expect(await t.app.repos.roster.find(row.no)).toBeNull();
  });

  it('imports new numbers, updates changed ones, counts unchanged ones; stores only the keyed hash of the ID number', async () => {
    const a = { no: newNo(), rylb: '0', xm: '甲同学', sfzjh: newIdNumber() };
    const b = { no: newNo(), rylb: '4', xm: '乙老师', sfzjh: newIdNumber() };
    const first = await importRows([a, b]);
    expect(first.body).toMatchObject({
      code: 200,
      msg: '导入完成',
      data: { total: 2, imported: 2, updated: 0, unchanged: 0, bound: 0, refused: [] },
    });
    const second = await importRows([a, { ...b, xm: '乙老师（更正）' }]);
    expect(second.body.data).toMatchObject({ total: 2, imported: 0, updated: 1, unchanged: 1 });
    const stored = (await t.app.db.select().from(campusRoster).where(eq(campusRoster.campusNo, b.no)))[0]!;
    expect(stored).toMatchObject({ personType: '4', name: '乙老师（更正）' });
    expect(stored.idNumberHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(b.sfzjh);
    expect(stored.idNumberHash).toBe(
      (await t.app.repos.users.create({ name: 'x', personType: '4', loginType: '1', idNumber: b.sfzjh })).idNumberHash,
    );
  });

  it('reports bad rows with their reasons and imports the rest; never echoes ID numbers', async () => {
    const good = { no: newNo(), rylb: '1', xm: '丙同学', sfzjh: newIdNumber() };
    const badId = newIdNumber().slice(0, 17) + 'Z';
    const rows = [
      good,
      { no: '', rylb: '0', xm: '丁', sfzjh: newIdNumber() },
      { no: 'A-1', rylb: '0', xm: '丁', sfzjh: newIdNumber() },
      { no: newNo(), rylb: '5', xm: '丁', sfzjh: newIdNumber() },
      { no: newNo(), rylb: '0', xm: '  ', sfzjh: newIdNumber() },
      { no: newNo(), rylb: '0', xm: '丁', sfzjh: badId },
      { ...good, xm: '重复' },
      { no: newNo(), rylb: '0', xm: '戊' },
    ];
    const res = await importRows(rows);
    expect(res.body.msg).toBe('导入完成，部分行未导入');
    expect(res.body.data).toMatchObject({ total: 8, imported: 1 });
    expect(res.body.data.refused.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [2, '请填写学号或工作证号'],
      [3, '学号或工作证号应为1-32位字母或数字'],
      [4, '人员类别应为 0、1、2、7（学生）或 3、4（教职工）'],
      [5, '请填写姓名'],
      [6, '身份证件号码格式错误'],
      [7, '与第1行的学号或工作证号重复'],
      [8, '请填写身份证件号码'],
    ]);
    expect(JSON.stringify(res.body)).not.toContain(badId);
    expect(JSON.stringify(res.body)).not.toContain(good.sfzjh);
    expect((await t.app.repos.roster.find(good.no))?.name).toBe('丙同学');
  });

  it('refuses more than 5000 rows, and an empty import, by the document (400)', async () => {
    const many = Array.from({ length: 5001 }, () => ({ no: 'X1', rylb: '0', xm: '某', sfzjh: '1' }));
    expect((await importRows(many)).status).toBe(400);
    expect((await importRows([])).status).toBe(400);
  });

  it('is audited (roster.import, without ID numbers) and shown with the figures and the last import', async () => {
    const row = { no: newNo(), rylb: '3', xm: '己博士后', sfzjh: newIdNumber() };
    await importRows([row, { no: '', rylb: '0', xm: '', sfzjh: '' }]);
    const entry = (await t.app.repos.audit.page({ action: 'roster.import' }, { pageNum: 1, pageSize: 1 })).rows[0]!;
    expect(entry).toMatchObject({ staffId: admin.id, targetType: 'roster' });
    expect(entry.summary).toBe('导入校园身份名册：共 2 行，新增 1，更新 0，未变 0，拒绝 1，核验绑定账号 0');
    expect(entry.summary).not.toContain(row.sfzjh);
    const audit = await call(t, 'GET', '/api/admin/audit?action=roster.', admin.token);
    expect(audit.body.rows[0]).toMatchObject({ action: 'roster.import', actionName: '导入校园身份名册' });
    const status = (await call(t, 'GET', '/api/admin/roster', admin.token)).body.data;
    const [counts] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(campusRoster);
    expect(status.total).toBe(counts!.n);
    expect(status.students + status.staff).toBe(status.total);
    expect(status.lastImport).toMatchObject({ staffName: admin.name, total: 2, imported: 1, refused: 1, bound: 0 });
    expect(status.lastImport.at).toMatch(/\+08:00$/);
  });

  it('binds accounts whose typed number it confirms (same name, ID number, kind of person), and no other', async () => {
    const idNumber = newIdNumber();
    const matching = await claimant({ no: newNo(), name: '庚同学', idNumber });
    const wrongName = await claimant({ no: newNo(), name: '冒名者', idNumber: newIdNumber() });
    const wrongKind = await claimant({ no: newNo(), name: '辛老师', idNumber: newIdNumber(), rylb: '0' });
    const wrongKindRow = { no: wrongKind.claimedNo!, rylb: '4', xm: '辛老师', sfzjh: wrongKind.idNumber! };
    const before = (await call(t, 'GET', '/api/admin/roster', admin.token)).body.data.unverifiedAccounts;
    expect(before).toBeGreaterThanOrEqual(3);
    const res = await importRows([
      { no: matching.claimedNo, rylb: '2', xm: ' 庚同学 ', sfzjh: idNumber.toLowerCase() },
      { no: wrongName.claimedNo, rylb: '0', xm: '真同学', sfzjh: wrongName.idNumber },
      wrongKindRow,
    ]);
    expect(res.body.data).toMatchObject({ imported: 3, bound: 1 });
    expect(await rawUser(matching.id)).toMatchObject({
      studentNo: matching.claimedNo,
      staffNo: null,
      casUid: matching.claimedNo,
      claimedNo: null,
    });
    expect(await rawUser(wrongName.id)).toMatchObject({ studentNo: null, casUid: null, claimedNo: wrongName.claimedNo });
    expect(await rawUser(wrongKind.id)).toMatchObject({ staffNo: null, casUid: null, claimedNo: wrongKind.claimedNo });
    expect((await call(t, 'GET', '/api/admin/roster', admin.token)).body.data.unverifiedAccounts).toBe(before - 1);
  });

  it('never binds a claim to a number another account holds already', async () => {
    const no = newNo('C');
    const idNumber = newIdNumber();
    const holder = await t.app.repos.users.create({ name: '统一认证用户', personType: '0', studentNo: no, casUid: no, loginType: '2' });
    const claim = await claimant({ no, name: '壬同学', idNumber });
    expect((await importRows([{ no, rylb: '0', xm: '壬同学', sfzjh: idNumber }])).body.data.bound).toBe(0);
    expect(await rawUser(claim.id)).toMatchObject({ studentNo: null, casUid: null, claimedNo: no });
    expect(await rawUser(holder.id)).toMatchObject({ studentNo: no, casUid: no });
  });
});

describe('demo roster (demo seed only)', () => {
  const demoNumbered = () => Object.values(demo).filter((a) => a.xh || a.gzzh);

  it('holds the demo accounts, bound to their numbers (casUid = number)', async () => {
    for (const a of demoNumbered()) {
      const no = (a.xh ?? a.gzzh)!;
      expect((await t.app.repos.roster.find(no))?.name).toBe(a.xm);
      const user = (await t.app.repos.users.findByPhone(a.phone))!;
      expect(user).toMatchObject({ casUid: no, studentNo: a.xh, staffNo: a.gzzh, claimedNo: null });
    }
  });

  it('binds the demo accounts again on a demo database from before the roster (their numbers made claims by 0007)', async () => {
    const a = demo.doctoral;
    const user = (await t.app.repos.users.findByPhone(a.phone))!;
    await t.app.db.update(users).set({ studentNo: null, casUid: null, claimedNo: a.xh }).where(eq(users.id, user.id));
    await t.app.db.delete(settings).where(eq(settings.key, 'seed.roster'));
    t.changedByHand();
    expect(await seedRoster(t.app.db, { demo: true, now: new Date() })).toBe(true);
    expect(await rawUser(user.id)).toMatchObject({ studentNo: a.xh, casUid: a.xh, claimedNo: null });
    expect(await seedRoster(t.app.db, { demo: true, now: new Date() })).toBe(false);
  });

  it('is not seeded without demo mode', async () => {
    expect(await seedRoster(t.app.db, { demo: false, now: new Date() })).toBe(false);
  });
});

describe('migration 0007 (existing accounts)', () => {
  it('makes the numbers of self-registered accounts unverified claims; single sign-on accounts keep theirs', async () => {
    const sqlText = readFileSync(`${migrationsFolder}/0007_campus_roster.sql`, 'utf8');
    const dataStep = sqlText.split('--> statement-breakpoint').at(-1)!;
    expect(dataStep).toContain('UPDATE "users"');
    const selfStudent = await t.app.repos.users.create({
      name: '旧注册学生',
      personType: '0',
      studentNo: newNo('M'),
      loginType: '1',
      phone: '13600000001',
    });
    const selfStaff = await t.app.repos.users.create({
      name: '旧注册教师',
      personType: '4',
      staffNo: newNo('M'),
      loginType: '1',
      phone: '13600000002',
    });
    const casNo = newNo('M');
    const cas = await t.app.repos.users.create({ name: '统一认证', personType: '4', staffNo: casNo, casUid: casNo, loginType: '2' });
    await t.app.db.execute(sql.raw(dataStep));
    expect(await rawUser(selfStudent.id)).toMatchObject({ studentNo: null, staffNo: null, claimedNo: selfStudent.studentNo });
    expect(await rawUser(selfStaff.id)).toMatchObject({ studentNo: null, staffNo: null, claimedNo: selfStaff.staffNo });
    expect(await rawUser(cas.id)).toMatchObject({ staffNo: casNo, casUid: casNo, claimedNo: null });
    // Bound accounts (demo, roster) are left alone.
    expect((await t.app.repos.users.findByPhone(demo.staff.phone))?.staffNo).toBe(demo.staff.gzzh);
  });
});
