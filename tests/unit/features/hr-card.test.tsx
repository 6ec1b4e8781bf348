import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/preact';
import CertifPage from '@/features/certif/certif-page';
import HrCardPage from '@/features/certif/hr-card-page';
import { requestsTo, sampleUser, stubFetch, type Reply } from '../helpers';
import { draft, file, files } from './migration-helpers';
import { expectSummary, guideOf, returnedApplication, summaryOf, toReview } from './service-fixtures';
import { field, fill, press, renderForm, renderScreen } from './service-helpers';

const routes = (extra: Record<string, Reply> = {}) =>
  stubFetch({ 'GET /api/guide/hkkbb': guideOf('hkkbb', '户口卡补办'), 'POST /api/daily/hkkbb/add': summaryOf('hkkbb'), ...extra });

describe('户口卡补办', () => {
  it('is listed on /certif', () => {
    renderScreen('/certif', <CertifPage />);
    expect(screen.getByRole('link', { name: /户口卡补办/ }).getAttribute('href')).toBe('/web/certif/hr-card');
  });

  it('starts from its guide; asks the reason, pickup or mailing and a phone, with their messages', async () => {
    routes();
    renderScreen('/certif/hr-card', <HrCardPage />);
    expect(await screen.findByText('户口卡补办 · 办事指南')).not.toBeNull();
    press('开始办理');
    await screen.findByLabelText(/^补办原因/);
    expect(field<HTMLSelectElement>('领取方式').value).toBe('0');
    // Every rule of the step on the first 下一步, the guide's 遗失情况说明 among them (issue 25 items 5 and 9).
    await expectSummary('请填写补办原因', '请上传遗失情况说明', '请填写联系电话');
    expect((await screen.findByText('遗失情况说明')).closest('label')!.className).toContain('app-label_required');
    fill('联系电话', '1380013800');
    await expectSummary('手机号格式错误');
    fill('领取方式', '1');
    await screen.findByLabelText(/^派送日期/);
    await expectSummary('请选择您期望的派送日期', '请填写您的宿舍楼号', '请填写您的详细地址');
  });

  it('submits the reason, the 遗失情况说明, the pickup and the phone', async () => {
    const fetch = routes();
    draft('hkkbb', { attachments: files('h1') });
    await renderForm('/certif/hr-card?step=form', <HrCardPage />);
    fill('补办原因', '  户口卡遗失 ');
    fill('联系电话', '13800138001');
    await toReview();
    expect(screen.getByText('现场领取')).not.toBeNull();
    expect(screen.getByText('h1.jpg')).not.toBeNull();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/daily/hkkbb/add')[0].json()).toEqual({
      bbyy: '户口卡遗失',
      lqfs: '0',
      lxdh: '13800138001',
      attachments: [{ fileId: 'h1', clmc: '遗失情况说明' }],
    });
  });

  it('tells a user whose household is not at the school before the form', async () => {
    routes();
    renderScreen('/certif/hr-card', <HrCardPage />, { ...sampleUser, hkIn: false });
    expect(await screen.findByRole('heading', { name: '您的户口不在本校，无法补办户口卡' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: '开始办理' })).toBeNull();
  });

  it('edit=1 prefills the application and sends update with its id', async () => {
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': returnedApplication('hkkbb', 52, { bbyy: '损坏', lqfs: '0', lxdh: '13900139000' }, [
        { ...file('h2'), clmc: '遗失情况说明' },
      ]),
      'POST /api/daily/hkkbb/update': summaryOf('hkkbb', 52),
    });
    await renderForm('/certif/hr-card?edit=1&id=52', <HrCardPage />);
    await waitFor(() => expect(field('补办原因').value).toBe('损坏'));
    fill('补办原因', '损坏，无法辨认');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('修改已提交')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/daily/hkkbb/update')[0].json()).toEqual({
      id: 52,
      bbyy: '损坏，无法辨认',
      lqfs: '0',
      lxdh: '13900139000',
      attachments: [{ fileId: 'h2', clmc: '遗失情况说明' }],
    });
  });
});
