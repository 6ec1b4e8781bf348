// 迁出: the guard (check) of every /move-out/{sub}, the move-out forms with family members, the last finished
// move-out, the household record after a finished move-out (hkIn false, tiles), the migration-certificate services
// (延期, 地址变更 with the address lock, 补办), 毕业生改派 and 注销户口; the demo accounts of the seed.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { settings, users } from '../../server/db/schema.ts';
import { seed } from '../../server/seed/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createPerson, material, type Person } from './movement-helpers.ts';
import { addDays } from '../../server/services/appointments.ts';
import { chinaDate } from '../../server/services/clock.ts';
import { delivery, get, key, post, staffMoves } from './service-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const PHONE = '13900000012';
const check = async (p: Person, sub: string) => (await get(t, `/api/qianchu/check?sub=${sub}`, p.token)).body.data;

async function moveOutForm(p: Person, sub: string, extra: Record<string, unknown> = {}) {
  return {
    sub,
    qwdq: { code: '320102', name: '江苏省/南京市/玄武区' },
    qwxxdz: '中山路100号',
    qwpcs: '新街口派出所',
    qcyy: '毕业就业',
    lqfs: '0',
    lxdh: PHONE,
    attachments: [await material(t, p.id, '毕业证书或学校毕业离校证明')],
    ...extra,
  };
}

type Offer = { sectorCode: string; disabled: boolean; disabledReason: string | null };
/** The 迁出 tile's sub-services (0–7 and the two more) as code → why it is grey (null: offered). */
const offered = (tile: { subSectors: Offer[]; moreSubSectors: Offer[] }) =>
  Object.fromEntries([...tile.subSectors, ...tile.moreSubSectors].map((s) => [s.sectorCode, s.disabled ? s.disabledReason : null]));
const moveOutTile = async (p: Person) =>
  (await get(t, '/api/userOpenSector?loginType=1', p.token)).body.data.openSectors.find(
    (s: { sectorCode: string }) => s.sectorCode === '7',
  );

/** Staff take a submitted application to 已办结 (pickup at the office). */
async function finish(id: number) {
  await staffMoves(t, id, 2);
  await staffMoves(t, id, 4);
  await staffMoves(t, id, 5, { handling: { lqdd: '行政楼108室', lqsj: '工作日 9:00-11:00' } });
  await staffMoves(t, id, 7);
}

/** A student whose graduate move-out is finished (dispatched to an employer when jsdw is given). */
async function graduated(jsdw?: string) {
  const g = await createPerson(t, { rylb: '2', household: 'in' });
  const res = await post(t, '/api/qianchu/add', g.token, await moveOutForm(g, 'graduate', jsdw ? { jsdw } : {}));
  await finish(res.body.data.id);
  return { g, id: res.body.data.id as number };
}

describe('the move-out guard /api/qianchu/check', () => {
  it('answers per sub-route from the person type, being at school and the open applications', async () => {
    const student = await createPerson(t, { rylb: '0', household: 'in' });
    expect(await check(student, 'graduate')).toEqual({
      canQianYi: true,
      canChangeDizhi: true,
      msg: '',
      dizhi: null,
      qyzbh: null,
      qyzyxqz: null,
    });
    expect(await check(student, 'leave-school')).toMatchObject({ canQianYi: true });
    expect(await check(student, 'move-out')).toMatchObject({ canQianYi: true });
    expect(await check(student, 'post-doctoral')).toMatchObject({ canQianYi: false, msg: '您的人员类型不能办理该业务' });
    expect(await check(student, 'staff')).toMatchObject({ canQianYi: false, msg: '您的人员类型不能办理该业务' });
    expect(await check(student, 'postpone')).toMatchObject({ canQianYi: false, msg: '未查询到已办结的迁出记录' });
    expect(await check(student, 'change')).toMatchObject({ canQianYi: false, msg: '未查询到已办结的迁出记录' });
    expect(await check(student, 'mc-card')).toMatchObject({ canQianYi: false, msg: '未查询到已办结的迁出记录' });
    expect(await check(student, 'reassignment')).toMatchObject({ canQianYi: false, msg: '未查询到可改派的迁出记录' });
    expect(await check(student, 'c-issued')).toMatchObject({ canQianYi: true, msg: '' });

    const away = await createPerson(t, { rylb: '1' });
    expect(await check(away, 'graduate')).toMatchObject({ canQianYi: false, msg: '您不在校，无法迁出' });
    expect(await check(away, 'move-out')).toMatchObject({ canQianYi: false, msg: '您不在校，无法迁出' });
    expect(await check(away, 'c-issued')).toMatchObject({ canQianYi: false, msg: '您的户口不在本校，无法注销' });
    const newStudent = await createPerson(t, { rylb: '7' });
    expect(await check(newStudent, 'move-out')).toMatchObject({ canQianYi: false, msg: '您的人员类型不能办理该业务' });
    const postdoc = await createPerson(t, { rylb: '3', household: 'in' });
    expect(await check(postdoc, 'post-doctoral')).toMatchObject({ canQianYi: true });
    expect(await check(postdoc, 'graduate')).toMatchObject({ canQianYi: false, msg: '您的人员类型不能办理该业务' });

    expect((await get(t, '/api/qianchu/check?sub=nowhere', student.token)).status).toBe(400);
    expect((await t.json({ method: 'GET', url: '/api/qianchu/check?sub=graduate' })).status).toBe(401);
  });
});

