// 户口卡补办, 户籍证明, 无犯罪记录证明, 无违法证明, 学历变更 and 婚姻状况变更: lists, add, edit with their rules.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser, delivery, get, key, post, reissueForm, staffMoves, uploadFor, type TestUser } from './service-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const PHONE = '13900000009';

/** One field wrong at a time: 400 with the message on that field. */
async function expectFieldErrors(
  u: TestUser,
  url: string,
  base: Record<string, unknown>,
  cases: [Record<string, unknown>, string, string][],
) {
  for (const [patch, field, message] of cases) {
    const res = await post(t, url, u.token, { ...base, ...patch });
    expect(res.status, `${url} ${field}`).toBe(400);
    expect(res.body.errors, `${url} ${field}`).toContainEqual({ field, message });
  }
}

describe('户口卡补办 /api/daily/hkkbb', () => {
  const formOf = (u: TestUser) => reissueForm(t, u, { bbyy: '户口卡遗失', lxdh: PHONE });

  it('submits and updates; mailed needs the delivery form', async () => {
    const u = await createUser(t);
    const form = await formOf(u);
    const res = await post(t, '/api/daily/hkkbb/add', u.token, form);
    expect(res.body).toMatchObject({ code: 200, data: { kind: 'hkkbb', kindName: '户口卡补办', status: 1 } });
    const id = res.body.data.id;
    expect((await post(t, '/api/daily/hkkbb/update', u.token, { id, ...form, lqfs: '1' })).body).toMatchObject({
      code: 400,
      errors: [{ field: 'yjxx', message: '请填写邮寄信息' }],
    });
    expect((await post(t, '/api/daily/hkkbb/update', u.token, { id, ...form, lqfs: '1', yjxx: delivery(t) })).body.code).toBe(200);
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, u.token)).body.data).toMatchObject({
      title: '户口卡补办 · 邮寄',
      answers: { lqfs: '1', yjxx: delivery(t) },
      attachments: [{ fileId: form.attachments[0]!.fileId, clmc: '遗失情况说明' }],
    });
    // No SMS gateway configured: nothing goes to the outbox for a status change.
    expect(await t.app.repos.smsOutbox.latest(u.phone)).toBeNull();
  });

  it('asks the dormitory building only when mailed to the dormitory, not to a home address', async () => {
    const mailedOf = async (u: TestUser) => ({ ...(await formOf(u)), lqfs: '1' });
    const { ssl: _ssl, ...noBuilding } = delivery(t);
    // The dormitory, said or left unsaid (older clients): the building is required.
    for (const yjxx of [noBuilding, { ...noBuilding, dzlx: '0' }, { ...noBuilding, dzlx: '0', ssl: '  ' }]) {
      const u = await createUser(t);
      const res = await post(t, '/api/daily/hkkbb/add', u.token, { ...(await mailedOf(u)), yjxx });
      expect(res.body, JSON.stringify(yjxx)).toMatchObject({ code: 400, errors: [{ field: 'yjxx.ssl', message: '请填写您的宿舍楼号' }] });
    }
    const dorm = await createUser(t);
    const kept = await post(t, '/api/daily/hkkbb/add', dorm.token, { ...(await mailedOf(dorm)), yjxx: delivery(t) });
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${kept.body.data.id}`, dorm.token)).body.data.answers.yjxx).toMatchObject({
      dzlx: '0',
      ssl: '紫荆公寓5号楼',
    });
    // A home address: no building asked, and one sent anyway is not kept.
    for (const yjxx of [
      { ...noBuilding, dzlx: '1' },
      { ...noBuilding, dzlx: '1', ssl: '紫荆公寓5号楼' },
    ]) {
      const u = await createUser(t);
      const res = await post(t, '/api/daily/hkkbb/add', u.token, { ...(await mailedOf(u)), yjxx });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      const answers = (await get(t, `/api/wdsq/sqxq/getInfo?id=${res.body.data.id}`, u.token)).body.data.answers;
      expect(answers.yjxx).toMatchObject({ dzlx: '1', xxdz: '示范路1号' });
      expect(answers.yjxx).not.toHaveProperty('ssl');
    }
  });

  it('refuses who is not at school, blanks, no 遗失情况说明, a second one in progress', async () => {
    const out = await createUser(t, { household: 'out' });
    expect((await post(t, '/api/daily/hkkbb/add', out.token, await formOf(out))).body).toMatchObject({
      code: 100,
      msg: '您的户口不在本校，无法补办户口卡',
    });
    const u = await createUser(t);
    const form = await formOf(u);
    // The guide asks for it, the form takes it, the server requires it (as the material its guide names).
    for (const attachments of [undefined, [], [{ ...form.attachments[0]!, clmc: '其他材料' }]])
      expect((await post(t, '/api/daily/hkkbb/add', u.token, { ...form, attachments })).body).toEqual({
        code: 100,
        msg: '请上传遗失情况说明',
      });
    await expectFieldErrors(u, '/api/daily/hkkbb/add', form, [
      [{ bbyy: '  ' }, 'bbyy', '请填写补办原因'],
      [{ lqfs: '2' }, 'lqfs', '请选择领取方式'],
      [{ lxdh: '' }, 'lxdh', '手机号格式错误'],
    ]);
    expect((await post(t, '/api/daily/hkkbb/add', u.token, form)).body.code).toBe(200);
    expect((await post(t, '/api/daily/hkkbb/add', u.token, form)).body).toMatchObject({
      code: 100,
      msg: '您已有正在办理的该项业务，请勿重复提交',
    });
  });
});

describe('户籍证明 /api/daily/hjzmkj', () => {
  const form = { zmlx: '1', yt: '办理护照', fs: 2, kdfs: '0', lxdh: PHONE };

  it('lists the proof types and the pickup/courier options', async () => {
    const u = await createUser(t);
    const types = (await post(t, '/api/daily/hjzmkj/typelist', u.token)).body.data;
    expect(types[0]).toMatchObject({ dictValue: '1', dictLabel: '户籍信息证明', switch: '1' });
    const options = (await post(t, '/api/daily/hjzmkj/kdlist', u.token)).body.data;
    expect(options.map((o: { dictValue: string; switch: string }) => `${o.dictValue}${o.switch}`)).toEqual(['01', '11', '21', '30']);
  });

  it('submits; the rules of at school, type, copies, courier and delivery', async () => {
    const u = await createUser(t);
    await expectFieldErrors(u, '/api/daily/hjzmkj/add', form, [
      [{ zmlx: '99' }, 'zmlx', '请选择证明类型'],
      [{ yt: ' ' }, 'yt', '请填写用途'],
      [{ fs: 6 }, 'fs', '份数不能大于5'],
      [{ fs: 0 }, 'fs', '份数不能小于1'],
      [{ kdfs: '1' }, 'yjxx', '请填写邮寄信息'],
      [{ kdfs: '9' }, 'kdfs', '请选择领取方式'],
    ]);
    expect((await post(t, '/api/daily/hjzmkj/add', u.token, { ...form, kdfs: '3', yjxx: delivery(t) })).body).toMatchObject({
      code: 100,
      msg: '该寄送方式暂停使用，请选择其他方式',
    });
    const res = await post(t, '/api/daily/hjzmkj/add', u.token, { ...form, kdfs: '1', yjxx: delivery(t), jsdw: '出入境管理局' });
    expect(res.body).toMatchObject({ code: 200, data: { kind: 'hjzmkj', kindName: '户籍证明开具' } });
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${res.body.data.id}`, u.token)).body.data.title).toBe(
      '户籍证明开具 · 户籍信息证明 2份',
    );
    const edited = await post(t, '/api/daily/hjzmkj/edit', u.token, { id: res.body.data.id, ...form, fs: 1 });
    expect(edited.body).toMatchObject({ code: 200, data: { id: res.body.data.id } });
    const out = await createUser(t, { household: 'none' });
    expect((await post(t, '/api/daily/hjzmkj/add', out.token, form)).body).toMatchObject({
      code: 100,
      msg: '您的户口不在本校，无法开具户籍证明',
    });
  });
});

