// 迁入: 博士后迁入, 教职工迁入, 家属随迁 (/api/qianru, two stages), 新生迁入 (/api/yingxin, enrolment window),
// the records, the confirmation, continueSubmit and the vouchers (PDF with the data in Chinese, head-page photo).
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { householdRecords, settings, users } from '../../server/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createPerson, idNumber, material, personOf, type Person } from './movement-helpers.ts';
import { readPdf } from './pdf-text.ts';
import { get, key, post, staffMoves } from './service-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const PHONE = '13900000011';
const origin = { yhkszd: { code: '320102', name: '江苏省/南京市/玄武区' }, yhkxxdz: '中山路1号' };
const PICKUP = { lqdd: '行政楼108室', lqsj: '工作日 9:00-11:00' };

/** The form of 博士后迁入 / 教职工迁入 for a person. */
async function ownForm(p: Person, qrlx: '1' | '2', extra: Record<string, unknown> = {}) {
  return {
    qrlx,
    ryxx: personOf(p.name, p.idNumber),
    hyzkm: '20',
    xlm: '11',
    dwh: '004',
    rzrq: '2026-09-01',
    ...origin,
    yhkpcs: '新街口派出所',
    lxdh: PHONE,
    attachments: [
      await material(t, p.id, qrlx === '1' ? '博士后进站审批表' : '北京市落户批复或人才引进批准文件'),
      await material(t, p.id, '一寸白底彩色证件照电子版'),
    ],
    ...extra,
  };
}

/** Staff moves a submitted move-in to 5 (准迁证 ready to pick up). */
async function permitReady(id: number) {
  await staffMoves(t, id, 2);
  await staffMoves(t, id, 4);
  await staffMoves(t, id, 5, { handling: PICKUP });
}

async function continueWith(p: Person, id: number) {
  return post(
    t,
    '/api/qianru/continueSubmit',
    p.token,
    {
      id,
      qyzbh: 'QY320102000123',
      qyzqfrq: '2026-10-08',
      qyzqfjg: '南京市公安局玄武分局',
      attachments: [await material(t, p.id, '迁移证')],
    },
    key(),
  );
}

async function finish(id: number) {
  await staffMoves(t, id, 2);
  await staffMoves(t, id, 4);
  await staffMoves(t, id, 7);
}

const pdfOf = async (token: string, url: string) => {
  const res = await t.request({ method: 'GET', url, token });
  return { res, pdf: readPdf(res.rawPayload) };
};

