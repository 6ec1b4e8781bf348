// 借用户口卡 (hkkjy): borrow dates, the yearly count, the at-school and one-loan rules, the return date,
// courier options, 已借出/已归还 with the household record, and the due and overdue notices (moving clock).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../server/services/appointments.ts';
import { chinaDate } from '../../server/services/clock.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser, delivery, get, key, offeredDays, post, reissueForm, setQuota, staffMoves } from './service-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const ADD = '/api/daily/hkkjy/add';
const UPDATE = '/api/daily/hkkjy/update';
const form = (day: string, extra: Record<string, unknown> = {}) => ({
  jyyy: '1',
  jyrq: day,
  ghrq: addDays(day, 3),
  lqfs: '0',
  lxdh: '13900000009',
  ...extra,
});
const days = () => offeredDays(t);

describe('getDateList and getBorrowNumber', () => {
  it('offers the weekdays of the next 14 days with places left', async () => {
    const u = await createUser(t);
    const full = days()[3]!;
    await setQuota(t, 'hkkjy', '', full, 0);
    const data = (await get(t, '/api/daily/hkkjy/getDateList', u.token)).body.data;
    expect(data.map((d: { dateValue: string }) => d.dateValue)).toEqual(days().filter((d) => d !== full));
    expect(data[0].dateLabel).toMatch(/^\d{1,2}月\d{1,2}日 星期[一二三四五]$/);
    expect((await post(t, ADD, u.token, form(full))).body).toMatchObject({ code: 100, msg: '该日期名额已满，请选择其他日期' });
  });

  it('counts the loans of this year (withdrawn and refused ones do not count)', async () => {
    const u = await createUser(t);
    const year = Number(new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 4));
    expect((await get(t, '/api/daily/hkkjy/getBorrowNumber', u.token)).body.data).toEqual({ year, limit: 4, used: 0, remaining: 4 });
    const { id } = (await post(t, ADD, u.token, form(days()[0]!))).body.data;
    expect((await get(t, '/api/daily/hkkjy/getBorrowNumber', u.token)).body.data).toMatchObject({ used: 1, remaining: 3 });
    await post(t, '/api/wdsq/sqxq/endProcessing', u.token, { id });
    expect((await get(t, '/api/daily/hkkjy/getBorrowNumber', u.token)).body.data).toMatchObject({ used: 0, remaining: 4 });
  });
});

