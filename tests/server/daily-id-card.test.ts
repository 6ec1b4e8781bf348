// 身份证办理 (sfzbl): handling methods, appointment days with places, isSelect, add/edit, the quota under
// concurrency (on PostgreSQL this is the real test), withdrawal and refusal giving the place back.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applicationEvents, applications, counters, notices, quotas } from '../../server/db/schema.ts';
import { chinaDate } from '../../server/services/clock.ts';
import { FullDays } from '../../server/services/full-days.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, createStaff } from './admin-helpers.ts';
import { createUser, delivery, get, key, offeredDays, post, quotaOf, setQuota, staffMoves, uploadFor } from './service-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const ADD = '/api/daily/sfzbl/add';
const EDIT = '/api/daily/sfzbl/edit';
const form = (day: string, extra: Record<string, unknown> = {}) => ({
  blyy: '2',
  blfs: '1',
  yyrq: day,
  lqfs: '0',
  lxdh: '13900000009',
  ...extra,
});
const days = () => offeredDays(t);

describe('blfslist and datelist/{blfs}', () => {
  it('lists the handling methods', async () => {
    const { token } = await createUser(t);
    const res = await post(t, '/api/daily/sfzbl/blfslist', token);
    expect(res.body.data.map((d: { dictValue: string }) => d.dictValue)).toEqual(['1', '2']);
    expect(res.body.data[0]).toMatchObject({ dictLabel: '学校集中受理（户籍办代收代领）', switch: '1' });
  });

  it('lists the weekdays of the next 14 days with their places; an unknown method has none', async () => {
    const { token } = await createUser(t);
    const data = (await post(t, '/api/daily/sfzbl/datelist/1', token)).body.data;
    expect(data.map((d: { dateValue: string }) => d.dateValue)).toEqual(days());
    expect(data[0]).toMatchObject({ remaining: 20, dateLabel: expect.stringMatching(/^\d{1,2}月\d{1,2}日 星期[一二三四五]$/) });
    expect((await post(t, '/api/daily/sfzbl/datelist/9', token)).body).toMatchObject({ code: 200, data: [] });
    expect((await t.json({ method: 'POST', url: '/api/daily/sfzbl/datelist/1', payload: {} })).status).toBe(401);
  });
});

