import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/preact';
import BorrowPage from '@/features/borrow/borrow-page';
import { json, requestsTo, sampleUser, stubFetch, type Reply } from '../helpers';
import { guideOf, returnedApplication, summaryOf, expectSummary, toReview } from './service-fixtures';
import { appUrl, field, fill, press, renderForm, renderScreen } from './service-helpers';

const NOT_AT_SCHOOL = '您不在校，无法借用户口卡';

const dicts: Record<string, unknown[]> = {
  qh_hkk_reason: [
    { dictLabel: '办理护照', dictValue: '1' },
    { dictLabel: '其他', dictValue: '9' },
  ],
  qh_hkk_kd: [
    { dictLabel: '顺丰速运', dictValue: '1', switch: '1' },
    { dictLabel: '京东物流', dictValue: '3', switch: '0' },
    { dictLabel: '自取', dictValue: '0', switch: '1' },
  ],
};
const dates = [
  { dateLabel: '11月25日 星期三', dateValue: '2026-11-25' },
  { dateLabel: '11月26日 星期四', dateValue: '2026-11-26' },
];

function routes(extra: Record<string, Reply> = {}) {
  return stubFetch({
    'GET /api/guide/hkkjy': guideOf('hkkjy', '借用户口卡'),
    'POST /api/dict/getSysDictByType': async (r: Request) => json({ code: 200, data: dicts[(await r.json()).dictType] ?? [] }),
    'GET /api/daily/hkkjy/getDateList': { code: 200, data: dates },
    'GET /api/daily/hkkjy/getBorrowNumber': { code: 200, data: { year: 2026, limit: 4, used: 1, remaining: 3 } },
    'POST /api/daily/hkkjy/add': summaryOf('hkkjy'),
    ...extra,
  });
}

async function fillForm() {
  await screen.findByRole('option', { name: '办理护照' });
  fill('借用原因', '1');
  await screen.findByRole('option', { name: '11月25日 星期三' });
  fill('借用日期', '2026-11-25');
  fill('归还日期', '2026-11-30');
  fill('联系电话', '13800138001');
}

