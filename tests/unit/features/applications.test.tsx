import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import ApplyListPage from '@/features/applications/apply-list-page';
import DetailsPage from '@/features/applications/details-page';
import { json, requestsTo, stubFetch } from '../helpers';
import { appUrl, choose, field, press, renderScreen } from './service-helpers';

const item = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  sqbh: `HJ20261121${String(id).padStart(6, '0')}`,
  kind: 'sfzbl',
  kindName: '身份证办理',
  status: 1,
  statusName: '已提交',
  title: `身份证办理 · 预约日期 2026-11-${20 + (id % 9)}`,
  createdAt: '2026-11-21T09:30:00+08:00',
  updatedAt: '2026-11-21T09:30:00+08:00',
  actions: ['cancel', 'edit'],
  ...over,
});

const queryOf = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);

describe('我的申请', () => {
  it('lists the applications with coloured status labels, each opening its details', async () => {
    stubFetch({
      'GET /api/wdsq/sqxq/getListByType': {
        code: 200,
        rows: [item(1), item(2, { kind: 'hkkjy', kindName: '借用户口卡', status: 4, statusName: '已借出', actions: [] })],
        total: 2,
      },
    });
    renderScreen('/apply-list', <ApplyListPage />);
    const list = await screen.findByRole('list', { name: '申请列表' });
    const links = await within(list).findAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0].getAttribute('href')).toBe('/web/details?id=1');
    expect(links[0].textContent).toContain('HJ20261121000001');
    const lent = within(links[1]).getByText('已借出');
    expect(lent.getAttribute('style')).toContain('color: #791cb5');
    expect(within(links[0]).getByText('已提交').getAttribute('style')).toContain('#0958d9');
  });

  it('filters by kind and status (kept in the URL) and pages with 加载更多', async () => {
    const fetch = stubFetch({
      'GET /api/wdsq/sqxq/getListByType': (r: Request) => {
        const q = queryOf(r);
        const page = Number(q.pageNum);
        return json({ code: 200, rows: Array.from({ length: page === 1 ? 10 : 2 }, (_, i) => item(page * 100 + i)), total: 12 });
      },
    });
    renderScreen('/apply-list', <ApplyListPage />);
    await screen.findAllByText('身份证办理');
    expect(queryOf(requestsTo(fetch, '/api/wdsq/sqxq/getListByType')[0])).toEqual({ pageNum: '1', pageSize: '10' });

    choose(field<HTMLSelectElement>('业务种类'), 'sfzbl');
    await waitFor(() => expect(appUrl()).toBe('/apply-list?kind=sfzbl'));
    choose(field<HTMLSelectElement>('办理状态'), '3');
    await waitFor(() => expect(appUrl()).toBe('/apply-list?kind=sfzbl&status=3'));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetch, '/api/wdsq/sqxq/getListByType').at(-1)!)).toEqual({
        kind: 'sfzbl',
        status: '3',
        pageNum: '1',
        pageSize: '10',
      }),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10));
    press('加载更多');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(12));
    expect(queryOf(requestsTo(fetch, '/api/wdsq/sqxq/getListByType').at(-1)!)).toMatchObject({ kind: 'sfzbl', status: '3', pageNum: '2' });
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('says when nothing matches', async () => {
    stubFetch({ 'GET /api/wdsq/sqxq/getListByType': { code: 200, rows: [], total: 0 } });
    renderScreen('/apply-list?status=8', <ApplyListPage />);
    expect(await screen.findByText('没有符合条件的申请')).not.toBeNull();
    expect(field<HTMLSelectElement>('办理状态').value).toBe('8');
  });
});