describe('POST /api/daily/sfzbl/add', () => {
  it('books a place: summary, event, notice, isSelect', async () => {
    const u = await createUser(t);
    const day = days()[2]!;
    const before = (await quotaOf(t, 'sfzbl', '1', day)).remaining;
    expect((await post(t, '/api/daily/sfzbl/isSelect', u.token)).body.data).toEqual({
      selected: false,
      yyrq: null,
      blfs: null,
      application: null,
    });
    const res = await post(t, ADD, u.token, form(day));
    expect(res.body).toMatchObject({
      code: 200,
      data: { sqbh: expect.stringMatching(/^HJ\d{14}$/), kind: 'sfzbl', kindName: '身份证办理', status: 1, statusName: '已提交' },
    });
    expect((await quotaOf(t, 'sfzbl', '1', day)).remaining).toBe(before - 1);
    const selected = (await post(t, '/api/daily/sfzbl/isSelect', u.token)).body.data;
    expect(selected).toMatchObject({ selected: true, yyrq: day, blfs: '1', application: { id: res.body.data.id } });
    const detail = (await get(t, `/api/wdsq/sqxq/getInfo?id=${res.body.data.id}`, u.token)).body.data;
    expect(detail).toMatchObject({
      title: `身份证办理 · 预约日期 ${day}`,
      answers: form(day),
      events: [{ from: null, to: 1, actor: { role: 'user', name: u.name } }],
      actions: ['cancel', 'edit'],
    });
    const notices = (await get(t, '/api/zhzx/xxtz/getListByType', u.token)).body.rows;
    expect(notices[0]).toMatchObject({
      type: 'apply',
      title: '身份证办理：已提交',
      applicationId: res.body.data.id,
      sqbh: res.body.data.sqbh,
    });
  });

  it('one active appointment per user', async () => {
    const u = await createUser(t);
    expect((await post(t, ADD, u.token, form(days()[0]!))).body.code).toBe(200);
    expect((await post(t, ADD, u.token, form(days()[1]!))).body).toMatchObject({ code: 100, msg: '您已有身份证办理预约，请勿重复预约' });
  });

  it('checks every field: required, codes, an offered day, delivery when mailed, phone, attachments', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const day = days()[3]!;
    const missing = await post(t, ADD, u.token, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['blfs', 'blyy', 'lqfs', 'lxdh', 'yyrq']);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ blyy: '99' }, 'blyy', '请选择办理原因'],
      [{ blfs: '7' }, 'blfs', '请选择办理方式'],
      [{ yyrq: '2020-01-06' }, 'yyrq', '请选择可预约的日期'],
      [{ lqfs: '1' }, 'yjxx', '请填写邮寄信息'],
      [{ lxdh: '12345678901' }, 'lxdh', '手机号格式错误'],
      [{ lqfs: '1', yjxx: { ...delivery(t), ssl: '' } }, 'yjxx.ssl', '请填写您的宿舍楼号'],
      [{ lqfs: '1', yjxx: { ...delivery(t), sjd: '' } }, 'yjxx.sjd', '请选择时间'],
      [{ lqfs: '1', yjxx: { ...delivery(t), sjrdh: '1380013800' } }, 'yjxx.sjrdh', '手机号格式错误'],
      [{ lqfs: '1', yjxx: { ...delivery(t), pssj: '2020-01-06' } }, 'yjxx.pssj', '派送日期须为今后14天内的工作日'],
      [{ lqfs: '1', yjxx: { ...delivery(t), ssq: { code: '999999', name: 'x' } } }, 'yjxx.ssq', '请选择'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await post(t, ADD, u.token, form(day, patch));
      expect(res.status, field).toBe(400);
      expect(res.body.errors, field).toContainEqual({ field, message });
    }
    const { yjxx, ...withoutDelivery } = form(day, { lqfs: '1', yjxx: delivery(t) }) as Record<string, unknown>;
    expect(yjxx).toBeDefined();
    const { ssl: _ssl, ...noSsl } = delivery(t);
    expect((await post(t, ADD, u.token, { ...withoutDelivery, yjxx: noSsl })).body.errors).toContainEqual({
      field: 'yjxx.ssl',
      message: '请填写您的宿舍楼号',
    });
    const theirs = await uploadFor(t, other.id);
    expect((await post(t, ADD, u.token, form(day, { attachments: [{ fileId: theirs }] }))).body).toMatchObject({
      code: 100,
      msg: '附件不存在或已失效，请重新上传',
    });
    expect(await t.app.repos.applications.findActive(u.id, 'sfzbl')).toBeNull();
  });

  it('mails the card: the delivery form is kept in the answers', async () => {
    const u = await createUser(t);
    const mine = await uploadFor(t, u.id);
    const res = await post(
      t,
      ADD,
      u.token,
      form(days()[4]!, { lqfs: '1', yjxx: delivery(t), attachments: [{ fileId: mine, clmc: '原居民身份证' }] }),
    );
    expect(res.body.code).toBe(200);
    const detail = (await get(t, `/api/wdsq/sqxq/getInfo?id=${res.body.data.id}`, u.token)).body.data;
    // A delivery without 寄送地址 (an older client) is read as mailing to the campus dormitory, and kept so.
    expect(detail.answers.yjxx).toEqual({ ...delivery(t), dzlx: '0' });
    expect(detail.attachments).toEqual([
      {
        fileId: mine,
        clmc: '原居民身份证',
        name: 'scan.jpg',
        mimeType: 'image/jpeg',
        size: expect.any(Number),
        url: `/api/wj/file/${mine}`,
      },
    ]);
  });

  it('a full day is refused with a clear message', async () => {
    const day = days()[5]!;
    await setQuota(t, 'sfzbl', '1', day, 0);
    const u = await createUser(t);
    expect((await post(t, ADD, u.token, form(day))).body).toMatchObject({ code: 100, msg: '该日期名额已满，请选择其他日期' });
    expect(
      (await post(t, '/api/daily/sfzbl/datelist/1', u.token)).body.data.find((d: { dateValue: string }) => d.dateValue === day).remaining,
    ).toBe(0);
  });

  it('N parallel bookings of a day with few places book exactly that many', async () => {
    const day = days()[6]!;
    await setQuota(t, 'sfzbl', '2', day, 3);
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    const answers = await Promise.all(users.map((u) => post(t, ADD, u.token, form(day, { blfs: '2' }))));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === 100).map((a) => a.body.msg)).toEqual(Array(9).fill('该日期名额已满，请选择其他日期'));
    expect((await quotaOf(t, 'sfzbl', '2', day)).remaining).toBe(0);
    const [booked] = await t.app.db.select({ n: count() }).from(applications).where(eq(applications.slotDay, day));
    expect(booked!.n).toBe(3);
  });

  it('a booking the quota refuses writes nothing: no reference number, event or notice', async () => {
    const day = days()[8]!;
    await setQuota(t, 'sfzbl', '2', day, 0);
    const u = await createUser(t);
    const before = await written(u.id);
    // The form's own check saw a place (as a request does that read the quota just before the last place went):
    // the transaction's conditional decrement refuses it.
    const build = async () => ({
      kind: 'sfzbl',
      answers: form(day, { blfs: '2' }),
      attachments: [],
      title: '身份证办理',
      slot: { channel: '2', day },
    });
    await expect(t.app.services.applications.submit(u.id, { operation: 'addSfzbl', key: key(), body: {} }, build)).rejects.toMatchObject({
      code: 100,
      message: '该日期名额已满，请选择其他日期',
    });
    expect(await written(u.id)).toEqual(before);
  });

  it('in a rush, reference numbers, events and notices are written for the places taken only', async () => {
    const day = days()[7]!;
    await setQuota(t, 'sfzbl', '2', day, 2);
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser(t)));
    const before = await written();
    const answers = await Promise.all(users.map((u) => post(t, ADD, u.token, form(day, { blfs: '2' }), key())));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === 100).map((a) => a.body.msg)).toEqual(Array(8).fill('该日期名额已满，请选择其他日期'));
    const after = await written();
    expect({
      numbers: after.numbers - before.numbers,
      events: after.events - before.events,
      notices: after.notices - before.notices,
    }).toEqual({ numbers: 2, events: 2, notices: 2 });
    // The numbers taken follow each other: none was spent on a refusal.
    const sqbh = answers
      .filter((a) => a.body.code === 200)
      .map((a) => Number(a.body.data.sqbh.slice(-6)))
      .sort((a, b) => a - b);
    expect(sqbh[1]! - sqbh[0]!).toBe(1);
  });
});

