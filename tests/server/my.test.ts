// 我的户籍, notices (list, filter, mark read) and contact information.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { householdRecords } from '../../server/db/schema.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const me = async (token: string) => (await t.json({ method: 'POST', url: '/api/userinfo', token })).body.data as { id: number };

describe('GET /api/zhzx/wdhj/getInfo', () => {
  it("answers the user's own household record, ID number masked", async () => {
    const token = await t.login(demo.staff.phone);
    const res = await t.json({ method: 'GET', url: '/api/zhzx/wdhj/getInfo', token });
    expect(res.body.data).toMatchObject({
      hjzt: '1',
      hjztmc: '在册',
      hkIn: true,
      xm: demo.staff.xm,
      xbmc: '男',
      mzmc: '汉族',
      csrq: demo.staff.csrq,
      sfzjh: `${demo.staff.sfzjh.slice(0, 4)}**********${demo.staff.sfzjh.slice(-4)}`,
      hh: demo.staff.household.hh,
      jthmc: demo.staff.household.hkmc,
      yhzgx: '户主',
      pcsmc: '示范园派出所',
      qrrq: demo.staff.household.qrrq,
      hkkzt: '0',
      hkkztmc: '在户籍办',
      hkkyhrq: null,
    });
  });

  it('a collective-household member is 集体户成员; a lent booklet shows its due date, then overdue', async () => {
    const token = await t.login(demo.doctoral.phone);
    const lent = (await t.json({ method: 'GET', url: '/api/zhzx/wdhj/getInfo', token })).body.data;
    expect(lent).toMatchObject({
      yhzgx: '集体户成员',
      hkkzt: '1',
      hkkztmc: '已借出',
      hkkyhrq: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    t.clock.advance(6 * 86400);
    const overdue = (await t.json({ method: 'GET', url: '/api/zhzx/wdhj/getInfo', token })).body.data;
    expect(overdue).toMatchObject({ hkkzt: '2', hkkztmc: '逾期未还' });
  });

  it('without a record: hjzt "0", hkIn false, everything else null', async () => {
    const token = await t.login(demo.newStudent.phone);
    const data = (await t.json({ method: 'GET', url: '/api/zhzx/wdhj/getInfo', token })).body.data;
    expect(data).toMatchObject({ hjzt: '0', hkIn: false, xm: null, sfzjh: null, hh: null, hkkzt: null });
  });

  it('a moved-out record says so', async () => {
    const token = await t.login(demo.master.phone);
    const { id } = await me(token);
    await t.app.db.update(householdRecords).set({ status: '2', movedOutOn: '2026-07-01' }).where(eq(householdRecords.userId, id));
    t.changedByHand(); // by hand: the cached record goes as on an operator's notification
    const data = (await t.json({ method: 'GET', url: '/api/zhzx/wdhj/getInfo', token })).body.data;
    expect(data).toMatchObject({ hjzt: '2', hjztmc: '已迁出', hkIn: false, qcrq: '2026-07-01', hkkzt: null });
  });

  it('needs a token', async () => {
    expect((await t.json({ method: 'GET', url: '/api/zhzx/wdhj/getInfo' })).status).toBe(401);
  });
});

describe('notices', () => {
  it('lists only my notices, newest first, filtered and paged', async () => {
    const token = await t.login(demo.undergraduate.phone);
    const other = await t.login(demo.family.phone);
    const mine = await me(token);
    const theirs = await me(other);
    const { notices } = t.app.services;
    await notices.notify(mine.id, { type: 'system', title: '系统维护', content: '今晚维护' });
    t.clock.advance(1);
    await notices.notify(mine.id, { type: 'apply', title: '申请已受理', content: '您的申请已受理', applicationNo: 'HJ20261121000123' });
    t.clock.advance(1);
    await notices.notify(mine.id, { type: 'borrow', title: '借卡到期提醒', content: '请按期归还' });
    await notices.notify(theirs.id, { type: 'system', title: '别人的消息', content: 'x' });

    const all = await t.json({ method: 'GET', url: '/api/zhzx/xxtz/getListByType', token });
    expect(all.body.total).toBe(3);
    expect(all.body.rows.map((n: { title: string }) => n.title)).toEqual(['借卡到期提醒', '申请已受理', '系统维护']);
    expect(all.body.rows[1]).toMatchObject({
      type: 'apply',
      typeName: '申请进度',
      isRead: '0',
      sqbh: 'HJ20261121000123',
      createdAt: expect.stringMatching(/\+08:00$/),
    });
    const apply = await t.json({ method: 'GET', url: '/api/zhzx/xxtz/getListByType?type=apply', token });
    expect(apply.body.total).toBe(1);
    const page2 = await t.json({ method: 'GET', url: '/api/zhzx/xxtz/getListByType?pageNum=2&pageSize=2', token });
    expect(page2.body).toMatchObject({ total: 3, rows: [{ title: '系统维护' }] });
    // A page past the end still tells the total; a user without notices has none.
    expect((await t.json({ method: 'GET', url: '/api/zhzx/xxtz/getListByType?pageNum=5&pageSize=2', token })).body).toMatchObject({
      total: 3,
      rows: [],
    });
    expect((await t.json({ method: 'GET', url: '/api/zhzx/xxtz/getListByType?type=borrow', token: other })).body).toMatchObject({
      total: 0,
      rows: [],
    });
    expect((await t.json({ method: 'GET', url: '/api/zhzx/xxtz/getListByType?type=nope', token })).status).toBe(400);
  });

  it('marks my notices read (ids of others ignored), or all; answers the unread count', async () => {
    const token = await t.login(demo.postdoc.phone);
    const other = await t.login(demo.staff.phone);
    const mine = await me(token);
    const theirs = await me(other);
    const a = await t.app.services.notices.notify(mine.id, { type: 'system', title: 'A', content: 'a' });
    await t.app.services.notices.notify(mine.id, { type: 'system', title: 'B', content: 'b' });
    const foreign = await t.app.services.notices.notify(theirs.id, { type: 'system', title: 'C', content: 'c' });

    const res = await t.json({ method: 'POST', url: '/api/zhzx/xxtz/markRead', token, payload: { ids: [a.id, foreign.id] } });
    expect(res.body).toMatchObject({ code: 200, data: { unread: 1 } });
    const unread = await t.json({ method: 'GET', url: '/api/zhzx/xxtz/getListByType?isRead=0&pageSize=1', token });
    expect(unread.body.total).toBe(1);
    const read = await t.json({ method: 'GET', url: '/api/zhzx/xxtz/getListByType?isRead=1', token });
    expect(read.body.rows.map((n: { title: string }) => n.title)).toEqual(['A']);
    const theirsUnread = await t.json({ method: 'GET', url: '/api/zhzx/xxtz/getListByType?isRead=0', token: other });
    expect(theirsUnread.body.rows.map((n: { title: string }) => n.title)).toContain('C');

    expect((await t.json({ method: 'POST', url: '/api/zhzx/xxtz/markRead', token, payload: { all: true } })).body.data).toEqual({
      unread: 0,
    });
  });

  it('markRead needs ids or all', async () => {
    const token = await t.login(demo.postdoc.phone);
    for (const payload of [{}, { ids: [] }, { all: false }]) {
      const res = await t.json({ method: 'POST', url: '/api/zhzx/xxtz/markRead', token, payload });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, msg: '请选择要标记的消息' });
    }
    expect((await t.json({ method: 'POST', url: '/api/zhzx/xxtz/markRead', token, payload: { ids: ['x'] } })).status).toBe(400);
  });

  it('needs a token', async () => {
    expect((await t.json({ method: 'GET', url: '/api/zhzx/xxtz/getListByType' })).status).toBe(401);
    expect((await t.json({ method: 'POST', url: '/api/zhzx/xxtz/markRead', payload: { all: true } })).status).toBe(401);
  });
});

describe('GET /api/system/contact', () => {
  it('answers the office contact information without login', async () => {
    const data = (await t.json({ method: 'GET', url: '/api/system/contact' })).body.data;
    expect(data).toMatchObject({
      officeName: expect.stringContaining('户籍办公室'),
      address: expect.any(String),
      hours: expect.any(String),
    });
    expect(data.phones[0]).toEqual({ label: expect.any(String), phone: expect.stringMatching(/^010-/) });
  });
});
