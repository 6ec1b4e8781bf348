// The summary of an application's answers (answerSummary): one application of every kind the server knows,
// submitted through its own operation with realistic answers, read back in the app's 申请详情 (getMyApplication)
// and the console's application (adminGetApplication): labels in Chinese, every value readable — no dictionary code,
// no user id, no sub-service code, no raw date — ID numbers masked for the applicant only.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applicationKinds } from '../../server/domain/index.ts';
import { settings } from '../../server/db/schema.ts';
import { addDays } from '../../server/services/appointments.ts';
import { answerSummary, dateText, dayText, KNOWN_FIELDS } from '../../server/services/answer-summary.ts';
import { chinaDate } from '../../server/services/clock.ts';
import { call, createStaff } from './admin-helpers.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';
import { createPerson, idNumber, material, personOf, type Person } from './movement-helpers.ts';
import { createUser, delivery, get, key, offeredDays, post, reissueForm, staffMoves, uploadFor, type TestUser } from './service-helpers.ts';

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = (await createStaff(t)).token;
  // The new-student move-in is open only inside the enrolment window.
  const now = t.clock.now().getTime();
  const value = { yxStartTime: new Date(now - 30 * 86400_000).toISOString(), yxEndTime: new Date(now + 60 * 86400_000).toISOString() };
  await t.app.db.update(settings).set({ value }).where(eq(settings.key, 'enrolment.window'));
  t.changedByHand();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

interface Item {
  label: string;
  value: string;
  group: string | null;
  /** Console only: the key that reveals a masked ID number. */
  idKey?: string;
}

interface Submitted {
  kind: string;
  sub: string | null;
  id: number;
  token: string;
  /** Family member user ids among the answers (staff move-out). */
  userIds?: number[];
}

const PHONE = '13900000021';
const today = () => chinaDate(t.clock.now());
const origin = { yhkszd: { code: '320102', name: '江苏省/南京市/玄武区' }, yhkxxdz: '中山路1号' };

/** Answer fields whose values are dictionary codes, enums or sub-service codes (at any depth). */
const CODED = [
  'jyyy',
  'blyy',
  'blfs',
  'zmlx',
  'kdfs',
  'bllx',
  'bghyzkm',
  'bgxlm',
  'bslx',
  'hyzkm',
  'xlm',
  'dwh',
  'xbm',
  'mzm',
  'yhzgx',
  'sjd',
  'lqfs',
  'sub',
  'qrlx',
  'sfqr',
];
/** Labels of the summary rows that come from a dictionary or an enum. */
const CODED_LABELS = [
  '借用原因',
  '办理原因',
  '办理方式',
  '证明类型',
  '注销原因',
  '变更后婚姻状况',
  '变更后学历',
  '办事类型',
  '变更项目',
  '婚姻状况',
  '学历',
  '所在单位',
  '进站单位',
  '性别',
  '民族',
  '与户主关系',
  '派送时间',
  '寄送地址',
  '领取方式',
  '迁出类型',
  '迁入类型',
  '户口是否迁入学校',
];

function codesOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => codesOf(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (CODED.includes(k) && (typeof v === 'string' || typeof v === 'number')) into.add(String(v));
      else codesOf(v, into);
    }
  }
  return into;
}

/** Every answer field has a place in the summary (none is dropped or shown by its field name). */
function expectKnownFields(answers: Record<string, unknown>) {
  for (const [field, value] of Object.entries(answers)) {
    expect(KNOWN_FIELDS.top, `field ${field}`).toContain(field);
    const parts: [string, string[]][] = [
      ['ryxx', KNOWN_FIELDS.person],
      ['sqjs', KNOWN_FIELDS.person],
      ['yjxx', KNOWN_FIELDS.delivery],
      ['qyz', KNOWN_FIELDS.certificate],
    ];
    for (const [part, known] of parts) {
      if (field !== part) continue;
      for (const obj of Array.isArray(value) ? value : [value])
        for (const k of Object.keys(obj as object)) expect(known, `${part}.${k}`).toContain(k);
    }
  }
}