/**
 * The one-row filing statement, its first call made slow: the bookings after it arrive while it is on its way.
 * `meanwhile` runs once that first filing is written, before it answers.
 */
function slowFirstFiling(meanwhile?: () => Promise<void>) {
  const fileOne = t.app.repos.filing.file.bind(t.app.repos.filing);
  let first = true;
  return vi.spyOn(t.app.repos.filing, 'file').mockImplementation(async (f) => {
    if (!first) return fileOne(f);
    first = false;
    await new Promise((r) => setTimeout(r, 100));
    const filed = await fileOne(f);
    await meanwhile?.();
    return filed;
  });
}

describe('a day just seen full (issue 10: a rush refused cheaply)', () => {
  const FULL = { code: 100, msg: '该日期名额已满，请选择其他日期' };

  it('is refused before the form is read; a retry of a booking that got its place still answers it', async () => {
    const day = days()[9]!;
    await setQuota(t, 'sfzbl', '2', day, 1);
    const [a, b, c] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const aKey = key();
    const booked = await post(t, ADD, a.token, form(day, { blfs: '2' }), aKey);
    expect(booked.body.code).toBe(200);
    expect((await post(t, ADD, b.token, form(day, { blfs: '2' }))).body).toMatchObject(FULL);
    // A reason the form would refuse (400 请选择办理原因) is not even looked at: the day is known full.
    expect((await post(t, ADD, c.token, form(day, { blfs: '2', blyy: '99' }))).body).toMatchObject(FULL);
    const retry = await post(t, ADD, a.token, form(day, { blfs: '2' }), aKey);
    expect(retry.body).toMatchObject({ code: 200, data: { id: booked.body.data.id } });
    // Another channel of the same day is another quota.
    expect((await post(t, ADD, c.token, form(day, { blfs: '1' }))).body.code).toBe(200);
    await setQuota(t, 'sfzbl', '2', day, 20); // the day as the other tests expect it
  });

  it('the booking that takes the last place marks the day full: the next one is refused before its form is read', async () => {
    const day = days()[9]!;
    await setQuota(t, 'sfzbl', '2', day, 1);
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    expect((await post(t, ADD, a.token, form(day, { blfs: '2' }))).body.code).toBe(200);
    // No statement had to be refused first: a form the server would refuse (400 请选择办理原因) is not read.
    expect((await post(t, ADD, b.token, form(day, { blfs: '2', blyy: '99' }))).body).toMatchObject(FULL);
    await setQuota(t, 'sfzbl', '2', day, 20);
  });

  it('bookings that wait for the day go together in one statement, with consecutive numbers; past the places, as many as are left together', async () => {
    const day = days()[3]!;
    await setQuota(t, 'sfzbl', '2', day, 6);
    const users = await Promise.all(Array.from({ length: 9 }, () => createUser(t)));
    // The first statement of the day is slow, so that the others arrive while it is on its way.
    const singles = slowFirstFiling();
    const many = vi.spyOn(t.app.repos.filing, 'fileMany');
    try {
      const answers = await Promise.all(users.map((u) => post(t, ADD, u.token, form(day, { blfs: '2' }), key())));
      const booked = answers.filter((a) => a.body.code === 200);
      expect(booked).toHaveLength(6);
      expect(answers.filter((a) => a.body.code === 100).map((a) => a.body.msg)).toEqual(Array(3).fill('该日期名额已满，请选择其他日期'));
      // The first alone, which left 5 places; then the first 5 of the 8 that waited in one statement, and the other 3
      // refused without the database.
      expect(singles.mock.calls).toHaveLength(1);
      expect(many.mock.calls).toHaveLength(1);
      const alone = singles.mock.calls[0]![0].application.userId;
      const together = many.mock.calls[0]![2].map((f) => f.application.userId);
      expect(together).toHaveLength(5);
      const bookedUsers = users.filter((_, i) => answers[i]!.body.code === 200).map((u) => u.id);
      expect(new Set([alone, ...together])).toEqual(new Set(bookedUsers));
      // No statement wrote nothing (the quota is read once by each booking's form, as always).
      expect(await Promise.all(many.mock.results.map((r) => r.value))).not.toContain(null);
      expect(new Set(booked.map((a) => a.body.data.id)).size).toBe(6);
      const numbers = booked.map((a) => Number(a.body.data.sqbh.slice(-6))).sort((x, y) => x - y);
      expect(numbers.at(-1)! - numbers[0]!).toBe(5);
      expect((await quotaOf(t, 'sfzbl', '2', day)).remaining).toBe(0);
      const [stored] = await t.app.db.select({ n: count() }).from(applications).where(eq(applications.slotDay, day));
      expect(stored!.n).toBe(6);
    } finally {
      singles.mockRestore();
      many.mockRestore();
    }
    await setQuota(t, 'sfzbl', '2', day, 20);
  });

  it('one place left after the first booking: the next in line takes it alone, the others are refused without a statement for several', async () => {
    const day = days()[5]!;
    await setQuota(t, 'sfzbl', '2', day, 2);
    const users = await Promise.all(Array.from({ length: 9 }, () => createUser(t)));
    const singles = slowFirstFiling();
    const many = vi.spyOn(t.app.repos.filing, 'fileMany');
    try {
      const answers = await Promise.all(users.map((u) => post(t, ADD, u.token, form(day, { blfs: '2' }), key())));
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(2);
      expect(answers.filter((a) => a.body.code === 100)).toHaveLength(7);
      expect(singles).toHaveBeenCalledTimes(2);
      expect(many).not.toHaveBeenCalled();
      expect((await quotaOf(t, 'sfzbl', '2', day)).remaining).toBe(0);
    } finally {
      singles.mockRestore();
      many.mockRestore();
    }
    await setQuota(t, 'sfzbl', '2', day, 20);
  });

  it('places taken meanwhile on another instance: the statement for as many as were left writes nothing, then as many as are left go together', async () => {
    const day = days()[3]!;
    await setQuota(t, 'sfzbl', '2', day, 6);
    const users = await Promise.all(Array.from({ length: 9 }, () => createUser(t)));
    // After the first booking (5 left here), another instance takes 2 places.
    const singles = slowFirstFiling(async () => {
      await t.app.db
        .update(quotas)
        .set({ remaining: sql`${quotas.remaining} - 2` })
        .where(and(eq(quotas.kind, 'sfzbl'), eq(quotas.channel, '2'), eq(quotas.day, day)));
    });
    const many = vi.spyOn(t.app.repos.filing, 'fileMany');
    try {
      const answers = await Promise.all(users.map((u) => post(t, ADD, u.token, form(day, { blfs: '2' }), key())));
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(4);
      expect(answers.filter((a) => a.body.code === 100)).toHaveLength(5);
      // The first 5 of the 8 that waited (refused: 3 left), then the first 3 of them together.
      const [tried, filed] = many.mock.calls.map((c) => c[2].map((f) => f.application.userId));
      expect(many.mock.calls).toHaveLength(2);
      expect(tried).toHaveLength(5);
      expect(filed).toEqual(tried!.slice(0, 3));
      expect((await quotaOf(t, 'sfzbl', '2', day)).remaining).toBe(0);
      const ids = users.map((u) => u.id);
      const [stored] = await t.app.db.select({ n: count() }).from(applications).where(inArray(applications.userId, ids));
      expect(stored!.n).toBe(4);
    } finally {
      singles.mockRestore();
      many.mockRestore();
    }
    await setQuota(t, 'sfzbl', '2', day, 20);
  });

  it('a statement for several bookings that fails is filed again one by one: each gets its own answer', async () => {
    const day = days()[3]!;
    await setQuota(t, 'sfzbl', '2', day, 5);
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    const singles = slowFirstFiling();
    // As a unique violation would (a key claimed meanwhile by a twin on another instance).
    const many = vi
      .spyOn(t.app.repos.filing, 'fileMany')
      .mockRejectedValueOnce(new Error('duplicate key value violates unique constraint'));
    try {
      const answers = await Promise.all(users.map((u) => post(t, ADD, u.token, form(day, { blfs: '2' }), key())));
      expect(answers.map((a) => a.body.code)).toEqual([200, 200, 200, 200]);
      expect(many).toHaveBeenCalledTimes(1);
      expect(singles).toHaveBeenCalledTimes(4);
      expect((await quotaOf(t, 'sfzbl', '2', day)).remaining).toBe(1);
    } finally {
      singles.mockRestore();
      many.mockRestore();
    }
    await setQuota(t, 'sfzbl', '2', day, 20);
  });

  it('in a rush larger than the submit gate, those waiting at it are refused without reading the day again once it is full', async () => {
    const day = days()[4]!;
    await setQuota(t, 'sfzbl', '2', day, 1);
    const users = await Promise.all(Array.from({ length: 40 }, () => createUser(t)));
    // The day is read slowly, so the others arrive while the first ten are inside.
    const read = t.app.repos.quotas.find.bind(t.app.repos.quotas);
    const reads = vi
      .spyOn(t.app.repos.quotas, 'find')
      .mockImplementation(async (...args) => (await new Promise((r) => setTimeout(r, 50)), read(...args)));
    const lookups = vi.spyOn(t.app.repos.idempotency, 'findMany');
    try {
      const answers = await Promise.all(users.map((u) => post(t, ADD, u.token, form(day, { blfs: '2' }), key())));
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.body.code === 100)).toHaveLength(39);
      // The first ones in (the gate lets 10 at a time) read the day; the 30 waiting behind them do not.
      expect(reads.mock.calls.length).toBeLessThanOrEqual(12);
      // Every request looked up its idempotency key, those of one moment in one query.
      expect(lookups.mock.calls.flatMap((c) => c[0]).length).toBeGreaterThanOrEqual(40);
      expect(lookups.mock.calls.length).toBeLessThanOrEqual(20);
    } finally {
      reads.mockRestore();
      lookups.mockRestore();
    }
    await setQuota(t, 'sfzbl', '2', day, 20);
  });

  it('a place given back is offered again at once, and so are places the office adds', async () => {
    const day = days()[5]!;
    await setQuota(t, 'sfzbl', '2', day, 1);
    const [a, b, c] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const { id } = (await post(t, ADD, a.token, form(day, { blfs: '2' }))).body.data;
    expect((await post(t, ADD, b.token, form(day, { blfs: '2' }))).body).toMatchObject(FULL);
    await post(t, '/api/wdsq/sqxq/endProcessing', a.token, { id, note: '时间冲突' });
    expect((await post(t, ADD, b.token, form(day, { blfs: '2' }))).body.code).toBe(200);
    expect((await post(t, ADD, c.token, form(day, { blfs: '2' }))).body).toMatchObject(FULL);
    const admin = await createStaff(t, 'admin');
    const saved = await call(t, 'PUT', '/api/admin/quotas', admin.token, { kind: 'sfzbl', channel: '2', dates: [day], total: 2 });
    expect(saved.status).toBe(200);
    expect((await post(t, ADD, c.token, form(day, { blfs: '2' }))).body.code).toBe(200);
    await setQuota(t, 'sfzbl', '2', day, 20);
  });

  it('remembers a day for a moment only', () => {
    let now = 1_000;
    const memo = new FullDays(1000, () => now);
    memo.mark('sfzbl', '1', '2026-12-01');
    expect(memo.has('sfzbl', '1', '2026-12-01')).toBe(true);
    expect(memo.has('sfzbl', '2', '2026-12-01')).toBe(false);
    expect(memo.has('hkkjy', '', '2026-12-01')).toBe(false);
    now += 999;
    expect(memo.has('sfzbl', '1', '2026-12-01')).toBe(true);
    now += 1;
    expect(memo.has('sfzbl', '1', '2026-12-01')).toBe(false);
    memo.mark('sfzbl', '1', '2026-12-01');
    memo.forget('sfzbl', '1', '2026-12-01');
    expect(memo.has('sfzbl', '1', '2026-12-01')).toBe(false);
  });
});

