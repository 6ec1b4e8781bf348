// A household card's state has one source, the borrow applications: 我的户籍, the console's 借出户口卡 list, a new
// loan and a move-out read it alike; a move-out cannot finish while the card is out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../server/services/appointments.ts';
import { call, createStaff } from './admin-helpers.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';
import { createPerson, material } from './movement-helpers.ts';
import { get, offeredDays, post, staffMoves } from './service-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

describe('the household card', () => {
  it('the demo card out shows as 已借出 on 我的户籍 and in the console’s list, from one borrow application', async () => {
    const token = await t.login(demo.doctoral.phone);
    const record = (await get(t, '/api/zhzx/wdhj/getInfo', token)).body.data;
    expect(record).toMatchObject({ hkkzt: '1', hkkztmc: '已借出' });
    const staff = await createStaff(t);
    const listed = (await call(t, 'GET', `/api/admin/borrowed-cards?keyword=${encodeURIComponent(demo.doctoral.xm)}`, staff.token)).body;
    expect(listed.total).toBe(1);
    expect(listed.rows[0]).toMatchObject({ ghrq: record.hkkyhrq, statusName: '已借出', overdue: false });
    const mine = (await get(t, '/api/wdsq/sqxq/getListByType?pageSize=50', token)).body.rows;
    expect(mine.some((a: { kind: string; status: number }) => a.kind === 'hkkjy' && a.status === 4)).toBe(true);
  });

  it('a move-out cannot finish while the card is out; after the return it can, and the record reads right', async () => {
    const g = await createPerson(t, { rylb: '2', household: 'in' });
    const day = offeredDays(t)[0]!;
    const loan = (
      await post(t, '/api/daily/hkkjy/add', g.token, { jyyy: '1', jyrq: day, ghrq: addDays(day, 3), lqfs: '0', lxdh: '13900000009' })
    ).body.data;
    await staffMoves(t, loan.id, 2);
    await staffMoves(t, loan.id, 4);
    expect((await get(t, '/api/zhzx/wdhj/getInfo', g.token)).body.data).toMatchObject({
      hkkzt: '1',
      hkkztmc: '已借出',
      hkkyhrq: addDays(day, 3),
    });

    const moveOut = (
      await post(t, '/api/qianchu/add', g.token, {
        sub: 'graduate',
        qwdq: { code: '320102', name: '江苏省/南京市/玄武区' },
        qwxxdz: '中山路100号',
        qwpcs: '新街口派出所',
        qcyy: '毕业就业',
        lqfs: '0',
        lxdh: '13900000012',
        attachments: [await material(t, g.id, '毕业证书或学校毕业离校证明')],
      })
    ).body.data;
    await staffMoves(t, moveOut.id, 2);
    await staffMoves(t, moveOut.id, 4);
    await staffMoves(t, moveOut.id, 5, { handling: { lqdd: '行政楼108室', lqsj: '工作日 9:00-11:00' } });
    await expect(staffMoves(t, moveOut.id, 7)).rejects.toMatchObject({
      statusCode: 409,
      message: '户口卡尚未归还，请先办理归还，再办结迁出',
    });
    expect((await get(t, '/api/zhzx/wdhj/getInfo', g.token)).body.data).toMatchObject({ hkIn: true, hkkztmc: '已借出' });

    await staffMoves(t, loan.id, 7);
    await staffMoves(t, moveOut.id, 7);
    const after = (await get(t, '/api/zhzx/wdhj/getInfo', g.token)).body.data;
    expect(after).toMatchObject({ hkIn: false, hjztmc: '已迁出', hkkzt: null, hkkztmc: null });
  });
});