/** No value of the summary is a bare code: checks of one application's summary. */
function expectReadable(summary: Item[], answers: Record<string, unknown>, s: Submitted) {
  const where = `${s.kind}/${s.sub ?? ''}`;
  expect(summary.length, where).toBeGreaterThan(1);
  const codes = codesOf(answers);
  for (const item of summary) {
    const at = `${where} ${item.group ?? ''} ${item.label} = ${item.value}`;
    expect(item.label, at).toMatch(/^[\u4e00-\u9fff（）/]+$/);
    expect(item.value.trim(), at).not.toBe('');
    expect(item.value, at).not.toContain('未知');
    expect(item.value, at).not.toMatch(/^[a-z][a-z-]*$/);
    expect(item.value, at).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(item.value, at).not.toContain('/');
    if (CODED_LABELS.includes(item.label)) {
      expect(item.value, at).not.toMatch(/^\d+$/);
      expect(codes.has(item.value), at).toBe(false);
    }
    for (const id of s.userIds ?? []) expect(item.value.split('、'), at).not.toContain(String(id));
  }
}

const detailOf = async (s: Submitted) => {
  const res = await get(t, `/api/wdsq/sqxq/getInfo?id=${s.id}`, s.token);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { answers: Record<string, unknown>; summary: Item[]; kind: string; kindName: string; sub: string | null };
};

const consoleOf = async (id: number) => {
  const res = await call(t, 'GET', `/api/admin/applications/${id}`, staffToken);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { answers: Record<string, unknown>; summary: Item[] };
};

const value = (summary: Item[], label: string, group: string | null = null) =>
  summary.find((i) => i.label === label && i.group === group)?.value;