describe('毕业生迁出 and the certificate services', () => {
  it('submits with its rules; once finished the registration has left and the tiles follow hkIn', async () => {
    const g = await createPerson(t, { rylb: '2', household: 'in' });
    const form = await moveOutForm(g, 'graduate', { jsdw: '南京示范科技有限公司' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ qwdq: { code: '000000', name: '无' } }, 'qwdq', '请选择迁往地区'],
      [{ qwxxdz: ' ' }, 'qwxxdz', '请填写迁往详细地址'],
      [{ qcyy: ' ' }, 'qcyy', '请填写迁出原因'],
      [{ lqfs: '1' }, 'yjxx', '请填写邮寄信息'],
    ];
    for (const [patch, field, message] of cases)
      expect((await post(t, '/api/qianchu/add', g.token, { ...form, ...patch })).body.errors, field).toContainEqual({ field, message });
    expect((await post(t, '/api/qianchu/add', g.token, { ...form, attachments: [] })).body).toMatchObject({
      code: 100,
      msg: '请上传证明材料',
    });
    expect((await post(t, '/api/qianchu/add', g.token, { ...form, sub: 'post-doctoral' })).body).toMatchObject({
      code: 100,
      msg: '您的人员类型不能办理该业务',
    });
    expect((await post(t, '/api/qianchu/add', g.token, { ...form, sqcjs: [g.id] })).body).toMatchObject({
      code: 100,
      msg: '随迁家属信息有误',
    });

    const k = key();
    const res = await post(t, '/api/qianchu/add', g.token, { ...form, lqfs: '1', yjxx: delivery(t) }, k);
    expect(res.body).toMatchObject({ code: 200, data: { kind: 'qianchu', kindName: '毕业生迁出', status: 1 } });
    const id = res.body.data.id as number;
    expect((await post(t, '/api/qianchu/add', g.token, { ...form, lqfs: '1', yjxx: delivery(t) }, k)).body.data.id).toBe(id);
    expect((await post(t, '/api/qianchu/add', g.token, form)).body).toMatchObject({ code: 100, msg: '您已有正在办理的迁出业务' });
    expect((await post(t, '/api/qianchu/add', g.token, { ...form, sub: 'leave-school' })).body).toMatchObject({
      code: 100,
      msg: '您已有正在办理的迁出业务',
    });
    expect(await check(g, 'graduate')).toMatchObject({ canQianYi: false, msg: '您已有正在办理的迁出业务' });
    expect((await post(t, '/api/qianchu/edit', g.token, { id, ...form })).body).toMatchObject({ code: 200, data: { id } });
    expect((await post(t, '/api/qianchu/edit', g.token, { id, ...form, sub: 'leave-school' })).body).toMatchObject({ code: 400 });
    const other = await createPerson(t, { rylb: '2', household: 'in' });
    expect((await post(t, '/api/qianchu/edit', other.token, { id, ...form })).body).toEqual({ code: 404, msg: '申请不存在' });
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, g.token)).body.data).toMatchObject({
      sub: 'graduate',
      title: '毕业生迁出 · 迁往 江苏省南京市玄武区',
      answers: { jsdw: '南京示范科技有限公司' },
    });
    expect((await get(t, '/api/qianchu/getLastFinishedQcByUserSfzjh', g.token)).body).toMatchObject({ code: 200, data: null });

    await finish(id);
    const today = chinaDate(t.clock.now());
    expect((await get(t, '/api/zhzx/wdhj/getInfo', g.token)).body.data).toMatchObject({
      hjzt: '2',
      hjztmc: '已迁出',
      hkIn: false,
      qcrq: today,
    });
    expect((await post(t, '/api/userinfo', g.token)).body.data.hkIn).toBe(false);
    const tiles = (await get(t, '/api/userOpenSector?loginType=1', g.token)).body.data.openSectors;
    expect(tiles.find((s: { sectorCode: string }) => s.sectorCode === '2')).toMatchObject({
      disabled: true,
      disabledReason: '您不在校，无法借用户口卡',
    });
    // Moved out with a valid certificate: the 迁出 tile opens on the certificate services (services.md).
    const moveOut = tiles.find((s: { sectorCode: string }) => s.sectorCode === '7');
    expect(moveOut).toMatchObject({ disabled: false, disabledReason: null });
    expect(offered(moveOut)).toEqual({
      '0': '您不在校，无法迁出',
      '1': '该业务不适用于您的人员类别',
      '2': '该业务不适用于您的人员类别',
      '3': '您不在校，无法迁出',
      '4': null,
      '5': '毕业生地址为锁定状态，无法修改户口迁出地址',
      '6': null,
      '7': '您的户口不在本校，无法注销',
      reassignment: null,
      'move-out': '您不在校，无法迁出',
    });
    expect(
      (await post(t, '/api/daily/hkkjy/add', g.token, { jyyy: '1', jyrq: today, ghrq: today, lqfs: '0', lxdh: PHONE })).body,
    ).toMatchObject({ code: 100, msg: '您不在校，无法借用户口卡' });

    const last = (await get(t, '/api/qianchu/getLastFinishedQcByUserSfzjh', g.token)).body.data;
    expect(last).toMatchObject({ id, status: 7, kind: 'qianchu', sub: 'graduate', answers: { qwxxdz: '中山路100号' } });
    expect(await check(g, 'graduate')).toMatchObject({ canQianYi: false, msg: '您不在校，无法迁出' });
    const change = await check(g, 'change');
    expect(change).toMatchObject({
      canQianYi: true,
      canChangeDizhi: false,
      msg: '毕业生地址为锁定状态，无法修改户口迁出地址',
      dizhi: '江苏省南京市玄武区中山路100号',
      qyzyxqz: addDays(today, 30),
    });
    expect(change.qyzbh).toMatch(/^京\d{10}$/);
    expect(await check(g, 'postpone')).toMatchObject({ canQianYi: true, msg: '', canChangeDizhi: false });
    expect(await check(g, 'reassignment')).toMatchObject({ canQianYi: true });

    // 地址变更 is refused for the locked address; 补办 and 改派 go on.
    const qyzbg = {
      qyzbh: change.qyzbh,
      xqwdq: { code: '110105', name: '北京市/市辖区/朝阳区' },
      xqwxxdz: '建国路1号',
      bgyy: '单位变更',
      lqfs: '0',
      lxdh: PHONE,
      attachments: [await material(t, g.id, '接收证明')],
    };
    expect((await post(t, '/api/daily/qyzbg/add', g.token, qyzbg)).body).toEqual({
      code: 100,
      msg: '毕业生地址为锁定状态，无法修改户口迁出地址',
    });
    const qykbb = { yqyzbh: change.qyzbh, bbyy: '遗失', lqfs: '0', lxdh: PHONE };
    expect((await post(t, '/api/daily/qykbb/add', g.token, qykbb)).body).toMatchObject({
      code: 100,
      msg: '请上传遗失声明或损毁的原证照片',
    });
    const reissue = await post(t, '/api/daily/qykbb/add', g.token, { ...qykbb, attachments: [await material(t, g.id, '遗失声明')] });
    expect(reissue.body).toMatchObject({ code: 200, data: { kind: 'qykbb', kindName: '迁移证补办' } });
    expect(
      (
        await post(t, '/api/daily/qykbb/update', g.token, {
          id: reissue.body.data.id,
          ...qykbb,
          lqfs: '1',
          yjxx: delivery(t),
          attachments: [await material(t, g.id, '遗失声明')],
        })
      ).body.code,
    ).toBe(200);
    expect(await check(g, 'reassignment')).toMatchObject({ canQianYi: false, msg: '您已有正在办理的迁出业务' });
    await finish(reissue.body.data.id);
    const renewed = await check(g, 'mc-card');
    expect(renewed.qyzbh).not.toBe(change.qyzbh);

    const reassign = await moveOutForm(g, 'reassignment', {
      qwdq: { code: '330106', name: '浙江省/杭州市/西湖区' },
      qwxxdz: '文三路1号',
      jsdw: '杭州示范网络有限公司',
      attachments: [await material(t, g.id, '改派后的就业报到证或接收函')],
    });
    expect((await post(t, '/api/qianchu/add', g.token, { ...reassign, yqcid: id + 999 })).body).toMatchObject({
      code: 100,
      msg: '未查询到可改派的迁出记录',
    });
    expect((await post(t, '/api/qianchu/add', g.token, { ...reassign, yqcid: id, jsdw: undefined })).body.errors).toContainEqual({
      field: 'jsdw',
      message: '请填写改派后的接收单位',
    });
    const reassigned = await post(t, '/api/qianchu/add', g.token, { ...reassign, yqcid: id });
    expect(reassigned.body).toMatchObject({ code: 200, data: { kindName: '毕业生改派' } });
    await finish(reassigned.body.data.id);
    expect(await check(g, 'change')).toMatchObject({ canChangeDizhi: false, dizhi: '浙江省杭州市西湖区文三路1号' });
    expect((await get(t, '/api/qianchu/getLastFinishedQcByUserSfzjh', g.token)).body.data).toMatchObject({
      id: reassigned.body.data.id,
      sub: 'reassignment',
    });
  });

  it('a graduate going back to the origin keeps the address open: 地址变更 and 延期', async () => {
    const { g } = await graduated();
    const verdict = await check(g, 'change');
    expect(verdict).toMatchObject({ canQianYi: true, canChangeDizhi: true, msg: '', dizhi: '江苏省南京市玄武区中山路100号' });
    const form = {
      qyzbh: verdict.qyzbh,
      ydz: '客户端写的地址',
      xqwdq: { code: '110105', name: '北京市/市辖区/朝阳区' },
      xqwxxdz: '建国路1号',
      bgyy: '落户北京',
      lqfs: '0',
      lxdh: PHONE,
    };
    expect((await post(t, '/api/daily/qyzbg/add', g.token, form)).body).toMatchObject({ code: 100, msg: '请上传新迁往地的接收证明' });
    expect((await post(t, '/api/daily/qyzbg/add', g.token, { ...form, xqwdq: { code: '123456', name: 'x' } })).body.errors).toContainEqual({
      field: 'xqwdq',
      message: '请选择新迁往地区',
    });
    const res = await post(t, '/api/daily/qyzbg/add', g.token, { ...form, attachments: [await material(t, g.id, '接收证明')] }, key());
    expect(res.body).toMatchObject({ code: 200, data: { kind: 'qyzbg', kindName: '迁移证地址变更' } });
    const id = res.body.data.id as number;
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, g.token)).body.data).toMatchObject({
      title: '迁移证地址变更 · 改迁往 北京市朝阳区',
      answers: { ydz: '江苏省南京市玄武区中山路100号' },
    });
    expect(
      (
        await post(t, '/api/daily/qyzbg/update', g.token, {
          id,
          ...form,
          bgyy: '改为落户北京',
          attachments: [await material(t, g.id, '接收证明')],
        })
      ).body.code,
    ).toBe(200);
    await finish(id);
    expect(await check(g, 'change')).toMatchObject({ dizhi: '北京市朝阳区建国路1号', canChangeDizhi: true });

    const today = chinaDate(t.clock.now());
    const postpone = { qyzbh: verdict.qyzbh, yyxqz: today, yqyy: '单位报到推迟', lqfs: '0', lxdh: PHONE };
    expect((await post(t, '/api/daily/qyzyq/add', g.token, postpone)).body).toMatchObject({ code: 100, msg: '请上传迁移证照片' });
    const photo = [await material(t, g.id, '迁移证')];
    expect(
      (await post(t, '/api/daily/qyzyq/add', g.token, { ...postpone, yyxqz: addDays(today, -31), attachments: photo })).body,
    ).toMatchObject({ code: 100, msg: '迁移证已过期，请到户籍办公室办理' });
    const p = await post(t, '/api/daily/qyzyq/add', g.token, { ...postpone, attachments: photo });
    expect(p.body).toMatchObject({ code: 200, data: { kind: 'qyzyq', kindName: '迁移证延期' } });
    expect((await post(t, '/api/daily/qyzyq/add', g.token, { ...postpone, attachments: photo })).body).toMatchObject({
      code: 100,
      msg: '您已有正在办理的迁出业务',
    });
    expect(
      (await post(t, '/api/daily/qyzyq/update', g.token, { id: p.body.data.id, ...postpone, yqyy: '推迟报到', attachments: photo })).body
        .code,
    ).toBe(200);
    t.clock.advance(3 * 86400);
    await finish(p.body.data.id);
    expect((await check(g, 'postpone')).qyzyxqz).toBe(addDays(chinaDate(t.clock.now()), 30));
  });

  it('the tile offers what the guard lets through: at school the ways out, moved out the certificate services', async () => {
    const student = await createPerson(t, { rylb: '2', household: 'in' });
    const tile = await moveOutTile(student);
    expect(tile).toMatchObject({ disabled: false, disabledReason: null });
    const atSchool = offered(tile);
    expect(atSchool).toEqual({
      '0': null,
      '1': '该业务不适用于您的人员类别',
      '2': '该业务不适用于您的人员类别',
      '3': null,
      '4': '未查询到已办结的迁出记录',
      '5': '未查询到已办结的迁出记录',
      '6': '未查询到已办结的迁出记录',
      '7': null,
      reassignment: '未查询到可改派的迁出记录',
      'move-out': null,
    });
    // Every sub-route answers the guard as the tile said.
    const subs = {
      '0': 'graduate',
      '3': 'leave-school',
      '4': 'postpone',
      '5': 'change',
      '6': 'mc-card',
      '7': 'c-issued',
      reassignment: 'reassignment',
      'move-out': 'move-out',
    } as const;
    for (const [code, sub] of Object.entries(subs))
      expect(await check(student, sub), sub).toMatchObject({ canQianYi: atSchool[code] === null, msg: atSchool[code] ?? '' });

    const { g } = await graduated();
    const gone = offered(await moveOutTile(g));
    expect(
      Object.entries(gone)
        .filter(([, reason]) => reason === null)
        .map(([code]) => code),
    ).toEqual(['4', '5', '6', 'reassignment']);
    for (const [code, sub] of Object.entries(subs))
      expect(await check(g, sub), sub).toMatchObject({ canQianYi: gone[code] === null, msg: gone[code] ?? '' });

    // Someone who left without a certificate (e.g. the record says 已迁出 only) has no move-out to start.
    const away = await createPerson(t, { rylb: '2', household: 'out' });
    const awayTile = await moveOutTile(away);
    expect(awayTile).toMatchObject({ disabled: true, disabledReason: '您不在校，无法迁出' });
    // The unit tests stub this answer (tests/unit/features/move-out-fixtures.ts notAtSchool).
    expect(offered(awayTile)).toEqual({
      '0': '您不在校，无法迁出',
      '1': '该业务不适用于您的人员类别',
      '2': '该业务不适用于您的人员类别',
      '3': '您不在校，无法迁出',
      '4': '未查询到已办结的迁出记录',
      '5': '未查询到已办结的迁出记录',
      '6': '未查询到已办结的迁出记录',
      '7': '您的户口不在本校，无法注销',
      reassignment: '未查询到可改派的迁出记录',
      'move-out': '您不在校，无法迁出',
    });
  });

  it('the certificate services only while the certificate is valid; 延期 up to 30 days after', async () => {
    const { g, id } = await graduated();
    const valid = (await check(g, 'postpone')).qyzyxqz as string;
    expect(valid).toBe(addDays(chinaDate(t.clock.now()), 30));

    onTestFinished(() => t.clock.advance(-moved * 86400));
    let moved = 0;
    // Sessions last 7 days: a fresh one after each jump.
    const later = async (days: number) => {
      moved += days;
      t.clock.advance(days * 86400);
      g.token = await t.app.services.sessions.create(g.id, '1', '127.0.0.1');
    };
    await later(31); // expired yesterday
    expect(await check(g, 'postpone')).toMatchObject({ canQianYi: true, msg: '' });
    for (const sub of ['change', 'mc-card', 'reassignment'])
      expect(await check(g, sub), sub).toMatchObject({ canQianYi: false, msg: '迁移证已过期，请先办理迁移证延期' });
    expect(offered(await moveOutTile(g))).toMatchObject({
      '4': null,
      '5': '迁移证已过期，请先办理迁移证延期',
      '6': '迁移证已过期，请先办理迁移证延期',
      reassignment: '迁移证已过期，请先办理迁移证延期',
    });
    expect(await moveOutTile(g)).toMatchObject({ disabled: false });
    expect(
      (
        await post(t, '/api/daily/qykbb/add', g.token, {
          bbyy: '遗失',
          lqfs: '0',
          lxdh: PHONE,
          attachments: [await material(t, g.id, '遗失声明')],
        })
      ).body,
    ).toEqual({ code: 100, msg: '迁移证已过期，请先办理迁移证延期' });
    const reassign = await moveOutForm(g, 'reassignment', { jsdw: '杭州示范网络有限公司', yqcid: id });
    expect((await post(t, '/api/qianchu/add', g.token, reassign)).body).toEqual({ code: 100, msg: '迁移证已过期，请先办理迁移证延期' });

    await later(30); // expired 31 days ago: only the office can help
    for (const sub of ['postpone', 'change', 'mc-card', 'reassignment'])
      expect(await check(g, sub), sub).toMatchObject({ canQianYi: false, msg: '迁移证已过期，请到户籍办公室办理' });
    expect(await moveOutTile(g)).toMatchObject({ disabled: true, disabledReason: '迁移证已过期，请到户籍办公室办理' });
    const postpone = {
      qyzbh: valid,
      yyxqz: valid,
      yqyy: '报到推迟',
      lqfs: '0',
      lxdh: PHONE,
      attachments: [await material(t, g.id, '迁移证')],
    };
    expect((await post(t, '/api/daily/qyzyq/add', g.token, postpone)).body).toEqual({ code: 100, msg: '迁移证已过期，请到户籍办公室办理' });
  });

  it('a double submit makes one application, also when both arrive at once', async () => {
    const g = await createPerson(t, { rylb: '1', household: 'in' });
    const form = await moveOutForm(g, 'leave-school', { qcyy: '退学' });
    const k = key();
    const [a, b] = await Promise.all([post(t, '/api/qianchu/add', g.token, form, k), post(t, '/api/qianchu/add', g.token, form, k)]);
    expect(a.body.data.id).toBe(b.body.data.id);
    const other = await createPerson(t, { rylb: '1', household: 'in' });
    const otherForm = await moveOutForm(other, 'leave-school', { qcyy: '休学' });
    const both = await Promise.all([
      post(t, '/api/qianchu/add', other.token, otherForm),
      post(t, '/api/qianchu/add', other.token, otherForm),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual([100, 200]);
    expect((await t.app.repos.applications.activeAmong(other.id, ['qianchu'])).length).toBe(1);
  });

  it('refuses the certificate services to who has no finished move-out', async () => {
    const s = await createPerson(t, { rylb: '0', household: 'in' });
    const form = { qyzbh: 'X1', yyxqz: '2026-01-01', yqyy: 'x', lqfs: '0', lxdh: PHONE, attachments: [await material(t, s.id, '迁移证')] };
    expect((await post(t, '/api/daily/qyzyq/add', s.token, form)).body).toEqual({ code: 100, msg: '未查询到已办结的迁出记录' });
    expect((await post(t, '/api/daily/qykbb/add', s.token, { bbyy: 'x', lqfs: '0', lxdh: PHONE })).body).toEqual({
      code: 100,
      msg: '未查询到已办结的迁出记录',
    });
    expect(
      (
        await post(t, '/api/daily/qyzbg/add', s.token, {
          qyzbh: 'X',
          xqwdq: { code: '110105', name: '北京市/市辖区/朝阳区' },
          xqwxxdz: 'x',
          bgyy: 'x',
          lqfs: '0',
          lxdh: PHONE,
        })
      ).body,
    ).toEqual({ code: 100, msg: '未查询到已办结的迁出记录' });
    const reassign = await moveOutForm(s, 'reassignment', { jsdw: '某单位', yqcid: 1 });
    expect((await post(t, '/api/qianchu/add', s.token, reassign)).body).toEqual({ code: 100, msg: '未查询到可改派的迁出记录' });
  });
});

