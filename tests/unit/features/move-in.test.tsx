import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import MoveInPage, { moveInKinds } from '@/features/move-in/move-in-page';
import MoveInFormPage from '@/features/move-in/move-in-form-page';
import { ALREADY_IN, HEAD_NOT_IN, WINDOW_CLOSED } from '@/features/move-in/move-in-services';
import { HEAD_MISMATCH } from '@/features/move-in/family-form';
import ConfirmPage from '@/features/move-in/confirm-page';
import VoucherPage from '@/features/move-in/voucher-page';
import { deliverRegion } from '@/components/service-form/region';
import { idNumberValid } from '@/lib/rules';
import { $sectors, type SectorsState } from '@/stores/sectors';
import { json, requestsTo, stubFetch, type Reply } from '../helpers';
import { appUrl, field, fill, press, renderForm, renderScreen } from './service-helpers';
import { draft, file, files, returned, SUMMARY, submitted, summary as base, toReview, user } from './migration-helpers';

const DAY = 86_400_000;
const newStudent = user({ xm: '周子涵', rylb: '7', hkIn: false });
const postDoc = user({ xm: '陈静怡', rylb: '3', xh: null, gzzh: '2024800123', hkIn: false, hyzkm: '10', zhxlm: '11' });
const staff = user({ xm: '刘建国', rylb: '4', xh: null, gzzh: '2012100045', hkIn: true });

const summary = (kind: string, id = 51) => base(kind, id);

function windowState(open: boolean, sectors = [{ sectorCode: '5', sectorName: '新生迁入' }]): SectorsState {
  const now = Date.now();
  return {
    openSectors: sectors,
    tips: null,
    yxStartTime: new Date(open ? now - DAY : now + DAY).toISOString(),
    yxEndTime: new Date(now + 2 * DAY).toISOString(),
    loaded: true,
  };
}

const dicts: Record<string, Reply> = {
  'POST /api/dict/getAllXb': {
    code: 200,
    data: [
      { xbm: '1', xbmc: '男' },
      { xbm: '2', xbmc: '女' },
    ],
  },
  'POST /api/dict/getMz': {
    code: 200,
    data: [
      { mzm: '01', mzmc: '汉族' },
      { mzm: '03', mzmc: '回族' },
    ],
  },
  'POST /api/dict/getHyzk': {
    code: 200,
    data: [
      { hyzkm: '10', hyzkmc: '未婚' },
      { hyzkm: '20', hyzkmc: '已婚' },
    ],
  },
  'POST /api/dict/getXueLi': {
    code: 200,
    data: [
      { xlm: '10', xlmc: '研究生教育', level: 1 },
      { xlm: '11', xlmc: '博士研究生毕业', level: 2 },
    ],
  },
  'POST /api/dict/getRsdw': { code: 200, data: [{ dwh: '004', dwmc: '生命科学学院' }] },
  'POST /api/qianchu/getGxList': {
    code: 200,
    data: [
      { dictLabel: '配偶', dictValue: '20' },
      { dictLabel: '子', dictValue: '30' },
    ],
  },
  'POST /api/qianchu/getPcsList': { code: 200, data: [] },
};

describe('迁入 index (/move-in, /m-index)', () => {
  it('offers the kinds the sectors allow; the new-student kind only strictly inside its window', () => {
    const sectors = [
      { sectorCode: '4', sectorName: '博士后迁入' },
      { sectorCode: '5', sectorName: '新生迁入' },
      { sectorCode: '6', sectorName: '教职工迁入' },
      { sectorCode: '0', sectorName: '问答反馈' },
    ];
    const state = { openSectors: sectors, yxStartTime: '2026-08-20T00:00:00+08:00', yxEndTime: '2026-09-10T12:00:00+08:00' };
    const inside = moveInKinds(state, Date.parse('2026-09-01T00:00:00+08:00'));
    expect(inside.map((k) => k.key)).toEqual(['moveInDr', 'moveInNew', 'moveInStaff', 'moveInStaffM']);
    expect(inside[1]).toMatchObject({ note: '办理截止日期 2026-09-10', reason: undefined });
    expect(moveInKinds(state, Date.parse(state.yxStartTime))[1].reason).toBe('新生迁入暂未开放');
    expect(moveInKinds(state, Date.parse(state.yxEndTime))[1].reason).toBe('新生迁入暂未开放');
    expect(moveInKinds({ ...state, yxStartTime: null, yxEndTime: null })[1].reason).toBe('新生迁入暂未开放');
    expect(moveInKinds({ ...state, openSectors: [sectors[3]] })).toEqual([]);
  });

  it('lists the kinds as links, a closed one greyed with its reason, and the records with their statuses', async () => {
    $sectors.set(
      windowState(false, [
        { sectorCode: '5', sectorName: '新生迁入' },
        { sectorCode: '6', sectorName: '教职工迁入' },
      ]),
    );
    stubFetch({
      'GET /api/qianru/getQrxxHistory': {
        code: 200,
        data: [
          {
            ...summary('qianru', 60),
            status: 5,
            statusName: '待领取',
            title: '教职工迁入 · 准迁证',
            sub: '2',
            createdAt: '2026-11-01T09:00:00+08:00',
            updatedAt: '2026-11-02T09:00:00+08:00',
            actions: ['continue'],
          },
          {
            ...summary('qianru', 61),
            status: 7,
            statusName: '已办结',
            title: '家属随迁',
            sub: '3',
            createdAt: '2026-10-01T09:00:00+08:00',
            updatedAt: '2026-10-09T09:00:00+08:00',
            actions: ['voucher'],
          },
        ],
      },
    });
    renderScreen('/move-in', <MoveInPage />, staff);
    expect(screen.getByRole('link', { name: /教职工迁入/ }).getAttribute('href')).toBe('/web/move-in-staff');
    expect(screen.getByRole('link', { name: /教职工家属随迁/ }).getAttribute('href')).toBe('/web/move-in-staff-m');
    expect(screen.queryByRole('link', { name: /新生迁入/ })).toBeNull();
    expect(screen.getByText('新生迁入暂未开放')).not.toBeNull();
    const record = await screen.findByRole('link', { name: /教职工迁入 · 准迁证/ });
    expect(record.getAttribute('href')).toBe('/web/details?id=60');
    expect(record.textContent).toContain('待领取');
    expect(screen.getByRole('link', { name: /家属随迁.*已办结/ }).getAttribute('href')).toBe('/web/details?id=61');
    expect(screen.getByRole('link', { name: /继续提交/ }).getAttribute('href')).toBe('/web/m-cr?id=60');
    expect(screen.getByRole('link', { name: /下载迁入凭证/ }).getAttribute('href')).toBe('/web/move-in-voucher?id=61');
  });

  it('says so when there are no records', async () => {
    $sectors.set(windowState(true));
    stubFetch({ 'GET /api/qianru/getQrxxHistory': { code: 200, data: [] } });
    renderScreen('/m-index', <MoveInPage />, newStudent);
    expect(await screen.findByText('暂无迁入办理记录')).not.toBeNull();
    expect(screen.getByRole('link', { name: /新生迁入/ }).getAttribute('href')).toBe('/web/move-in-new');
  });
});

