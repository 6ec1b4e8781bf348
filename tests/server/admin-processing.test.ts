// Staff console, processing: the queue and its counts, an application's page (audited), attachments, the
// transitions with their inputs, refused moves, optimistic concurrency (two staff at once: exactly one wins),
// notices and SMS from editable templates, borrowed cards, questions, ratings and the dashboard.
import { addDays } from '../../server/services/appointments.ts';
import { chinaDate } from '../../server/services/clock.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { act, call, createStaff, renew, submitOther } from './admin-helpers.ts';
import { createUser, get, offeredDays, post, recordingSender, reissueForm, uploadFor } from './service-helpers.ts';

const sms = recordingSender();
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp({ smsSender: sms });
  staff = await createStaff(t, 'staff');
  admin = await createStaff(t, 'admin');
});
beforeEach(() => renew(t, staff, admin));
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const detail = (id: number, token = staff.token) => call(t, 'GET', `/api/admin/applications/${id}`, token);
const auditFor = async (id: number) =>
  (await t.app.repos.audit.page({ targetType: 'application', targetId: String(id) }, { pageNum: 1, pageSize: 50 })).rows;
const noticesOf = async (token: string) =>
  (await get(t, '/api/zhzx/xxtz/getListByType?pageSize=50', token)).body.rows as { title: string; content: string }[];

