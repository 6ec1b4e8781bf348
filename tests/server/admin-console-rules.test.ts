// Staff console, what makes the work lead somewhere (issue 9): the queue's 待办 (what waits for staff), 办结
// offered only where the finishing rules will take it (else said why), the forms of 寄出 and 通知领取 starting
// with the applicant's courier and the office's place and hours, and ID numbers masked with 显示 revealing one
// at a time, audited.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dictItems, settings } from '../../server/db/schema.ts';
import { seed } from '../../server/seed/seed.ts';
import type { NewApplication } from '../../server/repositories/applications.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { act, call, createStaff, renew } from './admin-helpers.ts';
import { idNumber, personOf } from './movement-helpers.ts';
import { createUser, get } from './service-helpers.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaff(t, 'staff');
  admin = await createStaff(t, 'admin');
});
beforeEach(() => renew(t, staff, admin));
afterEach(() => t.assertContract());
afterAll(() => t?.close());

let seq = 0;
/** An application written straight into the database (any kind, status and stage). */
async function application(userId: number, kind: string, status: number, over: Partial<NewApplication> = {}) {
  seq += 1;
  return t.app.repos.applications.create({
    referenceNo: `HJ20990101${String(seq).padStart(6, '0')}`,
    kind,
    sub: '',
    userId,
    status,
    title: kind,
    answers: {},
    ...over,
  });
}

const detail = async (id: number, token = staff.token) => (await call(t, 'GET', `/api/admin/applications/${id}`, token)).body.data;
const reveal = (id: number, key: string, token = staff.token) => call(t, 'POST', `/api/admin/applications/${id}/id-number`, token, { key });

describe('the queue’s 待办', () => {
  it('todo=1 lists 已提交, 审核中 and 办理中 but not a card out on loan; the counts say how many of each status are 待办', async () => {
    const u = await createUser(t);
    const marker = `待办${Date.now()}`;
    await t.app.repos.users.update(u.id, { name: marker });
    const submitted = await application(u.id, 'qtbs', 1);
    const reviewing = await application(u.id, 'hkkbb', 2);
    const working = await application(u.id, 'sfzbl', 4);
    await application(u.id, 'hkkjy', 4, { dueOn: '2099-01-10' });
    await application(u.id, 'hjzmkj', 5);
    await application(u.id, 'xlzkbg', 7);
    await application(u.id, 'hyzkbg', 3);

    const todo = (await call(t, 'GET', `/api/admin/applications?todo=1&keyword=${encodeURIComponent(marker)}`, staff.token)).body;
    expect(todo.rows.map((r: { id: number }) => r.id)).toEqual([submitted.id, reviewing.id, working.id]);
    expect(todo.total).toBe(3);
    expect((await call(t, 'GET', `/api/admin/applications?keyword=${encodeURIComponent(marker)}`, staff.token)).body.total).toBe(7);
    expect(
      (await call(t, 'GET', `/api/admin/applications?todo=1&status=5&keyword=${encodeURIComponent(marker)}`, staff.token)).body.total,
    ).toBe(0);
    expect(
      (await call(t, 'GET', `/api/admin/applications?todo=1&status=4&keyword=${encodeURIComponent(marker)}`, staff.token)).body.rows,
    ).toEqual([expect.objectContaining({ id: working.id })]);
    expect((await call(t, 'GET', '/api/admin/applications?todo=0', staff.token)).status).toBe(400);

    const counts = (await call(t, 'GET', `/api/admin/applications/counts?keyword=${encodeURIComponent(marker)}`, staff.token)).body
      .data as { status: number; count: number; todo: number }[];
    expect(counts.filter((c) => c.count).map(({ status, count, todo: n }) => [status, count, n])).toEqual([
      [1, 1, 1],
      [2, 1, 1],
      [3, 1, 0],
      [4, 2, 1],
      [5, 1, 0],
      [7, 1, 0],
    ]);
    expect(counts.reduce((n, c) => n + c.todo, 0)).toBe(todo.total);
    const audit = (await t.app.repos.audit.page({ action: 'application.list', staffId: staff.id }, { pageNum: 1, pageSize: 5 })).rows;
    expect(audit.some((e) => e.summary.startsWith('查看申请列表（待办，'))).toBe(true);
  });
});

