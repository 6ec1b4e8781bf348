// Family moves that contradict each other (issue 25 item 3): 刘建国 applies for 家属随迁 for his daughter and for
// 教职工(含家属)迁出 for himself, his wife and son, leaving his mother behind. Each answer and each detail says what
// contradicts it, to him and to staff (with the other application's number), and no longer once it is settled.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, createStaff } from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createPerson, idNumber, material, personOf, type Person } from './movement-helpers.ts';
import { get, post } from './service-helpers.ts';

let t: TestApp;
let staff: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaff(t);
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const PHONE = '13900000009';
const origin = { yhkszd: { code: '320102', name: '江苏省/南京市/玄武区' }, yhkxxdz: '中山路1号' };

async function household() {
  const head = await createPerson(t, { rylb: '4', household: 'in', name: '刘建国', male: true });
  const member = (name: string, relationCode: string, male: boolean) =>
    createPerson(t, { rylb: '5', household: 'in', familyOf: head.id, relationCode, name, male, noLogin: true });
  return {
    head,
    wife: await member('王淑芬', '12', false),
    son: await member('刘晓东', '20', true),
    mother: await member('张桂兰', '52', false),
  };
}

async function daughterMoveIn(applicant: Person, head: Person, extra: Record<string, unknown> = {}) {
  const daughter = personOf('刘晓雨', idNumber('20080912', false), { yhzgx: '30' });
  return post(t, '/api/qianru/add', applicant.token, {
    qrlx: '3',
    hzgzzh: head.staffNo,
    ryxx: daughter,
    ...origin,
    lxdh: PHONE,
    attachments: [await material(t, applicant.id, '随迁人员1（刘晓雨）')],
    ...extra,
  });
}

async function staffMoveOut(head: Person, sqcjs: number[]) {
  return post(t, '/api/qianchu/add', head.token, {
    sub: 'staff',
    qwdq: { code: '320102', name: '江苏省/南京市/玄武区' },
    qwxxdz: '中山路100号',
    qcyy: '工作调动',
    jsdw: '南京示范研究院',
    sqcjs,
    lqfs: '0',
    lxdh: PHONE,
    attachments: [await material(t, head.id, '调动、离职证明或房屋产权证明')],
  });
}

const LEFT_BEHIND = /家属张桂兰的户口仍在学校集体户，未随本次迁出/;

describe('family moves that contradict each other', () => {
  it('are told at submit and on both details, to the applicant and to staff, until one is settled', async () => {
    const { head, wife, son } = await household();
    const moveIn = await daughterMoveIn(head, head);
    expect(moveIn.body).toMatchObject({ code: 200 });
    // Nothing contradicts the move-in yet: no conflicts key at all.
    expect(moveIn.body.data).not.toHaveProperty('conflicts');

    const moveOut = await staffMoveOut(head, [wife.id, son.id]);
    expect(moveOut.body.code).toBe(200);
    const inNo = moveIn.body.data.sqbh as string;
    const outNo = moveOut.body.data.sqbh as string;
    expect(moveOut.body.data.conflicts).toEqual([
      expect.stringMatching(/^您的家属张桂兰的户口仍在学校集体户，未随本次迁出；教职工迁出后家属不能单独留在集体户/),
      `家属随迁申请 ${inNo}正在办理：家属将落户到本次迁出的教职工户下，两项申请相互矛盾。`,
    ]);

    const detail = async (id: number) => (await get(t, `/api/wdsq/sqxq/getInfo?id=${id}`, head.token)).body.data;
    expect((await detail(moveIn.body.data.id)).conflicts).toEqual([
      `户主的教职工迁出申请 ${outNo}正在办理：户主迁出后，随迁家属不能落户到其户下，两项申请相互矛盾。`,
    ]);
    expect((await detail(moveOut.body.data.id)).conflicts).toHaveLength(2);

    // Staff see both, on each application, with the other's number.
    const admin = async (id: number) => (await call(t, 'GET', `/api/admin/applications/${id}`, staff.token)).body.data;
    expect((await admin(moveOut.body.data.id)).conflicts).toEqual([
      expect.stringMatching(/^申请人的家属张桂兰/),
      expect.stringContaining(inNo),
    ]);
    expect((await admin(moveIn.body.data.id)).conflicts).toEqual([expect.stringContaining(outNo)]);

    // The move-in withdrawn: only the mother left behind remains; the move-out is included by the family now.
    expect((await post(t, '/api/wdsq/sqxq/endProcessing', head.token, { id: moveIn.body.data.id })).body.code).toBe(200);
    expect((await detail(moveOut.body.data.id)).conflicts).toEqual([expect.stringMatching(LEFT_BEHIND)]);
    expect(await detail(moveIn.body.data.id)).not.toHaveProperty('conflicts');
  });

  it('a move-out taking the whole family along, with no family move-in open, is told nothing', async () => {
    const { head, wife, son, mother } = await household();
    const moveOut = await staffMoveOut(head, [wife.id, son.id, mother.id]);
    expect(moveOut.body.code).toBe(200);
    expect(moveOut.body.data).not.toHaveProperty('conflicts');
    expect((await call(t, 'GET', `/api/admin/applications/${moveOut.body.data.id}`, staff.token)).body.data).not.toHaveProperty(
      'conflicts',
    );
  });

  it('a family member applying under a head who is moving out is told, without the head’s application number', async () => {
    const { head, wife, son, mother } = await household();
    const moveOut = await staffMoveOut(head, [wife.id, son.id, mother.id]);
    const daughter = await createPerson(t, { rylb: '5', name: '刘晓雨', male: false });
    const self = personOf('刘晓雨', daughter.idNumber, { yhzgx: '30' });
    const res = await daughterMoveIn(daughter, head, { ryxx: self, hzxm: head.name, hzsfzjh: head.idNumber });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.conflicts).toEqual(['户主的教职工迁出申请正在办理：户主迁出后，随迁家属不能落户到其户下，两项申请相互矛盾。']);
    expect(JSON.stringify(res.body)).not.toContain(moveOut.body.data.sqbh);
    // The head is told of it on his move-out, with its number (his own would be; this one is not his).
    const his = (await get(t, `/api/wdsq/sqxq/getInfo?id=${moveOut.body.data.id}`, head.token)).body.data;
    expect(his.conflicts).toEqual(['家属随迁申请正在办理：家属将落户到本次迁出的教职工户下，两项申请相互矛盾。']);
    expect((await call(t, 'GET', `/api/admin/applications/${moveOut.body.data.id}`, staff.token)).body.data.conflicts).toEqual([
      expect.stringContaining(res.body.data.sqbh),
    ]);
  });
});
