// 其他业务 / 其他信息变更 (qtbs), 问答反馈 (feedback with an image code) and 办事指南 (service guides).
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applications, dictItems, feedback, serviceGuides, settings } from '../../server/db/schema.ts';
import { seed } from '../../server/seed/seed.ts';
import { applicationKinds, guideCodeOf, serviceCodes } from '../../server/domain/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser, get, key, post, staffMoves, type TestUser } from './service-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const PHONE = '13900000009';

describe('其他业务 /api/qhqt/qtbs', () => {
  it('typelist: both groups with distinct codes, or one group', async () => {
    const u = await createUser(t);
    const all = (await post(t, '/api/qhqt/qtbs/typelist', u.token)).body.data;
    expect(all.filter((d: { group: string }) => d.group === 'other')[0]).toMatchObject({
      dictValue: '1',
      dictLabel: '集体户口页复印盖章',
      switch: '1',
    });
    expect(all.filter((d: { group: string }) => d.group === 'change')[0]).toMatchObject({ dictValue: '101', dictLabel: '姓名变更' });
    expect(new Set(all.map((d: { dictValue: string }) => d.dictValue)).size).toBe(all.length);
    const change = (await post(t, '/api/qhqt/qtbs/typelist', u.token, { group: 'change' })).body.data;
    expect(change.every((d: { group: string }) => d.group === 'change')).toBe(true);
    expect((await post(t, '/api/qhqt/qtbs/typelist', u.token, { group: 'x' })).status).toBe(400);
  });

  it('an other-business request and an information change are two services (one of each in progress)', async () => {
    const u = await createUser(t);
    const a = await post(t, '/api/qhqt/qtbs/add', u.token, { bslx: '1', bsnr: '复印户口页并盖章', lxdh: PHONE });
    const b = await post(t, '/api/qhqt/qtbs/add', u.token, { bslx: '104', bsnr: '民族由汉族更正为满族', lxdh: PHONE });
    expect(a.body.data).toMatchObject({ kind: 'qtbs', kindName: '其他业务' });
    expect(b.body.data).toMatchObject({ kind: 'qtbs', kindName: '其他信息变更' });
    expect((await post(t, '/api/qhqt/qtbs/add', u.token, { bslx: '2', bsnr: '再来一个', lxdh: PHONE })).body).toMatchObject({
      code: 100,
      msg: '您已有正在办理的该项业务，请勿重复提交',
    });
    expect((await post(t, '/api/qhqt/qtbs/edit', u.token, { id: a.body.data.id, bslx: '104', bsnr: 'x', lxdh: PHONE })).body).toMatchObject(
      {
        code: 400,
        errors: [{ field: 'bslx' }],
      },
    );
    expect(
      (await post(t, '/api/qhqt/qtbs/edit', u.token, { id: a.body.data.id, bslx: '2', bsnr: '查询户籍信息', lxdh: PHONE })).body.code,
    ).toBe(200);
    const listed = (await get(t, '/api/qhqt/qtbs/list', u.token)).body;
    expect(listed).toMatchObject({
      total: 2,
      rows: [
        { id: b.body.data.id, sub: 'change' },
        { id: a.body.data.id, sub: null, title: '其他业务 · 户籍信息查询' },
      ],
    });
    expect((await get(t, '/api/qhqt/qtbs/list?status=9', u.token)).body.total).toBe(0);
  });

  it('checks type (unknown, paused) and content; edits only one own application', async () => {
    const u = await createUser(t);
    const stranger = await createUser(t);
    expect((await post(t, '/api/qhqt/qtbs/add', u.token, { bslx: '42', bsnr: 'x', lxdh: PHONE })).body).toMatchObject({
      code: 400,
      errors: [{ field: 'bslx', message: '请选择办事类型' }],
    });
    expect((await post(t, '/api/qhqt/qtbs/add', u.token, { bslx: '3', bsnr: '   ', lxdh: PHONE })).body).toMatchObject({
      code: 400,
      errors: [{ field: 'bsnr', message: '请填写办事内容' }],
    });
    const missing = await post(t, '/api/qhqt/qtbs/add', u.token, { lxdh: PHONE });
    expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['bslx']);
    await t.app.db
      .update(dictItems)
      .set({ enabled: false })
      .where(and(eq(dictItems.type, 'qh_qtbs_type'), eq(dictItems.value, '6')));
    t.changedByHand();
    expect((await post(t, '/api/qhqt/qtbs/add', u.token, { bslx: '6', bsnr: '预约咨询', lxdh: PHONE })).body).toMatchObject({
      code: 100,
      msg: '该业务类型暂停办理',
    });
    const { id } = (await post(t, '/api/qhqt/qtbs/add', u.token, { bslx: '3', bsnr: '补录文化程度', lxdh: PHONE })).body.data;
    expect((await post(t, '/api/qhqt/qtbs/edit', stranger.token, { id, bslx: '3', bsnr: 'x', lxdh: PHONE })).body).toEqual({
      code: 404,
      msg: '申请不存在',
    });
  });

  it('idempotent: the same key in a row and in parallel makes one application; other content with the key is 409', async () => {
    const u = await createUser(t);
    const k = key();
    const body = { bslx: '5', bsnr: '恢复户口', lxdh: PHONE };
    const answers = await Promise.all([1, 2, 3].map(() => post(t, '/api/qhqt/qtbs/add', u.token, body, k)));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect((await post(t, '/api/qhqt/qtbs/add', u.token, body, k)).body.data.id).toBe(answers[0]!.body.data.id);
    expect((await post(t, '/api/qhqt/qtbs/add', u.token, { ...body, bsnr: '别的' }, k)).body).toMatchObject({
      code: 409,
      msg: '重复提交的内容不一致',
    });
    expect((await get(t, '/api/qhqt/qtbs/list', u.token)).body.total).toBe(1);
  });
});