describe('借用户口卡', () => {
  it('starts from the guide; the form shows the reasons, the borrow dates, the couriers and the count left this year', async () => {
    routes();
    renderScreen('/borrow', <BorrowPage />);
    expect(await screen.findByText('借用户口卡 · 办事指南')).not.toBeNull();
    press('开始办理');
    await waitFor(() => expect(appUrl()).toBe('/borrow?step=form'));
    expect(await screen.findByText('本年度还可借用3次（每年4次）')).not.toBeNull();
    await screen.findByRole('option', { name: '11月26日 星期四' });
    for (const label of ['借用原因', '借用说明', '借用日期', '归还日期', '领取方式', '联系电话']) expect(field(label)).not.toBeNull();
    expect(((await screen.findByRole('option', { name: '京东物流' })) as HTMLOptionElement).disabled).toBe(true);
    expect(field<HTMLSelectElement>('领取方式').value).toBe('0');
    expect(screen.queryByLabelText(/^宿舍楼号/)).toBeNull();
  });

  it('says what is missing, then the rules between the answers', async () => {
    routes();
    await renderForm('/borrow?step=form', <BorrowPage />);
    await screen.findByRole('option', { name: '办理护照' });
    await expectSummary('请选择借用原因', '请选择借用日期', '请选择归还日期', '请填写联系电话');
    await fillForm();
    fill('借用原因', '9');
    fill('归还日期', '2026-12-03');
    await expectSummary('请填写借用说明');
    fill('借用说明', '公证');
    await expectSummary('归还日期须在借用日期后7天内');
    expect(field('归还日期').getAttribute('min')).toBe('2026-11-26');
    expect(field('归还日期').getAttribute('max')).toBe('2026-12-02');
  });

  it('asks for the delivery form of spec §5 when a courier is chosen, and sends it as yjxx', async () => {
    const fetch = routes();
    // The region comes back from /address into the draft.
    const region = { 'yjxx.shen': '110000', 'yjxx.shi': '110100', 'yjxx.qu': '110108', 'yjxx.ssqmc': '北京市/市辖区/海淀区' };
    localStorage.setItem('draft:hkkjy:7', JSON.stringify({ values: region, key: 'k'.repeat(32), at: Date.now() }));
    await renderForm('/borrow?step=form', <BorrowPage />);
    await fillForm();
    fill('领取方式', '1');
    await screen.findByLabelText(/^派送日期/);
    fill('收件人姓名', '');
    await expectSummary(
      '请选择您期望的派送日期',
      '请选择时间',
      '请填写您的宿舍楼号',
      '请填写收件人联系电话',
      '请填写收件人姓名',
      '请填写您的详细地址',
    );
    fill('派送日期', '2026-11-26');
    fill('派送时间', '0');
    fill('宿舍楼号', '紫荆2号楼');
    fill('派送电话', '13800138001');
    fill('收件人姓名', '张三');
    fill('收件人电话', '139001390');
    await expectSummary('手机号格式错误');
    fill('收件人电话', '13900139000');
    fill('详细地址', '301室');
    await toReview();
    expect(screen.getByText('顺丰速运')).not.toBeNull();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    // What happens next, for a card that is mailed too: not 「请于借用日期领取」.
    expect(screen.getByText(/邮寄的会告诉您快递单号/)).not.toBeNull();
    expect(screen.queryByText(/请于借用日期领取/)).toBeNull();
    expect((await requestsTo(fetch, '/api/daily/hkkjy/add')[0].json()).yjxx).toEqual({
      pssj: '2026-11-26',
      sjd: '0',
      dzlx: '0',
      ssl: '紫荆2号楼',
      lxdh: '13800138001',
      sjrxm: '张三',
      sjrdh: '13900139000',
      ssq: { code: '110108', name: '北京市/市辖区/海淀区' },
      xxdz: '301室',
    });
  });

  it('submits the answers once and shows the reference number', async () => {
    const fetch = routes();
    await renderForm('/borrow?step=form', <BorrowPage />);
    await fillForm();
    fill('借用说明', '办理护照用');
    await toReview();
    expect(screen.getByText('11月25日 星期三')).not.toBeNull();
    expect(screen.getByText('自取')).not.toBeNull();
    press('确认提交');
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(screen.getByText('HJ20261121000051')).not.toBeNull();
    expect(screen.getByText(/告诉您领取的时间地点/)).not.toBeNull();
    const sent = requestsTo(fetch, '/api/daily/hkkjy/add');
    expect(sent).toHaveLength(1);
    expect(sent[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(await sent[0].json()).toEqual({
      jyyy: '1',
      jysm: '办理护照用',
      jyrq: '2026-11-25',
      ghrq: '2026-11-30',
      lqfs: '0',
      lxdh: '13800138001',
    });
  });

  it('tells a user who is not at school before the form: 您不在校，无法借用户口卡', async () => {
    routes();
    renderScreen('/borrow', <BorrowPage />, { ...sampleUser, hkIn: false });
    expect(await screen.findByRole('heading', { name: NOT_AT_SCHOOL })).not.toBeNull();
    expect(screen.queryByRole('button', { name: '开始办理' })).toBeNull();
  });

  it('tells when no borrow is left this year', async () => {
    routes({ 'GET /api/daily/hkkjy/getBorrowNumber': { code: 200, data: { year: 2026, limit: 4, used: 4, remaining: 0 } } });
    renderScreen('/borrow?step=form', <BorrowPage />);
    expect(await screen.findByRole('heading', { name: '本年度借用次数已用完' })).not.toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("shows the server's code-100 refusal on the review step, and a full day on the date with the days refreshed", async () => {
    let answer = { code: 100, msg: NOT_AT_SCHOOL };
    const fetch = routes({ 'POST /api/daily/hkkjy/add': () => json(answer) });
    await renderForm('/borrow?step=form', <BorrowPage />);
    await fillForm();
    await toReview();
    press('确认提交');
    expect((await screen.findByText(NOT_AT_SCHOOL, { selector: '.sf-notice' })).getAttribute('role')).toBe('alert');
    answer = { code: 100, msg: '该日期名额已满，请选择其他日期' };
    press('确认提交');
    expect((await screen.findByRole('alert')).textContent).toContain('该日期名额已满，请选择其他日期');
    await waitFor(() => expect(requestsTo(fetch, '/api/daily/hkkjy/getDateList').length).toBeGreaterThanOrEqual(2));
    expect(appUrl()).toBe('/borrow?step=form');
  });

  it('edit=1 prefills the loan being corrected (its day stays selectable) and sends update with its id', async () => {
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': returnedApplication('hkkjy', 51, {
        jyyy: '9',
        jysm: '公证',
        jyrq: '2026-11-24',
        ghrq: '2026-11-27',
        lqfs: '0',
        lxdh: '13900139000',
      }),
      'POST /api/daily/hkkjy/update': summaryOf('hkkjy'),
    });
    await renderForm('/borrow?edit=1&id=51', <BorrowPage />);
    await waitFor(() => expect(field('借用说明').value).toBe('公证'));
    expect(await screen.findByRole('option', { name: '2026-11-24（您当前的借用日期）' })).not.toBeNull();
    await waitFor(() => expect(field<HTMLSelectElement>('借用日期').value).toBe('2026-11-24'));
    fill('归还日期', '2026-11-28');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('修改已提交')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/daily/hkkjy/update')[0].json()).toEqual({
      id: 51,
      jyyy: '9',
      jysm: '公证',
      jyrq: '2026-11-24',
      ghrq: '2026-11-28',
      lqfs: '0',
      lxdh: '13900139000',
    });
  });
});