describe('新生迁入 (/move-in-new)', () => {
  const routes = (extra: Record<string, Reply> = {}) =>
    stubFetch({ ...dicts, 'POST /api/yingxin/add': { code: 200, data: summary('yingxin') }, ...extra });

  it('is closed outside the window (the same rule as the home tile)', async () => {
    $sectors.set(windowState(false));
    const fetch = routes();
    renderScreen('/move-in-new?step=form', <MoveInFormPage />, newStudent);
    expect(await screen.findByText(WINDOW_CLOSED)).not.toBeNull();
    expect(screen.getByText(/新生迁入办理时间：/)).not.toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(requestsTo(fetch, '/api/yingxin/add')).toHaveLength(0);
  });

  it('tells a student already registered at school that there is nothing to move', async () => {
    $sectors.set(windowState(true));
    routes();
    renderScreen('/move-in-new?step=form', <MoveInFormPage />, user({ ...newStudent, hkIn: true }));
    expect(await screen.findByText(ALREADY_IN)).not.toBeNull();
  });

  it('asks for everything the 迁移证 holds, with exact messages', async () => {
    $sectors.set(windowState(true));
    routes();
    await renderForm('/move-in-new?step=form', <MoveInFormPage />, newStudent);
    await screen.findByRole('option', { name: '汉族' });
    expect(field('姓名').value).toBe('周子涵');
    press('下一步');
    const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
    for (const text of [
      '请选择性别',
      '请选择民族',
      '请选择出生日期',
      '请填写身份证件号',
      '请填写迁移证编号',
      '请选择原户口所在地',
      '请填写原户口所在地详细地址',
      '请填写联系电话',
      '请上传迁移证照片',
      '请上传录取通知书',
    ]) {
      expect(alert.textContent).toContain(text);
    }
    expect(field('户口迁出地').getAttribute('aria-invalid')).toBe('true');
    fill('身份证件号', '510104200808190176');
    press('下一步');
    await waitFor(() => expect(screen.getByRole('alert', { name: SUMMARY }).textContent).toContain('身份证件号码格式错误'));
    fill('身份证件号', '510104200808190175');
    fill('出生日期', '2008-08-20');
    fill('性别', '2');
    fill('民族', '01');
    press('下一步');
    await waitFor(() => expect(screen.getByRole('alert', { name: SUMMARY }).textContent).toContain('出生日期与身份证件号码不一致'));
    fill('出生日期', '2008-08-19');
    press('下一步');
    await waitFor(() => expect(screen.getByRole('alert', { name: SUMMARY }).textContent).toContain('性别与身份证件号码不一致'));
    expect(field('性别').getAttribute('aria-invalid')).toBe('true');
  });

  it('submits the person, the 迁移证, the origin and the materials by name', async () => {
    expect(idNumberValid('510104200808190175')).toBe(true);
    $sectors.set(windowState(true));
    const fetch = routes();
    draft('yingxin', { qyz: files('f1'), lqtzs: files('f2') });
    deliverRegion({ form: 'yingxin', field: 'yhkszd', codes: ['510000', '510100', '510104'], names: ['四川省', '成都市', '锦江区'] });
    await renderForm('/move-in-new?step=form', <MoveInFormPage />, newStudent);
    await screen.findByRole('option', { name: '汉族' });
    expect(field('户口迁出地').textContent).toBe('四川省/成都市/锦江区');
    fill('性别', '1');
    fill('民族', '01');
    fill('出生日期', '2008-08-19');
    fill('身份证件号', '510104200808190175');
    fill('学历', '11');
    fill('迁移证编号', 'QY5101042026');
    fill('详细地址', '锦江区春熙路1号');
    fill('原户口派出所', '锦江分局春熙路派出所');
    fill('联系电话', '13800138007');
    await toReview();
    // The ID number just typed is shown in full to its owner, so it can be checked.
    expect(screen.getByText('510104200808190175')).not.toBeNull();
    expect(screen.queryByText('5101**********0175')).toBeNull();
    await submitted();
    expect(await requestsTo(fetch, '/api/yingxin/add')[0].json()).toEqual({
      sfqr: '1',
      ryxx: { xm: '周子涵', xbm: '1', mzm: '01', csrq: '2008-08-19', sfzjh: '510104200808190175' },
      xlm: '11',
      qyzbh: 'QY5101042026',
      yhkszd: { code: '510104', name: '四川省/成都市/锦江区' },
      yhkxxdz: '锦江区春熙路1号',
      yhkpcs: '锦江分局春熙路派出所',
      lxdh: '13800138007',
      attachments: [
        { fileId: 'f1', clmc: '迁移证' },
        { fileId: 'f2', clmc: '录取通知书' },
      ],
    });
  });

  it('records the choice not to move in with a phone only', async () => {
    $sectors.set(windowState(true));
    const fetch = routes();
    await renderForm('/move-in-new?step=form', <MoveInFormPage />, newStudent);
    await screen.findByLabelText(/^是否迁入/);
    fill('是否迁入', '0');
    expect(screen.queryByLabelText(/^迁移证编号/)).toBeNull();
    fill('联系电话', '13800138007');
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/yingxin/add')[0].json()).toEqual({ sfqr: '0', lxdh: '13800138007' });
  });

  it('edit=1 loads the application (the masked ID number to be typed again) and sends edit with its id', async () => {
    $sectors.set(windowState(true));
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': returned(
        'yingxin',
        51,
        null,
        {
          sfqr: '1',
          ryxx: { xm: '周子涵', xbm: '1', mzm: '01', csrq: '2008-08-19', sfzjh: '5101**********0175' },
          xlm: '11',
          qyzbh: 'QY1',
          yhkszd: { code: '510104', name: '四川省/成都市/锦江区' },
          yhkxxdz: '春熙路1号',
          yhkpcs: '锦江分局春熙路派出所',
          lxdh: '13800138007',
        },
        [
          { ...file('f1'), clmc: '迁移证' },
          { ...file('f2'), clmc: '录取通知书' },
        ],
      ),
      'POST /api/yingxin/edit': { code: 200, data: summary('yingxin') },
    });
    await renderForm('/move-in-new?edit=1&id=51', <MoveInFormPage />, newStudent);
    await waitFor(() => expect(field('迁移证编号').value).toBe('QY1'));
    expect(field('身份证件号').value).toBe('');
    expect(screen.getByText('为保护个人信息，修改申请时请重新填写身份证件号')).not.toBeNull();
    expect(field('户口迁出地').textContent).toBe('四川省/成都市/锦江区');
    fill('身份证件号', '510104200808190175');
    fill('迁移证编号', 'QY2');
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/yingxin/edit')[0].json()).toMatchObject({
      id: 51,
      qyzbh: 'QY2',
      xlm: '11',
      yhkpcs: '锦江分局春熙路派出所',
      ryxx: { sfzjh: '510104200808190175' },
      attachments: [
        { fileId: 'f1', clmc: '迁移证' },
        { fileId: 'f2', clmc: '录取通知书' },
      ],
    });
  });
});