describe('办结 only where the rules will take it', () => {
  it('a move-out while the household card is out: 办结 is blocked with the reason the transition gives; after the return it is offered', async () => {
    const u = await createUser(t);
    const loan = await application(u.id, 'hkkjy', 4, { dueOn: '2099-01-10', answers: { jyyy: '1', lqfs: '0' } });
    const moveOut = await application(u.id, 'qianchu', 5, { sub: 'graduate', answers: { sub: 'graduate', lqfs: '0' } });
    const reason = '户口卡尚未归还，请先办理归还，再办结迁出';

    const page = await detail(moveOut.id);
    expect(page.transitions).toEqual([]);
    expect(page.blocked).toEqual([{ to: 7, toName: '已办结', action: '办结', reason }]);
    // The same rule refuses the move itself.
    expect((await act(t, staff.token, moveOut.id, 7)).body).toEqual({ code: 409, msg: reason });

    expect((await act(t, staff.token, loan.id, 7)).body.data.status).toBe(7);
    const after = await detail(moveOut.id);
    expect(after.transitions).toEqual([{ to: 7, toName: '已办结', action: '办结', requires: [] }]);
    expect(after.blocked).toEqual([]);
  });

  it('a move-in not continued to stage 2: 办结 blocked, the other actions offered; at stage 2 it is offered', async () => {
    const u = await createUser(t, { household: 'none' });
    const row = await application(u.id, 'qianru', 4, {
      sub: '1',
      stage: '1',
      answers: { qrlx: '1', ryxx: personOf('张三', idNumber('19900101', true)) },
    });
    const page = await detail(row.id);
    expect(page.transitions.map((x: { to: number }) => x.to)).toEqual([5, 6, 8]);
    expect(page.blocked).toEqual([{ to: 7, toName: '已办结', action: '办结', reason: '申请人尚未继续提交迁移证信息，不能办结' }]);
    expect((await act(t, staff.token, row.id, 7)).body).toEqual({ code: 409, msg: '申请人尚未继续提交迁移证信息，不能办结' });

    await t.app.repos.applications.update(row.id, row.version, { stage: '2' });
    const stage2 = await detail(row.id);
    expect(stage2.transitions.map((x: { to: number }) => x.to)).toEqual([5, 6, 7, 8]);
    expect(stage2.blocked).toEqual([]);
  });

  it('a family move-in bringing someone already registered at the school, and a record change to a number another account holds', async () => {
    const head = await createUser(t);
    const registered = await createUser(t);
    const taken = idNumber('19700202', false);
    await t.app.repos.users.update(registered.id, { idNumber: taken });
    const family = await application(head.id, 'qianru', 4, {
      sub: '2',
      stage: '2',
      answers: { qrlx: '2', ryxx: personOf('户主', idNumber('19700101', true)), sqjs: [personOf('王某', taken, { yhzgx: '10' })] },
    });
    expect((await detail(family.id)).blocked).toEqual([
      { to: 7, toName: '已办结', action: '办结', reason: '王某的户口已在本校，不能办结' },
    ]);

    const change = await application(head.id, 'qtbs', 4, { sub: 'change', answers: { bslx: '1', bgsfzjh: taken } });
    const page = await detail(change.id);
    expect(page.blocked).toEqual([
      { to: 7, toName: '已办结', action: '办结', reason: '变更后身份证件号码已登记在其他账号，不能办结，请核实后以「未通过」答复' },
    ]);
    expect(page.transitions.some((x: { to: number }) => x.to === 8)).toBe(true);
  });
});

describe('the queue by service', () => {
  it('按业务 follows the office’s order of its services, not their codes', async () => {
    const u = await createUser(t);
    await application(u.id, 'qtbs', 1);
    await application(u.id, 'xlzkbg', 1);
    await application(u.id, 'hkkbb', 1);
    const rows = (await call(t, 'GET', `/api/admin/applications?pageSize=100&keyword=${u.phone}&sort=kind`, staff.token)).body.rows;
    // 户口卡补办, 学历变更, 其他业务: by code it would be hkkbb, qtbs, xlzkbg.
    expect(rows.map((r: { kind: string }) => r.kind)).toEqual(['hkkbb', 'xlzkbg', 'qtbs']);
  });
});

