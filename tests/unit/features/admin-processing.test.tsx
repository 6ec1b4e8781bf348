import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { App } from '@/app/app';
import { $toast } from '@/state/ui';
import { json, requestsTo, selectOption, stubFetch } from '../helpers';
import { adminApplication, adminMeta, queueRow, resetConsole, signInStaff, staffAccount } from './admin-fixtures';

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const queryOf = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);
const bodyOf = async (fetch: ReturnType<typeof stubFetch>, path: string, at = 0) => requestsTo(fetch, path)[at]!.json();

function openConsole(url: string, routes: Record<string, unknown>) {
  signInStaff();
  const fetch = stubFetch({
    'GET /api/admin/me': { code: 200, data: staffAccount },
    'GET /api/admin/meta': { code: 200, data: adminMeta },
    ...routes,
  });
  history.replaceState(null, '', `/web/admin${url}`);
  render(<App />);
  return fetch;
}

// The console and its pages load lazily: the first screen of a test may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(resetConsole);

describe('queue', () => {
  it('opens on 待办 with counts per status, 全部 and each status one tap away; filters and tabs live in the URL', async () => {
    const counts: Record<number, [number, number]> = { 1: [40, 40], 2: [5, 5], 4: [3, 2], 7: [10, 0] };
    const fetch = openConsole('/applications', {
      'GET /api/admin/applications': { code: 200, rows: [queueRow(1), queueRow(2, { overdue: false, waitingDays: 1 })], total: 47 },
      'GET /api/admin/applications/counts': {
        code: 200,
        data: adminMeta.statuses.map((s) => ({
          status: s.code,
          statusName: s.label,
          count: counts[s.code]?.[0] ?? 0,
          todo: counts[s.code]?.[1] ?? 0,
        })),
      },
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByRole('link', { name: 'HJ20261121000001' }).getAttribute('href')).toBe('/web/admin/applications/1');
    expect(rows[1].textContent).toContain('4 天（超时）');
    expect(rows[1].textContent).toContain('2023010101');
    // What waits for staff first: 已提交, 审核中 and 办理中 (cards lent out aside), counted by the server.
    expect((await screen.findByRole('button', { name: '待办 47' })).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '全部 58' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: '已提交 40' })).not.toBeNull();
    expect(screen.getByText('第 1 / 3 页')).not.toBeNull();
    expect(queryOf(requestsTo(fetch, '/api/admin/applications')[0])).toEqual({ todo: '1', pageNum: '1', pageSize: '20' });

    fireEvent.click(screen.getByRole('button', { name: '全部 58' }));
    await waitFor(() => expect(location.search).toBe('?status=all'));
    await waitFor(() => expect(queryOf(requestsTo(fetch, '/api/admin/applications').at(-1)!)).toEqual({ pageNum: '1', pageSize: '20' }));
    expect(screen.getByRole('button', { name: '全部 58' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '待办 47' }));
    await waitFor(() => expect(location.search).toBe(''));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetch, '/api/admin/applications').at(-1)!)).toEqual({ todo: '1', pageNum: '1', pageSize: '20' }),
    );

    fireEvent.click(screen.getByRole('button', { name: '审核中 5' }));
    await waitFor(() => expect(location.search).toBe('?status=2'));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetch, '/api/admin/applications').at(-1)!)).toEqual({ status: '2', pageNum: '1', pageSize: '20' }),
    );

    fireEvent.input(screen.getByRole('searchbox'), { target: { value: '张三' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetch, '/api/admin/applications').at(-1)!)).toMatchObject({ status: '2', keyword: '张三' }),
    );
    expect(queryOf(requestsTo(fetch, '/api/admin/applications/counts').at(-1)!)).toEqual({ keyword: '张三' });

    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetch, '/api/admin/applications').at(-1)!)).toMatchObject({ pageNum: '2', keyword: '张三' }),
    );
  });

  it('sorts, shows 100 a page, jumps to a page, filters by sub-service and by whose; the URL keeps it all', async () => {
    const fetch = openConsole('/applications', {
      'GET /api/admin/applications': {
        code: 200,
        rows: [queueRow(1, { assignee: { id: 9, name: '王老师', at: '2026-11-21T10:00:00+08:00' } }), queueRow(2, { assignee: null })],
        total: 450,
      },
      'GET /api/admin/applications/counts': { code: 200, data: [] },
    });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('王老师');
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('未认领');
    act(() => selectOption(screen.getByLabelText('排序'), '-created'));
    await waitFor(() => expect(queryOf(requestsTo(fetch, '/api/admin/applications').at(-1)!)).toMatchObject({ sort: '-created' }));
    act(() => selectOption(screen.getByLabelText('每页条数'), '100'));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetch, '/api/admin/applications').at(-1)!)).toMatchObject({ pageSize: '100', sort: '-created' }),
    );
    expect(await screen.findByText('第 1 / 5 页')).not.toBeNull();
    fireEvent.input(screen.getByLabelText(/跳至/), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetch, '/api/admin/applications').at(-1)!)).toMatchObject({ pageNum: '4', pageSize: '100' }),
    );
    fireEvent.click(screen.getByRole('button', { name: '我的' }));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetch, '/api/admin/applications').at(-1)!)).toMatchObject({ assignee: 'me', pageNum: '1' }),
    );
    act(() => selectOption(screen.getByLabelText('业务'), 'qianchu:graduate'));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetch, '/api/admin/applications').at(-1)!)).toMatchObject({
        kind: 'qianchu',
        sub: 'graduate',
        assignee: 'me',
      }),
    );
    expect(queryOf(requestsTo(fetch, '/api/admin/applications/counts').at(-1)!)).toEqual({ kind: 'qianchu' });
    expect(location.search).toContain('service=qianchu%3Agraduate');
  });

  it('moves with j/k, picks with x, opens with Enter; 批量受理 shows each application’s result', async () => {
    const fetch = openConsole('/applications', {
      'GET /api/admin/applications': { code: 200, rows: [queueRow(1, { version: 3 }), queueRow(2, { version: 5 }), queueRow(3)], total: 3 },
      'GET /api/admin/applications/counts': { code: 200, data: [] },
      'POST /api/admin/applications/bulk-transition': {
        code: 200,
        msg: '已办理 1 件，跳过 1 件',
        data: {
          succeeded: 1,
          skipped: 1,
          results: [
            { id: 2, sqbh: 'HJ20261121000002', ok: true, status: 4, statusName: '办理中', version: 6, reason: null },
            { id: 3, sqbh: 'HJ20261121000003', ok: false, status: 1, statusName: '已提交', reason: '当前状态不允许该操作' },
          ],
        },
      },
    });
    const table = await screen.findByRole('table');
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()[0]!.className).toContain('adm-row_cursor');
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(rows()[1]!.className).toContain('adm-row_cursor'));
    fireEvent.keyDown(document.body, { key: 'x' });
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'x' });
    expect(await screen.findByText('已选 2 件')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '批量受理' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('确定将选中的 2 件申请受理吗');
    fireEvent.click(within(confirm).getByRole('button', { name: '受理' }));
    const result = await screen.findByRole('dialog', { name: '批量受理结果' });
    expect(await bodyOf(fetch, '/api/admin/applications/bulk-transition')).toEqual({
      to: 4,
      items: [
        { id: 2, expectedVersion: 5 },
        { id: 3, expectedVersion: 1 },
      ],
    });
    expect(result.textContent).toContain('办理成功 1 件，跳过 1 件');
    expect(result.textContent).toContain('跳过：当前状态不允许该操作');
    fireEvent.click(within(result).getByRole('button', { name: '关闭' }));
    // Enter opens the row under the cursor.
    fireEvent.keyDown(document.body, { key: 'k' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(location.pathname).toBe('/web/admin/applications/2'));
  });

  it('批量通知领取 starts with the office’s place and hours, as one application’s does, and sends what staff leave there', async () => {
    const fetch = openConsole('/applications', {
      'GET /api/admin/applications': { code: 200, rows: [queueRow(1, { version: 2 }), queueRow(2, { version: 4 })], total: 2 },
      'GET /api/admin/applications/counts': { code: 200, data: [] },
      'GET /api/admin/applications/pickup-prefill': {
        code: 200,
        data: { lqdd: '四川省成都市一环路南一段24号 行政楼102室', lqsj: '工作日 8:30-11:30，14:00-17:00' },
      },
      'POST /api/admin/applications/bulk-transition': {
        code: 200,
        msg: '已办理 2 件',
        data: {
          succeeded: 2,
          skipped: 0,
          results: [
            { id: 1, sqbh: 'HJ20261121000001', ok: true, status: 5, statusName: '待领取', version: 3, reason: null },
            { id: 2, sqbh: 'HJ20261121000002', ok: true, status: 5, statusName: '待领取', version: 5, reason: null },
          ],
        },
      },
    });
    await screen.findByRole('table');
    fireEvent.keyDown(document.body, { key: 'x' });
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'x' });
    expect(await screen.findByText('已选 2 件')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '批量通知领取' }));
    const dialog = await screen.findByRole('dialog', { name: '批量通知领取' });
    const place = within(dialog).getByLabelText('领取地点') as HTMLTextAreaElement;
    const hours = within(dialog).getByLabelText('领取时间') as HTMLInputElement;
    await waitFor(() => expect(place.value).toBe('四川省成都市一环路南一段24号 行政楼102室'));
    expect(hours.value).toBe('工作日 8:30-11:30，14:00-17:00');
    fireEvent.input(hours, { target: { value: '11月30日 9:00-11:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认通知领取' }));
    await screen.findByRole('dialog', { name: '批量通知领取结果' });
    expect(await bodyOf(fetch, '/api/admin/applications/bulk-transition')).toEqual({
      to: 5,
      items: [
        { id: 1, expectedVersion: 2 },
        { id: 2, expectedVersion: 4 },
      ],
      lqdd: '四川省成都市一环路南一段24号 行政楼102室',
      lqsj: '11月30日 9:00-11:30',
    });
  });
});