describe('博士后迁入 and 教职工迁入 (/move-in-dr, /move-in-staff)', () => {
  it('submits qrlx 1 with the unit, the start date, the origin and its police station', async () => {
    const fetch = stubFetch({
      ...dicts,
      'POST /api/qianchu/getPcsList': async (request: Request) =>
        json({ code: 200, data: (await request.json()).ssq === '420106' ? [{ id: '1', policeStationName: '武昌分局中南路派出所' }] : [] }),
      'POST /api/qianru/add': { code: 200, data: summary('qianru') },
    });
    draft('qianru-1', { attachments: files('f3') });
    deliverRegion({ form: 'qianru-1', field: 'yhkszd', codes: ['420000', '420100', '420106'], names: ['湖北省', '武汉市', '武昌区'] });
    await renderForm('/move-in-dr?step=form', <MoveInFormPage />, postDoc);
    await screen.findByRole('option', { name: '生命科学学院' });
    // Prefilled from the user info (hyzk, xl).
    expect(field<HTMLSelectElement>('婚姻状况').value).toBe('10');
    expect((screen.getByRole('option', { name: '【研究生教育】' }) as HTMLOptionElement).disabled).toBe(true);
    press('下一步');
    const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
    for (const text of ['请选择进站单位', '请选择进站日期', '请填写原户口所在地详细地址', '请填写身份证件号', '请填写联系电话']) {
      expect(alert.textContent).toContain(text);
    }
    fill('性别', '2');
    fill('民族', '01');
    fill('出生日期', '1993-11-30');
    fill('身份证件号', '42010619931130024x');
    fill('学历', '11');
    fill('进站单位', '004');
    fill('进站日期', '2026-12-01');
    fill('详细地址', '中南路8号');
    await screen.findByRole('option', { name: '武昌分局中南路派出所' });
    fill('所属派出所', '武昌分局中南路派出所');
    fill('联系电话', '13800138004');
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/qianru/add')[0].json()).toEqual({
      qrlx: '1',
      ryxx: { xm: '陈静怡', xbm: '2', mzm: '01', csrq: '1993-11-30', sfzjh: '42010619931130024X' },
      hyzkm: '10',
      xlm: '11',
      dwh: '004',
      rzrq: '2026-12-01',
      yhkszd: { code: '420106', name: '湖北省/武汉市/武昌区' },
      yhkxxdz: '中南路8号',
      yhkpcs: '武昌分局中南路派出所',
      lxdh: '13800138004',
      attachments: [{ fileId: 'f3', clmc: '博士后进站审批表' }],
    });
  });

  it('a staff member already registered at school is pointed to 家属随迁', async () => {
    stubFetch(dicts);
    renderScreen('/move-in-staff', <MoveInFormPage />, staff);
    expect(await screen.findByText('您的户口已在本校，无需迁入')).not.toBeNull();
    expect(screen.getByRole('link', { name: '办理家属随迁' }).getAttribute('href')).toBe('/web/move-in-staff-m');
  });

  it('/move-in-staff sends qrlx 2 on edit with the application id', async () => {
    const fetch = stubFetch({
      ...dicts,
      'GET /api/wdsq/sqxq/getInfo': returned(
        'qianru',
        70,
        '2',
        {
          qrlx: '2',
          ryxx: { xm: '刘建国', xbm: '1', mzm: '01', csrq: '1982-06-15', sfzjh: '1101**********0337' },
          hyzkm: '20',
          xlm: '11',
          dwh: '004',
          rzrq: '2026-08-01',
          yhkszd: { code: '110108', name: '北京市/市辖区/海淀区' },
          yhkxxdz: '某路1号',
          lxdh: '13800138005',
        },
        [{ ...file('f9'), clmc: '北京市落户批复或人才引进批准文件' }],
      ),
      'POST /api/qianru/edit': { code: 200, data: summary('qianru', 70) },
    });
    await renderForm('/move-in-staff?edit=1&id=70', <MoveInFormPage />, staff);
    await waitFor(() => expect(field('详细地址').value).toBe('某路1号'));
    fill('身份证件号', '110108198206150337');
    await toReview();
    await submitted();
    const body = await requestsTo(fetch, '/api/qianru/edit')[0].json();
    expect(body).toMatchObject({
      id: 70,
      qrlx: '2',
      dwh: '004',
      rzrq: '2026-08-01',
      attachments: [{ fileId: 'f9', clmc: '北京市落户批复或人才引进批准文件' }],
    });
  });
});