describe('the forms of 寄出 and 通知领取', () => {
  it('寄出 starts with the courier the applicant chose, 通知领取 with the office’s address (no postcode) and hours', async () => {
    const u = await createUser(t);
    const borrow = await application(u.id, 'hkkjy', 2, { dueOn: '2099-01-10', answers: { jyyy: '1', lqfs: '1' } });
    const page = await detail(borrow.id);
    const option = (to: number) => page.transitions.find((x: { to: number }) => x.to === to);
    // The courier from the office's list (qh_express), starting with the one the applicant chose.
    expect(option(6)).toEqual({
      to: 6,
      toName: '已寄出',
      action: '寄出',
      requires: ['kdgs', 'kddh'],
      prefill: { kdgs: 'SF' },
      couriers: [
        { value: 'SF', label: '顺丰速运' },
        { value: 'EMS', label: '中国邮政EMS' },
        { value: 'JD', label: '京东物流' },
        { value: 'ZTO', label: '中通快递' },
        { value: 'YTO', label: '圆通速递' },
        { value: 'YD', label: '韵达快递' },
        { value: 'STO', label: '申通快递' },
      ],
    });
    expect(option(5)).toEqual({
      to: 5,
      toName: '待领取',
      action: '通知领取',
      requires: ['lqdd', 'lqsj'],
      prefill: { lqdd: '北京市海淀区示范路1号示范大学行政楼一层108室', lqsj: '周一至周五 8:30-11:30 14:00-17:00' },
    });
    expect(option(4).prefill).toBeUndefined();

    // A proof mailed by EMS (the dictionary's 中国邮政EMS（到付）): the courier of that name.
    const proof = await application(u.id, 'hjzmkj', 4, { answers: { zmlx: '1', yt: '签证', fs: 1, kdfs: '2' } });
    expect((await detail(proof.id)).transitions.find((x: { to: number }) => x.to === 6).prefill).toEqual({ kdgs: 'EMS' });
    // Picked up at the office, or a kind without a courier choice: nothing to start 寄出 with.
    const pickup = await application(u.id, 'hkkbb', 4, { answers: { bbyy: '遗失', lqfs: '0' } });
    expect((await detail(pickup.id)).transitions.find((x: { to: number }) => x.to === 6).prefill).toBeUndefined();
  });

  it('批量通知领取 starts with the same place and hours; only staff may ask', async () => {
    const answer = await call(t, 'GET', '/api/admin/applications/pickup-prefill', staff.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ lqdd: '北京市海淀区示范路1号示范大学行政楼一层108室', lqsj: '周一至周五 8:30-11:30 14:00-17:00' });
    const u = await createUser(t);
    expect((await call(t, 'GET', '/api/admin/applications/pickup-prefill', u.token)).status).toBe(403);
    expect((await call(t, 'GET', '/api/admin/applications/pickup-prefill', '')).status).toBe(401);
  });
});

describe('the couriers of 寄出', () => {
  it('a database seeded before version 7 gets them on the next start, once, each with its tracking page', async () => {
    await t.app.db.delete(dictItems).where(eq(dictItems.type, 'qh_express'));
    await t.app.db.update(settings).set({ value: 6 }).where(eq(settings.key, 'seed.version'));
    t.changedByHand();
    expect(await seed(t.app.db, { now: t.clock.now(), demo: true })).toBe(true);
    expect(await seed(t.app.db, { now: t.clock.now(), demo: true })).toBe(false);
    t.changedByHand();
    const rows = await t.app.db.select().from(dictItems).where(eq(dictItems.type, 'qh_express')).orderBy(dictItems.sort);
    expect(rows.map((r) => r.label)).toEqual(['顺丰速运', '中国邮政EMS', '京东物流', '中通快递', '圆通速递', '韵达快递', '申通快递']);
    expect(rows.every((r) => /^https:\/\/[^{}]+\{no\}[^{}]*$/.test((r.extra as { trackUrl: string }).trackUrl))).toBe(true);
  });
});