const detail = (over: Record<string, unknown> = {}) => ({
  ...item(5),
  answers: {
    blyy: '4',
    blfs: '1',
    yyrq: '2026-11-25',
    lqfs: '1',
    lxdh: '13800138001',
    yjxx: {
      pssj: '2026-11-30',
      sjd: '1',
      ssl: '紫荆2号楼',
      lxdh: '13800138001',
      sjrxm: '张三',
      sjrdh: '13800138001',
      ssq: { code: '110108', name: '北京市/海淀区' },
      xxdz: '301室',
    },
  },
  summary: [
    { label: '办理原因', value: '丢失补领', group: null },
    { label: '办理方式', value: '学校集中受理（户籍办代收代领）', group: null },
    { label: '预约日期', value: '2026年11月25日（星期三）', group: null },
    { label: '领取方式', value: '邮寄', group: null },
    { label: '联系电话', value: '13800138001', group: null },
    { label: '派送日期', value: '2026年11月30日（星期一）', group: '邮寄信息' },
    { label: '派送时间', value: '下午(17-18点)', group: '邮寄信息' },
    { label: '收件人姓名', value: '张三', group: '邮寄信息' },
    { label: '所在地区', value: '北京市海淀区', group: '邮寄信息' },
    { label: '详细地址', value: '301室', group: '邮寄信息' },
  ],
  attachments: [{ fileId: 'f1', clmc: '原身份证', name: 'id.jpg', mimeType: 'image/jpeg', size: 1000, url: '/api/wj/file/f1' }],
  events: [
    { at: '2026-11-21T09:30:00+08:00', actor: { role: 'user', name: null }, from: null, to: 1, note: null },
    { at: '2026-11-21T10:00:00+08:00', actor: { role: 'staff', name: '户籍办王老师' }, from: 1, to: 2, note: null },
    { at: '2026-11-21T11:00:00+08:00', actor: { role: 'staff', name: '户籍办王老师' }, from: 2, to: 3, note: '请补充相片回执号' },
  ],
  handling: { reason: '请补充相片回执号' },
  status: 3,
  statusName: '退回修改',
  ...over,
});

function detailRoutes(data: Record<string, unknown>, extra = {}) {
  return stubFetch({
    'GET /api/wdsq/sqxq/getInfo': { code: 200, data },
    ...extra,
  });
}

