// The queue for real volume (issue 13): sort, sub-service and assignee filters, 100 a page; 认领 and 分派 (who has an
// application in progress, audited, not a change of its version); 批量办理 (each application in its own transaction
// with its own version: the others go through when one is skipped, each with its reason).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { act, call, createStaff, renew, submitOther } from './admin-helpers.ts';
import { createUser, get, post, recordingSender, reissueForm } from './service-helpers.ts';

const sms = recordingSender();
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStaff>>;
let other: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp({ smsSender: sms });
  staff = await createStaff(t, 'staff');
  other = await createStaff(t, 'staff');
  admin = await createStaff(t, 'admin');
});
beforeEach(() => renew(t, staff, other, admin));
afterEach(() => t.assertContract());
afterAll(() => t?.close());

type Row = { id: number; sqbh: string; kind: string; version: number; assignee: { id: number; name: string } | null };
const list = async (query: string, token = staff.token) =>
  (await call(t, 'GET', `/api/admin/applications?pageSize=100&${query}`, token)).body as { rows: Row[]; total: number };
const versionOf = async (id: number) => (await t.app.repos.applications.findById(id))!.version;

describe('the queue', () => {
  it('sorts oldest first, newest first or by service; filters by sub-service and by who has it; 100 a page', async () => {
    const u = await createUser(t);
    const a = await submitOther(t, u);
    t.clock.advance(60);
    const b = await post(t, '/api/daily/hkkbb/add', u.token, await reissueForm(t, u));
    expect(b.body.code).toBe(200);
    const mine = `keyword=T${u.phone}`;
    expect((await list(mine)).rows.map((r) => r.id)).toEqual([a.id, b.body.data.id]);
    expect((await list(`${mine}&sort=-created`)).rows.map((r) => r.id)).toEqual([b.body.data.id, a.id]);
    expect((await list(`${mine}&sort=kind`)).rows.map((r) => r.kind)).toEqual(['hkkbb', 'qtbs']);
    // qtbs is 其他业务 (no sub-service) or 其他信息变更 (sub change); this one is 其他业务.
    expect((await list(`${mine}&kind=qtbs&sub=`)).total).toBe(1);
    expect((await list(`${mine}&kind=qtbs&sub=change`)).total).toBe(0);
    expect((await call(t, 'GET', '/api/admin/applications?pageSize=101', staff.token)).status).toBe(400);
    expect((await call(t, 'GET', '/api/admin/applications?sort=name', staff.token)).status).toBe(400);
  });
});

describe('认领 and 分派', () => {
  it('a 办理员 claims; another is told who has it; the version stays; 管理员 assign and take back; the queue shows whose', async () => {
    const { id } = await submitOther(t);
    const version = await versionOf(id);
    const claim = await call(t, 'POST', `/api/admin/applications/${id}/claim`, staff.token);
    expect(claim.body).toMatchObject({ code: 200, msg: '已认领', data: { id: staff.id, name: staff.name } });
    expect(await versionOf(id)).toBe(version);
    // Claiming one's own again is fine; someone else is told who has it.
    expect((await call(t, 'POST', `/api/admin/applications/${id}/claim`, staff.token)).body.code).toBe(200);
    expect((await call(t, 'POST', `/api/admin/applications/${id}/claim`, other.token)).body).toMatchObject({
      code: 409,
      msg: `该申请已由${staff.name}认领`,
    });

    expect((await list('assignee=me')).rows.map((r) => r.id)).toContain(id);
    expect((await list('assignee=me', other.token)).rows.map((r) => r.id)).not.toContain(id);
    expect((await list('assignee=none')).rows.map((r) => r.id)).not.toContain(id);
    expect((await list(`assignee=${staff.id}`)).rows.find((r) => r.id === id)!.assignee).toMatchObject({ id: staff.id, name: staff.name });
    expect((await call(t, 'GET', `/api/admin/applications/${id}`, other.token)).body.data.assignee).toMatchObject({
      id: staff.id,
      name: staff.name,
    });

    // A 办理员 cannot assign; a 管理员 gives it to the other, then takes it back.
    expect((await call(t, 'PUT', `/api/admin/applications/${id}/assignee`, staff.token, { staffId: other.id })).status).toBe(403);
    expect((await call(t, 'PUT', `/api/admin/applications/${id}/assignee`, admin.token, { staffId: other.id })).body).toMatchObject({
      code: 200,
      msg: '已分派',
      data: { id: other.id },
    });
    expect((await call(t, 'POST', `/api/admin/applications/${id}/claim`, staff.token)).body).toMatchObject({
      code: 409,
      msg: `该申请已由${other.name}认领`,
    });
    expect((await call(t, 'PUT', `/api/admin/applications/${id}/assignee`, admin.token, { staffId: null })).body).toMatchObject({
      code: 200,
      msg: '已收回',
      data: null,
    });
    expect((await list('assignee=none')).rows.map((r) => r.id)).toContain(id);
    // Only an enabled staff account, only an application in progress.
    expect(
      (await call(t, 'PUT', `/api/admin/applications/${id}/assignee`, admin.token, { staffId: (await createUser(t)).id })).body,
    ).toMatchObject({ code: 400, msg: '请选择启用的工作人员' });
    await t.app.services.applications.transition(id, 8, { role: 'staff', id: null }, { note: '不符合条件' });
    expect((await call(t, 'POST', `/api/admin/applications/${id}/claim`, staff.token)).body).toMatchObject({
      code: 404,
      msg: '申请不存在或已办结',
    });

    const audit = (
      await t.app.repos.audit.page({ targetType: 'application', targetId: String(id) }, { pageNum: 1, pageSize: 50 })
    ).rows.map((e) => e.action);
    expect(audit.filter((a) => a === 'application.claim')).toHaveLength(2);
    expect(audit.filter((a) => a === 'application.assign')).toHaveLength(2);
  });
});

