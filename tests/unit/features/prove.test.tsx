import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/preact';
import { loaderFor, screens } from '@/app/routes';
import ProveFormPage from '@/features/prove/prove-form-page';
import ProvePage from '@/features/prove/prove-page';
import { requestsTo, sampleUser, stubFetch, type Reply } from '../helpers';
import { expectSummary, guideOf, returnedApplication, summaryOf, toReview } from './service-fixtures';
import { field, fill, press, renderForm, renderScreen } from './service-helpers';

const types = [
  { dictLabel: '户籍信息证明', dictValue: '1', remark: '证明本人户口登记在学校集体户' },
  { dictLabel: '曾用名证明', dictValue: '4', switch: '0' },
];
const couriers = [
  { dictLabel: '现场领取', dictValue: '0', switch: '1' },
  { dictLabel: '顺丰速运（到付）', dictValue: '1', switch: '1' },
];
const reasons = (n: string) => [
  { dictLabel: `${n}：就业入职`, dictValue: '1' },
  { dictLabel: '其他', dictValue: '9', remark: '请在备注中写明用途及需提交的单位' },
];

function routes(extra: Record<string, Reply> = {}) {
  return stubFetch({
    'GET /api/guide/hjzmkj': guideOf('hjzmkj', '户籍证明开具'),
    'GET /api/guide/wfzzmkj': guideOf('wfzzmkj', '无犯罪记录证明开具'),
    'GET /api/guide/wwfzmkj': guideOf('wwfzmkj', '无违法证明开具'),
    'POST /api/daily/hjzmkj/typelist': { code: 200, data: types },
    'POST /api/daily/hjzmkj/kdlist': { code: 200, data: couriers },
    'POST /api/daily/wfzzmkj/bllxlist': { code: 200, data: reasons('c') },
    'POST /api/daily/wwfzmkj/bllxlist': { code: 200, data: reasons('n') },
    'POST /api/daily/hjzmkj/add': summaryOf('hjzmkj'),
    'POST /api/daily/wfzzmkj/add': summaryOf('wfzzmkj'),
    'POST /api/daily/wwfzmkj/add': summaryOf('wwfzmkj'),
    ...extra,
  });
}

describe('证明开具', () => {
  it('lists the three proofs; the n-issued copy route shows the canonical screen', () => {
    renderScreen('/prove', <ProvePage />);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/web/prove/hr-issued', '/web/prove/c-issued', '/web/prove/n-issued']);
    expect(loaderFor('proveNIssuedCopy')).toBe(screens.proveNIssued);
  });
});