describe('教职工(含家属)迁出 with family members from getJsById', () => {
  it('lists one own family, refuses anyone else, moves the staff member out with two of them', async () => {
    const staff = await createPerson(t, { rylb: '4', household: 'in', relationCode: '02' });
    const wife = await createPerson(t, {
      rylb: '5',
      household: 'in',
      familyOf: staff.id,
      relationCode: '12',
      name: '迁出妻子',
      male: false,
      noLogin: true,
    });
    const son = await createPerson(t, {
      rylb: '5',
      household: 'in',
      familyOf: staff.id,
      relationCode: '20',
      name: '迁出儿子',
      male: true,
      noLogin: true,
    });
    const gone = await createPerson(t, {
      rylb: '5',
      household: 'out',
      familyOf: staff.id,
      relationCode: '51',
      name: '已迁父亲',
      male: true,
      noLogin: true,
    });
    const otherStaff = await createPerson(t, { rylb: '4', household: 'in' });
    const stranger = await createPerson(t, { rylb: '5', household: 'in', familyOf: otherStaff.id, relationCode: '12', noLogin: true });

    const family = (await post(t, '/api/qianchu/getJsById', staff.token, { id: staff.id })).body.data;
    expect(family).toEqual([
      { id: wife.id, xm: '迁出妻子', xbmc: '女', yhzgx: '12', yhzgxmc: '妻', sfzjh: expect.stringContaining('*'), hkIn: true },
      { id: son.id, xm: '迁出儿子', xbmc: '男', yhzgx: '20', yhzgxmc: '子', sfzjh: expect.stringContaining('*'), hkIn: true },
      { id: gone.id, xm: '已迁父亲', xbmc: '男', yhzgx: '51', yhzgxmc: '父亲', sfzjh: expect.stringContaining('*'), hkIn: false },
    ]);
    expect((await post(t, '/api/qianchu/getJsById', staff.token, { id: otherStaff.id })).body).toEqual({
      code: 403,
      msg: '您无权访问该资源',
    });
    expect((await post(t, '/api/qianchu/getJsById', staff.token, {})).status).toBe(400);

    const form = await moveOutForm(staff, 'staff', {
      qcyy: '工作调动',
      jsdw: '南京示范研究院',
      attachments: [await material(t, staff.id, '调动、离职证明或房屋产权证明')],
    });
    expect((await post(t, '/api/qianchu/add', staff.token, { ...form, sqcjs: [wife.id, stranger.id] })).body).toEqual({
      code: 100,
      msg: '随迁家属信息有误',
    });
    expect((await post(t, '/api/qianchu/add', staff.token, { ...form, sqcjs: [gone.id] })).body).toEqual({
      code: 100,
      msg: '随迁家属信息有误',
    });
    expect((await post(t, '/api/qianchu/add', staff.token, { ...form, sub: 'graduate' })).body).toMatchObject({
      code: 100,
      msg: '您的人员类型不能办理该业务',
    });
    const res = await post(t, '/api/qianchu/add', staff.token, { ...form, sqcjs: [wife.id, son.id, son.id] }, key());
    expect(res.body).toMatchObject({ code: 200, data: { kindName: '教职工(含家属)迁出' } });
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${res.body.data.id}`, staff.token)).body.data.answers.sqcjs).toEqual([wife.id, son.id]);
    await finish(res.body.data.id);

    expect((await get(t, '/api/zhzx/wdhj/getInfo', staff.token)).body.data).toMatchObject({ hjzt: '2', hkIn: false });
    const after = (await post(t, '/api/qianchu/getJsById', staff.token, { id: staff.id })).body.data;
    expect(after.map((m: { hkIn: boolean }) => m.hkIn)).toEqual([false, false, false]);
    expect(await t.app.repos.users.household(wife.id)).toMatchObject({
      status: '2',
      migrationAddress: '江苏省南京市玄武区中山路100号',
      addressLocked: false,
    });
    expect(await t.app.repos.users.household(stranger.id)).toMatchObject({ status: '1' });
  });
});

describe('注销户口并开具证明 /api/daily/zxhkzmkj', () => {
  it('lists the reasons, asks the country when settling abroad, ends the registration', async () => {
    const p = await createPerson(t, { rylb: '4', household: 'in' });
    const reasons = (await post(t, '/api/daily/zxhkzmkj/bllxlist', p.token)).body.data;
    expect(reasons[0]).toMatchObject({ dictValue: '1', dictLabel: '出国（境）定居', switch: '1' });
    const form = { bllx: '1', zxyy: '定居海外', lqfs: '0', lxdh: PHONE };
    expect((await post(t, '/api/daily/zxhkzmkj/add', p.token, form)).body.errors).toContainEqual({
      field: 'qwgj',
      message: '请填写前往国家或地区',
    });
    expect((await post(t, '/api/daily/zxhkzmkj/add', p.token, { ...form, bllx: '66' })).body.errors).toContainEqual({
      field: 'bllx',
      message: '请选择注销原因',
    });
    expect((await post(t, '/api/daily/zxhkzmkj/add', p.token, { ...form, qwgj: '新西兰', lqfs: '1' })).body.errors).toContainEqual({
      field: 'yjxx',
      message: '请填写邮寄信息',
    });
    const res = await post(t, '/api/daily/zxhkzmkj/add', p.token, { ...form, qwgj: '新西兰' }, key());
    expect(res.body).toMatchObject({ code: 200, data: { kind: 'zxhkzmkj', kindName: '注销户口并开具证明' } });
    expect(
      (await post(t, '/api/daily/zxhkzmkj/edit', p.token, { id: res.body.data.id, ...form, bllx: '4', zxyy: '应征入伍' })).body.code,
    ).toBe(200);
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${res.body.data.id}`, p.token)).body.data.title).toBe(
      '注销户口并开具证明 · 应征入伍（服现役）',
    );
    expect(await check(p, 'staff')).toMatchObject({ canQianYi: false, msg: '您已有正在办理的迁出业务' });
    await finish(res.body.data.id);
    expect((await get(t, '/api/zhzx/wdhj/getInfo', p.token)).body.data).toMatchObject({ hjzt: '2', hkIn: false });
    expect((await post(t, '/api/daily/zxhkzmkj/add', p.token, { ...form, qwgj: '新西兰' })).body).toEqual({
      code: 100,
      msg: '您的户口不在本校，无法注销',
    });
    expect(await check(p, 'postpone')).toMatchObject({ canQianYi: false, msg: '未查询到已办结的迁出记录' });
  });
});

