// 我的申请 and the lifecycle: list, detail, withdrawal, the status table (refused moves), events and notices on
// every change, SMS through a configured gateway, optimistic concurrency and the hooks on 已办结.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser, get, post, recordingSender, reissueForm, staffMoves, uploadFor, type TestUser } from './service-helpers.ts';

const sms = recordingSender();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smsSender: sms });
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const other = (u: TestUser, bslx = '2') => post(t, '/api/qhqt/qtbs/add', u.token, { bslx, bsnr: '查询户籍信息', lxdh: '13900000009' });
const info = (u: TestUser, id: number) => get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, u.token);
const list = (u: TestUser, query = '') => get(t, `/api/wdsq/sqxq/getListByType${query}`, u.token);

describe('GET /api/wdsq/sqxq/getListByType', () => {
  it("lists one's own applications, newest activity first, filtered by kind and status, paged", async () => {
    const u = await createUser(t);
    const stranger = await createUser(t);
    await other(stranger);
    const a = (await other(u)).body.data;
    t.clock.advance(1);
    const b = (await post(t, '/api/qhqt/qtbs/add', u.token, { bslx: '101', bsnr: '姓名变更', lxdh: '13900000009' })).body.data;
    t.clock.advance(1);
    const c = (await post(t, '/api/daily/hkkbb/add', u.token, await reissueForm(t, u))).body.data;
    t.clock.advance(1);
    await post(t, '/api/wdsq/sqxq/endProcessing', u.token, { id: a.id });

    const all = await list(u);
    expect(all.body.total).toBe(3);
    expect(all.body.rows.map((r: { id: number }) => r.id)).toEqual([a.id, c.id, b.id]);
    expect(all.body.rows[0]).toMatchObject({ status: 9, statusName: '已撤销', actions: [], kind: 'qtbs', sub: null, kindName: '其他业务' });
    expect(all.body.rows[2]).toMatchObject({
      kind: 'qtbs',
      sub: 'change',
      kindName: '其他信息变更',
      title: '其他信息变更 · 姓名变更',
      actions: ['cancel', 'edit'],
    });
    expect(all.body.rows[1]).toMatchObject({ createdAt: expect.stringMatching(/\+08:00$/), updatedAt: expect.stringMatching(/\+08:00$/) });
    expect((await list(u, '?kind=qtbs')).body.total).toBe(2);
    expect((await list(u, '?kind=qtbs&status=1')).body.rows.map((r: { id: number }) => r.id)).toEqual([b.id]);
    const page2 = await list(u, '?pageNum=2&pageSize=2');
    expect(page2.body).toMatchObject({ total: 3, rows: [{ id: b.id }] });
    expect((await list(u, '?kind=nonsense')).status).toBe(400);
    expect((await get(t, '/api/wdsq/sqxq/getListByType', '')).status).toBe(401);
  });
});

describe('GET /api/wdsq/sqxq/getInfo', () => {
  it("answers one's own application; someone else's is exactly like a missing one", async () => {
    const u = await createUser(t);
    const stranger = await createUser(t);
    const { id } = (await other(u)).body.data;
    expect((await info(u, id)).body).toMatchObject({
      code: 200,
      data: { id, answers: { bslx: '2', bsnr: '查询户籍信息' }, attachments: [], handling: { reason: null } },
    });
    const theirs = await info(stranger, id);
    const missing = await info(stranger, 987654);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ code: 404, msg: '申请不存在' });
    expect(missing.body).toEqual(theirs.body);
  });

  it('masks ID numbers in the answers', async () => {
    const u = await createUser(t);
    const row = await t.app.repos.applications.create({
      referenceNo: 'HJ20260101999999',
      kind: 'qianru',
      sub: '1',
      userId: u.id,
      status: 1,
      title: '博士后迁入',
      answers: { qrlx: '1', ryxx: { xm: '张三', sfzjh: '110105194912310029' } },
    });
    expect((await info(u, row.id)).body.data.answers.ryxx.sfzjh).toBe('1101**********0029');
  });
});

describe('POST /api/wdsq/sqxq/endProcessing', () => {
  it('withdraws from 1 and from 3 only; an event and a notice each time', async () => {
    const u = await createUser(t);
    const first = (await other(u)).body.data;
    expect((await post(t, '/api/wdsq/sqxq/endProcessing', u.token, { id: first.id, note: '不需要了' })).body.data.status).toBe(9);
    const detail = (await info(u, first.id)).body.data;
    expect(detail.events.map((e: { from: number | null; to: number; note: string | null }) => [e.from, e.to, e.note])).toEqual([
      [null, 1, null],
      [1, 9, '不需要了'],
    ]);
    const returned = (await other(u)).body.data;
    await staffMoves(t, returned.id, 3, { note: '请补充说明' });
    expect((await post(t, '/api/wdsq/sqxq/endProcessing', u.token, { id: returned.id })).body.data.status).toBe(9);
    const busy = (await other(u)).body.data;
    await staffMoves(t, busy.id, 2);
    expect((await post(t, '/api/wdsq/sqxq/endProcessing', u.token, { id: busy.id })).body).toMatchObject({
      code: 100,
      msg: '当前状态不能撤销',
    });
    const notices = (await get(t, '/api/zhzx/xxtz/getListByType?pageSize=20', u.token)).body.rows.map((n: { title: string }) => n.title);
    expect(notices.filter((n: string) => n === '其他业务：已撤销')).toHaveLength(2);
  });

  it("someone else's application: 404 申请不存在, and nothing changes", async () => {
    const u = await createUser(t);
    const stranger = await createUser(t);
    const { id } = (await other(u)).body.data;
    expect((await post(t, '/api/wdsq/sqxq/endProcessing', stranger.token, { id })).body).toEqual({ code: 404, msg: '申请不存在' });
    expect((await info(u, id)).body.data.status).toBe(1);
    expect((await post(t, '/api/wdsq/sqxq/endProcessing', u.token, {})).status).toBe(400);
  });
});