describe('无犯罪记录证明 /api/daily/wfzzmkj and 无违法证明 /api/daily/wwfzmkj', () => {
  const form = { bllx: '1', yt: '入职', fs: 1, lqfs: '0', lxdh: PHONE };

  it('lists the reasons of each certificate', async () => {
    const u = await createUser(t);
    expect((await post(t, '/api/daily/wfzzmkj/bllxlist', u.token)).body.data[0]).toMatchObject({ dictValue: '1', dictLabel: '就业入职' });
    expect((await post(t, '/api/daily/wwfzmkj/bllxlist', u.token)).body.data[0]).toMatchObject({
      dictValue: '1',
      dictLabel: '出国（境）留学',
    });
  });

  it('needs a household record at the school (in or moved out); each kind on its own', async () => {
    const none = await createUser(t, { household: 'none' });
    for (const kind of ['wfzzmkj', 'wwfzmkj']) {
      expect((await post(t, `/api/daily/${kind}/add`, none.token, form)).body).toMatchObject({
        code: 100,
        msg: '您没有本校户籍记录，无法开具该证明',
      });
    }
    const movedOut = await createUser(t, { household: 'out' });
    const c = await post(t, '/api/daily/wfzzmkj/add', movedOut.token, form);
    const n = await post(t, '/api/daily/wwfzmkj/add', movedOut.token, form);
    expect(c.body.data).toMatchObject({ kind: 'wfzzmkj', kindName: '无犯罪记录证明开具' });
    expect(n.body.data).toMatchObject({ kind: 'wwfzmkj', kindName: '无违法证明开具' });
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${c.body.data.id}`, movedOut.token)).body.data.title).toBe(
      '无犯罪记录证明开具 · 就业入职 1份',
    );
    expect((await post(t, '/api/daily/wwfzmkj/edit', movedOut.token, { id: c.body.data.id, ...form })).body).toEqual({
      code: 404,
      msg: '申请不存在',
    });
    expect((await post(t, '/api/daily/wwfzmkj/edit', movedOut.token, { id: n.body.data.id, ...form, yt: '留学' })).body.code).toBe(200);
  });

  it('checks reason, purpose and delivery', async () => {
    const u = await createUser(t);
    await expectFieldErrors(u, '/api/daily/wfzzmkj/add', form, [
      [{ bllx: '66' }, 'bllx', '请选择办理原因'],
      [{ yt: '' }, 'yt', '用途说明不能为空'],
      [{ lqfs: '1' }, 'yjxx', '请填写邮寄信息'],
    ]);
  });
});

describe('学历变更 /api/daily/xlzkbg and 婚姻状况变更 /api/daily/hyzkbg', () => {
  it('statuslist: the status table 1-9', async () => {
    const u = await createUser(t);
    for (const kind of ['xlzkbg', 'hyzkbg']) {
      const data = (await post(t, `/api/daily/${kind}/statuslist`, u.token)).body.data;
      expect(data.map((d: { dictValue: string; dictLabel: string }) => `${d.dictValue}${d.dictLabel}`)).toEqual([
        '1已提交',
        '2审核中',
        '3退回修改',
        '4办理中',
        '5待领取',
        '6已寄出',
        '7已办结',
        '8未通过',
        '9已撤销',
      ]);
    }
  });

  it('学历变更: a level-2 code, a past date, the diploma attached; edit and list', async () => {
    const u = await createUser(t);
    const file = await uploadFor(t, u.id);
    const form = { bgxlm: '14', byyx: '示范大学', byrq: '2025-07-01', lxdh: PHONE, attachments: [{ fileId: file, clmc: '学历证明' }] };
    await expectFieldErrors(u, '/api/daily/xlzkbg/add', form, [
      [{ bgxlm: '10' }, 'bgxlm', '请选择具体学历（不能选择学历类别）'],
      [{ bgxlm: '55' }, 'bgxlm', '请选择变更后学历'],
      [{ byrq: '2999-01-01' }, 'byrq', '毕业日期不能晚于今天'],
      [{ byyx: ' ' }, 'byyx', '请填写毕业院校'],
    ]);
    expect(
      (await post(t, '/api/daily/xlzkbg/add', u.token, { ...form, attachments: [{ fileId: file, clmc: '其他' }] })).body,
    ).toMatchObject({
      code: 100,
      msg: '请上传学历证明材料',
    });
    const res = await post(t, '/api/daily/xlzkbg/add', u.token, form, key());
    expect(res.body.data).toMatchObject({ kind: 'xlzkbg', kindName: '学历变更', status: 1 });
    expect(
      (await post(t, '/api/daily/xlzkbg/edit', u.token, { id: res.body.data.id, ...form, zsbh: '100001202505000123' })).body.code,
    ).toBe(200);
    const listed = await get(t, '/api/daily/xlzkbg/list', u.token);
    expect(listed.body).toMatchObject({ total: 1, rows: [{ id: res.body.data.id, title: '学历变更 · 变更为硕士研究生毕业' }] });
    expect((await get(t, '/api/daily/xlzkbg/list?status=7', u.token)).body.total).toBe(0);
    expect((await get(t, '/api/daily/hyzkbg/list', u.token)).body.total).toBe(0);
  });

  it('婚姻状况变更: different from now, the spouse when married, a past date, the certificate; resubmit after a return', async () => {
    const u = await createUser(t, { maritalStatusCode: '10' });
    const file = await uploadFor(t, u.id);
    const form = { bghyzkm: '21', djrq: '2026-01-05', poxm: '李四', lxdh: PHONE, attachments: [{ fileId: file, clmc: '婚姻状况证明' }] };
    expect((await post(t, '/api/daily/hyzkbg/add', u.token, { ...form, bghyzkm: '10' })).body).toMatchObject({
      code: 100,
      msg: '变更后的婚姻状况与当前相同',
    });
    await expectFieldErrors(u, '/api/daily/hyzkbg/add', form, [
      [{ poxm: '' }, 'poxm', '请填写配偶姓名'],
      [{ djrq: '2999-01-01' }, 'djrq', '登记日期不能晚于今天'],
      [{ bghyzkm: '77' }, 'bghyzkm', '请选择变更后婚姻状况'],
    ]);
    expect((await post(t, '/api/daily/hyzkbg/add', u.token, { ...form, attachments: [] })).body).toMatchObject({
      code: 100,
      msg: '请上传婚姻状况证明材料',
    });
    const { id } = (await post(t, '/api/daily/hyzkbg/add', u.token, form)).body.data;
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 3, { note: '结婚证照片不清晰' });
    const resubmitted = await post(t, '/api/daily/hyzkbg/edit', u.token, { id, ...form });
    expect(resubmitted.body.data).toMatchObject({ id, status: 1, statusName: '已提交' });
    const notices = (await get(t, '/api/zhzx/xxtz/getListByType', u.token)).body.rows.map((n: { title: string }) => n.title);
    expect(notices.slice(0, 2)).toEqual(['婚姻状况变更：已重新提交', '婚姻状况变更：退回修改']);
    expect((await get(t, '/api/daily/hyzkbg/list?status=1', u.token)).body.rows).toHaveLength(1);
  });
});

describe('every add/edit of these services', () => {
  type Kind = { kind: string; add: string; edit: string; list?: string; body: (u: TestUser) => Promise<Record<string, unknown>> };
  const withFile = async (u: TestUser, clmc: string) => [{ fileId: await uploadFor(t, u.id), clmc }];
  const kinds: Kind[] = [
    {
      kind: 'hkkbb',
      add: '/api/daily/hkkbb/add',
      edit: '/api/daily/hkkbb/update',
      body: async (u) => reissueForm(t, u, { bbyy: '损坏', lxdh: PHONE }),
    },
    {
      kind: 'hjzmkj',
      add: '/api/daily/hjzmkj/add',
      edit: '/api/daily/hjzmkj/edit',
      body: async () => ({ zmlx: '2', yt: '落户', fs: 1, kdfs: '0', lxdh: PHONE }),
    },
    {
      kind: 'wfzzmkj',
      add: '/api/daily/wfzzmkj/add',
      edit: '/api/daily/wfzzmkj/edit',
      body: async () => ({ bllx: '4', yt: '签证', fs: 1, lqfs: '0', lxdh: PHONE }),
    },
    {
      kind: 'wwfzmkj',
      add: '/api/daily/wwfzmkj/add',
      edit: '/api/daily/wwfzmkj/edit',
      body: async () => ({ bllx: '2', yt: '签证', fs: 1, lqfs: '0', lxdh: PHONE }),
    },
    {
      kind: 'xlzkbg',
      add: '/api/daily/xlzkbg/add',
      edit: '/api/daily/xlzkbg/edit',
      list: '/api/daily/xlzkbg/list',
      body: async (u) => ({ bgxlm: '11', byyx: '示范大学', byrq: '2025-06-30', lxdh: PHONE, attachments: await withFile(u, '学历证明') }),
    },
    {
      kind: 'hyzkbg',
      add: '/api/daily/hyzkbg/add',
      edit: '/api/daily/hyzkbg/edit',
      list: '/api/daily/hyzkbg/list',
      body: async (u) => ({ bghyzkm: '40', djrq: '2025-03-01', lxdh: PHONE, attachments: await withFile(u, '婚姻状况证明') }),
    },
  ];

  for (const k of kinds) {
    it(`${k.kind}: one application for a double submit with a key (in a row and in parallel), without a key the second is refused`, async () => {
      const u = await createUser(t);
      const body = await k.body(u);
      const id1 = key();
      const parallel = await Promise.all([1, 2, 3].map(() => post(t, k.add, u.token, body, id1)));
      expect(parallel.map((a) => a.body.code)).toEqual([200, 200, 200]);
      expect(new Set(parallel.map((a) => a.body.data.id)).size).toBe(1);
      expect((await post(t, k.add, u.token, body, id1)).body.data.id).toBe(parallel[0]!.body.data.id);
      expect((await post(t, k.add, u.token, body)).body).toMatchObject({ code: 100, msg: '您已有正在办理的该项业务，请勿重复提交' });
      expect((await get(t, `/api/wdsq/sqxq/getListByType?kind=${k.kind}`, u.token)).body.total).toBe(1);
    });

    it(`${k.kind}: someone else's application cannot be edited nor seen (like a missing one); edit only in 1 or 3`, async () => {
      const u = await createUser(t);
      const stranger = await createUser(t);
      const body = await k.body(u);
      const { id } = (await post(t, k.add, u.token, body)).body.data;
      const theirs = await post(t, k.edit, stranger.token, { id, ...(await k.body(stranger)) });
      const missing = await post(t, k.edit, stranger.token, { id: 987654, ...(await k.body(stranger)) });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, stranger.token)).body).toEqual({ code: 404, msg: '申请不存在' });
      if (k.list) expect((await get(t, k.list, stranger.token)).body.total).toBe(0);
      const k2 = key();
      const edited = await post(t, k.edit, u.token, { id, ...body }, k2);
      expect(edited.body).toMatchObject({ code: 200, data: { id, status: 1 } });
      expect((await post(t, k.edit, u.token, { id, ...body }, k2)).body).toEqual(edited.body);
      await staffMoves(t, id, 2);
      expect((await post(t, k.edit, u.token, { id, ...body })).body).toMatchObject({ code: 100, msg: '当前状态不能修改' });
      await expect(staffMoves(t, id, 9)).rejects.toMatchObject({ statusCode: 409, message: '当前状态不允许该操作' });
    });
  }
});