describe("其他信息变更 of the office's record (bgxm, bgrylb, bgsfzjh)", () => {
  const ID = '110108199003071238';
  const OTHER_ID = '11010819900307069X';
  const change = (u: TestUser, extra: Record<string, unknown>) =>
    post(t, '/api/qhqt/qtbs/add', u.token, { bslx: '110', lxdh: PHONE, ...extra });
  const fieldOf = (res: { body: { errors?: { field: string; message: string }[] } }) => res.body.errors?.[0];
  const finish = async (id: number) => {
    for (const to of [2, 4, 7]) await staffMoves(t, id, to);
  };

  it('offers 人员类型变更; each field optional and checked, different from the record, at least one of them or the text', async () => {
    const u = await createUser(t);
    await t.app.repos.users.update(u.id, { idNumber: ID });
    const types = (await post(t, '/api/qhqt/qtbs/typelist', u.token, { group: 'change' })).body.data;
    expect(types.map((d: { dictLabel: string }) => d.dictLabel)).toEqual(
      expect.arrayContaining(['姓名变更', '公民身份号码更正', '人员类型变更']),
    );
    expect(types.at(-1).dictLabel).toBe('其他');
    expect(fieldOf(await change(u, {}))).toEqual({ field: 'bsnr', message: '请填写变更后的信息或变更内容' });
    expect(fieldOf(await change(u, { bgxm: '  ' }))).toEqual({ field: 'bsnr', message: '请填写变更后的信息或变更内容' });
    expect(fieldOf(await change(u, { bgxm: u.name }))).toEqual({ field: 'bgxm', message: '变更后姓名与当前登记相同' });
    expect(fieldOf(await change(u, { bgrylb: '1' }))).toEqual({ field: 'bgrylb', message: '变更后人员类型与当前登记相同' });
    expect(fieldOf(await change(u, { bgsfzjh: ID }))).toEqual({ field: 'bgsfzjh', message: '变更后身份证件号码与当前登记相同' });
    expect(fieldOf(await change(u, { bgsfzjh: '110108199003071235' }))).toEqual({ field: 'bgsfzjh', message: '身份证件号码格式错误' });
    expect((await change(u, { bgrylb: '9' })).body.errors[0].field).toBe('bgrylb');
    expect(fieldOf(await post(t, '/api/qhqt/qtbs/add', u.token, { bslx: '2', bsnr: '查询', bgxm: '新名字', lxdh: PHONE }))).toEqual({
      field: 'bgxm',
      message: '只有其他信息变更可以填写变更后的登记信息',
    });
    const res = await change(u, { bgrylb: '2', bgxm: ' 新名字 ' });
    expect(res.body).toMatchObject({ code: 200, data: { kindName: '其他信息变更' } });
    const stored = await t.app.repos.applications.findById(res.body.data.id);
    expect(stored!.answers).toEqual({ bslx: '110', bgxm: '新名字', bgrylb: '2', lxdh: PHONE });
    expect(await t.app.repos.users.findById(u.id)).toMatchObject({ name: u.name, personType: '1' });
  });

  it('the new ID number is masked in what the applicant reads back, with its label', async () => {
    const u = await createUser(t);
    const { id } = (await change(u, { bslx: '108', bgsfzjh: OTHER_ID.toLowerCase(), bsnr: '原号码录入有误' })).body.data;
    const detail = (await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, u.token)).body.data;
    expect(detail.answers.bgsfzjh).toBe('1101**********069X');
    // Stored sealed like every ID number of the answers.
    const [raw] = await t.app.db.select({ answers: applications.answers }).from(applications).where(eq(applications.id, id));
    expect((raw!.answers as { bgsfzjh: string }).bgsfzjh).toMatch(/^v1:/);
    expect(detail.summary).toEqual(
      expect.arrayContaining([
        { label: '变更项目', value: '公民身份号码更正', group: null },
        { label: '变更后身份证件号码', value: '1101**********069X', group: null },
        { label: '办事内容', value: '原号码录入有误', group: null },
      ]),
    );
  });

  it('finished (已办结), the record takes the new name, person type and ID number; the verified number follows the kind', async () => {
    const u = await createUser(t);
    const before = (await t.app.repos.users.findById(u.id))!;
    expect(before.studentNo).toBeTruthy();
    const { id } = (await change(u, { bgxm: '新名字', bgrylb: '3', bgsfzjh: OTHER_ID, bsnr: '博士毕业进站' })).body.data;
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 4);
    expect(await t.app.repos.users.findById(u.id)).toMatchObject({ name: u.name, personType: '1' });
    await staffMoves(t, id, 7);
    const after = (await t.app.repos.users.findById(u.id))!;
    expect(after).toMatchObject({
      name: '新名字',
      personType: '3',
      staffNo: before.studentNo,
      studentNo: null,
      idNumber: OTHER_ID,
      genderCode: '1',
      birthDate: '1990-03-07',
    });
    const info = (await post(t, '/api/userinfo', u.token)).body.data;
    expect(info).toMatchObject({
      xm: '新名字',
      rylb: '3',
      rylbmc: '博士后',
      gzzh: before.studentNo,
      xh: null,
      sfzjh: '1101**********069X',
    });
    // Moving in later finds the new ID number as the applicant's own.
    expect((await t.app.repos.users.findByIdNumber(OTHER_ID))?.id).toBe(u.id);
  });

  it('an ID number another account holds: staff cannot finish it (409), the record stays; a refusal changes nothing', async () => {
    const holder = await createUser(t);
    const taken = '110108199003071254';
    await t.app.repos.users.update(holder.id, { idNumber: taken });
    const u = await createUser(t);
    const res = await change(u, { bslx: '108', bgsfzjh: taken });
    expect(res.body.code).toBe(200);
    const { id } = res.body.data;
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 4);
    await expect(staffMoves(t, id, 7)).rejects.toMatchObject({
      statusCode: 409,
      message: '变更后身份证件号码已登记在其他账号，不能办结，请核实后以「未通过」答复',
    });
    expect((await t.app.repos.applications.findById(id))!.status).toBe(4);
    await staffMoves(t, id, 8, { note: '该号码已登记在其他账号' });
    expect((await t.app.repos.users.findById(u.id))!.idNumber).toBeNull();
    expect((await t.app.repos.users.findById(holder.id))!.idNumber).toBe(taken);
  });

  it('a change of other items (no record fields) finishes without touching the record', async () => {
    const u = await createUser(t);
    const { id } = (await change(u, { bslx: '104', bsnr: '民族由汉族更正为满族' })).body.data;
    await finish(id);
    expect(await t.app.repos.users.findById(u.id)).toMatchObject({ name: u.name, personType: '1' });
  });
});