describe('the queue', () => {
  it('lists every user’s applications oldest first, filtered by kind, status, text and date, paged, with counts per status', async () => {
    const marker = `查询${Date.now()}`;
    const a = await submitOther(t);
    t.clock.advance(60);
    const b = await submitOther(t);
    t.clock.advance(60);
    const c = await post(t, '/api/daily/hkkbb/add', b.user.token, await reissueForm(t, b.user));
    await t.app.repos.users.update(a.user.id, { name: marker, idNumber: '110105195001010039' });

    const all = (await call(t, 'GET', '/api/admin/applications?pageSize=100', staff.token)).body;
    const ids = all.rows.map((r: { id: number }) => r.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(c.body.data.id));
    const rowA = all.rows.find((r: { id: number }) => r.id === a.id);
    expect(rowA).toMatchObject({
      version: 1,
      waitingDays: 0,
      overdue: false,
      status: 1,
      applicant: { userId: a.user.id, xm: marker, sfzjh: '1101**********0039', rylb: '1', rylbmc: '硕士研究生', hkIn: true },
    });
    expect(rowA.applicant.phone).toMatch(/^\d{3}\*{4}\d{4}$/);

    expect(
      (await call(t, 'GET', `/api/admin/applications?keyword=${encodeURIComponent(marker)}`, staff.token)).body.rows.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([a.id]);
    expect(
      (await call(t, 'GET', `/api/admin/applications?keyword=${b.sqbh}`, staff.token)).body.rows.map((r: { id: number }) => r.id),
    ).toEqual([b.id]);
    const byXh = (await call(t, 'GET', `/api/admin/applications?keyword=T${b.user.phone}`, staff.token)).body;
    expect(byXh.rows.map((r: { id: number }) => r.id)).toEqual([b.id, c.body.data.id]);
    expect((await call(t, 'GET', `/api/admin/applications?keyword=T${b.user.phone}&kind=hkkbb`, staff.token)).body.total).toBe(1);
    expect((await call(t, 'GET', `/api/admin/applications?keyword=T${b.user.phone}&pageSize=1&pageNum=2`, staff.token)).body).toMatchObject(
      { total: 2, rows: [{ id: c.body.data.id }] },
    );
    // The day b was stored on (the database's clock, not the test's moved one: near midnight in China they differ).
    const today = chinaDate((await t.app.repos.applications.findById(b.id))!.createdAt);
    expect((await call(t, 'GET', `/api/admin/applications?keyword=${b.sqbh}&from=${today}&to=${today}`, staff.token)).body.total).toBe(1);
    expect((await call(t, 'GET', `/api/admin/applications?keyword=${b.sqbh}&from=${addDays(today, 1)}`, staff.token)).body.total).toBe(0);

    await act(t, staff.token, b.id, 2);
    expect(
      (await call(t, 'GET', `/api/admin/applications?keyword=T${b.user.phone}&status=2`, staff.token)).body.rows.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([b.id]);
    const counts = (await call(t, 'GET', `/api/admin/applications/counts?keyword=T${b.user.phone}`, staff.token)).body.data;
    expect(counts).toHaveLength(9);
    expect(counts.filter((c: { count: number }) => c.count)).toEqual([
      { status: 1, statusName: '已提交', count: 1, todo: 1 },
      { status: 2, statusName: '审核中', count: 1, todo: 1 },
    ]);
    expect((await call(t, 'GET', '/api/admin/applications?kind=nonsense', staff.token)).status).toBe(400);
  });

  it('marks applications waiting more than 3 days as overdue', async () => {
    const a = await submitOther(t);
    t.clock.advance(4 * 86400);
    await renew(t, staff);
    const row = (await call(t, 'GET', `/api/admin/applications?keyword=${a.sqbh}`, staff.token)).body.rows[0];
    expect(row).toMatchObject({ waitingDays: 4, overdue: true });
  });
});

describe('an application’s page', () => {
  it('shows ID numbers masked (answers, summary, applicant), the full phone, the household record, the timeline, the allowed actions; the view is audited', async () => {
    const u = await createUser(t);
    await t.app.repos.users.update(u.id, { idNumber: '110105194912310029' });
    const row = await t.app.repos.applications.create({
      referenceNo: `HJ2026010${String(Date.now()).slice(-7)}`,
      kind: 'qianru',
      sub: '1',
      userId: u.id,
      status: 1,
      title: '博士后迁入',
      answers: { qrlx: '1', ryxx: { xm: '张三', sfzjh: '110105194912310029' } },
    });
    const res = await detail(row.id);
    expect(res.body.data).toMatchObject({
      id: row.id,
      version: 1,
      answers: { ryxx: { sfzjh: '1101**********0029' } },
      applicant: { userId: u.id, sfzjh: '1101**********0029', phone: u.phone, hkIn: true },
      household: { hjzt: '1', jthmc: '示范大学学生集体户' },
      blocked: [],
      rating: null,
    });
    // The full number is nowhere in the answer: 显示 asks for it, one at a time (adminRevealIdNumber).
    expect(JSON.stringify(res.body)).not.toContain('110105194912310029');
    expect(res.body.data.summary).toContainEqual({
      label: '身份证件号',
      value: '1101**********0029',
      group: '本人信息',
      idKey: 'ryxx.sfzjh',
    });
    expect(res.body.data.summary.filter((i: { idKey?: string }) => i.idKey)).toHaveLength(1);
    expect(res.body.data.transitions).toEqual([
      { to: 2, toName: '审核中', action: '开始审核', requires: [] },
      { to: 3, toName: '退回修改', action: '退回修改', requires: ['note'] },
      { to: 4, toName: '办理中', action: '受理', requires: [] },
      { to: 8, toName: '未通过', action: '不予通过', requires: ['note'] },
    ]);
    // Opening the page does not change the status.
    expect((await t.app.repos.applications.findById(row.id))!.status).toBe(1);
    const entries = await auditFor(row.id);
    expect(entries[0]).toMatchObject({ action: 'application.view', staffId: staff.id, staffName: staff.name });
    expect(entries[0]!.summary).not.toContain('110105194912310029');
    expect((await detail(987654)).body).toEqual({ code: 404, msg: '申请不存在' });
  });

  it('serves the application’s attachments (audited), nothing else', async () => {
    const u = await createUser(t);
    const fileId = await uploadFor(t, u.id);
    const other = await uploadFor(t, u.id);
    const res = await post(t, '/api/qhqt/qtbs/add', u.token, {
      bslx: '2',
      bsnr: '查询',
      lxdh: '13900000009',
      attachments: [{ fileId, clmc: '身份证' }],
    });
    const id = res.body.data.id as number;
    const page = (await detail(id)).body.data;
    expect(page.attachments[0]).toMatchObject({ fileId, clmc: '身份证', url: `/api/admin/applications/${id}/files/${fileId}` });
    const file = await t.request({ method: 'GET', url: page.attachments[0].url, token: staff.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg'); // uploads are stored as normalised JPEGs
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    const download = await t.request({ method: 'GET', url: `${page.attachments[0].url}?download=1`, token: staff.token });
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect((await t.json({ method: 'GET', url: `/api/admin/applications/${id}/files/${other}`, token: staff.token })).status).toBe(404);
    expect((await auditFor(id)).filter((e) => e.action === 'application.file')).toHaveLength(2);
  });
});

describe('POST /api/admin/applications/{id}/transition', () => {
  it('returns for correction with a reason, the user resubmits, staff accepts, sends with a waybill, finishes; every step notifies', async () => {
    const sent = sms.sent.length;
    const { user, id } = await submitOther(t);
    const noReason = await act(t, staff.token, id, 3);
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ code: 400, msg: '请填写原因', errors: [{ field: 'note' }] });
    const back = await act(t, staff.token, id, 3, { note: '请补充身份证复印件' });
    expect(back.body).toMatchObject({ code: 200, data: { id, status: 3, statusName: '退回修改', version: 2 } });
    expect((await noticesOf(user.token))[0]).toMatchObject({
      title: '其他业务：退回修改',
      content: expect.stringContaining('原因：请补充身份证复印件'),
    });

    await post(t, '/api/qhqt/qtbs/edit', user.token, { id, bslx: '2', bsnr: '查询户籍信息（已补充）', lxdh: '13900000009' });
    expect((await act(t, staff.token, id, 2)).body.data.status).toBe(2);
    expect((await act(t, staff.token, id, 4)).body.data.status).toBe(4);
    const noWaybill = await act(t, staff.token, id, 6, { kdgs: 'SF' });
    expect(noWaybill.body).toMatchObject({ code: 400, errors: [{ field: 'kddh', message: '请填写此项' }] });
    // The courier must come from the office's list, and a waybill look like one.
    expect((await act(t, staff.token, id, 6, { kdgs: '顺丰速运', kddh: 'SF1234567890' })).body).toMatchObject({
      code: 400,
      errors: [{ field: 'kdgs', message: '请选择快递公司' }],
    });
    expect((await act(t, staff.token, id, 6, { kdgs: 'SF', kddh: 'SF 12/34' })).body).toMatchObject({
      code: 400,
      errors: [{ field: 'kddh', message: '快递单号为 6-30 位字母、数字或 -' }],
    });
    expect((await act(t, staff.token, id, 6, { kdgs: 'SF', kddh: 'SF1234567890' })).body.data.status).toBe(6);
    expect((await noticesOf(user.token))[0].content).toContain('已寄出，顺丰速运 单号 SF1234567890');
    expect((await act(t, staff.token, id, 7)).body.data).toMatchObject({ status: 7, statusName: '已办结' });

    const mine = (await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, user.token)).body.data;
    expect(mine.events.map((e: { to: number }) => e.to)).toEqual([1, 3, 1, 2, 4, 6, 7]);
    expect(mine.events[1]).toMatchObject({ actor: { role: 'staff', name: '户籍办' }, note: '请补充身份证复印件' });
    expect(mine.handling).toMatchObject({
      reason: '请补充身份证复印件',
      kdgs: '顺丰速运',
      kddh: 'SF1234567890',
      trackUrl: 'https://www.sf-express.com/chn/sc/waybill/waybill-detail/SF1234567890',
    });
    expect(mine.actions).toEqual(['rate']);
    const page = (await detail(id)).body.data;
    expect(page.events[1].actor).toEqual({ role: 'staff', name: staff.name });
    expect(page.transitions).toEqual([]);
    // Notices for each step, SMS through the configured sender for each step after the submit.
    expect((await noticesOf(user.token)).map((n) => n.title).slice(0, 6)).toEqual([
      '其他业务：已办结',
      '其他业务：已寄出',
      '其他业务：办理中',
      '其他业务：审核中',
      '其他业务：已重新提交',
      '其他业务：退回修改',
    ]);
    await new Promise((r) => setTimeout(r, 50));
    expect(sms.sent.slice(sent).filter((m) => m.phone === user.phone)).toHaveLength(7);
    expect((await auditFor(id)).filter((e) => e.action === 'application.transition').map((e) => e.summary)).toEqual([
      expect.stringContaining('办理为「已办结」'),
      expect.stringContaining('办理为「已寄出」'),
      expect.stringContaining('办理为「办理中」'),
      expect.stringContaining('办理为「审核中」'),
      expect.stringContaining('办理为「退回修改」：请补充身份证复印件'),
    ]);
  });

  it('asks pickup place and time for 待领取, and refuses moves outside the table', async () => {
    const { id } = await submitOther(t);
    expect((await act(t, staff.token, id, 7)).body).toEqual({ code: 409, msg: '当前状态不允许该操作' });
    expect((await act(t, staff.token, id, 5)).body).toEqual({ code: 409, msg: '当前状态不允许该操作' });
    expect((await act(t, staff.token, id, 9)).body).toEqual({ code: 409, msg: '当前状态不允许该操作' });
    expect((await act(t, staff.token, id, 1)).body).toEqual({ code: 409, msg: '当前状态不允许该操作' });
    await act(t, staff.token, id, 4);
    expect((await act(t, staff.token, id, 5, { lqdd: '户籍办公室' })).body).toMatchObject({ code: 400, errors: [{ field: 'lqsj' }] });
    expect((await act(t, staff.token, id, 5, { lqdd: '行政楼101', lqsj: '工作日 9:00-11:30' })).body.data.status).toBe(5);
    expect((await act(t, staff.token, id, 8, { note: '材料不符' })).body.code).toBe(409);
    expect((await act(t, staff.token, 987654, 2)).status).toBe(404);
    const missing = await call(t, 'POST', `/api/admin/applications/${id}/transition`, staff.token, { to: 7 });
    expect(missing.status).toBe(400);
  });

  it('refuses a stale version (another staff member acted, or the user edited the answers) with 409', async () => {
    const { user, id } = await submitOther(t);
    const seen = (await detail(id)).body.data.version;
    await post(t, '/api/qhqt/qtbs/edit', user.token, { id, bslx: '2', bsnr: '改了内容', lxdh: '13900000009' });
    const stale = await call(t, 'POST', `/api/admin/applications/${id}/transition`, staff.token, { to: 4, expectedVersion: seen });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 409, msg: '申请状态已变化，请刷新后重试' });
    const fresh = (await detail(id)).body.data.version;
    expect(
      (await call(t, 'POST', `/api/admin/applications/${id}/transition`, staff.token, { to: 4, expectedVersion: fresh, expectedStatus: 2 }))
        .status,
    ).toBe(409);
    expect(
      (await call(t, 'POST', `/api/admin/applications/${id}/transition`, staff.token, { to: 4, expectedVersion: fresh, expectedStatus: 1 }))
        .body.data.status,
    ).toBe(4);
  });

  it('two staff acting on one application at once: exactly one wins, the other gets 409, nothing is lost', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { user, id } = await submitOther(t);
      const version = (await t.app.repos.applications.findById(id))!.version;
      const [x, y] = await Promise.all([
        call(t, 'POST', `/api/admin/applications/${id}/transition`, staff.token, { to: 3, expectedVersion: version, note: '请补充材料' }),
        call(t, 'POST', `/api/admin/applications/${id}/transition`, admin.token, { to: 4, expectedVersion: version }),
      ]);
      const statuses = [x.status, y.status].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = x.status === 409 ? x : y;
      expect(loser.body).toEqual({ code: 409, msg: '申请状态已变化，请刷新后重试' });
      const winner = x.status === 200 ? x : y;
      const row = (await t.app.repos.applications.findById(id))!;
      expect(row.status).toBe(winner.body.data.status);
      expect(row.version).toBe(version + 1);
      const events = await t.app.repos.applications.eventsOf(id);
      expect(events.map((e) => e.toStatus)).toEqual([1, row.status]);
      expect((await noticesOf(user.token)).length).toBe(2);
      expect((await auditFor(id)).filter((e) => e.action === 'application.transition')).toHaveLength(1);
    }
  });
});