describe('POST /api/daily/hkkjy/add', () => {
  it('submits a loan: summary, title, the return date as due date', async () => {
    const u = await createUser(t);
    const day = days()[1]!;
    const res = await post(t, ADD, u.token, form(day, { jysm: '办理护照' }));
    expect(res.body).toMatchObject({ code: 200, data: { kind: 'hkkjy', kindName: '借用户口卡', status: 1, statusName: '已提交' } });
    const detail = (await get(t, `/api/wdsq/sqxq/getInfo?id=${res.body.data.id}`, u.token)).body.data;
    expect(detail).toMatchObject({
      title: `借用户口卡 · 借用日期 ${day}`,
      answers: form(day, { jysm: '办理护照' }),
      handling: { ghrq: addDays(day, 3) },
    });
  });

  it('refuses who is not at school, who has a loan in progress or the card out, and after the yearly limit', async () => {
    const out = await createUser(t, { household: 'out' });
    const none = await createUser(t, { household: 'none' });
    for (const u of [out, none])
      expect((await post(t, ADD, u.token, form(days()[0]!))).body).toMatchObject({ code: 100, msg: '您不在校，无法借用户口卡' });

    const busy = await createUser(t);
    const { id } = (await post(t, ADD, busy.token, form(days()[0]!))).body.data;
    expect((await post(t, ADD, busy.token, form(days()[1]!))).body).toMatchObject({
      code: 100,
      msg: '您已有正在办理的该项业务，请勿重复提交',
    });
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 4);
    expect((await post(t, ADD, busy.token, form(days()[1]!))).body).toMatchObject({ code: 100, msg: '您有未归还的户口卡，请先归还' });

    const frequent = await createUser(t);
    for (let i = 0; i < 4; i += 1) {
      const loan = (await post(t, ADD, frequent.token, form(days()[i + 5]!))).body.data;
      for (const to of [2, 4, 7]) await staffMoves(t, loan.id, to);
    }
    expect((await post(t, ADD, frequent.token, form(days()[9]!))).body).toMatchObject({ code: 100, msg: '本年度借用次数已用完' });
    expect((await get(t, '/api/daily/hkkjy/getBorrowNumber', frequent.token)).body.data).toMatchObject({ used: 4, remaining: 0 });
  });

  it('checks the form: reason, explanation for 其他, an offered day, the return date, courier options, delivery', async () => {
    const u = await createUser(t);
    const day = days()[2]!;
    const fields: [Record<string, unknown>, string, string][] = [
      [{ jyyy: '77' }, 'jyyy', '请选择借用原因'],
      [{ jyyy: '9' }, 'jysm', '请填写借用说明'],
      [{ jyrq: addDays(days()[days().length - 1]!, 7) }, 'jyrq', '请选择可借用的日期'],
      [{ lqfs: 'x' }, 'lqfs', '请选择领取方式'],
      [{ lqfs: '1' }, 'yjxx', '请填写邮寄信息'],
      [{ lqfs: '1', yjxx: { ...delivery(t), xxdz: ' ' } }, 'yjxx.xxdz', '请填写您的详细地址'],
    ];
    for (const [patch, field, message] of fields) {
      const res = await post(t, ADD, u.token, form(day, patch));
      expect(res.body, field).toMatchObject({ code: 400, errors: [{ field, message }] });
    }
    for (const ghrq of [day, addDays(day, 8)]) {
      expect((await post(t, ADD, u.token, form(day, { ghrq }))).body).toMatchObject({ code: 100, msg: '归还日期须在借用日期后7天内' });
    }
    expect((await post(t, ADD, u.token, form(day, { lqfs: '3', yjxx: delivery(t) }))).body).toMatchObject({
      code: 100,
      msg: '该寄送方式暂停使用，请选择其他方式',
    });
    expect((await post(t, ADD, u.token, form(day, { lqfs: '1', yjxx: delivery(t) }))).body.code).toBe(200);
  });

  it('a double submit with one key (in a row and in parallel) makes one loan', async () => {
    const u = await createUser(t);
    const k = key();
    const first = await post(t, ADD, u.token, form(days()[4]!), k);
    expect((await post(t, ADD, u.token, form(days()[4]!), k)).body).toEqual(first.body);
    const v = await createUser(t);
    const k2 = key();
    const answers = await Promise.all([1, 2, 3].map(() => post(t, ADD, v.token, form(days()[4]!), k2)));
    expect(answers.map((a) => a.body.code)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data?.id)).size).toBe(1);
    expect((await get(t, '/api/daily/hkkjy/getBorrowNumber', v.token)).body.data.used).toBe(1);
  });
});

describe('POST /api/daily/hkkjy/update', () => {
  it("changes one's loan; someone else's is 404; after lending it cannot change", async () => {
    const u = await createUser(t);
    const stranger = await createUser(t);
    const { id } = (await post(t, ADD, u.token, form(days()[0]!))).body.data;
    const res = await post(t, UPDATE, u.token, { id, ...form(days()[2]!, { ghrq: addDays(days()[2]!, 7) }) }, key());
    expect(res.body).toMatchObject({ code: 200, data: { id, status: 1 } });
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, u.token)).body.data.handling.ghrq).toBe(addDays(days()[2]!, 7));
    expect((await post(t, UPDATE, stranger.token, { id, ...form(days()[2]!) })).body).toEqual({ code: 404, msg: '申请不存在' });
    expect((await post(t, '/api/daily/hkkbb/update', u.token, { id, ...(await reissueForm(t, u)) })).body).toEqual({
      code: 404,
      msg: '申请不存在',
    });
    for (const to of [2, 4]) await staffMoves(t, id, to);
    expect((await post(t, UPDATE, u.token, { id, ...form(days()[2]!) })).body).toMatchObject({ code: 100, msg: '当前状态不能修改' });
  });
});