describe('问答反馈 /api/qhqt/qtyhfk', () => {
  const imageCode = async (u: TestUser) => {
    const { uuid, img } = (await get(t, '/api/qhqt/qtyhfkyzm/yycimg', u.token)).body.data;
    expect(img).toMatch(/^data:image\/png;base64,/);
    const text = (await t.json({ method: 'GET', url: `/__test__/captcha/${uuid}` })).body.data.text as string;
    return { uuid, code: text };
  };
  const ask = async (u: TestUser, extra: Record<string, unknown> = {}, k?: string) =>
    post(
      t,
      '/api/qhqt/qtyhfk/add',
      u.token,
      { bt: '集体户口借用', nr: '借用户口卡需要带什么材料？', ...(await imageCode(u)), ...extra },
      k,
    );

  it('asks with an image code; the question is 待回复 until answered', async () => {
    const u = await createUser(t);
    const res = await ask(u, { lx: 'hkkjy' });
    expect(res.body).toMatchObject({
      code: 200,
      data: { bt: '集体户口借用', lx: 'hkkjy', zt: '0', ztmc: '待回复', hfnr: null, hfsj: null, sfgk: false },
    });
    const detail = await get(t, `/api/qhqt/qtyhfk/detail/${res.body.data.id}`, u.token);
    expect(detail.body.data).toEqual(res.body.data);
    expect((await get(t, '/api/qhqt/qtyhfk/list', u.token)).body).toMatchObject({
      total: 1,
      rows: [{ id: res.body.data.id, ztmc: '待回复' }],
    });
  });

  it('keeps the optional contact phone for the asker only, and checks its format', async () => {
    const u = await createUser(t);
    const res = await ask(u, { lxdh: '13912345678' });
    expect(res.body).toMatchObject({ code: 200, data: { lxdh: '13912345678' } });
    expect((await get(t, `/api/qhqt/qtyhfk/detail/${res.body.data.id}`, u.token)).body.data.lxdh).toBe('13912345678');
    expect((await ask(u, { lxdh: '12345' })).body).toMatchObject({ code: 400, errors: [{ field: 'lxdh', message: '手机号格式错误' }] });
  });

  it('a wrong or reused image code is refused; blanks and a missing code are 400', async () => {
    const u = await createUser(t);
    const code = await imageCode(u);
    expect((await post(t, '/api/qhqt/qtyhfk/add', u.token, { bt: 'a', nr: 'b', uuid: code.uuid, code: 'zzzz' })).body).toMatchObject({
      code: 100,
      msg: '验证码错误或已过期',
    });
    expect((await post(t, '/api/qhqt/qtyhfk/add', u.token, { bt: 'a', nr: 'b', ...code })).body).toMatchObject({
      code: 100,
      msg: '验证码错误或已过期',
    });
    expect((await ask(u, { bt: '  ' })).body).toMatchObject({ code: 400, errors: [{ field: 'bt', message: '请填写标题' }] });
    expect((await post(t, '/api/qhqt/qtyhfk/add', u.token, { bt: 'a', nr: 'b' })).status).toBe(400);
    expect((await ask(u, { lx: 'nonsense' })).status).toBe(400);
  });

  it('at most 10 questions a day', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 10; i += 1) expect((await ask(u, { bt: `问题${i}` })).body.code).toBe(200);
    expect((await ask(u)).body).toMatchObject({ code: 100, msg: '今日提问次数已达上限，请明天再试' });
  });

  it('a double submit with one key makes one question', async () => {
    const u = await createUser(t);
    const k = key();
    const body = { bt: '重复', nr: '双击提交', ...(await imageCode(u)) };
    const answers = await Promise.all([1, 2].map(() => post(t, '/api/qhqt/qtyhfk/add', u.token, body, k)));
    expect(answers.some((a) => a.body.code === 200)).toBe(true);
    expect((await post(t, '/api/qhqt/qtyhfk/add', u.token, body, k)).body.code).toBe(200);
    const [n] = await t.app.db.select({ n: count() }).from(feedback).where(eq(feedback.userId, u.id));
    expect(n!.n).toBe(1);
  });

  it("someone else's question is 404 unless public; the public list hides nothing but the asker", async () => {
    const u = await createUser(t);
    const stranger = await createUser(t);
    const { id } = (await ask(u)).body.data;
    expect((await get(t, `/api/qhqt/qtyhfk/detail/${id}`, stranger.token)).body).toEqual({ code: 404, msg: '问题不存在' });
    expect((await get(t, '/api/qhqt/qtyhfk/detail/987654', stranger.token)).body).toEqual({ code: 404, msg: '问题不存在' });
    await t.app.db
      .update(feedback)
      .set({ public: true, answer: '请带身份证和学生证。', answeredAt: t.clock.now() })
      .where(eq(feedback.id, id));
    const shared = await get(t, `/api/qhqt/qtyhfk/detail/${id}`, stranger.token);
    expect(shared.body.data).toMatchObject({
      zt: '1',
      ztmc: '已回复',
      hfnr: '请带身份证和学生证。',
      hfsj: expect.stringMatching(/\+08:00$/),
      sfgk: true,
    });
    const pub = (await get(t, '/api/qhqt/qtyhfk/list?scope=public', stranger.token)).body;
    expect(pub.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect((await get(t, '/api/qhqt/qtyhfk/list', stranger.token)).body.total).toBe(0);
  });
});