/** Reference numbers issued today, and events and notices (of one user, or of everyone). */
async function written(userId?: number) {
  const today = chinaDate(t.clock.now()).replace(/-/g, '');
  const [counter] = await t.app.db
    .select()
    .from(counters)
    .where(eq(counters.name, `sqbh:${today}`));
  const mine = userId === undefined ? undefined : eq(applications.userId, userId);
  const [events] = await t.app.db
    .select({ n: count() })
    .from(applicationEvents)
    .innerJoin(applications, eq(applications.id, applicationEvents.applicationId))
    .where(mine);
  const [sent] = await t.app.db
    .select({ n: count() })
    .from(notices)
    .where(userId === undefined ? undefined : eq(notices.userId, userId));
  return { numbers: counter?.value ?? 0, events: events!.n, notices: sent!.n };
}

describe('idempotent submit', () => {
  it('the same key twice answers the same application and takes one place', async () => {
    const u = await createUser(t);
    const day = days()[7]!;
    const before = (await quotaOf(t, 'sfzbl', '1', day)).remaining;
    const k = key();
    const first = await post(t, ADD, u.token, form(day), k);
    const again = await post(t, ADD, u.token, form(day), k);
    expect(again.body).toEqual(first.body);
    expect((await quotaOf(t, 'sfzbl', '1', day)).remaining).toBe(before - 1);
    expect((await post(t, ADD, u.token, form(days()[8]!), k)).body).toMatchObject({ code: 409, msg: '重复提交的内容不一致' });
    expect((await post(t, ADD, u.token, form(day), 'bad key!')).status).toBe(400);
  });

  it('a double tap in parallel (same key) creates one application', async () => {
    const u = await createUser(t);
    const day = days()[8]!;
    const before = (await quotaOf(t, 'sfzbl', '1', day)).remaining;
    const k = key();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(t, ADD, u.token, form(day), k)));
    expect(answers.map((a) => a.body.code)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const [n] = await t.app.db.select({ n: count() }).from(applications).where(eq(applications.userId, u.id));
    expect(n!.n).toBe(1);
    expect((await quotaOf(t, 'sfzbl', '1', day)).remaining).toBe(before - 1);
  });

  it('a double tap in parallel without a key still creates one application', async () => {
    const u = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(t, ADD, u.token, form(days()[9]!))));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 100).every((a) => a.body.msg === '您已有身份证办理预约，请勿重复预约')).toBe(true);
  });
});

