// User info (read and update) and the sectors open to a user.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { householdRecords, settings, users } from '../../server/db/schema.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const userInfo = (token: string) => t.json({ method: 'POST', url: '/api/userinfo', token, payload: {} });
const update = (token: string, payload: Record<string, unknown>) => t.json({ method: 'PUT', url: '/api/userinfo', token, payload });
const sectors = (token: string) => t.json({ method: 'GET', url: '/api/userOpenSector?loginType=1', token });

describe('POST /api/userinfo', () => {
  it('answers the signed-in user with personal data masked', async () => {
    const res = await userInfo(await t.login(demo.undergraduate.phone));
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      xm: demo.undergraduate.xm,
      rylb: '0',
      rylbmc: '本科生',
      xh: demo.undergraduate.xh,
      gzzh: null,
      loginType: '1',
      hyzkm: demo.undergraduate.hyzkm,
      zhxlm: demo.undergraduate.zhxlm,
      scfc: '0',
      scfcmessage: null,
      hkIn: true,
      sfzjh: `${demo.undergraduate.sfzjh.slice(0, 4)}**********${demo.undergraduate.sfzjh.slice(-4)}`,
      phone: `${demo.undergraduate.phone.slice(0, 3)}****${demo.undergraduate.phone.slice(-4)}`,
      roles: ['user'],
    });
  });

  it('works without a body and needs a token', async () => {
    const token = await t.login(demo.staff.phone);
    expect((await t.json({ method: 'POST', url: '/api/userinfo', token })).body.data.gzzh).toBe(demo.staff.gzzh);
    expect((await t.json({ method: 'POST', url: '/api/userinfo' })).status).toBe(401);
  });

  it('each user sees only themself', async () => {
    const a = await userInfo(await t.login(demo.master.phone));
    const b = await userInfo(await t.login(demo.doctoral.phone));
    expect(a.body.data.xm).toBe(demo.master.xm);
    expect(b.body.data.xm).toBe(demo.doctoral.xm);
  });
});

describe('PUT /api/userinfo', () => {
  let n = 0;
  /** A unified-login account whose CAS and roster gave no person type (as casLogin makes it now). */
  const typeless = async (uid = `N2099${String(++n).padStart(4, '0')}`) => {
    const user = await t.app.repos.users.create({ name: '未定类型', personType: '', casUid: uid, loginType: '2' });
    return { user, uid, token: await t.app.services.sessions.create(user.id, '2', '127.0.0.1') };
  };

  it("name and person type are the office's record: a change is refused, pointing to 其他信息变更; the record stays", async () => {
    const user = await t.app.repos.users.create({
      name: '登记姓名',
      personType: '0',
      studentNo: 'U0000001',
      loginType: '1',
      phone: '13700000001',
    });
    const token = await t.app.services.sessions.create(user.id, '1', '127.0.0.1');
    expect((await update(token, { xm: '改名后', rylb: '0' })).body).toEqual({
      code: 100,
      msg: '姓名以户籍办登记为准，如需变更请提交「其他信息变更」申请',
    });
    expect((await update(token, { xm: '登记姓名', rylb: '1' })).body).toEqual({
      code: 100,
      msg: '人员类型以户籍办登记为准，如需变更请提交「其他信息变更」申请',
    });
    expect((await update(token, { rylb: '4' })).body.msg).toBe('人员类型以户籍办登记为准，如需变更请提交「其他信息变更」申请');
    expect(await t.app.repos.users.findById(user.id)).toMatchObject({ name: '登记姓名', personType: '0', studentNo: 'U0000001' });
    // Saving what is recorded changes nothing and answers the info (older clients send the name along).
    expect((await update(token, { xm: ' 登记姓名 ', rylb: '0' })).body).toMatchObject({
      code: 200,
      data: { xm: '登记姓名', rylb: '0', xh: 'U0000001' },
    });
    expect((await update(token, { rylb: '0' })).body.code).toBe(200);
  });

  it('an account without a person type reads rylb null, has no tiles but a prompt, and gives the type once', async () => {
    const { user, uid, token } = await typeless();
    const before = (await userInfo(token)).body.data;
    expect(before).toMatchObject({ rylb: null, xh: null, gzzh: null, loginType: '2' });
    expect(before).not.toHaveProperty('rylbmc');
    expect((await sectors(token)).body.data).toMatchObject({
      openSectors: [],
      tips: '请先在「我的户籍 → 个人信息」中选择人员类型，再办理业务',
    });
    expect((await update(token, { xm: '别的名字', rylb: '2' })).body.msg).toBe('姓名以户籍办登记为准，如需变更请提交「其他信息变更」申请');
    // The CAS uid (the campus number, verified by the sign-on) becomes the number of the type's kind.
    const res = await update(token, { rylb: '2' });
    expect(res.body).toMatchObject({ code: 200, msg: '保存成功', data: { rylb: '2', rylbmc: '博士研究生', xh: uid, gzzh: null } });
    expect((await sectors(token)).body.data.openSectors.length).toBeGreaterThan(0);
    // Once given, it is the office's record like any other.
    expect((await update(token, { rylb: '4' })).body.msg).toBe('人员类型以户籍办登记为准，如需变更请提交「其他信息变更」申请');
    expect(await t.app.repos.users.findById(user.id)).toMatchObject({ personType: '2', studentNo: uid, staffNo: null });
  });

  it('a staff type records the uid as the staff number; a number another account holds meanwhile is left out', async () => {
    const staff = await typeless();
    expect((await update(staff.token, { rylb: '4' })).body.data).toMatchObject({ rylb: '4', gzzh: staff.uid, xh: null });
    const taken = await typeless();
    await t.app.repos.users.create({ name: '名册已绑定', personType: '0', studentNo: taken.uid, loginType: '1', phone: '13700000002' });
    expect((await update(taken.token, { rylb: '0' })).body.data).toMatchObject({ rylb: '0', xh: null });
    const family = await typeless();
    expect((await update(family.token, { rylb: '5' })).body.data).toMatchObject({ rylb: '5', xh: null, gzzh: null });
  });

  it('needs a person type: 400 请选择人员类别', async () => {
    const token = await t.login(demo.master.phone);
    for (const payload of [{ xm: '张三' }, { xm: '张三', rylb: '' }, {}]) {
      const res = await update(token, payload);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'rylb', message: '请选择人员类别' }]);
    }
  });

  it('needs a token', async () => {
    expect((await update('', { rylb: '0' })).status).toBe(401);
  });
});