describe('GET /api/guide/{serviceCode}', () => {
  it('answers a guide without login, with materials, steps and the common regulations', async () => {
    const res = await t.json({ method: 'GET', url: '/api/guide/sfzbl' });
    expect(res.body).toMatchObject({
      code: 200,
      data: {
        serviceCode: 'sfzbl',
        title: '身份证办理',
        who: expect.stringContaining('集体户'),
        materials: expect.arrayContaining([{ name: '本人学生证或工作证', required: true, note: null, example: null }]),
        steps: expect.any(Array),
        timeLimit: expect.any(String),
        fees: expect.stringContaining('20元'),
        notes: expect.any(Array),
        regulations: [
          { fileName: 'jiti-hukou-guanli-guiding.pdf', name: '示范大学集体户口管理规定.pdf', size: expect.any(Number), common: true },
        ],
      },
    });
    expect((await t.json({ method: 'GET', url: '/api/guide/xlzkbg' })).body.data.materials[0].name).toBe('学历证明');
    expect((await t.json({ method: 'GET', url: '/api/guide/hyzkbg' })).body.data.materials[0].name).toBe('婚姻状况证明');
  });

  it('has a guide for every service and sub-service, one set of codes with the contract', async () => {
    expect([...new Set(applicationKinds.map((k) => k.code))].sort()).toEqual([...serviceCodes].sort());
    const contract = (t.app.openapi.raw as { components: { schemas: { ServiceCode: { enum: string[] } } } }).components.schemas.ServiceCode
      .enum;
    expect([...serviceCodes].sort()).toEqual([...contract].sort());
    const stored = (await t.app.db.select({ code: serviceGuides.code }).from(serviceGuides)).map((g) => g.code).sort();
    expect(stored).toEqual(applicationKinds.map(guideCodeOf).sort());
    for (const code of ['qtbs-change', 'qianchu-graduate', 'qianru-3', 'yingxin']) {
      expect((await t.json({ method: 'GET', url: `/api/guide/${code}` })).body.data.serviceCode).toBe(code);
    }
  });

  it('an unknown code is 404 办事指南不存在; a malformed one is 400', async () => {
    expect((await t.json({ method: 'GET', url: '/api/guide/nothing' })).body).toEqual({ code: 404, msg: '办事指南不存在' });
    expect((await t.json({ method: 'GET', url: '/api/guide/BAD_CODE' })).status).toBe(400);
  });

  it('a database seeded before the guides gets them (and the changed dictionaries) on the next start', async () => {
    await t.app.db.delete(serviceGuides);
    await t.app.db.update(dictItems).set({ label: '旧名称' }).where(eq(dictItems.type, 'qh_change_type'));
    await t.app.db.update(settings).set({ value: 1 }).where(eq(settings.key, 'seed.version'));
    t.changedByHand();
    expect(await seed(t.app.db, { now: t.clock.now(), demo: false })).toBe(true);
    expect((await t.app.db.select({ code: serviceGuides.code }).from(serviceGuides)).length).toBe(applicationKinds.length);
    expect((await t.app.repos.dict.list('qh_change_type'))[0]).toMatchObject({ value: '101', label: '姓名变更' });
    expect(await seed(t.app.db, { now: t.clock.now(), demo: false })).toBe(false);
  });
});
