// The console's other pages: questions, ratings, and the 管理员's settings, content, accounts and audit log.
import { beforeEach, describe, expect, it } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { App } from '@/app/app';
import { requestsTo, stubFetch } from '../helpers';
import { choose } from './service-helpers';
import { adminAccount, adminMeta, resetConsole, signInStaff } from './admin-fixtures';

configure({ asyncUtilTimeout: 5000 });
beforeEach(resetConsole);

const queryOf = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);
const bodyOf = async (fetch: ReturnType<typeof stubFetch>, path: string, at = 0) => requestsTo(fetch, path)[at].json();

/** Opens a console page as a 管理员 with the given answers. */
function adminConsole(url: string, routes: Record<string, unknown>) {
  signInStaff();
  const fetch = stubFetch({
    'GET /api/admin/me': { code: 200, data: adminAccount },
    'GET /api/admin/meta': {
      code: 200,
      data: {
        ...adminMeta,
        sectors: [
          { sectorCode: '0', sectorName: '问答反馈' },
          { sectorCode: '1', sectorName: '身份证办理' },
          {
            sectorCode: '7',
            sectorName: '迁出',
            subSectors: [
              { sectorCode: '0', sectorName: '毕业生迁出' },
              { sectorCode: '1', sectorName: '博士后迁出' },
            ],
          },
        ],
      },
    },
    ...routes,
  });
  history.replaceState(null, '', `/web/admin${url}`);
  render(<App />);
  return fetch;
}

const fill = (within_: HTMLElement, label: string, value: string) =>
  fireEvent.input(within(within_).getByLabelText(label), { target: { value } });

/** The placeholders the server fills, with their SMS variable names (GET /api/admin/notice-templates). */
const SMS_VARIABLES = {
  业务名称: 'service',
  申请编号: 'no',
  原因: 'reason',
  领取地点: 'place',
  领取时间: 'time',
  快递公司: 'courier',
  快递单号: 'waybill',
  应还日期: 'due',
};

describe('questions', () => {
  it('lists 待回复 first and answers one, optionally as a public Q&A', async () => {
    const question = {
      id: 31,
      bt: '户口卡可以寄到家里吗',
      nr: '暑假在家，需要户口卡办护照',
      zt: '0',
      ztmc: '待回复',
      tjsj: '2026-11-20T10:00:00+08:00',
      hfnr: null,
      hfsj: null,
      sfgk: false,
      asker: { userId: 7, xm: '张三' },
    };
    const fetch = adminConsole('/questions', {
      'GET /api/admin/feedback': { code: 200, rows: [question], total: 1 },
      'POST /api/admin/feedback/31/reply': { code: 200, data: { ...question, zt: '1', hfnr: '可以邮寄' } },
    });
    expect(await screen.findByText('暑假在家，需要户口卡办护照')).not.toBeNull();
    expect(queryOf(requestsTo(fetch, '/api/admin/feedback')[0])).toEqual({ zt: '0', pageNum: '1', pageSize: '20' });
    fireEvent.click(screen.getByRole('button', { name: '回复' }));
    const dialog = await screen.findByRole('dialog', { name: '回复' });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交回复' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('请填写回复内容');
    fill(dialog, '回复内容', '可以选择邮寄，请在借用时选择快递方式');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: '提交回复' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/feedback/31/reply')).toHaveLength(1));
    expect(await bodyOf(fetch, '/api/admin/feedback/31/reply')).toEqual({ hfnr: '可以选择邮寄，请在借用时选择快递方式', sfgk: true });
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/feedback')).toHaveLength(2));
  });
});

