import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/preact';
import QtbsPage from '@/features/other/qtbs-page';
import { DRAFT_DELAY_MS } from '@/components/service-form/use-draft';
import { json, requestsTo, stubFetch, type Reply } from '../helpers';
import { expectSummary, guideOf, returnedApplication, summaryOf, toReview, uploaded } from './service-fixtures';
import { field, fill, press, renderScreen } from './service-helpers';

const types = {
  other: [
    { dictLabel: '集体户口页复印盖章', dictValue: '1', group: 'other' },
    { dictLabel: '户籍业务咨询预约', dictValue: '6', group: 'other', switch: '0' },
  ],
  change: [
    { dictLabel: '姓名变更', dictValue: '101', group: 'change' },
    { dictLabel: '民族更正', dictValue: '104', group: 'change' },
  ],
};

function routes(extra: Record<string, Reply> = {}) {
  return stubFetch({
    'GET /api/guide/qtbs': guideOf('qtbs', '其他业务'),
    'GET /api/guide/qtbs-change': guideOf('qtbs-change', '其他信息变更'),
    'POST /api/qhqt/qtbs/typelist': async (r: Request) => json({ code: 200, data: types[(await r.clone().json()).group as 'other' | 'change'] }),
    'POST /api/qhqt/qtbs/add': summaryOf('qtbs'),
    ...extra,
  });
}

describe('其他业务', () => {
  it('starts from its guide; asks the type (group other), what is asked and a phone, optional proofs', async () => {
    const fetch = routes();
    renderScreen('/other', <QtbsPage />);
    expect(await screen.findByText('其他业务 · 办事指南')).not.toBeNull();
    press('开始办理');
    await screen.findByRole('option', { name: '集体户口页复印盖章' });
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/typelist')[0].json()).toEqual({ group: 'other' });
    expect((screen.getByRole('option', { name: '户籍业务咨询预约' }) as HTMLOptionElement).disabled).toBe(true);
    expect(await screen.findByLabelText('证明材料（选填）')).not.toBeNull();
    await expectSummary('请选择办事类型', '请填写办事内容', '请填写联系电话');
  });

  it('submits the answers (no attachments when none are uploaded) and keeps a draft until then', async () => {
    const fetch = routes();
    renderScreen('/other?step=form', <QtbsPage />);
    await screen.findByRole('option', { name: '集体户口页复印盖章' });
    fill('办事类型', '1');
    fill('办事内容', '需要集体户口页复印件两份');
    fill('联系电话', '13800138001');
    await act(() => new Promise((r) => setTimeout(r, DRAFT_DELAY_MS + 50)));
    expect(JSON.parse(localStorage.getItem('draft:qtbs:7') ?? '{}').values).toMatchObject({ bslx: '1', bsnr: '需要集体户口页复印件两份' });
    await toReview();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/add')[0].json()).toEqual({ bslx: '1', bsnr: '需要集体户口页复印件两份', lxdh: '13800138001' });
    expect(localStorage.getItem('draft:qtbs:7')).toBeNull();
  });

  it('edit=1 prefills (with the proofs uploaded before) and sends edit with the id', async () => {
    const proof = uploaded('f_p', '证明.pdf');
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': returnedApplication('qtbs', 57, { bslx: '1', bsnr: '复印', lxdh: '13900139000' }, [{ ...proof, clmc: '证明材料' }]),
      'POST /api/qhqt/qtbs/edit': summaryOf('qtbs', 57),
    });
    renderScreen('/other?edit=1&id=57', <QtbsPage />);
    await waitFor(() => expect(field('办事内容').value).toBe('复印'));
    expect(await screen.findByText('证明.pdf')).not.toBeNull();
    fill('办事内容', '复印两份');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('修改已提交')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/edit')[0].json()).toEqual({
      id: 57,
      bslx: '1',
      bsnr: '复印两份',
      lxdh: '13900139000',
      attachments: [{ fileId: 'f_p', clmc: '证明材料' }],
    });
  });
});

describe('其他信息变更 (/change/other)', () => {
  it('uses the change types, its own guide, labels and messages, and its own draft', async () => {
    const fetch = routes();
    renderScreen('/change/other', <QtbsPage />);
    expect(await screen.findByText('其他信息变更 · 办事指南')).not.toBeNull();
    press('开始办理');
    await screen.findByRole('option', { name: '姓名变更' });
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/typelist')[0].json()).toEqual({ group: 'change' });
    await expectSummary('请选择变更项目', '请填写变更内容');
    fill('变更项目', '104');
    fill('变更内容', '民族由汉族更正为满族');
    fill('联系电话', '13800138001');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/add')[0].json()).toEqual({ bslx: '104', bsnr: '民族由汉族更正为满族', lxdh: '13800138001' });
  });

  it('edit=1 prefills and sends edit with the id', async () => {
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': returnedApplication('qtbs', 58, { bslx: '101', bsnr: '改名', lxdh: '13900139000' }),
      'POST /api/qhqt/qtbs/edit': summaryOf('qtbs', 58),
    });
    renderScreen('/change/other?edit=1&id=58', <QtbsPage />);
    await waitFor(() => expect(field('变更内容').value).toBe('改名'));
    await waitFor(() => expect(field<HTMLSelectElement>('变更项目').value).toBe('101'));
    await toReview();
    press('确认提交');
    expect(await screen.findByText('修改已提交')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/edit')[0].json()).toEqual({ id: 58, bslx: '101', bsnr: '改名', lxdh: '13900139000' });
  });
});