describe('the demo accounts of the seed', () => {
  it('a graduate whose address is locked, the staff member with family members', async () => {
    const graduate = { token: await t.login('13800138009') } as Person;
    expect(await check(graduate, 'change')).toMatchObject({
      canQianYi: true,
      canChangeDizhi: false,
      msg: '毕业生地址为锁定状态，无法修改户口迁出地址',
      dizhi: '江苏省南京市玄武区中山路100号南京示范科技有限公司集体户',
    });
    expect(await check(graduate, 'graduate')).toMatchObject({ canQianYi: false, msg: '您不在校，无法迁出' });
    for (const sub of ['postpone', 'mc-card', 'reassignment'])
      expect(await check(graduate, sub), sub).toMatchObject({ canQianYi: true, msg: '' });
    const tile = await moveOutTile(graduate);
    expect(tile).toMatchObject({ disabled: false, disabledReason: null });
    expect(
      Object.entries(offered(tile))
        .filter(([, reason]) => reason === null)
        .map(([code]) => code),
    ).toEqual(['4', '6', 'reassignment']);
    expect((await get(t, '/api/zhzx/wdhj/getInfo', graduate.token)).body.data).toMatchObject({ xm: '吴雨晨', hjzt: '2', hkIn: false });
    const last = (await get(t, '/api/qianchu/getLastFinishedQcByUserSfzjh', graduate.token)).body.data;
    expect(last).toMatchObject({ kind: 'qianchu', sub: 'graduate', status: 7, answers: { jsdw: '南京示范科技有限公司' } });
    expect(last.events.map((e: { to: number }) => e.to)).toEqual([1, 2, 4, 5, 7]);

    const staffToken = await t.login('13800138005');
    const me = (await post(t, '/api/userinfo', staffToken)).body.data;
    const family = (await post(t, '/api/qianchu/getJsById', staffToken, { id: me.id })).body.data;
    expect(family.map((m: { xm: string; yhzgxmc: string; hkIn: boolean }) => `${m.xm}${m.yhzgxmc}${m.hkIn}`)).toEqual([
      '赵敏妻true',
      '刘子轩子true',
      '王秀兰母亲true',
    ]);
    expect(await check({ token: staffToken } as Person, 'staff')).toMatchObject({ canQianYi: true });
    const stations = (await post(t, '/api/qianchu/getPcsList', staffToken, { ssq: '110108' })).body.data;
    expect(stations.length).toBeGreaterThan(0);
  });

  it('a database seeded with version 2 gets them on the next start, once', async () => {
    const graduate = (await t.app.repos.users.findByPhone('13800138009'))!;
    const staff = (await t.app.repos.users.findByPhone('13800138005'))!;
    const added = (await t.app.repos.users.familyOf(staff.id)).filter((m) => ['刘子轩', '王秀兰'].includes(m.user.name));
    await t.app.db.delete(users).where(inArray(users.id, [graduate.id, ...added.map((m) => m.user.id)]));
    await t.app.db.update(settings).set({ value: 2 }).where(eq(settings.key, 'seed.version'));
    t.changedByHand();
    expect(await seed(t.app.db, { now: t.clock.now(), demo: true })).toBe(true);
    expect(await seed(t.app.db, { now: t.clock.now(), demo: true })).toBe(false);
    const again = (await t.app.repos.users.findByPhone('13800138009'))!;
    expect(await t.app.repos.users.household(again.id)).toMatchObject({
      status: '2',
      addressLocked: true,
      migrationCertNo: expect.stringMatching(/^京/),
    });
    expect((await t.app.repos.users.familyOf(staff.id)).map((m) => m.user.name)).toEqual(['赵敏', '刘子轩', '王秀兰']);
    const token = await t.login('13800138009');
    expect(await check({ token } as Person, 'change')).toMatchObject({ canChangeDizhi: false });
  });
});