describe('an application', () => {
  it('shows the answers (ID numbers masked), applicant, household record and timeline; opening changes nothing', async () => {
    const fetch = openConsole('/applications/5', {
      'GET /api/admin/applications/5': {
        code: 200,
        data: adminApplication({
          kind: 'qianru',
          kindName: '教职工迁入',
          sub: '2',
          answers: {
            qrlx: '2',
            dwh: '002',
            hyzkm: '20',
            ryxx: { xm: '李四', xbm: '1', mzm: '01', sfzjh: '11010519491231002X' },
            lxdh: '13800138001',
          },
          summary: [
            { label: '婚姻状况', value: '已婚', group: null },
            { label: '所在单位', value: '物理学院', group: null },
            { label: '联系电话', value: '13800138001', group: null },
            { label: '姓名', value: '李四', group: '本人信息' },
            { label: '性别', value: '男', group: '本人信息' },
            { label: '民族', value: '汉族', group: '本人信息' },
            { label: '身份证件号', value: '1101**********002X', group: '本人信息', idKey: 'ryxx.sfzjh' },
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: '教职工迁入 · HJ20261121000005' })).not.toBeNull();
    const main = (await screen.findByRole('heading', { name: '申请内容' })).closest('section')!;
    const pairs = (section: Element) =>
      [...section.querySelectorAll('dt')].map((dt) => `${dt.textContent}：${dt.nextElementSibling?.textContent}`);
    expect(pairs(main)).toEqual(['婚姻状况：已婚', '所在单位：物理学院', '联系电话：13800138001']);
    const person = screen.getByRole('heading', { name: '本人信息' }).closest('section')!;
    expect(pairs(person)).toEqual(['姓名：李四', '性别：男', '民族：汉族', '身份证件号：1101**********002X显示']);
    // The codes of the answers are never shown: the server's summary is.
    for (const code of ['002', '20', '01', 'qrlx', 'dwh']) expect(screen.queryByText(code)).toBeNull();
    expect(requestsTo(fetch, '/api/dict/getSysDictByType')).toHaveLength(0);
    expect(screen.getByText('1101**********1234')).not.toBeNull();
    expect(screen.queryByText(/110105/)).toBeNull();
    expect(screen.getByText('示范大学学生集体户')).not.toBeNull();
    expect(screen.getByRole('button', { name: '开始审核' })).not.toBeNull();
    expect(screen.getByRole('button', { name: '退回修改' })).not.toBeNull();
    expect(requestsTo(fetch, '/api/admin/applications/5/transition')).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('申请详情 - 户籍工作台'));
  });

  it('names the family members leaving with a staff move-out, never their user ids', async () => {
    openConsole('/applications/5', {
      'GET /api/admin/applications/5': {
        code: 200,
        data: adminApplication({
          kind: 'qianchu',
          kindName: '教职工(含家属)迁出',
          sub: 'staff',
          answers: { sub: 'staff', sqcjs: [6, 10], qwdq: { code: '320102', name: '江苏省/南京市/玄武区' }, lqfs: '0', lxdh: '13800138005' },
          summary: [
            { label: '迁往地区', value: '江苏省南京市玄武区', group: null },
            { label: '同时迁出的家属', value: '赵敏、刘子轩', group: null },
            { label: '领取方式', value: '现场领取', group: null },
            { label: '联系电话', value: '13800138005', group: null },
          ],
        }),
      },
    });
    expect(await screen.findByText('赵敏、刘子轩')).not.toBeNull();
    expect(screen.getByText('同时迁出的家属')).not.toBeNull();
    expect(screen.getByText('江苏省南京市玄武区')).not.toBeNull();
    expect(screen.queryByText(/6、10/)).toBeNull();
    expect(screen.queryByText('staff')).toBeNull();
  });

  it('显示 reveals one ID number by a server call (audited there), 隐藏 masks it again; each reveal is a call', async () => {
    const fetch = openConsole('/applications/5', {
      'GET /api/admin/applications/5': {
        code: 200,
        data: adminApplication({
          summary: [
            { label: '姓名', value: '李四', group: '随迁家属1' },
            { label: '身份证件号', value: '1101**********002X', group: '随迁家属1', idKey: 'sqjs.0.sfzjh' },
          ],
        }),
      },
      'POST /api/admin/applications/5/id-number': async (r: Request) => {
        const { key } = (await r.clone().json()) as { key: string };
        return { code: 200, data: { key, sfzjh: key === 'applicant' ? '110105200001011234' : '11010519491231002X' } };
      },
    });
    const reveals = () => requestsTo(fetch, '/api/admin/applications/5/id-number');
    fireEvent.click(await screen.findByRole('button', { name: '显示随迁家属1身份证件号' }));
    expect(await screen.findByText('11010519491231002X')).not.toBeNull();
    expect(await reveals()[0].json()).toEqual({ key: 'sqjs.0.sfzjh' });
    // The applicant's number stays masked until its own 显示.
    expect(screen.getByText('1101**********1234')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '显示申请人身份证件号' }));
    expect(await screen.findByText('110105200001011234')).not.toBeNull();
    expect(await reveals()[1].json()).toEqual({ key: 'applicant' });

    fireEvent.click(screen.getByRole('button', { name: '隐藏随迁家属1身份证件号' }));
    expect(screen.getByText('1101**********002X')).not.toBeNull();
    expect(screen.queryByText('11010519491231002X')).toBeNull();
    expect(reveals()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '显示随迁家属1身份证件号' }));
    await waitFor(() => expect(reveals()).toHaveLength(3));
    expect(await screen.findByText('11010519491231002X')).not.toBeNull();
  });

  it('offers only what the rules take and says why 办结 cannot be done yet', async () => {
    openConsole('/applications/5', {
      'GET /api/admin/applications/5': {
        code: 200,
        data: adminApplication({
          kind: 'qianchu',
          kindName: '毕业生迁出',
          status: 5,
          statusName: '待领取',
          transitions: [],
          blocked: [
            { to: 7, toName: '已办结', action: '办结', reason: '户口卡尚未归还，请先办理归还，再办结迁出' },
            { to: 3, toName: '退回修改', action: '退回修改', reason: '户主户口不在本校，不能退回修改' },
          ],
        }),
      },
    });
    expect(await screen.findByText('暂不能办结：户口卡尚未归还，请先办理归还，再办结迁出')).not.toBeNull();
    // A reason that already says so is not prefixed again (「…不能办结，不能办结」).
    expect(screen.getByText('户主户口不在本校，不能退回修改')).not.toBeNull();
    expect(screen.queryByText(/暂不能退回修改/)).toBeNull();
    const handling = screen.getByRole('region', { name: '办理' });
    // No action to take; only who has it (nobody yet: 认领).
    expect(
      within(handling)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['认领']);
    expect(handling.textContent).toContain('认领人：未认领');
    expect(within(handling).queryByText(/没有可执行的办理操作/)).toBeNull();
  });

  it('a 户籍证明 for someone whose household is no longer at the school is flagged, and 办结 asks with that warning', async () => {
    const fetch = openConsole('/applications/5', {
      'GET /api/admin/applications/5': {
        code: 200,
        data: adminApplication({
          kind: 'hjzmkj',
          kindName: '户籍证明',
          status: 4,
          statusName: '办理中',
          applicant: { ...adminApplication().applicant, hkIn: false },
          transitions: [{ to: 7, toName: '已办结', action: '办结', requires: [] }],
        }),
      },
      'POST /api/admin/applications/5/transition': { code: 200, msg: '操作成功', data: { status: 7, version: 2 } },
    });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('申请人的户口已不在本校');
    fireEvent.click(screen.getByRole('button', { name: '办结' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('户籍证明只能如实证明其在校期间的登记情况');
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetch, '/api/admin/applications/5/transition')).toHaveLength(0);
  });

  it('family moves that contradict a staff move-out are flagged on it, and 办结 asks with them (the office decides)', async () => {
    const conflicts = [
      '申请人的家属张桂兰的户口仍在学校集体户，未随本次迁出；教职工迁出后家属不能单独留在集体户，请一并申请迁出，或由户籍办确定其去向。',
      '家属随迁申请 HJ20261121000077正在办理：家属将落户到本次迁出的教职工户下，两项申请相互矛盾。',
    ];
    const fetch = openConsole('/applications/5', {
      'GET /api/admin/applications/5': {
        code: 200,
        data: adminApplication({
          kind: 'qianchu',
          sub: 'staff',
          kindName: '教职工(含家属)迁出',
          status: 4,
          statusName: '办理中',
          conflicts,
          transitions: [{ to: 7, toName: '已办结', action: '办结', requires: [] }],
        }),
      },
      'POST /api/admin/applications/5/transition': { code: 200, msg: '操作成功', data: { status: 7, version: 2 } },
    });
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(conflicts.join(''));
    fireEvent.click(screen.getByRole('button', { name: '办结' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('张桂兰的户口仍在学校集体户');
    expect(confirm.textContent).toContain('HJ20261121000077');
    fireEvent.click(within(confirm).getByRole('button', { name: '办结' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/applications/5/transition')).toHaveLength(1));
  });

  it('寄出 starts with the courier the applicant chose; 通知领取 with the office’s place and hours', async () => {
    const fetch = openConsole('/applications/5', {
      'GET /api/admin/applications/5': {
        code: 200,
        data: adminApplication({
          kind: 'hkkjy',
          kindName: '借用户口卡',
          status: 4,
          statusName: '已借出',
          transitions: [
            {
              to: 5,
              toName: '待领取',
              action: '通知领取',
              requires: ['lqdd', 'lqsj'],
              prefill: { lqdd: '行政楼一层108室', lqsj: '周一至周五 8:30-11:30' },
            },
            {
              to: 6,
              toName: '已寄出',
              action: '寄出',
              requires: ['kdgs', 'kddh'],
              prefill: { kdgs: 'SF' },
              couriers: [
                { value: 'SF', label: '顺丰速运' },
                { value: 'EMS', label: '中国邮政EMS' },
              ],
            },
          ],
        }),
      },
      'POST /api/admin/applications/5/transition': {
        code: 200,
        data: { id: 5, sqbh: 'x', kind: 'hkkjy', status: 6, statusName: '已寄出', version: 5 },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '寄出' }));
    const dialog = await screen.findByRole('dialog', { name: '寄出' });
    // The applicant's courier is chosen in the office's list.
    const courier = (await within(dialog).findByLabelText('快递公司')) as HTMLSelectElement;
    expect(courier.value).toBe('SF');
    expect(courier.selectedOptions[0]!.textContent).toBe('顺丰速运');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认寄出' }));
    const summary = await within(dialog).findByRole('alert');
    expect(summary.textContent).toContain('请填写快递单号');
    expect(summary.textContent).not.toContain('请选择快递公司');
    type('快递单号', 'SF1234567890');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认寄出' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/applications/5/transition')).toHaveLength(1));
    expect(await requestsTo(fetch, '/api/admin/applications/5/transition')[0].json()).toEqual({
      to: 6,
      expectedVersion: 4,
      expectedStatus: 4,
      kdgs: 'SF',
      kddh: 'SF1234567890',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '寄出' })).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: '通知领取' }));
    const pickup = await screen.findByRole('dialog', { name: '通知领取' });
    expect(((await within(pickup).findByLabelText('领取地点')) as HTMLInputElement).value).toBe('行政楼一层108室');
    expect((within(pickup).getByLabelText('领取时间') as HTMLInputElement).value).toBe('周一至周五 8:30-11:30');
  });

  it('退回修改 asks for the reason, then sends it with the version and status seen', async () => {
    let returned = false;
    const fetch = openConsole('/applications/5', {
      'GET /api/admin/applications/5': () =>
        json({
          code: 200,
          data: returned ? adminApplication({ status: 3, statusName: '退回修改', version: 5, transitions: [] }) : adminApplication(),
        }),
      'POST /api/admin/applications/5/transition': () => {
        returned = true;
        return { code: 200, data: { id: 5, sqbh: 'HJ20261121000005', kind: 'sfzbl', status: 3, statusName: '退回修改', version: 5 } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '退回修改' }));
    const dialog = await screen.findByRole('dialog', { name: '退回修改' });
    expect(within(dialog).queryByLabelText('快递单号')).toBeNull();
    fireEvent.click(await within(dialog).findByRole('button', { name: '确认退回修改' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('请填写原因');
    expect(requestsTo(fetch, '/api/admin/applications/5/transition')).toHaveLength(0);

    type('原因', '相片回执号有误，请核对后重新提交');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退回修改' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await requestsTo(fetch, '/api/admin/applications/5/transition')[0].json()).toEqual({
      to: 3,
      expectedVersion: 4,
      expectedStatus: 1,
      note: '相片回执号有误，请核对后重新提交',
    });
    expect($toast.get()?.message).toBe('已退回修改');
    await waitFor(() => expect(screen.getByText('当前状态（退回修改）没有可执行的办理操作。')).not.toBeNull());
  });

  it('待领取 needs the pickup place and time; 已寄出 the courier and the waybill number', async () => {
    const fetch = openConsole('/applications/5', {
      'GET /api/admin/applications/5': {
        code: 200,
        data: adminApplication({
          status: 4,
          statusName: '办理中',
          transitions: [
            { to: 5, toName: '待领取', action: '通知领取', requires: ['lqdd', 'lqsj'] },
            {
              to: 6,
              toName: '已寄出',
              action: '寄出',
              requires: ['kdgs', 'kddh'],
              couriers: [
                { value: 'SF', label: '顺丰速运' },
                { value: 'EMS', label: '中国邮政EMS' },
              ],
            },
          ],
        }),
      },
      'POST /api/admin/applications/5/transition': {
        code: 200,
        data: { id: 5, sqbh: 'x', kind: 'sfzbl', status: 6, statusName: '已寄出', version: 5 },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '寄出' }));
    const dialog = await screen.findByRole('dialog', { name: '寄出' });
    fireEvent.click(await within(dialog).findByRole('button', { name: '确认寄出' }));
    const summary = await within(dialog).findByRole('alert');
    expect(summary.textContent).toContain('请选择快递公司');
    expect(summary.textContent).toContain('请填写快递单号');
    expect(within(dialog).queryByLabelText('领取地点')).toBeNull();
    act(() => selectOption(within(dialog).getByLabelText('快递公司'), 'EMS'));
    type('快递单号', '12345 67890123');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认寄出' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/applications/5/transition')).toHaveLength(1));
    expect(await requestsTo(fetch, '/api/admin/applications/5/transition')[0].json()).toEqual({
      to: 6,
      expectedVersion: 4,
      expectedStatus: 4,
      kdgs: 'EMS',
      kddh: '1234567890123',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '寄出' })).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: '通知领取' }));
    const pickup = await screen.findByRole('dialog', { name: '通知领取' });
    expect(await within(pickup).findByLabelText('领取地点')).not.toBeNull();
    expect(within(pickup).getByLabelText('领取时间')).not.toBeNull();
  });

  it('lending a card without a due date asks for the return date', async () => {
    const fetch = openConsole('/applications/5', {
      'GET /api/admin/applications/5': {
        code: 200,
        data: adminApplication({
          kind: 'hkkjy',
          kindName: '借用户口卡',
          answers: { jyyy: '1' },
          transitions: [{ to: 4, toName: '已借出', action: '借出', requires: ['ghrq'] }],
        }),
      },
      'POST /api/admin/applications/5/transition': {
        code: 200,
        data: { id: 5, sqbh: 'x', kind: 'hkkjy', status: 4, statusName: '已借出', version: 5 },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '借出' }));
    const dialog = await screen.findByRole('dialog', { name: '借出' });
    fireEvent.click(await within(dialog).findByRole('button', { name: '确认借出' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('请选择应还日期');
    type('应还日期', '2026-12-01');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认借出' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/applications/5/transition')).toHaveLength(1));
    expect(await requestsTo(fetch, '/api/admin/applications/5/transition')[0].json()).toEqual({
      to: 4,
      expectedVersion: 4,
      expectedStatus: 1,
      ghrq: '2026-12-01',
    });
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/applications/5')).toHaveLength(2));
  });

  it('an action without inputs asks to confirm first', async () => {
    const fetch = openConsole('/applications/5', {
      'GET /api/admin/applications/5': { code: 200, data: adminApplication() },
      'POST /api/admin/applications/5/transition': {
        code: 200,
        data: { id: 5, sqbh: 'x', kind: 'sfzbl', status: 2, statusName: '审核中', version: 5 },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '开始审核' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('设为「审核中」');
    fireEvent.click(within(confirm).getByRole('button', { name: '开始审核' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/applications/5/transition')).toHaveLength(1));
    expect(await requestsTo(fetch, '/api/admin/applications/5/transition')[0].json()).toEqual({
      to: 2,
      expectedVersion: 4,
      expectedStatus: 1,
    });
    // The application loads again after the action.
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/applications/5')).toHaveLength(2));
  });

  it('when someone else acted first (409) it says so clearly and loads the application again', async () => {
    const fetch = openConsole('/applications/5', {
      'GET /api/admin/applications/5': { code: 200, data: adminApplication() },
      'POST /api/admin/applications/5/transition': () => json({ code: 409, msg: '申请状态已变化，请刷新后重试' }, 409),
    });
    fireEvent.click(await screen.findByRole('button', { name: '不予通过' }));
    const dialog = await screen.findByRole('dialog', { name: '不予通过' });
    fireEvent.input(await within(dialog).findByLabelText('原因'), { target: { value: '材料不全' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认不予通过' }));
    const alert = await screen.findByRole('alertdialog', { name: '办理未完成' });
    expect(alert.textContent).toContain('申请状态已变化，请刷新后重试');
    fireEvent.click(within(alert).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Then the application as it is now, and the form is closed.
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/applications/5')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '不予通过' })).toBeNull());
  });

  it('shows images from the console file call and downloads PDFs with the token', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob);
      return `blob:${created.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download}|${this.href}`);
    });
    const fetch = openConsole('/applications/5', {
      'GET /api/admin/applications/5': {
        code: 200,
        data: adminApplication({
          attachments: [
            { fileId: 'f1', clmc: '户口卡首页', name: 'hkk.jpg', mimeType: 'image/jpeg', size: 10, url: '/api/wj/file/f1' },
            { fileId: 'f2', clmc: null, name: '证明.pdf', mimeType: 'application/pdf', size: 10, url: '/api/wj/file/f2' },
          ],
        }),
      },
      'GET /api/admin/applications/5/files/f1': () =>
        new Response(new Blob(['img'], { type: 'image/jpeg' }), { headers: { 'Content-Type': 'image/jpeg' } }),
      'GET /api/admin/applications/5/files/f2': () =>
        new Response(new Blob(['pdf'], { type: 'application/pdf' }), { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const view = await screen.findByRole('button', { name: '查看 户口卡首页' });
    await waitFor(() => expect(within(view).getByRole('img')).not.toBeNull());
    expect(requestsTo(fetch, '/api/admin/applications/5/files/f1')[0].headers.get('qhyhAuthorization')).toBe('Bearer staff-tok');
    fireEvent.click(view);
    expect((await screen.findByRole('img', { name: '户口卡首页' })).getAttribute('src')).toBe('blob:1');

    fireEvent.click(screen.getByRole('button', { name: '下载 证明.pdf' }));
    await waitFor(() => expect(clicks).toEqual(['证明.pdf|blob:2']));
    expect(queryOf(requestsTo(fetch, '/api/admin/applications/5/files/f2')[0])).toEqual({ download: '1' });
  });
});

describe('borrowed cards', () => {
  it('lists the cards out, the overdue ones, and marks one returned with its version', async () => {
    const card = {
      applicationId: 9,
      sqbh: 'HJ20261101000009',
      status: 4,
      statusName: '已借出',
      version: 3,
      applicant: { userId: 7, xm: '张三', rylb: '0', xh: '2023010101' },
      jyrq: '2026-11-01',
      ghrq: '2026-11-15',
      overdue: true,
      overdueDays: 7,
    };
    const fetch = openConsole('/borrowed-cards', {
      'GET /api/admin/borrowed-cards': { code: 200, rows: [card], total: 1 },
      'POST /api/admin/applications/9/transition': {
        code: 200,
        data: { id: 9, sqbh: card.sqbh, kind: 'hkkjy', status: 7, statusName: '已归还', version: 4 },
      },
    });
    expect(await screen.findByText('逾期 7 天')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '已逾期' }));
    await waitFor(() => expect(queryOf(requestsTo(fetch, '/api/admin/borrowed-cards').at(-1)!)).toMatchObject({ overdue: '1' }));

    fireEvent.click(await screen.findByRole('button', { name: '标记归还' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '已归还' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/applications/9/transition')).toHaveLength(1));
    expect(await requestsTo(fetch, '/api/admin/applications/9/transition')[0].json()).toEqual({
      to: 7,
      expectedVersion: 3,
      expectedStatus: 4,
    });
    await waitFor(() => expect($toast.get()?.message).toBe('已标记归还'));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/borrowed-cards')).toHaveLength(3));
  });
});