describe('户籍证明开具', () => {
  it('asks the type (with its note), purpose, receiver, copies, pickup or courier, and a phone', async () => {
    routes();
    renderScreen('/prove/hr-issued', <ProveFormPage />);
    expect(await screen.findByText('户籍证明开具 · 办事指南')).not.toBeNull();
    press('开始办理');
    await screen.findByRole('option', { name: '户籍信息证明' });
    for (const label of ['证明类型', '用途', '接收单位', '份数', '领取方式', '联系电话']) expect(field(label)).not.toBeNull();
    expect((screen.getByRole('option', { name: '曾用名证明' }) as HTMLOptionElement).disabled).toBe(true);
    fill('证明类型', '1');
    expect(screen.getByText('证明本人户口登记在学校集体户')).not.toBeNull();
    await expectSummary('请填写用途', '请填写联系电话');
    fill('证明类型', '');
    await expectSummary('请选择证明类型');
    await screen.findByRole('option', { name: '顺丰速运（到付）' });
    fill('领取方式', '1');
    await screen.findByLabelText(/^派送日期/);
    await expectSummary('请选择您期望的派送日期', '请选择时间');
  });

  it('submits the answers (copies as a number)', async () => {
    const fetch = routes();
    await renderForm('/prove/hr-issued?step=form', <ProveFormPage />);
    await screen.findByRole('option', { name: '户籍信息证明' });
    fill('证明类型', '1');
    fill('用途', '办理护照');
    fill('份数', '2');
    fill('联系电话', '13800138001');
    await toReview();
    expect(screen.getByText('2份')).not.toBeNull();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/daily/hjzmkj/add')[0].json()).toEqual({
      zmlx: '1',
      yt: '办理护照',
      fs: 2,
      kdfs: '0',
      lxdh: '13800138001',
    });
  });

  it('tells a user whose household is not at the school before the form', async () => {
    routes();
    renderScreen('/prove/hr-issued', <ProveFormPage />, { ...sampleUser, hkIn: false });
    expect(await screen.findByRole('heading', { name: '您的户口不在本校，无法开具户籍证明' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: '开始办理' })).toBeNull();
  });

  it('edit=1 prefills and sends edit with the id', async () => {
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': returnedApplication('hjzmkj', 53, {
        zmlx: '1',
        yt: '入职',
        jsdw: '某公司',
        fs: 3,
        kdfs: '0',
        lxdh: '13900139000',
      }),
      'POST /api/daily/hjzmkj/edit': summaryOf('hjzmkj', 53),
    });
    await renderForm('/prove/hr-issued?edit=1&id=53', <ProveFormPage />);
    await waitFor(() => expect(field('接收单位').value).toBe('某公司'));
    expect(field<HTMLSelectElement>('份数').value).toBe('3');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('修改已提交')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/daily/hjzmkj/edit')[0].json()).toEqual({
      id: 53,
      zmlx: '1',
      yt: '入职',
      jsdw: '某公司',
      fs: 3,
      kdfs: '0',
      lxdh: '13900139000',
    });
  });
});

describe.each([
  { route: '/prove/c-issued', code: 'wfzzmkj', title: '无犯罪记录证明开具', n: 'c' },
  { route: '/prove/n-issued', code: 'wwfzmkj', title: '无违法证明开具', n: 'n' },
  { route: '/prove/n-issued%20copy', code: 'wwfzmkj', title: '无违法证明开具', n: 'n' },
])('$title at $route', ({ route, code, title, n }) => {
  it(`uses the reasons "${n}", the spec's messages, and submits to ${code}`, async () => {
    const fetch = routes();
    renderScreen(route, <ProveFormPage />);
    expect(await screen.findByText(`${title} · 办事指南`)).not.toBeNull();
    press('开始办理');
    await screen.findByRole('option', { name: `${n}：就业入职` });
    await expectSummary('请选择办理原因', '请填写用途', '请填写联系电话');
    fill('办理原因', '9');
    expect(screen.getByText('请在备注中写明用途及需提交的单位')).not.toBeNull();
    fill('用途', '出国留学');
    fill('接收单位', '某大学');
    fill('联系电话', '13800138001');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(await requestsTo(fetch, `/api/daily/${code}/add`)[0].json()).toEqual({
      bllx: '9',
      yt: '出国留学',
      jsdw: '某大学',
      fs: 1,
      lqfs: '0',
      lxdh: '13800138001',
    });
  });

  it('edit=1 prefills and sends edit with the id', async () => {
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': returnedApplication(code, 54, { bllx: '1', yt: '入职', fs: 1, lqfs: '0', lxdh: '13900139000' }),
      [`POST /api/daily/${code}/edit`]: summaryOf(code, 54),
    });
    await renderForm(`${route}?edit=1&id=54`, <ProveFormPage />);
    await waitFor(() => expect(field('用途').value).toBe('入职'));
    await waitFor(() => expect(field<HTMLSelectElement>('办理原因').value).toBe('1'));
    await toReview();
    press('确认提交');
    expect(await screen.findByText('修改已提交')).not.toBeNull();
    expect(await requestsTo(fetch, `/api/daily/${code}/edit`)[0].json()).toEqual({
      id: 54,
      bllx: '1',
      yt: '入职',
      fs: 1,
      lqfs: '0',
      lxdh: '13900139000',
    });
  });
});