describe('GET /api/userOpenSector', () => {
  it('answers the tiles of a student, with move-out sub-sectors disabled by person type', async () => {
    const res = await sectors(await t.login(demo.undergraduate.phone));
    const data = res.body.data;
    expect(data.openSectors.map((s: { sectorCode: string }) => s.sectorCode)).toEqual(['0', '1', '2', '3', '7', '8', '9', '10']);
    const moveOut = data.openSectors.find((s: { sectorCode: string }) => s.sectorCode === '7');
    expect(moveOut.disabled).toBe(false);
    expect(moveOut.subSectors).toHaveLength(8);
    expect(moveOut.subSectors[0]).toEqual({ sectorCode: '0', sectorName: '毕业生迁出', disabled: false, disabledReason: null });
    expect(moveOut.subSectors[1]).toMatchObject({ sectorCode: '1', disabled: true, disabledReason: expect.any(String) });
    expect(data.tips).toBeTruthy();
    expect(data.yxStartTime).toMatch(/\+08:00$/);
  });

  it('disables borrow-card and move-out when the household is not at school', async () => {
    const token = await t.login(demo.postdoc.phone);
    const me = (await userInfo(token)).body.data;
    await t.app.db.update(householdRecords).set({ status: '2' }).where(eq(householdRecords.userId, me.id));
    t.changedByHand(); // by hand: the cached record goes as on an operator's notification
    const data = (await sectors(token)).body.data;
    const byCode = (code: string) => data.openSectors.find((s: { sectorCode: string }) => s.sectorCode === code);
    expect(byCode('2')).toMatchObject({ disabled: true, disabledReason: '您不在校，无法借用户口卡' });
    expect(byCode('7')).toMatchObject({ disabled: true, disabledReason: '您不在校，无法迁出' });
    expect(byCode('4').disabled).toBe(false);
    await t.app.db.update(householdRecords).set({ status: '1' }).where(eq(householdRecords.userId, me.id));
    t.changedByHand(); // by hand: the cached record goes as on an operator's notification
  });

  it('opens new-student move-in only inside the enrolment window, with yxTime', async () => {
    const token = await t.login(demo.newStudent.phone);
    const open = (await sectors(token)).body.data;
    expect(open.openSectors[0]).toMatchObject({ sectorCode: '5', disabled: false });
    expect(open.yxTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(open.yxTime).toBe(open.yxEndTime.slice(0, 10));
    const past = { yxStartTime: '2020-01-01T00:00:00.000Z', yxEndTime: '2020-02-01T00:00:00.000Z' };
    await t.app.db.update(settings).set({ value: past }).where(eq(settings.key, 'enrolment.window'));
    t.changedByHand();
    const closed = (await sectors(token)).body.data;
    expect(closed.openSectors[0]).toMatchObject({ sectorCode: '5', disabled: true });
    expect(closed.yxTime).toBeNull();
  });

  it('follows the person type, not the loginType query', async () => {
    const token = await t.login(demo.staff.phone);
    const res = await t.json({ method: 'GET', url: '/api/userOpenSector?loginType=2', token });
    expect(res.body.data.openSectors.map((s: { sectorCode: string }) => s.sectorCode)).toContain('6');
    const bad = await t.json({ method: 'GET', url: '/api/userOpenSector?loginType=9', token });
    expect(bad.status).toBe(400);
  });

  it('needs a token', async () => {
    expect((await t.json({ method: 'GET', url: '/api/userOpenSector' })).status).toBe(401);
  });

  it('a deleted account cannot use its old token', async () => {
    const user = await t.app.repos.users.create({ name: '将删除', personType: '5', loginType: '1', phone: '13700000009' });
    const token = await t.app.services.sessions.create(user.id, '1', '127.0.0.1');
    await t.app.db.delete(users).where(eq(users.id, user.id));
    expect((await sectors(token)).status).toBe(401);
  });
});