/** Submits through the operation; fails with the answer when refused. */
async function submit(url: string, who: { token: string }, body: Record<string, unknown>) {
  const res = await post(t, url, who.token, body, key());
  if (res.body.code !== 200) throw new Error(`${url}: ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** Staff take an application to 已办结 (pickup at the office). */
async function finish(id: number) {
  for (const to of [2, 4]) await staffMoves(t, id, to);
  await staffMoves(t, id, 5, { handling: { lqdd: '行政楼108室', lqsj: '工作日 9:00-11:00' } });
  await staffMoves(t, id, 7);
}

const moveOutForm = async (p: Person, sub: string, extra: Record<string, unknown> = {}) => ({
  sub,
  qwdq: { code: '320102', name: '江苏省/南京市/玄武区' },
  qwxxdz: '中山路100号',
  qwpcs: '新街口派出所',
  qcyy: '毕业就业',
  lqfs: '0',
  lxdh: PHONE,
  attachments: [await material(t, p.id, '证明材料')],
  ...extra,
});

/** A doctoral student whose graduate move-out is finished (dispatched to an employer when jsdw is given). */
async function graduated(jsdw?: string) {
  const g = await createPerson(t, { rylb: '2', household: 'in' });
  const id = await submit('/api/qianchu/add', g, await moveOutForm(g, 'graduate', jsdw ? { jsdw } : {}));
  await finish(id);
  return { g, id };
}

/** One application of every kind (and sub-service) the server knows, with realistic answers. */
async function submitEveryKind(): Promise<Submitted[]> {
  const out: Submitted[] = [];
  const add = (kind: string, sub: string | null, id: number, who: { token: string }, userIds?: number[]) =>
    out.push({ kind, sub, id, token: who.token, ...(userIds ? { userIds } : {}) });
  const days = offeredDays(t);
  const scan = async (u: TestUser, clmc: string) => ({ fileId: await uploadFor(t, u.id), clmc });

  // Daily services.
  const borrower = await createUser(t);
  add(
    'hkkjy',
    null,
    await submit('/api/daily/hkkjy/add', borrower, {
      jyyy: '1',
      jyrq: days[1],
      ghrq: addDays(days[1]!, 3),
      lqfs: '1',
      yjxx: delivery(t),
      lxdh: PHONE,
    }),
    borrower,
  );
  const idCard = await createUser(t);
  add(
    'sfzbl',
    null,
    await submit('/api/daily/sfzbl/add', idCard, { blyy: '2', blfs: '1', yyrq: days[2], xphzh: 'XP20261101', lqfs: '0', lxdh: PHONE }),
    idCard,
  );
  const reissue = await createUser(t);
  add(
    'hkkbb',
    null,
    await submit('/api/daily/hkkbb/add', reissue, await reissueForm(t, reissue, { bbyy: '户口卡损坏', lxdh: PHONE })),
    reissue,
  );
  const proof = await createUser(t);
  add(
    'hjzmkj',
    null,
    await submit('/api/daily/hjzmkj/add', proof, {
      zmlx: '2',
      yt: '办理落户',
      jsdw: '出入境管理局',
      fs: 2,
      kdfs: '1',
      yjxx: delivery(t),
      lxdh: PHONE,
    }),
    proof,
  );
  const clean = await createUser(t);
  add('wfzzmkj', null, await submit('/api/daily/wfzzmkj/add', clean, { bllx: '4', yt: '申请签证', fs: 1, lqfs: '0', lxdh: PHONE }), clean);
  const lawful = await createUser(t);
  add(
    'wwfzmkj',
    null,
    await submit('/api/daily/wwfzmkj/add', lawful, { bllx: '2', yt: '申请签证', fs: 1, lqfs: '0', lxdh: PHONE }),
    lawful,
  );
  const educated = await createUser(t, { educationCode: '31' });
  const education = {
    bgxlm: '21',
    byyx: '示范大学',
    byrq: addDays(today(), -30),
    zsbh: '1000120260600123',
    lxdh: PHONE,
    attachments: [await scan(educated, '学历证明')],
  };
  add('xlzkbg', null, await submit('/api/daily/xlzkbg/add', educated, education), educated);
  const married = await createUser(t, { maritalStatusCode: '10' });
  const marriage = {
    bghyzkm: '20',
    djrq: addDays(today(), -10),
    poxm: '李配偶',
    lxdh: PHONE,
    attachments: [await scan(married, '婚姻状况证明')],
  };
  add('hyzkbg', null, await submit('/api/daily/hyzkbg/add', married, marriage), married);
  const other = await createUser(t);
  add('qtbs', null, await submit('/api/qhqt/qtbs/add', other, { bslx: '1', bsnr: '复印户口页并盖章', lxdh: PHONE }), other);
  const changer = await createUser(t);
  add('qtbs', 'change', await submit('/api/qhqt/qtbs/add', changer, { bslx: '104', bsnr: '民族由汉族更正为回族', lxdh: PHONE }), changer);

  // Moving in.
  const postdoc = await createPerson(t, { rylb: '3' });
  const postdocForm = {
    qrlx: '1',
    ryxx: personOf(postdoc.name, postdoc.idNumber),
    hyzkm: '20',
    xlm: '11',
    dwh: '004',
    rzrq: addDays(today(), 20),
    ...origin,
    yhkpcs: '新街口派出所',
    lxdh: PHONE,
    attachments: [await material(t, postdoc.id, '博士后进站审批表')],
  };
  const postdocId = await submit('/api/qianru/add', postdoc, postdocForm);
  // Stage 2: the 迁移证 comes back with its number, date and authority.
  for (const to of [2, 4]) await staffMoves(t, postdocId, to);
  await staffMoves(t, postdocId, 5, { handling: { lqdd: '行政楼108室', lqsj: '工作日 9:00-11:00' } });
  const stage2 = {
    id: postdocId,
    qyzbh: 'QY320102000123',
    qyzqfrq: addDays(today(), -1),
    qyzqfjg: '南京市公安局玄武分局',
    attachments: [await material(t, postdoc.id, '迁移证')],
  };
  expect((await post(t, '/api/qianru/continueSubmit', postdoc.token, stage2, key())).body.code).toBe(200);
  add('qianru', '1', postdocId, postdoc);

  const newStaff = await createPerson(t, { rylb: '4' });
  const spouse = personOf('随迁妻子', idNumber('19870304', false), { yhzgx: '12', mzm: '03' });
  const staffForm = {
    qrlx: '2',
    ryxx: personOf(newStaff.name, newStaff.idNumber),
    hyzkm: '21',
    xlm: '14',
    dwh: '002',
    rzrq: addDays(today(), 10),
    ...origin,
    lxdh: PHONE,
    sqjs: [spouse],
    attachments: [
      await material(t, newStaff.id, '北京市落户批复或人才引进批准文件'),
      await material(t, newStaff.id, '随迁人员1（随迁妻子）'),
    ],
  };
  add('qianru', '2', await submit('/api/qianru/add', newStaff, staffForm), newStaff);

  const head = await createPerson(t, { rylb: '4', household: 'in' });
  const familyForm = {
    qrlx: '3',
    hzgzzh: head.staffNo,
    ryxx: personOf('随迁丈夫', idNumber('19840506', true), { yhzgx: '11' }),
    ...origin,
    lxdh: PHONE,
    attachments: [await material(t, head.id, '随迁人员1（随迁丈夫）')],
  };
  add('qianru', '3', await submit('/api/qianru/add', head, familyForm), head);

  const fresher = await createPerson(t, { rylb: '7' });
  const yingxinForm = {
    sfqr: '1',
    ryxx: personOf(fresher.name, fresher.idNumber, { mzm: '05' }),
    qyzbh: 'QY510104000777',
    qyzqfjg: '成都市公安局锦江分局',
    yhkszd: { code: '510104', name: '四川省/成都市/锦江区' },
    yhkxxdz: '春熙路8号',
    yhkpcs: '锦江分局春熙路派出所',
    xlm: '61',
    lxdh: PHONE,
    attachments: [await material(t, fresher.id, '迁移证'), await material(t, fresher.id, '录取通知书')],
  };
  add('yingxin', null, await submit('/api/yingxin/add', fresher, yingxinForm), fresher);

  // Moving out.
  const leaver = await createPerson(t, { rylb: '2', household: 'in' });
  add(
    'qianchu',
    'graduate',
    await submit(
      '/api/qianchu/add',
      leaver,
      await moveOutForm(leaver, 'graduate', { jsdw: '南京示范科技有限公司', lqfs: '1', yjxx: delivery(t) }),
    ),
    leaver,
  );
  const postdocOut = await createPerson(t, { rylb: '3', household: 'in' });
  add(
    'qianchu',
    'post-doctoral',
    await submit('/api/qianchu/add', postdocOut, await moveOutForm(postdocOut, 'post-doctoral', { qcyy: '博士后出站' })),
    postdocOut,
  );
  const staffOut = await createPerson(t, { rylb: '4', household: 'in', relationCode: '02' });
  const wife = await createPerson(t, {
    rylb: '5',
    household: 'in',
    familyOf: staffOut.id,
    relationCode: '12',
    name: '迁出妻子',
    male: false,
    noLogin: true,
  });
  const son = await createPerson(t, {
    rylb: '5',
    household: 'in',
    familyOf: staffOut.id,
    relationCode: '20',
    name: '迁出儿子',
    male: true,
    noLogin: true,
  });
  const staffOutForm = await moveOutForm(staffOut, 'staff', { qcyy: '工作调动', sqcjs: [wife.id, son.id] });
  add('qianchu', 'staff', await submit('/api/qianchu/add', staffOut, staffOutForm), staffOut, [wife.id, son.id]);
  const dropout = await createPerson(t, { rylb: '1', household: 'in' });
  add(
    'qianchu',
    'leave-school',
    await submit('/api/qianchu/add', dropout, await moveOutForm(dropout, 'leave-school', { qcyy: '退学' })),
    dropout,
  );
  const mover = await createPerson(t, { rylb: '0', household: 'in' });
  add('qianchu', 'move-out', await submit('/api/qianchu/add', mover, await moveOutForm(mover, 'move-out', { qcyy: '投靠亲属' })), mover);

  // The migration certificate of a finished move-out, and 注销户口.
  const dispatched = await graduated('南京示范科技有限公司');
  const reassign = await moveOutForm(dispatched.g, 'reassignment', {
    qwdq: { code: '330106', name: '浙江省/杭州市/西湖区' },
    qwxxdz: '文三路1号',
    jsdw: '杭州示范网络有限公司',
    yqcid: dispatched.id,
  });
  add('qianchu', 'reassignment', await submit('/api/qianchu/add', dispatched.g, reassign), dispatched.g, [dispatched.id]);
  const postponing = await graduated();
  const qyzbh = (await get(t, '/api/qianchu/check?sub=postpone', postponing.g.token)).body.data.qyzbh as string;
  const postpone = {
    qyzbh,
    yyxqz: addDays(today(), 20),
    yqyy: '单位报到推迟',
    lqfs: '0',
    lxdh: PHONE,
    attachments: [await material(t, postponing.g.id, '迁移证')],
  };
  add('qyzyq', null, await submit('/api/daily/qyzyq/add', postponing.g, postpone), postponing.g);
  const changing = await graduated();
  const change = {
    qyzbh: 'QY320102000999',
    xqwdq: { code: '110105', name: '北京市/市辖区/朝阳区' },
    xqwxxdz: '建国路1号',
    bgyy: '落户北京',
    lqfs: '0',
    lxdh: PHONE,
    attachments: [await material(t, changing.g.id, '接收证明')],
  };
  add('qyzbg', null, await submit('/api/daily/qyzbg/add', changing.g, change), changing.g);
  const losing = await graduated();
  const lost = {
    yqyzbh: 'QY320102000998',
    bbyy: '迁移证遗失',
    lqfs: '0',
    lxdh: PHONE,
    attachments: [await material(t, losing.g.id, '遗失声明')],
  };
  add('qykbb', null, await submit('/api/daily/qykbb/add', losing.g, lost), losing.g);
  const emigrant = await createPerson(t, { rylb: '4', household: 'in' });
  add(
    'zxhkzmkj',
    null,
    await submit('/api/daily/zxhkzmkj/add', emigrant, { bllx: '1', zxyy: '定居海外', qwgj: '新西兰', lqfs: '0', lxdh: PHONE }),
    emigrant,
  );
  return out;
}

describe('the answers summary of every kind', () => {
  it('shows every kind by labels and readable values in the app and the console, never a bare code', async () => {
    const submitted = await submitEveryKind();
    // Every application kind the server knows was submitted once.
    expect(submitted.map((s) => `${s.kind}/${s.sub ?? ''}`).sort()).toEqual(applicationKinds.map((k) => `${k.code}/${k.sub ?? ''}`).sort());

    const byKind = new Map<string, Item[]>();
    for (const s of submitted) {
      const mine = await detailOf(s);
      const staff = await consoleOf(s.id);
      const raw = (await t.app.repos.applications.findById(s.id))!.answers as Record<string, unknown>;
      expectKnownFields(raw);
      expectReadable(mine.summary, raw, s);
      // The sub-service reads in the application's name.
      expect(mine.kindName).toBe(applicationKinds.find((k) => k.code === s.kind && k.sub === s.sub)!.label);
      expectReadable(staff.summary, raw, s);
      // One mapping: the console shows what the applicant sees, ID numbers masked too; only the console's rows carry
      // the key that reveals one (显示, audited).
      expect(mine.summary).toEqual(staff.summary.map(({ idKey: _, ...i }) => i));
      for (const i of staff.summary.filter((r) => r.idKey)) expect(i.value).toMatch(/^\d{4}\*{10}\d{3}[\dXx]$/);
      // The answers stay as they were (forms fill them back in on 修改).
      expect(mine.answers).toMatchObject({ lxdh: PHONE });
      byKind.set(`${s.kind}/${s.sub ?? ''}`, mine.summary);
      if (s.kind === 'qianru' || s.kind === 'yingxin') {
        const ids = staff.summary.filter((i) => i.label === '身份证件号');
        expect(ids.length, s.kind).toBeGreaterThan(0);
        for (const i of ids) expect(i.value).toMatch(/^\d{4}\*{10}\d{3}[\dX]$/);
        for (const i of ids) expect(i.idKey, s.kind).toMatch(/^(ryxx|sqjs\.\d+)\.sfzjh$/);
        for (const i of mine.summary.filter((m) => m.label === '身份证件号')) expect(i.value).toMatch(/^\d{4}\*{10}\d{3}[\dX]$/);
      }
    }

    // What was found: codes in 学历变更, 婚姻状况变更, 其他信息变更 and the move-ins.
    const of = (k: string) => byKind.get(k)!;
    expect(value(of('xlzkbg/'), '变更后学历')).toBe('大学本科毕业');
    expect(value(of('xlzkbg/'), '毕业日期')).toBe(dateText(addDays(today(), -30)));
    expect(value(of('hyzkbg/'), '变更后婚姻状况')).toBe('已婚');
    // Labelled as its form asks it (变更项目), 其他业务 as its own (办事类型).
    expect(value(of('qtbs/change'), '变更项目')).toBe('民族更正');
    expect(value(of('qtbs/'), '办事类型')).toBe('集体户口页复印盖章');
    const staffIn = of('qianru/2');
    // The sub-service is the application's name (kindName), not a row of its own.
    expect(staffIn.some((i) => i.label === '迁入类型')).toBe(false);
    expect(value(staffIn, '所在单位')).toBe((await t.app.repos.dict.find('dw_rsYx', '002'))!.label);
    expect(value(staffIn, '婚姻状况')).toBe('初婚');
    expect(value(staffIn, '学历')).toBe('硕士研究生毕业');
    expect(value(staffIn, '原户口所在地')).toBe('江苏省南京市玄武区');
    expect(value(staffIn, '性别', '随迁家属1')).toBe('女');
    expect(value(staffIn, '民族', '随迁家属1')).toBe('回族');
    expect(value(staffIn, '与户主关系', '随迁家属1')).toBe('妻');
    expect(value(staffIn, '民族', '本人信息')).toBe('汉族');
    const postdocIn = of('qianru/1');
    expect(value(postdocIn, '进站单位')).toBeTruthy();
    expect(value(postdocIn, '迁移证编号', '迁移证')).toBe('QY320102000123');
    expect(value(postdocIn, '签发机关', '迁移证')).toBe('南京市公安局玄武分局');
    expect(value(of('qianru/3'), '与户主关系', '随迁人员1')).toBe('夫');
    expect(value(of('qianru/3'), '户主工作证号')).toMatch(/^S\d+$/);
    expect(value(of('yingxin/'), '户口是否迁入学校')).toBe('是');
    expect(value(of('yingxin/'), '学历')).toBe('普通高中毕业');
    expect(value(of('yingxin/'), '民族', '本人信息')).toBe('维吾尔族');
    expect(value(of('yingxin/'), '原户口所在地派出所')).toBe('锦江分局春熙路派出所');

    // Daily services: dictionaries, booked days with the weekday, copies, couriers and the delivery form.
    const borrow = of('hkkjy/');
    expect(borrow.map((i) => i.label).slice(0, 3)).toEqual(['借用原因', '借用日期', '预计归还日期']);
    expect(value(borrow, '借用原因')).toBe('办理护照');
    expect(value(borrow, '借用日期')).toBe(dayText(offeredDays(t)[1]!));
    expect(value(borrow, '借用日期')).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日（星期[一二三四五]）$/);
    expect(value(borrow, '领取方式')).toBe('顺丰速运');
    expect(value(borrow, '派送时间', '邮寄信息')).toBe('上午(12-13点)');
    expect(value(borrow, '寄送地址', '邮寄信息')).toBe('校内宿舍');
    expect(value(borrow, '所在地区', '邮寄信息')).toBe('北京市海淀区');
    expect(value(borrow, '派送电话', '邮寄信息')).toBe('13900000001');
    expect(value(borrow, '联系电话')).toBe(PHONE);
    expect(value(of('sfzbl/'), '办理原因')).toBe('有效期满换领');
    expect(value(of('sfzbl/'), '办理方式')).toBe('学校集中受理（户籍办代收代领）');
    expect(value(of('sfzbl/'), '领取方式')).toBe('现场领取');
    expect(of('hjzmkj/').map((i) => `${i.group ?? ''}${i.label}`)).toEqual([
      '证明类型',
      '用途',
      '接收单位',
      '份数',
      '领取方式',
      '联系电话',
      '邮寄信息派送日期',
      '邮寄信息派送时间',
      '邮寄信息寄送地址',
      '邮寄信息宿舍楼号',
      '邮寄信息派送电话',
      '邮寄信息收件人姓名',
      '邮寄信息收件人电话',
      '邮寄信息所在地区',
      '邮寄信息详细地址',
    ]);
    expect(value(of('hjzmkj/'), '证明类型')).toBe('户口迁入证明');
    expect(value(of('hjzmkj/'), '份数')).toBe('2份');
    expect(value(of('hjzmkj/'), '领取方式')).toBe('顺丰速运（到付）');
    expect(value(of('wfzzmkj/'), '办理原因')).toBe('申请签证');
    expect(value(of('wwfzmkj/'), '办理原因')).toBe('申请签证');
    expect(value(of('zxhkzmkj/'), '注销原因')).toBe('出国（境）定居');

    // Moving out: sub-services, regions, the family members by name, the application being reassigned.
    expect(of('qianchu/graduate').some((i) => i.label === '迁出类型')).toBe(false);
    expect(value(of('qianchu/graduate'), '迁往地区')).toBe('江苏省南京市玄武区');
    expect(value(of('qianchu/graduate'), '领取方式')).toBe('邮寄');
    expect(value(of('qianchu/staff'), '同时迁出的家属')).toBe('迁出妻子、迁出儿子');
    const reassigned = submitted.find((s) => s.sub === 'reassignment')!;
    const original = (await t.app.repos.applications.findById(reassigned.userIds![0]!))!;
    expect(value(of('qianchu/reassignment'), '原迁出申请')).toBe(`毕业生迁出（${original.referenceNo}）`);
    expect(value(of('qianchu/reassignment'), '迁往地区')).toBe('浙江省杭州市西湖区');
    expect(value(of('qyzbg/'), '新迁往地区')).toBe('北京市朝阳区');
    expect(value(of('qyzyq/'), '原有效期至')).toBe(dateText(addDays(today(), 20)));
  });

  it('names the family members of a staff move-out in the console (刘建国 with 赵敏 and 刘子轩)', async () => {
    const token = await t.login(demo.staff.phone);
    const userId = (await post(t, '/api/userinfo', token)).body.data.id as number;
    const family = (await post(t, '/api/qianchu/getJsById', token, { id: userId })).body.data as {
      id: number;
      xm: string;
      hkIn: boolean;
    }[];
    const leaving = family.filter((m) => m.hkIn && ['赵敏', '刘子轩'].includes(m.xm));
    expect(leaving.map((m) => m.xm).sort()).toEqual(['刘子轩', '赵敏']);
    const form = {
      sub: 'staff',
      qwdq: { code: '320102', name: '江苏省/南京市/玄武区' },
      qwxxdz: '中山路100号',
      qcyy: '工作调动',
      sqcjs: leaving.map((m) => m.id),
      lqfs: '0',
      lxdh: PHONE,
      attachments: [{ fileId: await uploadFor(t, userId), clmc: '调动证明' }],
    };
    const res = await post(t, '/api/qianchu/add', token, form, key());
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const staff = await consoleOf(res.body.data.id);
    expect(staff.answers.sqcjs).toEqual(leaving.map((m) => m.id));
    expect(value(staff.summary, '同时迁出的家属')).toBe(leaving.map((m) => m.xm).join('、'));
    expect(staff.summary.map((i) => i.label)).toEqual(['迁往地区', '迁往详细地址', '迁出原因', '同时迁出的家属', '领取方式', '联系电话']);
    expect((await get(t, `/api/wdsq/sqxq/getInfo?id=${res.body.data.id}`, token)).body.data.summary).toContainEqual({
      label: '同时迁出的家属',
      value: leaving.map((m) => m.xm).join('、'),
      group: null,
    });
  });
});

describe('answerSummary', () => {
  it('says so when a code is no longer in its dictionary, masks ID numbers only for the applicant, skips empty answers', async () => {
    const app = { kind: 'xlzkbg', sub: '', answers: { bgxlm: '99', byyx: '', zsbh: '110108198206150337', lxdh: PHONE } };
    expect(await answerSummary(t.app.repos, app, { mask: true })).toEqual([
      { label: '变更后学历', value: '未知（99）', group: null },
      { label: '毕业证书编号', value: '1101**********0337', group: null },
      { label: '联系电话', value: PHONE, group: null },
    ]);
    expect((await answerSummary(t.app.repos, app, { mask: false }))[1]!.value).toBe('110108198206150337');
    expect(await answerSummary(t.app.repos, { kind: 'qtbs', sub: '', answers: null }, { mask: true })).toEqual([]);
  });

  it('writes dates out, booked days with their weekday', () => {
    expect(dateText('2026-03-05')).toBe('2026年3月5日');
    expect(dayText('2026-11-25')).toBe('2026年11月25日（星期三）');
    expect(dateText('not a date')).toBe('not a date');
  });
});