describe('博士后迁入 and 教职工迁入 /api/qianru', () => {
  it('goes through both stages: 准迁证, continueSubmit with the 迁移证, 落户, vouchers', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const form = await ownForm(p, '1');
    const added = await post(t, '/api/qianru/add', p.token, form, key());
    expect(added.body).toMatchObject({ code: 200, data: { kind: 'qianru', kindName: '博士后迁入', status: 1 } });
    const id = added.body.data.id as number;
    const detail = (await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, p.token)).body.data;
    expect(detail).toMatchObject({
      stage: '1',
      sub: '1',
      title: `博士后迁入 · ${p.name}`,
      actions: ['cancel', 'edit'],
      answers: { qrlx: '1', dwh: '004', ryxx: { xm: p.name } },
    });
    expect(detail.answers.ryxx.sfzjh).toMatch(/^\d{4}\*+\d{3}[\dX]$/);
    expect((await post(t, '/api/qianru/edit', p.token, { id, ...form, yhkpcs: '玄武门派出所' })).body).toMatchObject({
      code: 200,
      data: { id, status: 1 },
    });

    const history = (await get(t, '/api/qianru/getQrxxHistory', p.token)).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ id, kind: 'qianru', sub: '1', statusName: '已提交' });
    const confirm = (await get(t, `/api/qianru/getQrxxYhAndHz?id=${id}`, p.token)).body.data;
    expect(confirm).toMatchObject({
      yh: { xm: p.name, xbmc: expect.any(String), mzmc: '汉族', gzzh: p.staffNo, dwmc: '生命科学学院' },
      hz: null,
      jthmc: '示范大学博士后集体户',
      qrdz: '北京市海淀区示范大学集体户',
      pcsmc: '示范园派出所',
      canContinue: false,
      sqjs: [],
    });
    expect(confirm.yh.sfzjh).toContain('*');

    // Stage 1 cannot continue before the 准迁证, nor be finished by staff.
    expect((await continueWith(p, id)).body).toMatchObject({ code: 100, msg: '当前申请不能继续提交' });
    expect((await get(t, `/api/qianru/downloadhkkPdf?id=${id}`, p.token)).body).toMatchObject({ code: 100, msg: '迁入尚未办结，暂无凭证' });
    await permitReady(id);
    await expect(staffMoves(t, id, 7)).rejects.toMatchObject({ statusCode: 409, message: '申请人尚未继续提交迁移证信息，不能办结' });
    expect((await get(t, '/api/qianru/getQrxxHistory', p.token)).body.data[0]).toMatchObject({ status: 5, actions: ['continue'] });
    expect((await get(t, `/api/qianru/getQrxxYhAndHz?id=${id}`, p.token)).body.data.canContinue).toBe(true);

    const noPhoto = await post(t, '/api/qianru/continueSubmit', p.token, { id, qyzbh: 'QY1', qyzqfrq: '2026-10-08' });
    expect(noPhoto.body).toMatchObject({ code: 100, msg: '请上传迁移证照片' });
    const later = await post(t, '/api/qianru/continueSubmit', p.token, {
      id,
      qyzbh: 'QY1',
      qyzqfrq: '2999-01-01',
      attachments: [await material(t, p.id, '迁移证')],
    });
    expect(later.body).toMatchObject({ code: 400, errors: [{ field: 'qyzqfrq', message: '签发日期不能晚于今天' }] });
    const k = key();
    const body = { id, qyzbh: 'QY320102000123', qyzqfrq: '2026-10-08', attachments: [await material(t, p.id, '迁移证')] };
    const continued = await post(t, '/api/qianru/continueSubmit', p.token, body, k);
    expect(continued.body).toMatchObject({ code: 200, data: { id, status: 1 } });
    expect((await post(t, '/api/qianru/continueSubmit', p.token, body, k)).body).toMatchObject({ code: 200, data: { id, status: 1 } });
    expect((await post(t, '/api/qianru/continueSubmit', p.token, body)).body).toMatchObject({ code: 100, msg: '当前申请不能继续提交' });
    const stage2 = (await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, p.token)).body.data;
    expect(stage2).toMatchObject({ stage: '2', status: 1, answers: { qyz: { qyzbh: 'QY320102000123', qyzqfrq: '2026-10-08' } } });
    expect(stage2.attachments.map((a: { clmc: string }) => a.clmc).sort()).toEqual([
      '一寸白底彩色证件照电子版',
      '博士后进站审批表',
      '迁移证',
    ]);
    expect(stage2.events.map((e: { from: number | null; to: number; note: string | null }) => `${e.from}>${e.to}`)).toEqual([
      'null>1',
      '1>1',
      '1>2',
      '2>4',
      '4>5',
      '5>1',
    ]);
    // An edit in stage 2 keeps the 迁移证 data.
    expect((await post(t, '/api/qianru/edit', p.token, { id, ...form })).body.code).toBe(200);
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, p.token)).body.data.answers.qyz.qyzbh).toBe('QY320102000123');

    await finish(id);
    const my = (await get(t, '/api/zhzx/wdhj/getInfo', p.token)).body.data;
    expect(my).toMatchObject({
      hjzt: '1',
      hkIn: true,
      jthmc: '示范大学博士后集体户',
      hh: '510000103',
      qrlymc: '博士后进站',
      ysdz: '江苏省南京市玄武区中山路1号',
      pcsmc: '示范园派出所',
      yhzgx: '集体户成员',
    });
    expect((await post(t, '/api/userinfo', p.token)).body.data.hkIn).toBe(true);
    expect((await get(t, '/api/qianru/getQrxxHistory', p.token)).body.data[0]).toMatchObject({ status: 7, actions: ['voucher'] });

    const card = await pdfOf(p.token, `/api/qianru/downloadhkkPdf?id=${id}`);
    expect(card.res.statusCode).toBe(200);
    expect(card.res.headers['content-type']).toBe('application/pdf');
    expect(String(card.res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent(`户口卡-${p.name}.pdf`)}`);
    expect(card.pdf).toMatchObject({ header: '%PDF-1.3', pages: 1, embeddedFont: true });
    expect(card.pdf.images, 'the ID photo').toBeGreaterThan(0);
    expect(card.pdf.fonts[0]).toMatch(/^[A-Z]{6}\+NotoSansHans-Regular$/);
    expect(card.pdf.text).toContain('常住人口登记卡');
    expect(card.pdf.text).toContain(p.name);
    expect(card.pdf.text).toContain('示范大学博士后集体户');
    expect(card.pdf.text).toContain('江苏省南京市玄武区中山路1号');
    expect(card.pdf.text).not.toContain(p.idNumber);
    expect(card.res.rawPayload.length).toBeLessThan(400_000);

    const head = await pdfOf(p.token, `/api/qianru/downloadHzsyzpPdf?id=${id}`);
    expect(head.res.headers['content-type']).toBe('application/pdf');
    expect(head.pdf).toMatchObject({ pages: 2, embeddedFont: true, images: 1 });
    expect(head.pdf.text).toContain('集体户口簿 · 户主页');
    expect(head.pdf.text).toContain('510000103');
    expect(head.pdf.text).toContain(p.name);

    const photo = await get(t, `/api/qianru/getHzsyzpdz?id=${id}`, p.token);
    expect(photo.body).toMatchObject({ code: 200, data: { url: expect.stringMatching(/^\/api\/wj\/file\/f_/), mimeType: 'image/jpeg' } });
    expect((await get(t, `/api/qianru/getHzsyzpdz?id=${id}`, p.token)).body.data.url).toBe(photo.body.data.url);
    const image = await t.request({ method: 'GET', url: photo.body.data.url, token: p.token });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/jpeg');

    // Someone else's application is answered like a missing one.
    const other = await createPerson(t, { rylb: '3' });
    for (const url of ['downloadhkkPdf', 'downloadHzsyzpPdf', 'getHzsyzpdz', 'getQrxxYhAndHz']) {
      expect((await get(t, `/api/qianru/${url}?id=${id}`, other.token)).body, url).toEqual({ code: 404, msg: '申请不存在' });
    }
    expect((await post(t, '/api/qianru/continueSubmit', other.token, body)).body).toEqual({ code: 404, msg: '申请不存在' });
    expect((await get(t, '/api/qianru/getQrxxHistory', other.token)).body.data).toEqual([]);
  });

  it('refuses the wrong person type, who is already in, data that do not match the ID number', async () => {
    const staff = await createPerson(t, { rylb: '4' });
    const form = await ownForm(staff, '2');
    expect((await post(t, '/api/qianru/add', staff.token, { ...form, qrlx: '1' })).body).toMatchObject({
      code: 100,
      msg: '您的人员类型不能办理该迁入业务',
    });
    const inSchool = await createPerson(t, { rylb: '4', household: 'in' });
    expect((await post(t, '/api/qianru/add', inSchool.token, await ownForm(inSchool, '2'))).body).toMatchObject({
      code: 100,
      msg: '您的户口已在本校，无需迁入',
    });

    const wrongCheck = `${staff.idNumber.slice(0, 17)}${staff.idNumber[17] === '0' ? '1' : '0'}`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ryxx: { ...form.ryxx, sfzjh: wrongCheck } }, 'ryxx.sfzjh', '身份证件号码格式错误'],
      [{ ryxx: { ...form.ryxx, csrq: '1985-03-18' } }, 'ryxx.csrq', '出生日期与身份证件号码不一致'],
      [{ ryxx: { ...form.ryxx, xbm: form.ryxx.xbm === '1' ? '2' : '1' } }, 'ryxx.xbm', '性别与身份证件号码不一致'],
      [{ ryxx: { ...form.ryxx, mzm: '99' } }, 'ryxx.mzm', '请选择民族'],
      [{ ryxx: { ...form.ryxx, xm: '  ' } }, 'ryxx.xm', '请填写姓名'],
      [{ dwh: undefined }, 'dwh', '请选择所在单位'],
      [{ dwh: '999' }, 'dwh', '请选择所在单位'],
      [{ rzrq: undefined }, 'rzrq', '请选择入职日期'],
      [{ yhkszd: { code: '999999', name: 'x' } }, 'yhkszd', '请选择原户口所在地'],
      [{ yhkxxdz: ' ' }, 'yhkxxdz', '请填写原户口所在地详细地址'],
      [{ hyzkm: '77' }, 'hyzkm', '请选择婚姻状况'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await post(t, '/api/qianru/add', staff.token, { ...form, ...patch });
      expect(res.status, field).toBe(400);
      expect(res.body.errors, field).toContainEqual({ field, message });
    }
    const someoneElse = idNumber('19850317', form.ryxx.xbm === '1');
    expect((await post(t, '/api/qianru/add', staff.token, { ...form, ryxx: personOf(staff.name, someoneElse) })).body).toMatchObject({
      code: 100,
      msg: '身份证件号与账号信息不一致',
    });
    expect((await post(t, '/api/qianru/add', staff.token, { ...form, attachments: [] })).body).toMatchObject({
      code: 100,
      msg: '请上传北京市落户批复或人才引进批准文件',
    });
    const postdoc = await createPerson(t, { rylb: '3' });
    const postdocForm = await ownForm(postdoc, '1');
    expect((await post(t, '/api/qianru/add', postdoc.token, { ...postdocForm, dwh: undefined })).body.errors).toContainEqual({
      field: 'dwh',
      message: '请选择进站单位',
    });
    const child = personOf('博后子女', idNumber('20200101', true), { yhzgx: '20' });
    expect((await post(t, '/api/qianru/add', postdoc.token, { ...postdocForm, sqjs: [child] })).body.errors).toContainEqual({
      field: 'sqjs',
      message: '博士后迁入不能带随迁家属',
    });
    // Someone else's upload is no attachment of one's own.
    const foreign = await material(t, staff.id, '博士后进站审批表');
    expect((await post(t, '/api/qianru/add', postdoc.token, { ...postdocForm, attachments: [foreign] })).body).toMatchObject({
      code: 100,
      msg: '附件不存在或已失效，请重新上传',
    });
  });

  it('is idempotent: a retried submit answers the first application, a second one is refused', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const form = await ownForm(p, '1');
    const k = key();
    const first = await post(t, '/api/qianru/add', p.token, form, k);
    const retry = await post(t, '/api/qianru/add', p.token, form, k);
    expect(retry.body.data).toEqual(first.body.data);
    expect((await post(t, '/api/qianru/add', p.token, { ...form, yhkxxdz: '别处' }, k)).body).toMatchObject({
      code: 409,
      msg: '重复提交的内容不一致',
    });
    expect((await post(t, '/api/qianru/add', p.token, form)).body).toMatchObject({
      code: 100,
      msg: '您已有正在办理的该项业务，请勿重复提交',
    });
    expect((await get(t, '/api/qianru/getQrxxHistory', p.token)).body.data).toHaveLength(1);
    const other = await createPerson(t, { rylb: '3' });
    expect((await post(t, '/api/qianru/edit', other.token, { id: first.body.data.id, ...form })).body).toEqual({
      code: 404,
      msg: '申请不存在',
    });
  });

  it('教职工迁入 with family: the staff member heads the household, the family is registered with them', async () => {
    const staff = await createPerson(t, { rylb: '4' });
    const spouse = personOf('随迁配偶', idNumber('19870203', false), { yhzgx: '12' });
    const form = await ownForm(staff, '2', { sqjs: [spouse] });
    expect((await post(t, '/api/qianru/add', staff.token, form)).body).toMatchObject({
      code: 100,
      msg: '请上传随迁人员1（随迁配偶）的证件材料',
    });
    const withDocs = { ...form, attachments: [...form.attachments, await material(t, staff.id, '随迁人员1（随迁配偶）')] };
    const id = (await post(t, '/api/qianru/add', staff.token, withDocs)).body.data.id as number;
    expect((await get(t, `/api/qianru/getQrxxYhAndHz?id=${id}`, staff.token)).body.data).toMatchObject({
      yh: { xm: staff.name },
      hz: null,
      jthmc: '示范大学教职工集体户',
      sqjs: [{ xm: '随迁配偶', yhzgxmc: '妻' }],
    });
    await permitReady(id);
    expect((await continueWith(staff, id)).body.code).toBe(200);
    await finish(id);
    expect((await get(t, '/api/zhzx/wdhj/getInfo', staff.token)).body.data).toMatchObject({
      hkIn: true,
      hh: '510000102',
      yhzgx: '户主',
      qrlymc: '工作调入',
    });
    const family = (await post(t, '/api/qianchu/getJsById', staff.token, { id: staff.id })).body.data;
    expect(family).toMatchObject([{ xm: '随迁配偶', yhzgx: '12', yhzgxmc: '妻', xbmc: '女', hkIn: true }]);
    const card = await pdfOf(staff.token, `/api/qianru/downloadhkkPdf?id=${id}`);
    expect(card.pdf.pages).toBe(2);
    expect(card.pdf.text).toContain(staff.name);
    expect(card.pdf.text).toContain('随迁配偶');
    expect(card.pdf.text).toContain(`户主姓名：${staff.name}`);
  });
});

const HEAD_MISMATCH = '户主信息不匹配，请核对户主姓名、工作证号和身份证件号码';
const HEAD_LOCKED = '户主信息核对不符次数过多，请24小时后再试';
/** The proof of a household head a family member gives: name, staff number, full ID number. */
const proofOf = (head: Person) => ({ hzxm: head.name, hzgzzh: head.staffNo, hzsfzjh: head.idNumber });

describe('家属随迁 /api/qianru qrlx 3', () => {
  async function familyForm(head: Person, members: Record<string, string>[], extra: Record<string, unknown> = {}) {
    const docs = await Promise.all(members.map((m, i) => material(t, head.id, `随迁人员${i + 1}（${m.xm}）`)));
    return {
      qrlx: '3',
      hzgzzh: head.staffNo,
      ryxx: members[0],
      ...(members.length > 1 ? { sqjs: members.slice(1) } : {}),
      ...origin,
      lxdh: PHONE,
      attachments: [...docs, await material(t, head.id, '随迁批复文件')],
      ...extra,
    };
  }

  it('the staff member applies for several family members; each needs relation, a valid ID number and documents', async () => {
    const staff = await createPerson(t, { rylb: '4', household: 'in' });
    const wife = personOf('家属妻子', idNumber('19860304', false), { yhzgx: '12' });
    const son = personOf('家属儿子', idNumber('20150607', true), { yhzgx: '20' });
    const form = await familyForm(staff, [wife, son]);

    expect((await post(t, '/api/qianru/add', staff.token, { ...form, hzgzzh: 'S000' })).body).toMatchObject({
      code: 100,
      msg: '家属随迁须以教职工本人为户主',
    });
    expect((await post(t, '/api/qianru/add', staff.token, { ...form, hzgzzh: undefined })).body.errors).toContainEqual({
      field: 'hzgzzh',
      message: '请填写户主工作证号',
    });
    expect((await post(t, '/api/qianru/add', staff.token, { ...form, ryxx: { ...wife, yhzgx: undefined } })).body.errors).toContainEqual({
      field: 'ryxx.yhzgx',
      message: '请选择与户主关系',
    });
    expect((await post(t, '/api/qianru/add', staff.token, { ...form, sqjs: [{ ...son, yhzgx: '99' }] })).body.errors).toContainEqual({
      field: 'sqjs[0].yhzgx',
      message: '请选择与户主关系',
    });
    expect(
      (
        await post(t, '/api/qianru/add', staff.token, {
          ...form,
          sqjs: [{ ...son, sfzjh: `${son.sfzjh.slice(0, 17)}${son.sfzjh[17] === '1' ? '2' : '1'}` }],
        })
      ).body.errors,
    ).toContainEqual({ field: 'sqjs[0].sfzjh', message: '身份证件号码格式错误' });
    expect((await post(t, '/api/qianru/add', staff.token, { ...form, sqjs: [{ ...wife, xm: '重复' }] })).body.errors).toContainEqual({
      field: 'sqjs[0].sfzjh',
      message: '随迁人员身份证件号码重复',
    });
    expect(
      (await post(t, '/api/qianru/add', staff.token, { ...form, ryxx: personOf(staff.name, staff.idNumber, { yhzgx: '12' }) })).body.errors,
    ).toContainEqual({ field: 'ryxx.sfzjh', message: '随迁人员身份证件号码重复' });
    expect((await post(t, '/api/qianru/add', staff.token, { ...form, attachments: form.attachments.slice(0, 1) })).body).toMatchObject({
      code: 100,
      msg: '请上传随迁人员2（家属儿子）的证件材料',
    });

    const res = await post(t, '/api/qianru/add', staff.token, form, key());
    expect(res.body).toMatchObject({ code: 200, data: { kindName: '家属随迁', status: 1 } });
    const id = res.body.data.id as number;
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, staff.token)).body.data.title).toBe('家属随迁 · 家属妻子、家属儿子');
    const confirm = (await get(t, `/api/qianru/getQrxxYhAndHz?id=${id}`, staff.token)).body.data;
    expect(confirm).toMatchObject({
      yh: { xm: '家属妻子', yhzgxmc: '妻' },
      hz: { xm: staff.name, gzzh: staff.staffNo, yhzgxmc: '户主' },
      sqjs: [{ xm: '家属儿子', yhzgxmc: '子' }],
      jthmc: '示范大学教职工集体户',
    });

    await permitReady(id);
    expect((await continueWith(staff, id)).body.code).toBe(200);
    await finish(id);
    const family = (await post(t, '/api/qianchu/getJsById', staff.token, { id: staff.id })).body.data;
    expect(family.map((m: { xm: string; yhzgxmc: string; hkIn: boolean }) => `${m.xm} ${m.yhzgxmc} ${m.hkIn}`)).toEqual([
      '家属妻子 妻 true',
      '家属儿子 子 true',
    ]);
    expect((await get(t, '/api/zhzx/wdhj/getInfo', staff.token)).body.data.yhzgx).toBe('户主');

    const card = await pdfOf(staff.token, `/api/qianru/downloadhkkPdf?id=${id}`);
    expect(card.pdf).toMatchObject({ pages: 2, embeddedFont: true });
    expect(card.pdf.text).toContain('家属妻子');
    expect(card.pdf.text).toContain('家属儿子');
    expect(card.pdf.text).toContain(`户主姓名：${staff.name}`);
    const head = await pdfOf(staff.token, `/api/qianru/downloadHzsyzpPdf?id=${id}`);
    expect(head.pdf.text).toContain(`${staff.name}（工作证号 ${staff.staffNo}）`);

    // A family member cannot move in twice.
    const again = await familyForm(staff, [wife]);
    expect((await post(t, '/api/qianru/add', staff.token, again)).body).toMatchObject({
      code: 100,
      msg: '家属妻子的户口已在本校，无需迁入',
    });
  });

  it('a family member applies for themselves, proving the head by name, staff number and full ID number', async () => {
    const outStaff = await createPerson(t, { rylb: '4' });
    const staff = await createPerson(t, { rylb: '4', household: 'in' });
    const member = await createPerson(t, { rylb: '5' });
    const me = personOf(member.name, member.idNumber, { yhzgx: '11' });
    const form = { ...(await familyForm(member, [me])), ...proofOf(staff) };
    // Missing or malformed proof is a field error (not counted: it tells nothing about anyone).
    expect((await post(t, '/api/qianru/add', member.token, { ...form, hzxm: ' ' })).body.errors).toContainEqual({
      field: 'hzxm',
      message: '请填写户主姓名',
    });
    expect((await post(t, '/api/qianru/add', member.token, { ...form, hzsfzjh: undefined })).body.errors).toContainEqual({
      field: 'hzsfzjh',
      message: '请填写户主身份证件号码',
    });
    const badCheck = `${staff.idNumber.slice(0, 17)}${staff.idNumber[17] === '0' ? '1' : '0'}`;
    expect((await post(t, '/api/qianru/add', member.token, { ...form, hzsfzjh: badCheck })).body.errors).toContainEqual({
      field: 'hzsfzjh',
      message: '身份证件号码格式错误',
    });
    // A head not at school, or no staff member at all, is the same mismatch.
    expect((await post(t, '/api/qianru/add', member.token, { ...form, ...proofOf(outStaff) })).body).toEqual({
      code: 100,
      msg: HEAD_MISMATCH,
    });
    expect((await post(t, '/api/qianru/add', member.token, { ...form, hzgzzh: 'NOBODY' })).body).toEqual({ code: 100, msg: HEAD_MISMATCH });
    expect((await post(t, '/api/qianru/add', outStaff.token, await familyForm(outStaff, [me]))).body).toMatchObject({
      code: 100,
      msg: '户主信息不存在或户口不在本校',
    });
    const other = personOf(member.name, idNumber('19880802', me.xbm === '1'), { yhzgx: '11' });
    expect((await post(t, '/api/qianru/add', member.token, { ...form, ryxx: other })).body).toMatchObject({
      code: 100,
      msg: '身份证件号与账号信息不一致',
    });
    // The name as people write it (spaces), the ID number's X in either case.
    const written = { ...form, hzxm: ` ${staff.name.slice(0, 2)} ${staff.name.slice(2)} `, hzsfzjh: staff.idNumber.toLowerCase() };
    const id = (await post(t, '/api/qianru/add', member.token, written, key())).body.data.id as number;
    const detail = (await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, member.token)).body.data;
    expect(detail.answers).toMatchObject({ hzgzzh: staff.staffNo, hzxm: staff.name });
    expect(detail.answers.hzsfzjh, 'the proof is not kept').toBeUndefined();
    expect(JSON.stringify(detail)).not.toContain(staff.idNumber);
    expect((await get(t, `/api/qianru/getQrxxYhAndHz?id=${id}`, member.token)).body.data).toMatchObject({
      yh: { xm: member.name, yhzgxmc: '夫' },
      hz: { xm: staff.name },
    });
    await permitReady(id);
    expect((await continueWith(member, id)).body.code).toBe(200);
    await finish(id);
    expect((await get(t, '/api/zhzx/wdhj/getInfo', member.token)).body.data).toMatchObject({
      hkIn: true,
      yhzgx: '夫',
      qrlymc: '家属随迁',
      hh: '510000102',
    });
    expect((await post(t, '/api/qianchu/getJsById', staff.token, { id: staff.id })).body.data).toMatchObject([
      { id: member.id, xm: member.name },
    ]);
    const card = await pdfOf(member.token, `/api/qianru/downloadhkkPdf?id=${id}`);
    expect(card.pdf.pages).toBe(1);
    expect(card.pdf.text).toContain(member.name);
  });

  it('naming a staff member tells a family member nothing about them (issue 8: no personal data, no ID-number oracle)', async () => {
    const victim = await createPerson(t, { rylb: '4', household: 'in' });
    const victimWife = await createPerson(t, { rylb: '5', household: 'in', familyOf: victim.id, relationCode: '12', noLogin: true });
    const head = await createPerson(t, { rylb: '4', household: 'in' });
    // The real head's own record differs from the collective household the move-in lands in.
    await t.app.db
      .update(householdRecords)
      .set({ collectiveName: '户主本人的集体户', policeStationId: null })
      .where(eq(householdRecords.userId, head.id));
    const attacker = await createPerson(t, { rylb: '5' });
    const me = personOf(attacker.name, attacker.idNumber, { yhzgx: '11' });
    const form = await familyForm(attacker, [me]);

    // The staff number alone no longer names a head; every wrong proof gets one answer, whatever was wrong.
    expect((await post(t, '/api/qianru/add', attacker.token, { ...form, hzgzzh: victim.staffNo })).body.errors).toContainEqual({
      field: 'hzxm',
      message: '请填写户主姓名',
    });
    const wrongId = idNumber('19850318', true);
    const attempts = [
      { ...proofOf(victim), hzxm: '张三' },
      { ...proofOf(victim), hzsfzjh: wrongId },
      { ...proofOf(victim), hzgzzh: 'S0000000' },
    ];
    for (const proof of attempts)
      expect((await post(t, '/api/qianru/add', attacker.token, { ...form, ...proof })).body).toEqual({ code: 100, msg: HEAD_MISMATCH });
    expect((await get(t, '/api/qianru/getQrxxHistory', attacker.token)).body.data).toEqual([]);

    // With a head they can prove, the confirmation shows that head's name and masked ID number, nothing else of theirs.
    const id = (await post(t, '/api/qianru/add', attacker.token, { ...form, ...proofOf(head) })).body.data.id as number;
    const confirm = (await get(t, `/api/qianru/getQrxxYhAndHz?id=${id}`, attacker.token)).body.data;
    expect(confirm.hz).toEqual({
      xm: head.name,
      xbmc: null,
      mzmc: null,
      csrq: null,
      sfzjh: expect.stringMatching(/^\d{4}\*+\d{3}[\dX]$/),
      yhzgxmc: '户主',
      gzzh: head.staffNo,
      dwmc: null,
    });
    expect(confirm).toMatchObject({ jthmc: '示范大学教职工集体户', qrdz: '北京市海淀区示范大学集体户', pcsmc: '示范园派出所' });
    const text = JSON.stringify(confirm);
    for (const secret of ['1985-03-17', '户主本人的集体户', head.idNumber]) expect(text).not.toContain(secret);

    // The duplicate-ID check of an edit answers alike for a stranger's ID number (at school, or in a staff family)
    // and for a number that is nobody's: the old oracle (10 candidates, one differing answer) is gone.
    const docs = [...form.attachments, await material(t, attacker.id, '随迁人员2（候选）')];
    const edit = (sfzjh: string) =>
      post(t, '/api/qianru/edit', attacker.token, {
        id,
        ...form,
        ...proofOf(head),
        sqjs: [personOf('候选', sfzjh, { yhzgx: '20' })],
        attachments: docs,
      });
    const answers = [];
    for (const candidate of [victim.idNumber, victimWife.idNumber, idNumber('19850317', true), idNumber('19850317', false)])
      answers.push((await edit(candidate)).body);
    expect(answers[0]).toMatchObject({ code: 200, data: { id } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it("the head's own checks: a stranger's ID number is not refused on submit, staff are stopped when they finish", async () => {
    const staff = await createPerson(t, { rylb: '4', household: 'in' });
    const stranger = await createPerson(t, { rylb: '0', household: 'in' });
    const nobody = idNumber('20100101', true);
    const form = await familyForm(staff, [personOf('陌生人', stranger.idNumber, { yhzgx: '20' })]);
    const added = await post(t, '/api/qianru/add', staff.token, form);
    expect(added.body).toMatchObject({ code: 200, data: { status: 1 } });
    const id = added.body.data.id as number;
    const other = (await post(t, '/api/qianru/edit', staff.token, { id, ...form, ryxx: personOf('陌生人', nobody, { yhzgx: '20' }) })).body;
    const same = (await post(t, '/api/qianru/edit', staff.token, { id, ...form })).body;
    expect(same).toEqual(other);
    // 教职工迁入 with family: the same for its sqjs.
    const newcomer = await createPerson(t, { rylb: '4' });
    const staffForm = await ownForm(newcomer, '2');
    const withMember = async (sfzjh: string) => ({
      ...staffForm,
      sqjs: [personOf('陌生人', sfzjh, { yhzgx: '20' })],
      attachments: [...staffForm.attachments, await material(t, newcomer.id, '随迁人员1（陌生人）')],
    });
    const staffId = (await post(t, '/api/qianru/add', newcomer.token, await withMember(stranger.idNumber))).body.data.id as number;
    const a = (await post(t, '/api/qianru/edit', newcomer.token, { id: staffId, ...(await withMember(nobody)) })).body;
    const b = (await post(t, '/api/qianru/edit', newcomer.token, { id: staffId, ...(await withMember(stranger.idNumber)) })).body;
    expect(a).toMatchObject({ code: 200 });
    expect(b).toEqual(a);

    // Finishing would take over someone registered at the school: refused, their record untouched.
    await permitReady(id);
    expect((await continueWith(staff, id)).body.code).toBe(200);
    await staffMoves(t, id, 2);
    await staffMoves(t, id, 4);
    await expect(staffMoves(t, id, 7)).rejects.toMatchObject({ statusCode: 409, message: '陌生人的户口已在本校，不能办结' });
    expect(await t.app.repos.users.household(stranger.id)).toMatchObject({ status: '1', householdNo: '510000101' });
    expect((await t.app.repos.users.findById(stranger.id))!.familyOfUserId).toBeNull();
  });

  it('limits the proofs: 5 mismatches per applicant within a day, counted in the database, a match resets nothing', async () => {
    const head = await createPerson(t, { rylb: '4', household: 'in' });
    const target = await createPerson(t, { rylb: '4', household: 'in' });
    const applicant = await createPerson(t, { rylb: '5' });
    const form = await familyForm(applicant, [personOf(applicant.name, applicant.idNumber, { yhzgx: '11' })]);
    const guess = () => post(t, '/api/qianru/add', applicant.token, { ...form, ...proofOf(target), hzsfzjh: idNumber('19850318', true) });
    for (let i = 0; i < 4; i++) expect((await guess()).body).toEqual({ code: 100, msg: HEAD_MISMATCH });
    // A match in between (the applicant's own head) gives no further tries.
    const own = await post(t, '/api/qianru/add', applicant.token, { ...form, ...proofOf(head) });
    expect(own.body).toMatchObject({ code: 200 });
    const id = own.body.data.id as number;
    expect((await guess()).body).toEqual({ code: 100, msg: HEAD_MISMATCH });
    // Locked: the true proof is refused like a wrong one, so nothing is learnt while locked.
    expect((await post(t, '/api/qianru/add', applicant.token, { ...form, ...proofOf(target) })).body).toEqual({
      code: 100,
      msg: HEAD_LOCKED,
    });
    expect((await guess()).body).toEqual({ code: 100, msg: HEAD_LOCKED });
    expect((await post(t, '/api/qianru/edit', applicant.token, { id, ...form, ...proofOf(head) })).body).toEqual({
      code: 100,
      msg: HEAD_LOCKED,
    });
    const [row] = await t.app.repos.loginFailures.get([`hzcheck:u:${applicant.id}`]);
    expect(row!.count).toBe(5);
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(t.clock.now().getTime() + 23 * 3600_000);
    // Others are not affected.
    const neighbour = await createPerson(t, { rylb: '5' });
    const theirs = await familyForm(neighbour, [personOf(neighbour.name, neighbour.idNumber, { yhzgx: '11' })]);
    expect((await post(t, '/api/qianru/add', neighbour.token, { ...theirs, ...proofOf(head) })).body).toMatchObject({ code: 200 });

    // Concurrent guesses cannot pass a count read before the others were counted.
    const rusher = await createPerson(t, { rylb: '5' });
    const rushForm = { ...(await familyForm(rusher, [personOf(rusher.name, rusher.idNumber, { yhzgx: '11' })])), ...proofOf(target) };
    const rush = await Promise.all(
      Array.from({ length: 8 }, () => post(t, '/api/qianru/add', rusher.token, { ...rushForm, hzsfzjh: idNumber('19850318', false) })),
    );
    expect(rush.filter((r) => r.body.msg === HEAD_MISMATCH)).toHaveLength(5);
    expect(rush.filter((r) => r.body.msg === HEAD_LOCKED)).toHaveLength(3);

    // A day later the applicant may try again.
    t.clock.advance(24 * 3600 + 60);
    expect((await post(t, '/api/qianru/edit', applicant.token, { id, ...form, ...proofOf(head) })).body).toMatchObject({
      code: 200,
      data: { id },
    });
  });
});

describe('新生迁入 /api/yingxin', () => {
  const setWindow = async (start: number, end: number) => {
    const now = t.clock.now().getTime();
    const value = {
      yxStartTime: new Date(now + start * 86400_000).toISOString(),
      yxEndTime: new Date(now + end * 86400_000).toISOString(),
    };
    await t.app.db.update(settings).set({ value }).where(eq(settings.key, 'enrolment.window'));
    t.changedByHand();
  };
  afterEach(() => setWindow(-30, 60));

  async function yingxinForm(p: Person, extra: Record<string, unknown> = {}) {
    return {
      sfqr: '1',
      ryxx: personOf(p.name, p.idNumber),
      qyzbh: 'QY510104000777',
      qyzqfjg: '成都市公安局锦江分局',
      yhkszd: { code: '510104', name: '四川省/成都市/锦江区' },
      yhkxxdz: '春熙路8号',
      yhkpcs: '锦江分局春熙路派出所',
      xlm: '61',
      lxdh: PHONE,
      attachments: [
        await material(t, p.id, '迁移证'),
        await material(t, p.id, '录取通知书'),
        await material(t, p.id, '一寸白底彩色证件照电子版'),
      ],
      ...extra,
    };
  }

  it('moves a new student into the student collective household inside the window', async () => {
    const s = await createPerson(t, { rylb: '7' });
    const form = await yingxinForm(s);
    expect((await post(t, '/api/yingxin/add', s.token, { ...form, attachments: form.attachments.slice(1) })).body).toMatchObject({
      code: 100,
      msg: '请上传迁移证照片',
    });
    expect((await post(t, '/api/yingxin/add', s.token, { ...form, attachments: form.attachments.slice(0, 1) })).body).toMatchObject({
      code: 100,
      msg: '请上传录取通知书',
    });
    const missing: [Record<string, unknown>, string, string][] = [
      [{ ryxx: undefined }, 'ryxx', '请填写本人信息'],
      [{ qyzbh: ' ' }, 'qyzbh', '请填写迁移证编号'],
      [{ yhkszd: undefined }, 'yhkszd', '请选择原户口所在地'],
      [{ yhkxxdz: undefined }, 'yhkxxdz', '请填写原户口所在地详细地址'],
      [{ yhkpcs: undefined }, 'yhkpcs', '请填写原户口所在地派出所'],
      [{ xlm: undefined }, 'xlm', '请选择学历'],
    ];
    for (const [patch, field, message] of missing)
      expect((await post(t, '/api/yingxin/add', s.token, { ...form, ...patch })).body.errors, field).toContainEqual({ field, message });
    const k = key();
    const res = await post(t, '/api/yingxin/add', s.token, form, k);
    expect(res.body).toMatchObject({ code: 200, data: { kind: 'yingxin', kindName: '新生迁入', status: 1 } });
    expect((await post(t, '/api/yingxin/add', s.token, form, k)).body.data.id).toBe(res.body.data.id);
    expect((await post(t, '/api/yingxin/add', s.token, form)).body).toMatchObject({
      code: 100,
      msg: '您已有正在办理的该项业务，请勿重复提交',
    });
    const id = res.body.data.id as number;
    expect((await post(t, '/api/yingxin/edit', s.token, { id, ...form, yhkxxdz: '春熙路9号' })).body).toMatchObject({
      code: 200,
      data: { id },
    });
    expect((await get(t, '/api/qianru/getQrxxHistory', s.token)).body.data[0]).toMatchObject({
      id,
      kind: 'yingxin',
      title: '新生迁入 · 迁入学生集体户',
    });
    await finish(id);
    expect((await get(t, '/api/zhzx/wdhj/getInfo', s.token)).body.data).toMatchObject({
      hkIn: true,
      jthmc: '示范大学学生集体户',
      qrlymc: '学生入学',
      ysdz: '四川省成都市锦江区春熙路9号',
    });
    expect((await get(t, '/api/qianru/getQrxxHistory', s.token)).body.data[0].actions).toEqual(['voucher']);
    const card = await pdfOf(s.token, `/api/qianru/downloadhkkPdf?id=${id}`);
    expect(card.pdf).toMatchObject({ pages: 1, embeddedFont: true });
    expect(card.pdf.images).toBeGreaterThan(0);
    expect(card.pdf.text).toContain(s.name);
    expect((await post(t, '/api/yingxin/add', s.token, form)).body).toMatchObject({ code: 100, msg: '您的户口已在本校，无需迁入' });
  });

  it('takes the ID number the account holds when the student leaves it out; an account without one must give it', async () => {
    const s = await createPerson(t, { rylb: '7' });
    const { sfzjh: _typed, ...untyped } = personOf(s.name, s.idNumber);
    const res = await post(t, '/api/yingxin/add', s.token, await yingxinForm(s, { ryxx: untyped }));
    expect(res.body).toMatchObject({ code: 200, data: { kind: 'yingxin', status: 1 } });
    const stored = (await t.app.repos.applications.findById(res.body.data.id))!.answers as { ryxx: { sfzjh: string } };
    expect(stored.ryxx.sfzjh).toBe(s.idNumber.toUpperCase());
    // The date of birth and the gender are still checked against it.
    const s2 = await createPerson(t, { rylb: '7' });
    const wrongBirth = { ...personOf(s2.name, s2.idNumber), csrq: '2006-01-06' };
    const { sfzjh: _s2, ...wrongUntyped } = wrongBirth;
    expect((await post(t, '/api/yingxin/add', s2.token, await yingxinForm(s2, { ryxx: wrongUntyped }))).body.errors).toContainEqual({
      field: 'ryxx.csrq',
      message: '出生日期与身份证件号码不一致',
    });
    await t.app.db.update(users).set({ idNumber: null, idNumberHash: null }).where(eq(users.id, s2.id));
    t.changedByHand(); // by hand: the cached record goes as on an operator's notification
    const { sfzjh: _s2b, ...noId } = personOf(s2.name, s2.idNumber);
    expect((await post(t, '/api/yingxin/add', s2.token, await yingxinForm(s2, { ryxx: noId }))).body).toMatchObject({
      code: 400,
      errors: [{ field: 'ryxx.sfzjh', message: '请填写身份证件号码' }],
    });
    expect((await post(t, '/api/yingxin/add', s2.token, await yingxinForm(s2))).body).toMatchObject({ code: 200 });
  });

  it('not moving in is registered and finished at once; moving in later is still possible', async () => {
    const s = await createPerson(t, { rylb: '7' });
    const res = await post(t, '/api/yingxin/add', s.token, { sfqr: '0', lxdh: PHONE });
    expect(res.body).toMatchObject({ code: 200, data: { status: 7, statusName: '已办结' } });
    const detail = (await get(t, `/api/wdsq/sqxq/getInfo?id=${res.body.data.id}`, s.token)).body.data;
    expect(detail).toMatchObject({ title: '新生迁入 · 不迁入', answers: { sfqr: '0' } });
    expect(detail.actions).not.toContain('voucher');
    expect(detail.events.map((e: { to: number; actor: { role: string } }) => `${e.to}${e.actor.role}`)).toEqual(['1user', '7system']);
    expect((await get(t, `/api/qianru/downloadhkkPdf?id=${res.body.data.id}`, s.token)).body).toMatchObject({
      code: 100,
      msg: '迁入尚未办结，暂无凭证',
    });
    expect((await get(t, '/api/zhzx/wdhj/getInfo', s.token)).body.data).toMatchObject({ hjzt: '0', hkIn: false });
    expect((await post(t, '/api/yingxin/add', s.token, await yingxinForm(s))).body).toMatchObject({ code: 200, data: { status: 1 } });
  });

  it('is refused outside the window (strictly between yxStartTime and yxEndTime), also for an edit', async () => {
    const s = await createPerson(t, { rylb: '7' });
    const form = await yingxinForm(s);
    const id = (await post(t, '/api/yingxin/add', s.token, form)).body.data.id as number;
    await setWindow(-60, -1);
    expect((await post(t, '/api/yingxin/add', s.token, { sfqr: '0', lxdh: PHONE })).body).toEqual({
      code: 100,
      msg: '当前不在新生迁入办理时间内',
    });
    expect((await post(t, '/api/yingxin/edit', s.token, { id, ...form })).body).toEqual({ code: 100, msg: '当前不在新生迁入办理时间内' });
    expect(
      (await get(t, '/api/userOpenSector?loginType=1', s.token)).body.data.openSectors.find(
        (x: { sectorCode: string }) => x.sectorCode === '5',
      ),
    ).toMatchObject({ disabled: true });
    await setWindow(1, 30);
    expect((await post(t, '/api/yingxin/edit', s.token, { id, ...form })).body).toMatchObject({
      code: 100,
      msg: '当前不在新生迁入办理时间内',
    });
    // The end itself is outside: only strictly before yxEndTime.
    const now = t.clock.now();
    await t.app.db
      .update(settings)
      .set({ value: { yxStartTime: new Date(now.getTime() - 86400_000).toISOString(), yxEndTime: now.toISOString() } })
      .where(eq(settings.key, 'enrolment.window'));
    t.changedByHand();
    expect((await post(t, '/api/yingxin/edit', s.token, { id, ...form })).body).toMatchObject({
      code: 100,
      msg: '当前不在新生迁入办理时间内',
    });
  });

  it('is for new students: type 7, or a postgraduate enrolled in the window year', async () => {
    const old = await createPerson(t, { rylb: '1', studentNo: '2019210001' });
    expect((await post(t, '/api/yingxin/add', old.token, { sfqr: '0', lxdh: PHONE })).body).toMatchObject({
      code: 100,
      msg: '您的人员类型不能办理新生迁入',
    });
    const staff = await createPerson(t, { rylb: '4' });
    expect((await post(t, '/api/yingxin/add', staff.token, { sfqr: '0', lxdh: PHONE })).body).toMatchObject({
      code: 100,
      msg: '您的人员类型不能办理新生迁入',
    });
    const window = (await t.app.repos.settings.get<{ yxStartTime: string }>('enrolment.window'))!;
    const year = new Date(new Date(window.yxStartTime).getTime() + 8 * 3600_000).toISOString().slice(0, 4);
    const fresh = await createPerson(t, { rylb: '1', studentNo: `${year}210777` });
    const res = await post(t, '/api/yingxin/add', fresh.token, await yingxinForm(fresh));
    expect(res.body).toMatchObject({ code: 200, data: { kind: 'yingxin' } });
    const someoneElse = await yingxinForm(fresh, { ryxx: personOf(fresh.name, idNumber('20060105', true)) });
    expect((await post(t, '/api/yingxin/edit', fresh.token, { id: res.body.data.id, ...someoneElse })).body).toMatchObject({
      code: 100,
      msg: '身份证件号与账号信息不一致',
    });
  });
});