describe('家属随迁 (/move-in-staff-m)', () => {
  const fillMember = (i: number, m: { gx: string; xm: string; xb: string; csrq: string; sfzjh: string }) => {
    const section = within(screen.getByRole('region', { name: `随迁人员${i + 1}` }));
    const set = (label: string, value: string) => {
      const control = section.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement | HTMLSelectElement;
      if (control instanceof HTMLSelectElement) {
        control.value = value;
        control.dispatchEvent(new Event('change', { bubbles: true }));
      } else fireEvent.input(control, { target: { value } });
    };
    set('与户主关系', m.gx);
    set('姓名', m.xm);
    set('性别', m.xb);
    set('民族', '01');
    set('出生日期', m.csrq);
    set('身份证件号', m.sfzjh);
  };

  it('the staff member is the head; two members, each with relation, ID number and documents', async () => {
    const fetch = stubFetch({ ...dicts, 'POST /api/qianru/add': { code: 200, data: summary('qianru', 80) } });
    draft('qianru-3', { 'm0.files': files('a1'), attachments: files('p1') });
    deliverRegion({ form: 'qianru-3', field: 'yhkszd', codes: ['130000', '130100', '130102'], names: ['河北省', '石家庄市', '长安区'] });
    await renderForm('/move-in-staff-m?step=form', <MoveInFormPage />, staff);
    await screen.findAllByRole('option', { name: '配偶' });
    expect(field('工作证号').value).toBe('2012100045');
    expect(field('工作证号').readOnly).toBe(true);
    press('添加随迁人员');
    await screen.findByRole('region', { name: '随迁人员2' });
    press('下一步');
    const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
    for (const text of ['请选择与户主关系', '请填写姓名', '请填写身份证件号', '请上传随迁人员的证件材料', '请填写原户口所在地详细地址']) {
      expect(alert.textContent).toContain(text);
    }
    fillMember(0, { gx: '20', xm: '赵敏', xb: '2', csrq: '1984-02-08', sfzjh: '130102198402080423' });
    fillMember(1, { gx: '30', xm: '刘小明', xb: '1', csrq: '1982-06-15', sfzjh: '110108198206150337' });
    fill('详细地址', '长安区建设北大街5号');
    fill('联系电话', '13800138005');
    press('下一步');
    // The second member still lacks documents.
    await waitFor(() => expect(screen.getByRole('alert', { name: SUMMARY }).textContent).toContain('请上传随迁人员的证件材料'));
    expect(screen.getByRole('alert', { name: SUMMARY }).textContent).not.toContain('请填写姓名');
    expect(requestsTo(fetch, '/api/qianru/add')).toHaveLength(0);
  });

  it("sends ryxx and sqjs with each member's documents named after them", async () => {
    const fetch = stubFetch({ ...dicts, 'POST /api/qianru/add': { code: 200, data: summary('qianru', 80) } });
    draft('qianru-3', {
      hzgzzh: '2012100045',
      members: '2',
      'm0.yhzgx': '20',
      'm0.xm': '赵敏',
      'm0.xbm': '2',
      'm0.mzm': '01',
      'm0.csrq': '1984-02-08',
      'm0.sfzjh': '130102198402080423',
      'm0.files': files('a1'),
      'm1.yhzgx': '30',
      'm1.xm': '刘小明',
      'm1.xbm': '1',
      'm1.mzm': '01',
      'm1.csrq': '1982-06-15',
      'm1.sfzjh': '110108198206150337',
      'm1.files': files('b1', 'b2'),
      'yhkszd.qu': '130102',
      'yhkszd.ssqmc': '河北省/石家庄市/长安区',
      yhkxxdz: '建设北大街5号',
      yhkpcs: '',
      lxdh: '13800138005',
      attachments: '[]',
    });
    await renderForm('/move-in-staff-m?step=form', <MoveInFormPage />, staff);
    await screen.findAllByRole('option', { name: '配偶' });
    await toReview();
    expect(screen.getByRole('heading', { name: '随迁人员2' })).not.toBeNull();
    await submitted();
    expect(await requestsTo(fetch, '/api/qianru/add')[0].json()).toEqual({
      qrlx: '3',
      hzgzzh: '2012100045',
      ryxx: { xm: '赵敏', xbm: '2', mzm: '01', csrq: '1984-02-08', sfzjh: '130102198402080423', yhzgx: '20' },
      sqjs: [{ xm: '刘小明', xbm: '1', mzm: '01', csrq: '1982-06-15', sfzjh: '110108198206150337', yhzgx: '30' }],
      yhkszd: { code: '130102', name: '河北省/石家庄市/长安区' },
      yhkxxdz: '建设北大街5号',
      lxdh: '13800138005',
      attachments: [
        { fileId: 'a1', clmc: '随迁人员1（赵敏）' },
        { fileId: 'b1', clmc: '随迁人员2（刘小明）' },
        { fileId: 'b2', clmc: '随迁人员2（刘小明）' },
      ],
    });
  });

  it("puts the server's answers about a member on that member's fields", async () => {
    stubFetch({
      ...dicts,
      'POST /api/qianru/add': () =>
        json({ code: 400, msg: '请求不合法', errors: [{ field: 'sqjs[0].sfzjh', message: '随迁人员身份证号码重复' }] }, 400),
    });
    draft('qianru-3', {
      hzgzzh: '2012100045',
      members: '2',
      ...Object.fromEntries(
        [
          ['m0', '20', '赵敏', '2', '1984-02-08', '130102198402080423', 'a1'],
          ['m1', '30', '刘小明', '1', '1982-06-15', '110108198206150337', 'b1'],
        ].flatMap(([m, gx, xm, xb, csrq, sfzjh, f]) => [
          [`${m}.yhzgx`, gx],
          [`${m}.xm`, xm],
          [`${m}.xbm`, xb],
          [`${m}.mzm`, '01'],
          [`${m}.csrq`, csrq],
          [`${m}.sfzjh`, sfzjh],
          [`${m}.files`, files(f)],
        ]),
      ),
      'yhkszd.qu': '130102',
      'yhkszd.ssqmc': '河北省/石家庄市/长安区',
      yhkxxdz: '建设北大街5号',
      lxdh: '13800138005',
    });
    await renderForm('/move-in-staff-m?step=form', <MoveInFormPage />, staff);
    await screen.findAllByRole('option', { name: '配偶' });
    await toReview();
    press('确认提交');
    const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
    expect(alert.textContent).toContain('随迁人员身份证号码重复');
    const second = within(screen.getByRole('region', { name: '随迁人员2' }));
    expect(second.getByLabelText(/^身份证件号/).getAttribute('aria-invalid')).toBe('true');
  });

  it('removing a member moves the later ones up', async () => {
    stubFetch(dicts);
    draft('qianru-3', { members: '3', 'm0.xm': '甲', 'm1.xm': '乙', 'm2.xm': '丙', 'm2.files': files('c1') });
    await renderForm('/move-in-staff-m?step=form', <MoveInFormPage />, staff);
    await screen.findByRole('region', { name: '随迁人员3' });
    press('删除随迁人员2');
    await waitFor(() => expect(screen.queryByRole('region', { name: '随迁人员3' })).toBeNull());
    const second = within(screen.getByRole('region', { name: '随迁人员2' }));
    expect((second.getByLabelText(/^姓名/) as HTMLInputElement).value).toBe('丙');
  });

  it('edit=1 brings the members back from ryxx and sqjs, their documents by name', async () => {
    const fetch = stubFetch({
      ...dicts,
      'GET /api/wdsq/sqxq/getInfo': returned(
        'qianru',
        81,
        '3',
        {
          qrlx: '3',
          hzgzzh: '2012100045',
          ryxx: { xm: '赵敏', xbm: '2', mzm: '01', csrq: '1984-02-08', sfzjh: '1301**********0423', yhzgx: '20' },
          sqjs: [{ xm: '刘小明', xbm: '1', mzm: '01', csrq: '1982-06-15', sfzjh: '1101**********0337', yhzgx: '30' }],
          yhkszd: { code: '130102', name: '河北省/石家庄市/长安区' },
          yhkxxdz: '建设北大街5号',
          lxdh: '13800138005',
        },
        [
          { ...file('a1'), clmc: '随迁人员1（赵敏）' },
          { ...file('b1'), clmc: '随迁人员2（刘小明）' },
        ],
      ),
      'POST /api/qianru/edit': { code: 200, data: summary('qianru', 81) },
    });
    await renderForm('/move-in-staff-m?edit=1&id=81', <MoveInFormPage />, staff);
    const second = within(await screen.findByRole('region', { name: '随迁人员2' }));
    await waitFor(() => expect((second.getByLabelText(/^姓名/) as HTMLInputElement).value).toBe('刘小明'));
    expect((second.getByLabelText(/^身份证件号/) as HTMLInputElement).value).toBe('');
    fireEvent.input(second.getByLabelText(/^身份证件号/), { target: { value: '110108198206150337' } });
    fireEvent.input(within(screen.getByRole('region', { name: '随迁人员1' })).getByLabelText(/^身份证件号/), {
      target: { value: '130102198402080423' },
    });
    await toReview();
    await submitted();
    const body = await requestsTo(fetch, '/api/qianru/edit')[0].json();
    expect(body.id).toBe(81);
    expect(body.sqjs).toHaveLength(1);
    expect(body.attachments).toEqual([
      { fileId: 'a1', clmc: '随迁人员1（赵敏）' },
      { fileId: 'b1', clmc: '随迁人员2（刘小明）' },
    ]);
  });

  describe('a family member applying for themselves proves the household head', () => {
    const member = user({ xm: '赵敏', rylb: '5', xh: null, gzzh: null, hkIn: false });
    const ready = {
      hzxm: '刘建国',
      hzgzzh: '2012100045',
      hzsfzjh: '11010819850317006x',
      members: '1',
      'm0.yhzgx': '20',
      'm0.xm': '赵敏',
      'm0.xbm': '2',
      'm0.mzm': '01',
      'm0.csrq': '1984-02-08',
      'm0.sfzjh': '130102198402080423',
      'm0.files': files('a1'),
      'yhkszd.qu': '130102',
      'yhkszd.ssqmc': '河北省/石家庄市/长安区',
      yhkxxdz: '建设北大街5号',
      yhkpcs: '',
      lxdh: '13800138006',
      attachments: '[]',
    };
    const headFields = () => within(screen.getByRole('region', { name: '户主' }));

    it("asks for the head's name, staff number and full ID number, and checks them before sending", async () => {
      const fetch = stubFetch({ ...dicts, 'POST /api/qianru/add': { code: 200, data: summary('qianru', 85) } });
      await renderForm('/move-in-staff-m?step=form', <MoveInFormPage />, member);
      await screen.findAllByRole('option', { name: '配偶' });
      const head = headFields();
      for (const label of [/^姓名/, /^工作证号/, /^身份证件号/]) {
        const control = head.getByLabelText(label) as HTMLInputElement;
        expect(control.value).toBe('');
        expect(control.readOnly).toBe(false);
      }
      expect(head.getByText(/三项须与户主在学校登记的一致/)).not.toBeNull();
      press('下一步');
      const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
      for (const text of ['请填写户主姓名', '请填写户主工作证号', '请填写户主身份证件号码']) expect(alert.textContent).toContain(text);
      fireEvent.input(head.getByLabelText(/^身份证件号/), { target: { value: '110108198503170031' } });
      press('下一步');
      await waitFor(() => expect(screen.getByRole('alert', { name: SUMMARY }).textContent).toContain('身份证件号码格式错误'));
      expect(head.getByLabelText(/^身份证件号/).getAttribute('aria-invalid')).toBe('true');
      expect(requestsTo(fetch, '/api/qianru/add')).toHaveLength(0);
    });

    it("sends the proof with the form; the review shows the head's ID number as typed, in full, to check it", async () => {
      const fetch = stubFetch({ ...dicts, 'POST /api/qianru/add': { code: 200, data: summary('qianru', 85) } });
      draft('qianru-3', ready);
      await renderForm('/move-in-staff-m?step=form', <MoveInFormPage />, member);
      await screen.findAllByRole('option', { name: '配偶' });
      await toReview();
      expect(screen.getByText('11010819850317006X')).not.toBeNull();
      expect(screen.queryByText('1101**********006X')).toBeNull();
      // The member's own too.
      expect(screen.getByText('130102198402080423')).not.toBeNull();
      await submitted();
      const body = await requestsTo(fetch, '/api/qianru/add')[0].json();
      expect(body).toMatchObject({
        qrlx: '3',
        hzxm: '刘建国',
        hzgzzh: '2012100045',
        hzsfzjh: '11010819850317006X',
        ryxx: { xm: '赵敏', sfzjh: '130102198402080423' },
      });
    });

    it("shows the server's mismatch at the head's fields as a group, naming none of them", async () => {
      stubFetch({ ...dicts, 'POST /api/qianru/add': { code: 100, msg: HEAD_MISMATCH } });
      draft('qianru-3', ready);
      await renderForm('/move-in-staff-m?step=form', <MoveInFormPage />, member);
      await screen.findAllByRole('option', { name: '配偶' });
      await toReview();
      press('确认提交');
      const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
      expect(alert.textContent).toContain(HEAD_MISMATCH);
      const head = headFields();
      expect(head.getByText(HEAD_MISMATCH)).not.toBeNull();
      // The link of the summary leads to the head's group, not to one of its fields.
      expect(within(alert).getByRole('link', { name: HEAD_MISMATCH }).getAttribute('href')).toBe('#qianru-3-hz');
      for (const label of [/^姓名/, /^工作证号/, /^身份证件号/]) expect(head.getByLabelText(label).getAttribute('aria-invalid')).toBeNull();
    });

    it("edit=1 brings the head's name and staff number back; the ID number is typed again", async () => {
      const fetch = stubFetch({
        ...dicts,
        'GET /api/wdsq/sqxq/getInfo': returned(
          'qianru',
          86,
          '3',
          {
            qrlx: '3',
            hzgzzh: '2012100045',
            hzxm: '刘建国',
            ryxx: { xm: '赵敏', xbm: '2', mzm: '01', csrq: '1984-02-08', sfzjh: '1301**********0423', yhzgx: '20' },
            yhkszd: { code: '130102', name: '河北省/石家庄市/长安区' },
            yhkxxdz: '建设北大街5号',
            lxdh: '13800138006',
          },
          [{ ...file('a1'), clmc: '随迁人员1（赵敏）' }],
        ),
        'POST /api/qianru/edit': { code: 200, data: summary('qianru', 86) },
      });
      await renderForm('/move-in-staff-m?edit=1&id=86', <MoveInFormPage />, member);
      await waitFor(() => expect((headFields().getByLabelText(/^姓名/) as HTMLInputElement).value).toBe('刘建国'));
      const head = headFields();
      expect((head.getByLabelText(/^工作证号/) as HTMLInputElement).value).toBe('2012100045');
      expect((head.getByLabelText(/^身份证件号/) as HTMLInputElement).value).toBe('');
      expect(head.getByText(/修改申请时请重新填写户主的身份证件号码/)).not.toBeNull();
      fireEvent.input(head.getByLabelText(/^身份证件号/), { target: { value: '11010819850317006X' } });
      fireEvent.input(within(screen.getByRole('region', { name: '随迁人员1' })).getByLabelText(/^身份证件号/), {
        target: { value: '130102198402080423' },
      });
      await toReview();
      await submitted();
      expect(await requestsTo(fetch, '/api/qianru/edit')[0].json()).toMatchObject({
        id: 86,
        hzxm: '刘建国',
        hzgzzh: '2012100045',
        hzsfzjh: '11010819850317006X',
      });
    });
  });

  it('a staff member not yet registered at school moves in first', async () => {
    stubFetch(dicts);
    renderScreen('/move-in-staff-m', <MoveInFormPage />, user({ ...staff, hkIn: false }));
    expect(await screen.findByText(HEAD_NOT_IN)).not.toBeNull();
    expect(screen.getByRole('link', { name: '办理教职工迁入' }).getAttribute('href')).toBe('/web/move-in-staff');
  });
});