describe('the status table', () => {
  it('refuses moves outside the table, by the wrong party, or from a stale status', async () => {
    const u = await createUser(t);
    const { id } = (await other(u)).body.data;
    await expect(staffMoves(t, id, 7)).rejects.toMatchObject({ statusCode: 409, message: '当前状态不允许该操作' });
    await expect(staffMoves(t, id, 9)).rejects.toMatchObject({ statusCode: 409 });
    await expect(t.app.services.applications.transition(id, 2, { role: 'user', id: u.id })).rejects.toMatchObject({ statusCode: 409 });
    await expect(staffMoves(t, id, 2, { expectedStatus: 3 })).rejects.toMatchObject({
      statusCode: 409,
      message: '申请状态已变化，请刷新后重试',
    });
    await expect(staffMoves(t, id, 3)).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'note', message: '请填写原因' }] });
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 4);
    await expect(staffMoves(t, id, 5)).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'lqdd' }, { field: 'lqsj' }] });
    await expect(staffMoves(t, id, 6, { handling: { kdgs: '顺丰速运' } })).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ field: 'kddh' }],
    });
    await expect(staffMoves(t, 987654, 2)).rejects.toMatchObject({ statusCode: 404 });
    expect((await info(u, id)).body.data.status).toBe(4);
  });

  it('a stale version is refused (optimistic concurrency)', async () => {
    const u = await createUser(t);
    const { id } = (await other(u)).body.data;
    const row = (await t.app.repos.applications.findById(id))!;
    expect(await t.app.repos.applications.update(id, row.version, { title: 'x' })).not.toBeNull();
    expect(await t.app.repos.applications.update(id, row.version, { title: 'y' })).toBeNull();
  });

  it('walks the whole way: each change is an event, a notice and an SMS; handling shows; 3 → edit → 1', async () => {
    const u = await createUser(t);
    const { id, sqbh } = (await other(u)).body.data;
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 3, { note: '请写明查询用途' });
    const returned = (await info(u, id)).body.data;
    expect(returned).toMatchObject({
      status: 3,
      statusName: '退回修改',
      actions: ['cancel', 'edit'],
      handling: { reason: '请写明查询用途' },
    });
    const edited = await post(t, '/api/qhqt/qtbs/edit', u.token, {
      id,
      bslx: '2',
      bsnr: '查询户籍信息，用于办理护照',
      lxdh: '13900000009',
    });
    expect(edited.body.data).toMatchObject({ id, status: 1 });
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 4);
    await staffMoves(t, id, 5, { handling: { lqdd: '行政楼108室', lqsj: '工作日 9:00-11:00' } });
    await staffMoves(t, id, 7);
    const done = (await info(u, id)).body.data;
    expect(done).toMatchObject({
      status: 7,
      statusName: '已办结',
      actions: ['rate'],
      handling: { lqdd: '行政楼108室', lqsj: '工作日 9:00-11:00', reason: '请写明查询用途' },
    });
    expect(done.events.map((e: { from: number | null; to: number }) => [e.from, e.to])).toEqual([
      [null, 1],
      [1, 2],
      [2, 3],
      [3, 1],
      [1, 2],
      [2, 4],
      [4, 5],
      [5, 7],
    ]);
    expect(done.events[1].actor).toEqual({ role: 'staff', name: '户籍办' });
    expect(done.events[3]).toMatchObject({ actor: { role: 'user', name: u.name }, note: '修改后重新提交' });
    const notices = (await get(t, '/api/zhzx/xxtz/getListByType?pageSize=20', u.token)).body.rows;
    expect(notices).toHaveLength(8);
    expect(notices.every((n: { applicationId: number; sqbh: string }) => n.applicationId === id && n.sqbh === sqbh)).toBe(true);
    expect(notices[0]).toMatchObject({ title: '其他业务：已办结' });
    expect(notices.find((n: { title: string }) => n.title === '其他业务：待领取').content).toContain('行政楼108室');
    await vi.waitFor(() => expect(sms.sent.filter((m) => m.phone === u.phone)).toHaveLength(8));
    expect(sms.sent.find((m) => m.phone === u.phone)!.text).toMatch(/^【户籍业务办理】您的其他业务申请（HJ\d{14}）已提交/);
  });

  it('已办结 of a marital or education change updates the user (hyzkm, zhxlm)', async () => {
    const u = await createUser(t, { maritalStatusCode: '10', educationCode: '21' });
    const file = await uploadFor(t, u.id);
    const marriage = await post(t, '/api/daily/hyzkbg/add', u.token, {
      bghyzkm: '21',
      djrq: '2026-01-05',
      poxm: '李四',
      lxdh: '13900000009',
      attachments: [{ fileId: file, clmc: '婚姻状况证明' }],
    });
    const education = await post(t, '/api/daily/xlzkbg/add', u.token, {
      bgxlm: '14',
      byyx: '示范大学',
      byrq: '2025-07-01',
      lxdh: '13900000009',
      attachments: [{ fileId: file, clmc: '学历证明' }],
    });
    for (const id of [marriage.body.data.id, education.body.data.id]) {
      await staffMoves(t, id, 2);
      await staffMoves(t, id, 4);
    }
    expect((await post(t, '/api/userinfo', u.token)).body.data).toMatchObject({ hyzkm: '10', zhxlm: '21' });
    await staffMoves(t, marriage.body.data.id, 7);
    await staffMoves(t, education.body.data.id, 7);
    expect((await post(t, '/api/userinfo', u.token)).body.data).toMatchObject({ hyzkm: '21', zhxlm: '14' });
  });
});