describe('已借出, 已归还 and the reminders', () => {
  it('lending marks the card lent in 我的户籍 until it is returned', async () => {
    const u = await createUser(t);
    const day = days()[0]!;
    const { id } = (await post(t, ADD, u.token, form(day))).body.data;
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 4, { handling: { ghrq: addDays(day, 5) } });
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, u.token)).body.data).toMatchObject({
      status: 4,
      statusName: '已借出',
      handling: { ghrq: addDays(day, 5) },
    });
    expect((await get(t, '/api/zhzx/wdhj/getInfo', u.token)).body.data).toMatchObject({
      hkkzt: '1',
      hkkztmc: '已借出',
      hkkyhrq: addDays(day, 5),
    });
    const notices = (await get(t, '/api/zhzx/xxtz/getListByType', u.token)).body.rows;
    expect(notices[0]).toMatchObject({ title: '借用户口卡：已借出', content: expect.stringContaining(addDays(day, 5)) });
    await staffMoves(t, id, 7);
    expect((await get(t, `/api/wdsq/sqxq/getListByType?kind=hkkjy`, u.token)).body.rows[0]).toMatchObject({
      status: 7,
      statusName: '已归还',
    });
    expect((await get(t, '/api/zhzx/wdhj/getInfo', u.token)).body.data).toMatchObject({ hkkzt: '0', hkkyhrq: null });
  });

  it('reminds 3 days before the return date and once when it has passed (housekeeping, moving clock)', async () => {
    const u = await createUser(t);
    const day = days()[0]!;
    const { id } = (await post(t, ADD, u.token, form(day, { ghrq: addDays(day, 7) }))).body.data;
    const card = async () => (await get(t, '/api/zhzx/wdhj/getInfo', u.token)).body.data.hkkzt as string;
    expect(await card()).toBe('0');
    // The card handed out shows at once in 我的户籍 (its cached answer goes with the status change).
    for (const to of [2, 4]) await staffMoves(t, id, to);
    expect(await card()).toBe('1');
    const borrowNotices = async () =>
      (await get(t, '/api/zhzx/xxtz/getListByType?type=borrow', u.token)).body.rows.map((n: { title: string }) => n.title);
    await t.app.services.housekeeping.run();
    expect(await borrowNotices()).toEqual([]);
    // To 3 days before the return date (day + 7), however far ahead the first offered day is (a weekend between).
    // (The session is used on the way, so its sliding expiry keeps it.)
    t.clock.advance(((Date.parse(day) - Date.parse(chinaDate(t.clock.now()))) / 86400_000) * 86400);
    await t.app.services.housekeeping.run();
    expect(await borrowNotices()).toEqual([]);
    t.clock.advance(4 * 86400);
    await t.app.services.housekeeping.run();
    await t.app.services.housekeeping.run();
    expect(await borrowNotices()).toEqual(['户口卡即将到期']);
    t.clock.advance(4 * 86400); // the day after the return date
    await t.app.services.housekeeping.run();
    await t.app.services.housekeeping.run();
    expect(await borrowNotices()).toEqual(['户口卡借用已逾期', '户口卡即将到期']);
    expect((await get(t, '/api/zhzx/wdhj/getInfo', u.token)).body.data).toMatchObject({ hkkzt: '2', hkkztmc: '逾期未还' });
    // The quota rows stay ready ahead as the days pass.
    expect((await get(t, '/api/daily/hkkjy/getDateList', u.token)).body.data.map((d: { dateValue: string }) => d.dateValue)).toEqual(
      offeredDays(t),
    );
  });
});