describe('withdrawal, refusal and edit move the places', () => {
  it('withdrawing gives the place back and frees the user for a new appointment', async () => {
    const u = await createUser(t);
    const day = days()[1]!;
    const before = (await quotaOf(t, 'sfzbl', '1', day)).remaining;
    const { id } = (await post(t, ADD, u.token, form(day))).body.data;
    expect((await quotaOf(t, 'sfzbl', '1', day)).remaining).toBe(before - 1);
    const res = await post(t, '/api/wdsq/sqxq/endProcessing', u.token, { id, note: '时间冲突' });
    expect(res.body).toMatchObject({ code: 200, data: { id, status: 9, statusName: '已撤销' } });
    expect((await quotaOf(t, 'sfzbl', '1', day)).remaining).toBe(before);
    expect((await post(t, '/api/wdsq/sqxq/endProcessing', u.token, { id })).body).toMatchObject({ code: 200, data: { status: 9 } });
    expect((await quotaOf(t, 'sfzbl', '1', day)).remaining).toBe(before);
    expect((await post(t, '/api/daily/sfzbl/isSelect', u.token)).body.data.selected).toBe(false);
    expect((await post(t, ADD, u.token, form(day))).body.code).toBe(200);
  });

  it('a refusal gives the place back; the place is given back once only', async () => {
    const u = await createUser(t);
    const day = days()[2]!;
    const before = (await quotaOf(t, 'sfzbl', '1', day)).remaining;
    const { id } = (await post(t, ADD, u.token, form(day))).body.data;
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 8, { note: '材料不全' });
    expect((await quotaOf(t, 'sfzbl', '1', day)).remaining).toBe(before);
    await expect(staffMoves(t, id, 9)).rejects.toMatchObject({ statusCode: 409 });
    expect((await quotaOf(t, 'sfzbl', '1', day)).remaining).toBe(before);
  });

  it('editing the day moves the place; a full new day leaves the appointment as it was', async () => {
    const u = await createUser(t);
    const [a, b, full] = [days()[3]!, days()[4]!, days()[9]!];
    await setQuota(t, 'sfzbl', '1', full, 0);
    const [qa, qb] = [(await quotaOf(t, 'sfzbl', '1', a)).remaining, (await quotaOf(t, 'sfzbl', '1', b)).remaining];
    const { id } = (await post(t, ADD, u.token, form(a))).body.data;
    const res = await post(t, EDIT, u.token, { id, ...form(b, { xphzh: 'R123' }) });
    expect(res.body).toMatchObject({ code: 200, data: { id, status: 1 } });
    expect((await quotaOf(t, 'sfzbl', '1', a)).remaining).toBe(qa);
    expect((await quotaOf(t, 'sfzbl', '1', b)).remaining).toBe(qb - 1);
    expect((await post(t, EDIT, u.token, { id, ...form(full) })).body).toMatchObject({ code: 100, msg: '该日期名额已满，请选择其他日期' });
    const detail = (await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, u.token)).body.data;
    expect(detail.answers).toMatchObject({ yyrq: b, xphzh: 'R123' });
    expect(detail.events.map((e: { to: number; note: string | null }) => [e.to, e.note])).toEqual([
      [1, null],
      [1, '修改了申请内容'],
    ]);
    expect((await post(t, EDIT, u.token, { id, ...form(b) })).body.code).toBe(200);
    expect((await quotaOf(t, 'sfzbl', '1', b)).remaining).toBe(qb - 1);
  });

  it("someone else's application: 404 申请不存在; a status other than 1 or 3 cannot be edited", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const { id } = (await post(t, ADD, u.token, form(days()[5]!, { blfs: '2' }))).body.data;
    expect((await post(t, EDIT, other.token, { id, ...form(days()[6]!) })).body).toEqual({ code: 404, msg: '申请不存在' });
    expect((await post(t, EDIT, u.token, { id: 999999, ...form(days()[6]!) })).body).toEqual({ code: 404, msg: '申请不存在' });
    await staffMoves(t, id, 2);
    expect((await post(t, EDIT, u.token, { id, ...form(days()[6]!) })).body).toMatchObject({ code: 100, msg: '当前状态不能修改' });
  });
});