describe('显示: one ID number in full, audited', () => {
  it('a 办理员 and a 管理员 reveal the applicant’s and a family member’s number; each reveal is audited without the number', async () => {
    const u = await createUser(t);
    const own = idNumber('19850505', true);
    const member = idNumber('20100606', false);
    await t.app.repos.users.update(u.id, { idNumber: own });
    const row = await application(u.id, 'qianru', 1, {
      sub: '2',
      stage: '1',
      answers: { qrlx: '2', ryxx: personOf(u.name, own), sqjs: [personOf('李小', member, { yhzgx: '20' })] },
    });

    const page = await detail(row.id);
    expect(page.applicant.sfzjh).toBe(`${own.slice(0, 4)}**********${own.slice(-4)}`);
    expect(
      page.summary.filter((i: { idKey?: string }) => i.idKey).map((i: { group: string; idKey: string }) => [i.group, i.idKey]),
    ).toEqual([
      ['本人信息', 'ryxx.sfzjh'],
      ['随迁家属1', 'sqjs.0.sfzjh'],
    ]);
    expect(JSON.stringify(page)).not.toContain(member);

    expect((await reveal(row.id, 'applicant')).body).toEqual({ code: 200, msg: '查询成功', data: { key: 'applicant', sfzjh: own } });
    expect((await reveal(row.id, 'sqjs.0.sfzjh', admin.token)).body.data).toEqual({ key: 'sqjs.0.sfzjh', sfzjh: member });
    expect((await reveal(row.id, 'ryxx.sfzjh')).body.data.sfzjh).toBe(own);

    const entries = (
      await t.app.repos.audit.page({ action: 'application.idNumber', targetId: String(row.id) }, { pageNum: 1, pageSize: 10 })
    ).rows;
    expect(entries.map((e) => [e.staffId, e.summary])).toEqual([
      [staff.id, `查看申请 ${row.referenceNo}（教职工迁入）的身份证件号：本人信息 · 身份证件号`],
      [admin.id, `查看申请 ${row.referenceNo}（教职工迁入）的身份证件号：随迁家属1 · 身份证件号`],
      [staff.id, `查看申请 ${row.referenceNo}（教职工迁入）的身份证件号：申请人 ${u.name}`],
    ]);
    const listed = (await call(t, 'GET', `/api/admin/audit?action=application.idNumber&targetId=${row.id}`, admin.token)).body.rows;
    expect(listed[0]).toMatchObject({ actionName: '查看身份证件号', staffName: staff.name });
    expect(JSON.stringify(listed)).not.toContain(own);
    expect(JSON.stringify(listed)).not.toContain(member);
  });

  it('reveals only a masked ID number of that application: other keys 404, a bad key 400, no user token', async () => {
    const u = await createUser(t);
    const row = await application(u.id, 'qianru', 1, {
      sub: '1',
      answers: { qrlx: '1', ryxx: personOf('赵六', idNumber('19920303', true)) },
    });
    const none = { code: 404, msg: '没有可显示的身份证件号' };
    expect((await reveal(row.id, 'ryxx.xm')).body).toEqual(none);
    expect((await reveal(row.id, 'sqjs.0.sfzjh')).body).toEqual(none);
    expect((await reveal(row.id, 'constructor')).body).toEqual(none);
    // The applicant's account holds no ID number.
    expect((await reveal(row.id, 'applicant')).body).toEqual(none);
    expect((await reveal(row.id, 'ryxx/../x')).status).toBe(400);
    expect((await reveal(987654, 'applicant')).body).toEqual({ code: 404, msg: '申请不存在' });
    expect((await reveal(row.id, 'ryxx.sfzjh', u.token)).status).toBe(403);
    expect((await call(t, 'POST', `/api/admin/applications/${row.id}/id-number`, undefined, { key: 'applicant' })).status).toBe(401);
    // The applicant's own view has no reveal keys.
    const mine = (await get(t, `/api/wdsq/sqxq/getInfo?id=${row.id}`, u.token)).body.data;
    expect(mine.summary.some((i: { idKey?: string }) => 'idKey' in i)).toBe(false);
    expect(
      (await t.app.repos.audit.page({ action: 'application.idNumber', targetId: String(row.id) }, { pageNum: 1, pageSize: 10 })).total,
    ).toBe(0);
  });
});