describe('ratings', () => {
  it('shows the summary per service and records a follow-up of a flagged rating', async () => {
    const flagged = {
      id: 4,
      applicationId: 3,
      sqbh: 'HJ20261122000002',
      kind: 'hjzmkj',
      kindName: '户籍证明开具',
      score: 2,
      label: '不满意',
      comment: '邮寄慢',
      flagged: true,
      createdAt: '2026-11-22T10:00:00+08:00',
      applicant: { userId: 7, xm: '张三' },
      followUp: null,
    };
    const fetch = adminConsole('/ratings?pending=1', {
      'GET /api/admin/ratings/summary': {
        code: 200,
        data: [
          {
            kind: 'hjzmkj',
            kindName: '户籍证明开具',
            count: 3,
            average: 3.67,
            scores: adminMeta.ratings.map((r) => ({ ...r, count: r.score === 2 ? 1 : 1 })),
            flagged: 1,
            pendingFollowUp: 1,
          },
        ],
      },
      'GET /api/admin/ratings': { code: 200, rows: [flagged], total: 1 },
      'POST /api/admin/ratings/4/follow-up': {
        code: 200,
        data: { ...flagged, followUp: { note: '已电话回访', at: '2026-11-22T11:00:00+08:00', by: '李管理' } },
      },
    });
    expect(await screen.findByText('3.67')).not.toBeNull();
    expect(queryOf(requestsTo(fetch, '/api/admin/ratings')[0])).toMatchObject({ pending: '1' });
    expect(screen.getByRole('button', { name: '待回访' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(await screen.findByRole('button', { name: '记录回访' }));
    const dialog = await screen.findByRole('dialog', { name: '记录回访' });
    fill(dialog, '回访说明', '已电话回访，致歉并说明原因');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/ratings/4/follow-up')).toHaveLength(1));
    expect(await bodyOf(fetch, '/api/admin/ratings/4/follow-up')).toEqual({ note: '已电话回访，致歉并说明原因' });
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/ratings/summary')).toHaveLength(2));
  });
});

describe('settings', () => {
  it('sets quotas for the working days of a range', async () => {
    const fetch = adminConsole('/settings/quotas', {
      'GET /api/admin/dicts/qh_sfz_blfs': {
        code: 200,
        data: [
          { id: 1, value: '1', label: '学校集中受理', sort: 1, enabled: true },
          { id: 2, value: '2', label: '本人到派出所办理', sort: 2, enabled: true },
        ],
      },
      'GET /api/admin/quotas': { code: 200, data: [] },
      'PUT /api/admin/quotas': { code: 200, data: [] },
    });
    const form = await screen.findByRole('form', { name: '批量设置名额' });
    await screen.findByRole('option', { name: '本人到派出所办理' });
    choose(screen.getByRole('combobox', { name: '办理方式' }), '2');
    fill(form, '开始日期', '2026-12-04');
    fill(form, '结束日期', '2026-12-08');
    fill(form, '每日名额', '30');
    fireEvent.click(within(form).getByRole('button', { name: '设置名额' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/quotas').filter((r) => r.method === 'PUT')).toHaveLength(1));
    const put = requestsTo(fetch, '/api/admin/quotas').find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ kind: 'sfzbl', channel: '2', dates: ['2026-12-04', '2026-12-07', '2026-12-08'], total: 30 });
    expect(
      queryOf(
        requestsTo(fetch, '/api/admin/quotas')
          .filter((r) => r.method === 'GET')
          .at(-1)!,
      ),
    ).toMatchObject({ kind: 'sfzbl', channel: '2' });
  });

  it('keeps national code lists read-only and adds an entry to an office dictionary', async () => {
    const fetch = adminConsole('/settings/dicts', {
      'GET /api/admin/dicts': {
        code: 200,
        data: [
          { type: 'qh_hkk_reason', name: '户口卡借用事由', editable: true },
          { type: 'gb_mz', name: '民族（GB/T 3304）', editable: false },
        ],
      },
      'GET /api/admin/dicts/qh_hkk_reason': {
        code: 200,
        data: [{ id: 1, value: '1', label: '办理护照', sort: 1, enabled: true, remark: null }],
      },
      'GET /api/admin/dicts/gb_mz': { code: 200, data: [{ id: 9, value: '01', label: '汉族', sort: 1, enabled: true }] },
      'POST /api/admin/dicts/qh_hkk_reason': { code: 200, data: { id: 2, value: '9', label: '其他', sort: 9, enabled: true } },
    });
    expect(await screen.findByText('办理护照')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '新增字典项' }));
    const dialog = await screen.findByRole('dialog');
    fill(dialog, '键值', '9');
    fill(dialog, '显示文字', '其他');
    fill(dialog, '排序', '9');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/dicts/qh_hkk_reason').filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(
      await requestsTo(fetch, '/api/admin/dicts/qh_hkk_reason')
        .find((r) => r.method === 'POST')!
        .json(),
    ).toEqual({
      value: '9',
      label: '其他',
      sort: 9,
      remark: null,
      enabled: true,
    });

    fireEvent.click(screen.getByRole('button', { name: /民族/ }));
    expect(await screen.findByText('汉族')).not.toBeNull();
    expect(screen.getByText('国家标准代码或系统字典，只读')).not.toBeNull();
    expect(screen.queryByRole('button', { name: '新增字典项' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑/ })).toBeNull();
  });

  it('orders, disables and removes the tiles of a person type', async () => {
    const fetch = adminConsole('/settings/sectors', {
      'GET /api/admin/sectors': {
        code: 200,
        data: [
          {
            rylb: '0',
            rylbName: '本科生',
            sectors: [
              { sectorCode: '0', sectorName: '问答反馈', disabled: false },
              {
                sectorCode: '7',
                sectorName: '迁出',
                disabled: false,
                subSectors: [
                  { sectorCode: '0', disabled: false },
                  { sectorCode: '1', disabled: true },
                ],
              },
            ],
          },
        ],
      },
      'PUT /api/admin/sectors/0': { code: 200, data: { rylb: '0', rylbName: '本科生', sectors: [] } },
    });
    fireEvent.click(await screen.findByRole('button', { name: '上移 迁出' }));
    fireEvent.click(screen.getAllByRole('checkbox', { name: '停用（灰色）' })[1]);
    choose(screen.getByRole('combobox', { name: '毕业生迁出' }), 'hidden');
    choose(screen.getByRole('combobox', { name: '添加板块' }), '1');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/sectors/0')).toHaveLength(1));
    expect(await bodyOf(fetch, '/api/admin/sectors/0')).toEqual({
      sectors: [
        { sectorCode: '7', disabled: false, subSectors: [{ sectorCode: '1', disabled: true }] },
        { sectorCode: '0', disabled: true },
        { sectorCode: '1', disabled: false },
      ],
    });
  });

  it('checks the new-student window and saves the tips', async () => {
    const fetch = adminConsole('/settings/tips', {
      'GET /api/admin/settings/home': {
        code: 200,
        data: {
          tips: { default: '工作时间', 0: '本科生提示' },
          yxStartTime: '2026-08-20T08:00:00+08:00',
          yxEndTime: '2026-09-30T17:00:00+08:00',
        },
      },
      'PUT /api/admin/settings/home': { code: 200, data: {} },
    });
    const form = await screen.findByRole('form', { name: '提示与迎新时间' });
    await waitFor(() => expect((within(form).getByLabelText('本科生') as HTMLTextAreaElement).value).toBe('本科生提示'));
    fill(form, '结束时间', '2026-08-01T08:00');
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('结束时间须晚于开始时间');
    fill(form, '结束时间', '2026-10-08T17:00');
    fill(form, '通用提示', '  新的通用提示 ');
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/settings/home').filter((r) => r.method === 'PUT')).toHaveLength(1));
    const body = await requestsTo(fetch, '/api/admin/settings/home')
      .find((r) => r.method === 'PUT')!
      .json();
    expect(body.tips).toEqual({ default: '新的通用提示', 0: '本科生提示' });
    // The console's date-time inputs are Beijing time, whatever the desk computer's zone.
    expect(new Date(body.yxEndTime).getTime()).toBe(new Date('2026-10-08T17:00+08:00').getTime());
  });

  it('refuses an unknown placeholder in a notice template', async () => {
    const fetch = adminConsole('/settings/notice-templates', {
      'GET /api/admin/notice-templates': {
        code: 200,
        data: {
          smsEnabled: false,
          smsProvider: null,
          smsVariables: SMS_VARIABLES,
          templates: [
            {
              key: 's3',
              name: '退回修改',
              to: 3,
              title: '{业务名称}：退回修改',
              content: '原因：{原因}',
              smsTemplateId: null,
              smsParams: [],
            },
          ],
        },
      },
      'PUT /api/admin/notice-templates/s3': { code: 200, data: {} },
    });
    expect(await screen.findByText('未配置短信网关：只发送消息通知')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '编辑 退回修改' }));
    const dialog = await screen.findByRole('dialog');
    fill(dialog, '正文', '请于{期限}前修改');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('含有未知的占位符');
    fill(dialog, '正文', '您的申请（');
    fireEvent.click(within(dialog).getByRole('button', { name: '{申请编号}' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/notice-templates/s3')).toHaveLength(1));
    expect(await bodyOf(fetch, '/api/admin/notice-templates/s3')).toEqual({
      title: '{业务名称}：退回修改',
      content: '您的申请（{申请编号}',
      smsTemplateId: null,
    });
    // Without a template provider there is no template id to give.
    expect(within(dialog).queryByLabelText('短信模板编号')).toBeNull();
  });

  it('with Tencent Cloud SMS, takes the template id and says which parameters the template needs, in order', async () => {
    const fetch = adminConsole('/settings/notice-templates', {
      'GET /api/admin/notice-templates': {
        code: 200,
        data: {
          smsEnabled: true,
          smsProvider: 'tencent',
          smsVariables: SMS_VARIABLES,
          templates: [
            {
              key: 's3',
              name: '退回修改',
              to: 3,
              title: '{业务名称}：退回修改',
              content: '您的{业务名称}申请（{申请编号}）被退回，原因：{原因}',
              smsTemplateId: null,
              smsParams: [],
            },
          ],
        },
      },
      'PUT /api/admin/notice-templates/s3': { code: 200, data: {} },
    });
    expect(await screen.findByText('短信经腾讯云按模板编号发送：未设模板编号的操作只发消息通知')).not.toBeNull();
    expect(screen.getByText('未设置')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '编辑 退回修改' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('腾讯云模板参数：{1}=业务名称 {2}=申请编号 {3}=原因');
    fill(dialog, '短信模板编号', 'SMS 1');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('模板编号只含字母、数字、下划线或减号');
    fill(dialog, '短信模板编号', '1234567');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/notice-templates/s3')).toHaveLength(1));
    expect(await bodyOf(fetch, '/api/admin/notice-templates/s3')).toMatchObject({ smsTemplateId: '1234567' });
  });
});

describe('content', () => {
  it('saves the contact information with one phone per line', async () => {
    const fetch = adminConsole('/content/contact', {
      'GET /api/admin/settings/contact': {
        code: 200,
        data: {
          officeName: '户籍办',
          address: '行政楼108',
          hours: '工作日',
          phones: [{ label: '户籍咨询', phone: '010-1' }],
          email: null,
          notes: null,
        },
      },
      'PUT /api/admin/settings/contact': { code: 200, data: {} },
    });
    const form = await screen.findByRole('form', { name: '联系我们' });
    await waitFor(() => expect((within(form).getByLabelText('联系电话') as HTMLTextAreaElement).value).toBe('户籍咨询 010-1'));
    fill(form, '联系电话', '户籍咨询 010-1\n\n证明开具  010-2');
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/settings/contact').filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(
      await requestsTo(fetch, '/api/admin/settings/contact')
        .find((r) => r.method === 'PUT')!
        .json(),
    ).toEqual({
      officeName: '户籍办',
      address: '行政楼108',
      hours: '工作日',
      phones: [
        { label: '户籍咨询', phone: '010-1' },
        { label: '证明开具', phone: '010-2' },
      ],
      email: null,
      notes: null,
    });
  });

  it('creates an announcement, then attaches a file (multipart)', async () => {
    const created = { id: 8, title: '新公告', publishTime: '2026-11-22T10:00:00+08:00', top: false, published: false, attachments: [] };
    const fetch = adminConsole('/content/announcements', {
      'GET /api/admin/announcements': { code: 200, rows: [], total: 0 },
      'POST /api/admin/announcements': { code: 200, data: created },
      'POST /api/admin/announcements/8/files': { code: 200, data: { fileName: 'a.pdf', name: '须知.pdf', size: 3 } },
    });
    fireEvent.click(await screen.findByRole('button', { name: '新建公告' }));
    const dialog = await screen.findByRole('dialog', { name: '新建公告' });
    expect(within(dialog).getByText('保存后可上传附件。')).not.toBeNull();
    fill(dialog, '标题', '新公告');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/announcements').filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(
      await requestsTo(fetch, '/api/admin/announcements')
        .find((r) => r.method === 'POST')!
        .json(),
    ).toEqual({
      title: '新公告',
      summary: null,
      content: null,
      top: false,
      published: false,
    });
    const upload = (await screen.findByText(/^上传附件（/)).parentElement!.querySelector('input[type=file]') as HTMLInputElement;
    Object.defineProperty(upload, 'files', { value: [new File(['pdf'], 'notice.pdf', { type: 'application/pdf' })] });
    // A file input reports a pick with a change event (fireEvent.change sends input under preact/compat).
    act(() => void upload.dispatchEvent(new Event('change', { bubbles: true })));
    expect(await screen.findByText('须知.pdf')).not.toBeNull();
    const sent = requestsTo(fetch, '/api/admin/announcements/8/files')[0];
    expect(((await sent.formData()).get('file') as File).name).toBe('notice.pdf');
    expect(sent.headers.get('qhyhAuthorization')).toBe('Bearer staff-tok');
  });

  it('saves a service guide with its materials, steps and tips', async () => {
    const guide = {
      serviceCode: 'hjzmkj',
      title: '户籍证明开具',
      who: '集体户成员',
      conditions: null,
      timeLimit: '3个工作日',
      place: '108室',
      hours: '工作日',
      fees: '免费',
      contact: '010-1',
      steps: ['提交', '领取'],
      notes: [],
      materials: [{ name: '身份证', required: true, note: null, example: 'id.jpg' }],
    };
    const fetch = adminConsole('/content/guides', {
      'GET /api/admin/guides': {
        code: 200,
        data: [{ serviceCode: 'hjzmkj', title: '户籍证明开具', updatedAt: '2026-11-22T10:00:00+08:00' }],
      },
      'GET /api/admin/guides/hjzmkj': { code: 200, data: guide },
      'PUT /api/admin/guides/hjzmkj': { code: 200, data: guide },
    });
    fireEvent.click(await screen.findByRole('button', { name: /户籍证明开具/ }));
    const form = await screen.findByRole('form', { name: '办事指南' });
    fill(form, '办理流程', '提交\n审核\n\n领取');
    fireEvent.click(within(form).getByRole('button', { name: '添加材料' }));
    fireEvent.input(within(form).getByLabelText('材料 2 名称'), { target: { value: '学生证' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/guides/hjzmkj').filter((r) => r.method === 'PUT')).toHaveLength(1));
    const body = await requestsTo(fetch, '/api/admin/guides/hjzmkj')
      .find((r) => r.method === 'PUT')!
      .json();
    expect(body.steps).toEqual(['提交', '审核', '领取']);
    expect(body.materials).toEqual([
      { name: '身份证', required: true, note: null, example: 'id.jpg' },
      { name: '学生证', required: true, note: null, example: null },
    ]);
    expect(body.conditions).toBeNull();
    // The phone is the office's one, edited in 联系我们: shown, not asked, not sent.
    expect(form.textContent).toContain('取自「联系我们」的第一个电话');
    expect(within(form).queryByLabelText(/^咨询电话/)).toBeNull();
    expect(body).not.toHaveProperty('contact');
  });
});

describe('accounts and audit', () => {
  it('creates a 办理员 account with a valid password', async () => {
    const fetch = adminConsole('/staff', {
      'GET /api/admin/staff': { code: 200, data: [adminAccount] },
      'POST /api/admin/staff': { code: 200, data: { ...adminAccount, id: 9, username: 'staff02' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: '新建账号' }));
    const dialog = await screen.findByRole('dialog', { name: '新建账号' });
    fill(dialog, '登录名', 'staff02');
    fill(dialog, '姓名', '赵办理');
    fill(dialog, '初始密码', 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('密码至少8位');
    fill(dialog, '初始密码', 'Welcome2026');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/staff').filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(
      await requestsTo(fetch, '/api/admin/staff')
        .find((r) => r.method === 'POST')!
        .json(),
    ).toEqual({
      username: 'staff02',
      name: '赵办理',
      role: 'staff',
      password: 'Welcome2026',
    });
  });

  it('shows an account strangers are guessing at, and lifts its sign-in limits in one tap', async () => {
    const attacked = { ...adminAccount, id: 7, username: 'staff07', name: '钱办理', role: 'staff', roleName: '办理员', failedSignIns: 23 };
    const fetch = adminConsole('/staff', {
      'GET /api/admin/staff': { code: 200, data: [{ ...adminAccount, failedSignIns: 0 }, attacked] },
      'PUT /api/admin/staff/7': { code: 200, data: attacked },
    });
    expect(await screen.findByText('近1小时登录失败 23 次')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `解除 ${adminAccount.username} 的登录限制` })).toBeNull();
    const button = screen.getByRole('button', { name: '解除 staff07 的登录限制' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/staff/7')).toHaveLength(1));
    expect(await requestsTo(fetch, '/api/admin/staff/7')[0]!.json()).toEqual({ unlock: true });
  });

  it('reads the audit log by staff member and action; nothing edits it', async () => {
    const fetch = adminConsole('/audit', {
      'GET /api/admin/staff': { code: 200, data: [adminAccount] },
      'GET /api/admin/audit': {
        code: 200,
        rows: [
          {
            id: 1,
            at: '2026-11-22T10:00:00+08:00',
            staffId: 3,
            staffName: '李管理',
            staffUsername: 'admin01',
            action: 'application.view',
            actionName: '查看申请详情',
            targetType: 'application',
            targetId: '5',
            summary: '查看申请 HJ…',
            ip: '127.0.0.1',
          },
        ],
        total: 1,
      },
    });
    expect(await screen.findByText('查看申请详情')).not.toBeNull();
    await screen.findByRole('option', { name: '李管理（admin01）' });
    choose(screen.getByRole('combobox', { name: '工作人员' }), '3');
    choose(screen.getByRole('combobox', { name: '操作' }), 'application.');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetch, '/api/admin/audit').at(-1)!)).toEqual({
        staffId: '3',
        action: 'application.',
        pageNum: '1',
        pageSize: '20',
      }),
    );
    expect(screen.queryByRole('button', { name: /编辑|删除/ })).toBeNull();
  });
});

describe('集体户', () => {
  const student = {
    key: 'student',
    label: '学生集体户',
    configured: true,
    householdNo: '510000101',
    name: '示范大学学生集体户',
    address: '北京市海淀区示范路1号',
    policeStationId: '110108001',
    policeStationName: '示范园派出所',
    registeredOn: '1998-09-01',
    hasHeadPage: true,
    updatedAt: '2026-11-20T10:00:00+08:00',
  };
  const unset = (key: string, label: string) => ({
    key,
    label,
    configured: false,
    householdNo: null,
    name: null,
    address: null,
    policeStationId: null,
    policeStationName: null,
    registeredOn: null,
    hasHeadPage: false,
    updatedAt: null,
  });
  const stations = [
    { id: '110108001', name: '示范园派出所', divisionCode: '110108', address: null, sort: 1 },
    { id: '110108002', name: '学院路派出所', divisionCode: '110108', address: null, sort: 2 },
  ];

  it(
    'says which households are not set up, sets one up (checked before sending) and then takes its head page',
    { timeout: 20_000 },
    async () => {
      const postdoc = {
        key: 'postdoc',
        label: '博士后集体户',
        configured: true,
        householdNo: '510000103',
        name: '示范大学博士后集体户',
        address: '北京市海淀区示范路3号',
        policeStationId: '110108002',
        policeStationName: '学院路派出所',
        registeredOn: '2003-07-01',
        hasHeadPage: false,
        updatedAt: '2026-11-25T10:00:00+08:00',
      };
      const fetch = adminConsole('/settings/collective-households', {
        'GET /api/admin/collective-households': {
          code: 200,
          data: [student, unset('staff', '教职工集体户'), unset('postdoc', '博士后集体户')],
        },
        'GET /api/admin/police-stations': { code: 200, data: stations },
        'PUT /api/admin/collective-households/postdoc': { code: 200, msg: '已保存', data: postdoc },
        'PUT /api/admin/collective-households/postdoc/head-page': { code: 200, msg: '上传成功', data: { ...postdoc, hasHeadPage: true } },
      });
      expect((await screen.findByRole('alert')).textContent).toContain('教职工集体户、博士后集体户尚未设置');
      expect(screen.getByText('示范大学学生集体户')).not.toBeNull();
      fireEvent.click(screen.getByRole('button', { name: '设置 博士后集体户' }));
      const dialog = await screen.findByRole('dialog', { name: '设置：博士后集体户' });
      expect(within(dialog).getByText('请先填写并保存集体户信息，再上传户主页照片。')).not.toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
      expect((await within(dialog).findByRole('alert')).textContent).toContain('户号为1-32位字母、数字或 -');
      expect(requestsTo(fetch, '/api/admin/collective-households/postdoc')).toHaveLength(0);
      fill(dialog, '户号', '510000103');
      fill(dialog, '户名', '示范大学博士后集体户');
      fill(dialog, '住址', '北京市海淀区示范路3号');
      act(() => choose(within(dialog).getByLabelText('派出所') as HTMLSelectElement, '110108002'));
      fill(dialog, '立户日期', '2003-07-01');
      fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(requestsTo(fetch, '/api/admin/collective-households/postdoc')).toHaveLength(1));
      expect(await bodyOf(fetch, '/api/admin/collective-households/postdoc')).toEqual({
        householdNo: '510000103',
        name: '示范大学博士后集体户',
        address: '北京市海淀区示范路3号',
        policeStationId: '110108002',
        registeredOn: '2003-07-01',
      });
      const input = (await within(dialog).findByText(/上传户主页照片（加盖公章的户主页/)).parentElement!.querySelector(
        'input[type=file]',
      ) as HTMLInputElement;
      Object.defineProperty(input, 'files', {
        value: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'stamped.jpg', { type: 'image/jpeg' })],
      });
      act(() => void input.dispatchEvent(new Event('change', { bubbles: true })));
      await waitFor(() => expect(requestsTo(fetch, '/api/admin/collective-households/postdoc/head-page')).toHaveLength(1));
      const sent = await requestsTo(fetch, '/api/admin/collective-households/postdoc/head-page')[0].formData();
      expect((sent.get('file') as File).name).toBe('stamped.jpg');
    },
  );
});

describe('在线用户', () => {
  it('tells a person’s sessions apart by device and address', async () => {
    const session = (id: number, device: string | null, ip: string) => ({
      id,
      person: { name: '王博文', roleName: '用户', account: '138****8003' },
      loginType: '1',
      loginTypeName: '密码登录',
      ip,
      device,
      createdAt: '2026-11-28T09:00:00+08:00',
      lastSeenAt: '2026-11-28T09:30:00+08:00',
      expiresAt: '2026-12-05T09:00:00+08:00',
      current: false,
    });
    adminConsole('/online-sessions', {
      'GET /api/admin/online-sessions': {
        code: 200,
        rows: [session(1, '微信 · iPhone', '10.9.0.1'), session(2, 'Edge · Windows', '10.9.0.2'), session(3, null, '10.9.0.3')],
        total: 3,
      },
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['微信 · iPhone', 'Edge · Windows', '未知']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('设备');
  });
});