describe('批量办理', () => {
  it('受理 moves each application it may, each with its own version; the others are skipped with their reason', async () => {
    const a = await submitOther(t);
    const b = await submitOther(t);
    const c = await submitOther(t);
    const d = await submitOther(t);
    for (const x of [a, b, c]) await act(t, staff.token, x.id, 2);
    // c changes after the list was read (its listed version is stale); d is already 受理 by someone.
    const listed = Object.fromEntries(await Promise.all([a, b, c, d].map(async (x) => [x.id, await versionOf(x.id)])));
    await act(t, other.token, d.id, 4);
    await t.app.repos.applications.update(c.id, listed[c.id]!, { updatedAt: t.clock.now() });
    const items = [a, b, c, d, a].map((x) => ({ id: x.id, expectedVersion: listed[x.id]! }));
    const res = await call(t, 'POST', '/api/admin/applications/bulk-transition', staff.token, {
      to: 4,
      items: [...items, { id: 987654, expectedVersion: 1 }],
    });
    expect(res.body).toMatchObject({ code: 200, msg: '已办理 2 件，跳过 3 件', data: { succeeded: 2, skipped: 3 } });
    expect(res.body.data.results).toEqual([
      { id: a.id, sqbh: a.sqbh, ok: true, status: 4, statusName: '办理中', version: listed[a.id]! + 1, reason: null },
      { id: b.id, sqbh: b.sqbh, ok: true, status: 4, statusName: '办理中', version: listed[b.id]! + 1, reason: null },
      { id: c.id, sqbh: c.sqbh, ok: false, status: 2, statusName: '审核中', reason: '申请状态已变化，请刷新后重试' },
      { id: d.id, sqbh: d.sqbh, ok: false, status: 4, statusName: '办理中', reason: '申请状态已变化，请刷新后重试' },
      { id: 987654, sqbh: null, ok: false, status: null, statusName: null, reason: '申请不存在' },
    ]);
    // Each success is a transition like any other: timeline, notice, audit.
    const notices = (await get(t, '/api/zhzx/xxtz/getListByType?pageSize=5', a.user.token)).body.rows as { title: string }[];
    expect(notices[0]!.title).toBe('其他业务：办理中');
    const audit = (await t.app.repos.audit.page({ targetType: 'application', targetId: String(b.id) }, { pageNum: 1, pageSize: 50 })).rows;
    expect(audit[0]!.summary).toContain('批量办理');
  });

  it('通知领取 takes one place and time for all; 办结 only what the status table allows', async () => {
    const a = await submitOther(t);
    const b = await submitOther(t);
    for (const x of [a, b]) await act(t, staff.token, x.id, 2);
    const items = async () => Promise.all([a, b].map(async (x) => ({ id: x.id, expectedVersion: await versionOf(x.id) })));
    expect(
      (await call(t, 'POST', '/api/admin/applications/bulk-transition', staff.token, { to: 5, items: await items(), lqdd: '行政楼108' }))
        .body,
    ).toMatchObject({
      code: 400,
      errors: [{ field: 'lqsj', message: '请填写领取时间' }],
    });
    const five = await call(t, 'POST', '/api/admin/applications/bulk-transition', staff.token, {
      to: 5,
      items: await items(),
      lqdd: '行政楼108',
      lqsj: '工作日 9:00-11:30',
    });
    expect(five.body.data.succeeded).toBe(2);
    expect((await t.app.repos.applications.findById(a.id))!.handling).toMatchObject({ lqdd: '行政楼108', lqsj: '工作日 9:00-11:30' });
    const fresh = await submitOther(t);
    const seven = await call(t, 'POST', '/api/admin/applications/bulk-transition', staff.token, {
      to: 7,
      items: [...(await items()), { id: fresh.id, expectedVersion: 1 }],
    });
    expect(seven.body.data.results.map((r: { ok: boolean; reason: string | null }) => [r.ok, r.reason])).toEqual([
      [true, null],
      [true, null],
      [false, '当前状态不允许该操作'],
    ]);
    // Other actions are not bulk actions; users cannot use it.
    expect(
      (
        await call(t, 'POST', '/api/admin/applications/bulk-transition', staff.token, {
          to: 8,
          items: [{ id: fresh.id, expectedVersion: 1 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(t, 'POST', '/api/admin/applications/bulk-transition', fresh.user.token, {
          to: 4,
          items: [{ id: fresh.id, expectedVersion: 1 }],
        })
      ).status,
    ).toBe(403);
  });
});