describe('notice templates', () => {
  it('a 管理员 edits the text of a transition; the next notice and SMS use it; unknown placeholders are refused', async () => {
    const bad = await call(t, 'PUT', '/api/admin/notice-templates/s8', admin.token, {
      title: '{业务名称}：未通过',
      content: '抱歉 {姓名}',
    });
    expect(bad.body).toMatchObject({ code: 400, errors: [{ field: 'content', message: '未知的占位符 {姓名}' }] });
    expect((await call(t, 'PUT', '/api/admin/notice-templates/s8', staff.token, { title: 'x', content: 'y' })).status).toBe(403);
    const saved = await call(t, 'PUT', '/api/admin/notice-templates/s8', admin.token, {
      title: '{业务名称}申请未获通过',
      content: '{申请编号} 未通过：{原因}。如有疑问请致电户籍办。',
    });
    expect(saved.body.data).toMatchObject({ key: 's8', to: 8, title: '{业务名称}申请未获通过' });
    const list = (await call(t, 'GET', '/api/admin/notice-templates', admin.token)).body.data;
    expect(list.smsEnabled).toBe(true);
    expect(list.templates.map((x: { key: string }) => x.key)).toEqual(['s2', 's3', 's4', 's4_hkkjy', 's5', 's6', 's7', 's7_hkkjy', 's8']);
    const { user, id, sqbh } = await submitOther(t);
    await act(t, staff.token, id, 8, { note: '不符合条件' });
    expect((await noticesOf(user.token))[0]).toMatchObject({
      title: '其他业务申请未获通过',
      content: `${sqbh} 未通过：不符合条件。如有疑问请致电户籍办。`,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(sms.sent.filter((m) => m.phone === user.phone).at(-1)!.text).toContain(`${sqbh} 未通过：不符合条件`);
  });
});

describe('borrowed cards', () => {
  it('lists cards out with due dates and overdue ones; marking returned is the 已归还 transition', async () => {
    const u = await createUser(t);
    const day = offeredDays(t)[0]!;
    const submitted = await post(t, '/api/daily/hkkjy/add', u.token, {
      jyyy: '1',
      jyrq: day,
      ghrq: addDays(day, 3),
      lqfs: '0',
      lxdh: '13900000009',
    });
    const id = submitted.body.data.id as number;
    const page = (await detail(id)).body.data;
    expect(page.transitions.find((x: { to: number }) => x.to === 4)).toEqual({ to: 4, toName: '已借出', action: '借出', requires: [] });
    await act(t, staff.token, id, 4);
    const out = (await call(t, 'GET', `/api/admin/borrowed-cards?keyword=${page.sqbh}`, staff.token)).body;
    expect(out.rows).toEqual([
      expect.objectContaining({
        applicationId: id,
        status: 4,
        statusName: '已借出',
        jyrq: day,
        ghrq: addDays(day, 3),
        overdue: false,
        overdueDays: 0,
        applicant: expect.objectContaining({ userId: u.id }),
      }),
    ]);
    expect((await call(t, 'GET', `/api/admin/borrowed-cards?overdue=1&keyword=${page.sqbh}`, staff.token)).body.total).toBe(0);
    // The day after the due date the card is overdue. How far that is depends on the weekday the test runs on (the
    // first day offered skips a weekend): six days on, as this test once assumed, was not always past it.
    const ahead = (Date.parse(addDays(day, 4)) - Date.parse(chinaDate(t.clock.now()))) / 86_400_000;
    t.clock.advance(ahead * 86400);
    await renew(t, staff);
    const late = (await call(t, 'GET', `/api/admin/borrowed-cards?overdue=1&keyword=${page.sqbh}`, staff.token)).body.rows[0];
    t.clock.advance(-ahead * 86400);
    expect(late).toMatchObject({ overdue: true });
    expect(late.overdueDays).toBeGreaterThanOrEqual(1);
    const returned = await call(t, 'POST', `/api/admin/applications/${id}/transition`, staff.token, {
      to: 7,
      expectedVersion: late.version,
    });
    expect(returned.body.data).toMatchObject({ status: 7, statusName: '已归还' });
    expect(await t.app.repos.applications.cardOut(u.id)).toBeNull();
    expect((await get(t, '/api/zhzx/wdhj/getInfo', u.token)).body.data).toMatchObject({ hkkzt: '0', hkkztmc: '在户籍办' });
    expect((await noticesOf(u.token))[0]).toMatchObject({ title: '借用户口卡：已归还' });
    expect((await call(t, 'GET', `/api/admin/borrowed-cards?keyword=${page.sqbh}`, staff.token)).body.total).toBe(0);
  });
});

describe('questions and answers', () => {
  it('lists unanswered questions first; the answer reaches the user with a notice', async () => {
    const u = await createUser(t);
    const q = await t.app.repos.feedback.create({ userId: u.id, title: `户口卡能借几天？${Date.now()}`, content: '想借户口卡办护照' });
    const open = (await call(t, 'GET', '/api/admin/feedback?zt=0&pageSize=100', staff.token)).body;
    expect(open.rows.find((r: { id: number }) => r.id === q.id)).toMatchObject({
      zt: '0',
      asker: { userId: u.id, xm: u.name, rylb: '1' },
      answeredBy: null,
    });
    expect((await call(t, 'POST', `/api/admin/feedback/${q.id}/reply`, staff.token, { hfnr: '   ' })).status).toBe(400);
    const reply = await call(t, 'POST', `/api/admin/feedback/${q.id}/reply`, staff.token, { hfnr: '最长 7 天。', sfgk: true });
    expect(reply.body.data).toMatchObject({ id: q.id, zt: '1', ztmc: '已回复', hfnr: '最长 7 天。', sfgk: true, answeredBy: staff.name });
    const seen = (await get(t, `/api/qhqt/qtyhfk/detail/${q.id}`, u.token)).body.data;
    expect(seen).toMatchObject({ zt: '1', hfnr: '最长 7 天。' });
    expect((await noticesOf(u.token))[0]).toMatchObject({ title: '问答反馈：已回复' });
    expect((await call(t, 'GET', '/api/admin/feedback?zt=1&keyword=户口卡能借几天', staff.token)).body.rows[0]).toMatchObject({ id: q.id });
    expect((await call(t, 'POST', '/api/admin/feedback/987654/reply', staff.token, { hfnr: 'x' })).body).toEqual({
      code: 404,
      msg: '问题不存在',
    });
    const entries = (await t.app.repos.audit.page({ targetType: 'feedback', targetId: String(q.id) }, { pageNum: 1, pageSize: 5 })).rows;
    expect(entries[0]).toMatchObject({ action: 'feedback.reply', staffId: staff.id });
  });
});

describe('ratings', () => {
  it('the user rates a finished application once; 不满意 or worse is flagged; staff see them per service and follow up', async () => {
    const { user, id, sqbh } = await submitOther(t);
    const rate = (body: Record<string, unknown>, token = user.token) => post(t, '/api/wdsq/sqxq/rate', token, { id, ...body });
    expect((await rate({ score: 5 })).body).toEqual({ code: 100, msg: '申请办结后才能评价' });
    await act(t, staff.token, id, 4);
    await act(t, staff.token, id, 7);
    const stranger = await createUser(t);
    expect((await rate({ score: 5 }, stranger.token)).body).toEqual({ code: 404, msg: '申请不存在' });
    expect((await rate({ score: 6 })).status).toBe(400);
    expect((await rate({ score: 2, comment: '等了太久' })).body.data).toMatchObject({
      score: 2,
      label: '不满意',
      comment: '等了太久',
      flagged: true,
    });
    expect((await rate({ score: 5 })).body).toEqual({ code: 100, msg: '您已评价过该申请' });
    expect((await rate({ score: 1 }, staff.token)).status).toBe(403);
    const mine = (await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, user.token)).body.data;
    expect(mine).toMatchObject({ actions: [], rating: { score: 2, label: '不满意', flagged: true } });
    expect((await detail(id)).body.data.rating).toMatchObject({ score: 2, comment: '等了太久' });

    const happy = await submitOther(t);
    await act(t, staff.token, happy.id, 4);
    await act(t, staff.token, happy.id, 7);
    await post(t, '/api/wdsq/sqxq/rate', happy.user.token, { id: happy.id, score: 3 });

    const flagged = (await call(t, 'GET', '/api/admin/ratings?pending=1&kind=qtbs&pageSize=100', staff.token)).body;
    const row = flagged.rows.find((r: { sqbh: string }) => r.sqbh === sqbh);
    expect(row).toMatchObject({
      applicationId: id,
      kind: 'qtbs',
      kindName: '其他业务',
      score: 2,
      label: '不满意',
      flagged: true,
      followUp: null,
      applicant: { userId: user.id },
    });
    expect(flagged.rows.some((r: { applicationId: number }) => r.applicationId === happy.id)).toBe(false);
    expect(
      (await call(t, 'GET', '/api/admin/ratings?score=3&pageSize=100', staff.token)).body.rows.some(
        (r: { applicationId: number }) => r.applicationId === happy.id,
      ),
    ).toBe(true);

    const summary = (await call(t, 'GET', '/api/admin/ratings/summary', staff.token)).body.data;
    const qtbs = summary.find((s: { kind: string }) => s.kind === 'qtbs');
    expect(qtbs).toMatchObject({ kindName: '其他业务' });
    expect(qtbs.count).toBeGreaterThanOrEqual(2);
    expect(qtbs.scores.map((s: { score: number }) => s.score)).toEqual([5, 4, 3, 2, 1]);
    expect(qtbs.flagged).toBeGreaterThanOrEqual(1);

    const happyRating = (await t.app.repos.ratings.ofApplication(happy.id))!;
    expect((await call(t, 'POST', `/api/admin/ratings/${happyRating.id}/follow-up`, staff.token, { note: '回访' })).body).toEqual({
      code: 100,
      msg: '该评价无需回访',
    });
    const followed = await call(t, 'POST', `/api/admin/ratings/${row.id}/follow-up`, staff.token, { note: '已电话回访，解释了办理时限' });
    expect(followed.body.data.followUp).toMatchObject({ note: '已电话回访，解释了办理时限', by: staff.name });
    expect(
      (await call(t, 'GET', '/api/admin/ratings?pending=1&pageSize=100', staff.token)).body.rows.some(
        (r: { id: number }) => r.id === row.id,
      ),
    ).toBe(false);
    expect((await call(t, 'POST', '/api/admin/ratings/987654/follow-up', staff.token, { note: 'x' })).status).toBe(404);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts per service and status, the median processing time of 30 days, overdue items and ratings', async () => {
    const before = (await call(t, 'GET', '/api/admin/dashboard', staff.token)).body.data;
    const a = await submitOther(t);
    const b = await submitOther(t);
    await act(t, staff.token, a.id, 4);
    t.clock.advance(2 * 3600);
    await renew(t, staff);
    await act(t, staff.token, a.id, 7);
    t.clock.advance(2 * 3600);
    await renew(t, staff);
    await act(t, staff.token, b.id, 4);
    await act(t, staff.token, b.id, 7);
    const after = (await call(t, 'GET', '/api/admin/dashboard', staff.token)).body.data;
    const qtbs = after.byService.find((s: { kind: string }) => s.kind === 'qtbs');
    const before7 =
      before.byService.find((s: { kind: string }) => s.kind === 'qtbs')?.counts.find((c: { status: number }) => c.status === 7)?.count ?? 0;
    expect(qtbs.counts.find((c: { status: number }) => c.status === 7).count).toBe(before7 + 2);
    expect(qtbs.total).toBe(qtbs.counts.reduce((s: number, c: { count: number }) => s + c.count, 0));
    const processing = after.processing.find((p: { kind: string }) => p.kind === 'qtbs');
    expect(processing.finished).toBeGreaterThanOrEqual(2);
    expect(typeof processing.medianHours).toBe('number');
    expect(after.overdue).toMatchObject({ thresholdDays: 3 });
    expect(after.overdue.waiting).toBeGreaterThanOrEqual(0);
    expect(after.ratings.count).toBeGreaterThanOrEqual(before.ratings.count);
    expect(after.generatedAt).toMatch(/\+08:00$/);
  });

  it('computes the median from submission to 已办结 for one service', async () => {
    // A service with only these applications: hkkbb (card reissue), three of them taking 1 h, 3 h and 10 h.
    const hours = [1, 3, 10];
    for (const h of hours) {
      const u = await createUser(t);
      const { id } = (await post(t, '/api/daily/hkkbb/add', u.token, await reissueForm(t, u))).body.data;
      await act(t, staff.token, id, 4);
      t.clock.advance(h * 3600);
      await renew(t, staff);
      await act(t, staff.token, id, 7);
      t.clock.advance(-h * 3600);
      await renew(t, staff);
    }
    const data = (await call(t, 'GET', '/api/admin/dashboard', admin.token)).body.data;
    const hkkbb = data.processing.find((p: { kind: string }) => p.kind === 'hkkbb');
    expect(hkkbb).toEqual({ kind: 'hkkbb', kindName: '户口卡补办', finished: 3, medianHours: 3 });
  });
});