describe('迁入信息确认 (/m-cr)', () => {
  const confirmation = (canContinue: boolean) => ({
    code: 200,
    data: {
      application: { ...summary('qianru', 90), status: 5, statusName: '待领取' },
      yh: { xm: '赵敏', xbmc: '女', mzmc: '汉族', csrq: '1984-02-08', sfzjh: '1301**********0423', yhzgxmc: '配偶' },
      hz: { xm: '刘建国', gzzh: '2012100045', dwmc: '物理学院', sfzjh: '1101**********0337' },
      sqjs: [{ xm: '刘小明', xbmc: '男', yhzgxmc: '子', sfzjh: '1101**********0012' }],
      qrdz: '北京市海淀区示范大学集体户',
      pcsmc: '示范园派出所',
      canContinue,
    },
  });

  it('shows the user and the head, then sends the 迁移证 with continueSubmit', async () => {
    const fetch = stubFetch({
      'GET /api/qianru/getQrxxYhAndHz': confirmation(true),
      'POST /api/qianru/continueSubmit': { code: 200, data: { ...summary('qianru', 90), statusName: '已提交' } },
    });
    draft('qianru-continue', { qyz: files('q1') });
    renderScreen('/m-cr?id=90', <ConfirmPage />, staff);
    expect(await screen.findByText('1301**********0423')).not.toBeNull();
    expect(screen.getByText('刘建国')).not.toBeNull();
    expect(screen.getByText('示范园派出所')).not.toBeNull();
    expect(screen.getByRole('heading', { name: '随迁人员2' })).not.toBeNull();
    expect(screen.getByText('刘小明')).not.toBeNull();
    await screen.findByLabelText(/^迁移证编号/);
    press('下一步');
    const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
    expect(alert.textContent).toContain('请填写迁移证编号');
    expect(alert.textContent).toContain('请选择迁移证签发日期');
    fill('迁移证编号', 'QY1301');
    fill('签发日期', '2026-11-01');
    fill('签发机关', '石家庄市公安局长安分局');
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/qianru/continueSubmit')[0].json()).toEqual({
      id: 90,
      qyzbh: 'QY1301',
      qyzqfrq: '2026-11-01',
      qyzqfjg: '石家庄市公安局长安分局',
      attachments: [{ fileId: 'q1', clmc: '迁移证' }],
    });
    expect(appUrl()).toContain('step=done');
  });

  it("a family member's own application shows only what the server gives of the head (name, staff number, masked ID)", async () => {
    const own = confirmation(false);
    own.data.hz = {
      xm: '刘建国',
      xbmc: null,
      mzmc: null,
      csrq: null,
      sfzjh: '1101**********006X',
      yhzgxmc: '户主',
      gzzh: '2012100045',
      dwmc: null,
    } as never;
    stubFetch({ 'GET /api/qianru/getQrxxYhAndHz': own });
    renderScreen('/m-cr?id=90', <ConfirmPage />, user({ xm: '赵敏', rylb: '5', xh: null, gzzh: null, hkIn: false }));
    const heading = await screen.findByRole('heading', { name: '户主信息' });
    const card = within(heading.closest('section')!);
    expect(card.getByText('刘建国')).not.toBeNull();
    expect(card.getByText('1101**********006X')).not.toBeNull();
    for (const label of ['出生日期', '性别', '民族', '单位']) expect(card.queryByText(label)).toBeNull();
  });

  it('without the 准迁证 yet, says when it can continue', async () => {
    stubFetch({ 'GET /api/qianru/getQrxxYhAndHz': confirmation(false) });
    renderScreen('/m-cr?id=90', <ConfirmPage />, staff);
    expect(await screen.findByText(/取得户口迁移证即可在此继续提交/)).not.toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('without an id, opens the newest record that can continue', async () => {
    stubFetch({
      'GET /api/qianru/getQrxxHistory': {
        code: 200,
        data: [
          {
            ...summary('qianru', 91),
            title: '迁入',
            createdAt: '2026-11-01T09:00:00+08:00',
            updatedAt: '2026-11-01T09:00:00+08:00',
            actions: ['continue'],
          },
        ],
      },
      'GET /api/qianru/getQrxxYhAndHz': confirmation(true),
    });
    renderScreen('/m-cr', <ConfirmPage />, staff);
    await waitFor(() => expect(appUrl()).toBe('/m-cr?id=91'));
  });
});