describe('申请详情', () => {
  it('shows the server’s summary of the answers (labels, readable values, parts), the handling note, attachments and the timeline', async () => {
    const fetch = detailRoutes(detail());
    renderScreen('/details?id=5', <DetailsPage />);
    expect(await screen.findByText('HJ20261121000005', { exact: false })).not.toBeNull();
    expect(requestsTo(fetch, '/api/wdsq/sqxq/getInfo')[0].url).toContain('id=5');
    const main = screen.getByRole('heading', { name: '申请内容' }).parentElement!;
    const cells = (group: HTMLElement) => [...group.querySelectorAll('.weui-cell')].map((c) => c.textContent);
    expect(cells(main)).toEqual([
      '办理原因丢失补领',
      '办理方式学校集中受理（户籍办代收代领）',
      '预约日期2026年11月25日（星期三）',
      '领取方式邮寄',
      '联系电话13800138001',
    ]);
    const mail = screen.getByRole('heading', { name: '邮寄信息' }).parentElement!;
    expect(cells(mail)).toEqual([
      '派送日期2026年11月30日（星期一）',
      '派送时间下午(17-18点)',
      '收件人姓名张三',
      '所在地区北京市海淀区',
      '详细地址301室',
    ]);
    // The codes of the answers are never shown, and no dictionary is fetched to read them.
    for (const code of ['4', '1', 'blyy', '2026-11-25', '北京市/海淀区']) expect(screen.queryByText(code)).toBeNull();
    expect(fetch.mock.calls.map(([r]) => new URL((r as Request).url).pathname)).not.toContain('/api/dict/getSysDictByType');
    expect(screen.getByText('退回原因')).not.toBeNull();
    expect(screen.getByRole('button', { name: /原身份证/ })).not.toBeNull();
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps[0]).toContain('退回修改');
    expect(steps[0]).toContain('户籍办王老师');
    expect(steps[0]).toContain('请补充相片回执号');
    expect(steps.at(-1)).toContain('已提交');
    expect(steps.at(-1)).toContain('申请人');
    // Not shipped: no tracking link.
    expect(screen.queryByRole('link', { name: /查看物流/ })).toBeNull();
  });

  it('a shipped application shows the courier, the waybill and a link to the courier’s tracking page', async () => {
    detailRoutes(
      detail({
        status: 6,
        statusName: '已寄出',
        handling: {
          kdgs: '顺丰速运',
          kddh: 'SF1234567890',
          trackUrl: 'https://www.sf-express.com/chn/sc/waybill/waybill-detail/SF1234567890',
        },
      }),
    );
    renderScreen('/details?id=5', <DetailsPage />);
    const link = await screen.findByRole('link', { name: /查看物流/ });
    expect(link.getAttribute('href')).toBe('https://www.sf-express.com/chn/sc/waybill/waybill-detail/SF1234567890');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('顺丰速运官网');
    const group = screen.getByRole('heading', { name: '办理信息' }).parentElement!;
    expect([...group.querySelectorAll('.weui-cell')].map((c) => c.textContent)).toEqual([
      '快递公司顺丰速运',
      '快递单号SF1234567890',
      '查看物流顺丰速运官网',
    ]);
  });

  it('shows the labels of a move-in and its people in their own parts, as the server masked them', async () => {
    detailRoutes(
      detail({
        kind: 'qianru',
        kindName: '教职工迁入',
        sub: '2',
        answers: {
          qrlx: '2',
          hyzkm: '21',
          dwh: '002',
          ryxx: { xm: '李四', xbm: '1', mzm: '01', sfzjh: '1101**********002X' },
          sqjs: [{ xm: '王五', xbm: '2', mzm: '03', yhzgx: '12' }],
          lxdh: '13800138001',
        },
        summary: [
          { label: '婚姻状况', value: '初婚', group: null },
          { label: '所在单位', value: '物理学院', group: null },
          { label: '姓名', value: '李四', group: '本人信息' },
          { label: '性别', value: '男', group: '本人信息' },
          { label: '民族', value: '汉族', group: '本人信息' },
          { label: '身份证件号', value: '1101**********002X', group: '本人信息' },
          { label: '姓名', value: '王五', group: '随迁家属1' },
          { label: '性别', value: '女', group: '随迁家属1' },
          { label: '民族', value: '回族', group: '随迁家属1' },
          { label: '与户主关系', value: '妻', group: '随迁家属1' },
        ],
        attachments: [],
      }),
    );
    renderScreen('/details?id=5', <DetailsPage />);
    expect(await screen.findByText('1101**********002X')).not.toBeNull();
    expect(screen.getByText('物理学院')).not.toBeNull();
    expect(screen.getByText('初婚')).not.toBeNull();
    const family = screen.getByRole('heading', { name: '随迁家属1' }).parentElement!;
    expect(within(family).getByText('回族')).not.toBeNull();
    expect(within(family).getByText('妻')).not.toBeNull();
    expect(screen.getByRole('heading', { name: '本人信息' })).not.toBeNull();
    for (const code of ['002', '21', '01', '03', '12', '1', '2']) expect(screen.queryByText(code)).toBeNull();
  });

  it('offers 撤销 and 修改 where the status allows, and withdraws after confirming', async () => {
    let cancelled = false;
    const fetch = detailRoutes(detail(), {
      'GET /api/wdsq/sqxq/getInfo': () =>
        json({ code: 200, data: cancelled ? detail({ status: 9, statusName: '已撤销', actions: [] }) : detail() }),
      'POST /api/wdsq/sqxq/endProcessing': () => {
        cancelled = true;
        return json({ code: 200, data: { ...item(5), status: 9, statusName: '已撤销' } });
      },
    });
    renderScreen('/details?id=5', <DetailsPage />);
    const edit = await screen.findByRole('link', { name: '修改' });
    expect(edit.getAttribute('href')).toBe('/web/certif/id-card?edit=1&id=5');
    press('撤销申请');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定撤销这份申请吗');
    fireEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetch, '/api/wdsq/sqxq/endProcessing')).toHaveLength(0);

    press('撤销申请');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(screen.getAllByText('已撤销').length).toBeGreaterThan(0));
    expect(await requestsTo(fetch, '/api/wdsq/sqxq/endProcessing')[0].json()).toEqual({ id: 5 });
    expect(screen.queryByRole('button', { name: '撤销申请' })).toBeNull();
    expect(screen.queryByRole('link', { name: '修改' })).toBeNull();
  });

  it('says what contradicts an open family move (the server’s conflicts), above its details', async () => {
    const conflict = '户主的教职工迁出申请 HJ20261121000078正在办理：户主迁出后，随迁家属不能落户到其户下，两项申请相互矛盾。';
    detailRoutes(detail({ kind: 'qianru', kindName: '家属随迁', conflicts: [conflict] }));
    renderScreen('/details?id=5', <DetailsPage />);
    expect((await screen.findByRole('note', { name: '请注意' })).textContent).toBe(conflict);
  });

  it('offers no action in a status that allows none', async () => {
    detailRoutes(detail({ status: 4, statusName: '办理中', actions: [], handling: {} }));
    renderScreen('/details?id=5', <DetailsPage />);
    await screen.findAllByText('办理中');
    expect(screen.queryByRole('button', { name: '撤销申请' })).toBeNull();
    expect(screen.queryByRole('link', { name: '修改' })).toBeNull();
  });

  it('says so when the application is not the user’s or does not exist', async () => {
    stubFetch({ 'GET /api/wdsq/sqxq/getInfo': () => json({ code: 404, msg: '申请不存在' }, 404) });
    renderScreen('/details?id=999', <DetailsPage />);
    expect(await screen.findByText('申请不存在')).not.toBeNull();
  });
});