describe('迁入凭证 (/move-in-voucher)', () => {
  it('reads the PDFs as blobs and offers to save them and to open them in a new page', async () => {
    const urls: Blob[] = [];
    URL.createObjectURL = (b: Blob) => {
      urls.push(b);
      return `blob:voucher-${urls.length}`;
    };
    URL.revokeObjectURL = () => {};
    const fetch = stubFetch({
      'GET /api/qianru/getHzsyzpdz': { code: 200, data: { url: '/api/wj/file/f_head', mimeType: 'image/jpeg' } },
      'GET /api/wj/file/f_head': () => new Response(new Blob(['jpg']), { headers: { 'Content-Type': 'image/jpeg' } }),
      'GET /api/qianru/downloadhkkPdf': () => new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } }),
      'GET /api/qianru/downloadHzsyzpPdf': { code: 100, msg: '迁入尚未办结，暂无凭证' },
    });
    renderScreen('/move-in-voucher?id=61', <VoucherPage />, staff);
    const photo = (await screen.findByRole('img', { name: '集体户户主首页照片' })) as HTMLImageElement;
    expect(photo.getAttribute('src')).toBe('blob:voucher-1');
    press('获取户口卡 PDF');
    const save = await screen.findByRole('link', { name: '保存 PDF' });
    expect(save.getAttribute('download')).toBe('户口卡.pdf');
    expect(save.getAttribute('href')).toBe('blob:voucher-2');
    const open = screen.getByRole('link', { name: '在新页面打开' });
    expect(open.getAttribute('target')).toBe('_blank');
    expect(urls[1].type).toBe('application/pdf');
    expect(new URL(requestsTo(fetch, '/api/qianru/downloadhkkPdf')[0].url).searchParams.get('id')).toBe('61');
    expect(requestsTo(fetch, '/api/qianru/downloadhkkPdf')[0].headers.get('qhyhAuthorization')).toBe('Bearer tok-1');
    press('获取户主首页 PDF');
    await waitFor(() => expect(requestsTo(fetch, '/api/qianru/downloadHzsyzpPdf')).toHaveLength(1));
    expect(screen.getAllByRole('link', { name: '保存 PDF' })).toHaveLength(1);
  });

  it('in WeChat opens each PDF by a short-lived signed link (WeChat cannot open blob: addresses)', async () => {
    const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0.50');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const fetch = stubFetch({
      'GET /api/qianru/getHzsyzpdz': { code: 100, msg: '迁入尚未办结，暂无凭证' },
      'POST /api/qianru/voucherLink': async (r: Request) => {
        const body = (await r.json()) as { id: number; kind: string };
        return { code: 200, data: { url: `/api/qianru/voucher?t=${body.id}-${body.kind}.sig`, expiresIn: 300 } };
      },
    });
    try {
      renderScreen('/move-in-voucher?id=61', <VoucherPage />, staff);
      expect(await screen.findByText(/在浏览器打开/)).not.toBeNull();
      press('获取户主首页 PDF');
      await waitFor(() => expect(assign).toHaveBeenCalledWith(`${location.origin}/api/qianru/voucher?t=61-hzsy.sig`));
      expect(requestsTo(fetch, '/api/qianru/downloadHzsyzpPdf')).toHaveLength(0);
      expect(requestsTo(fetch, '/api/qianru/voucherLink')[0].headers.get('qhyhAuthorization')).toBe('Bearer tok-1');
    } finally {
      assign.mockRestore();
      ua.mockRestore();
    }
  });
});
