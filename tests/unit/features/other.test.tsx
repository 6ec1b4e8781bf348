import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/preact';
import QtbsPage from '@/features/other/qtbs-page';
import { DRAFT_DELAY_MS } from '@/components/service-form/use-draft';
import { json, requestsTo, sampleUser, stubFetch, type Reply } from '../helpers';
import { expectSummary, guideOf, returnedApplication, summaryOf, toReview, uploaded } from './service-fixtures';
import { field, fill, press, renderForm, renderScreen } from './service-helpers';

const types = {
  other: [
    { dictLabel: '集体户口页复印盖章', dictValue: '1', group: 'other' },
    { dictLabel: '户籍业务咨询预约', dictValue: '6', group: 'other', switch: '0' },
  ],
  change: [
    { dictLabel: '姓名变更', dictValue: '101', group: 'change' },
    { dictLabel: '民族更正', dictValue: '104', group: 'change' },
    { dictLabel: '公民身份号码更正', dictValue: '108', group: 'change' },
    { dictLabel: '人员类型变更', dictValue: '110', group: 'change' },
    { dictLabel: '其他', dictValue: '199', group: 'change' },
  ],
};

function routes(extra: Record<string, Reply> = {}) {
  return stubFetch({
    'GET /api/guide/qtbs': guideOf('qtbs', '其他业务'),
    'GET /api/guide/qtbs-change': guideOf('qtbs-change', '其他信息变更'),
    'POST /api/qhqt/qtbs/typelist': async (r: Request) =>
      json({ code: 200, data: types[(await r.clone().json()).group as 'other' | 'change'] }),
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
    await renderForm('/other?step=form', <QtbsPage />);
    await screen.findByRole('option', { name: '集体户口页复印盖章' });
    fill('办事类型', '1');
    fill('办事内容', '需要集体户口页复印件两份');
    fill('联系电话', '13800138001');
    await act(() => new Promise((r) => setTimeout(r, DRAFT_DELAY_MS + 50)));
    expect(JSON.parse(localStorage.getItem('draft:qtbs:7') ?? '{}').values).toMatchObject({ bslx: '1', bsnr: '需要集体户口页复印件两份' });
    await toReview();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/add')[0].json()).toEqual({
      bslx: '1',
      bsnr: '需要集体户口页复印件两份',
      lxdh: '13800138001',
    });
    expect(localStorage.getItem('draft:qtbs:7')).toBeNull();
  });

  it('edit=1 prefills (with the proofs uploaded before) and sends edit with the id', async () => {
    const proof = uploaded('f_p', '证明.pdf');
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': returnedApplication('qtbs', 57, { bslx: '1', bsnr: '复印', lxdh: '13900139000' }, [
        { ...proof, clmc: '证明材料' },
      ]),
      'POST /api/qhqt/qtbs/edit': summaryOf('qtbs', 57),
    });
    await renderForm('/other?edit=1&id=57', <QtbsPage />);
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
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/add')[0].json()).toEqual({
      bslx: '104',
      bsnr: '民族由汉族更正为满族',
      lxdh: '13800138001',
    });
  });

  it('edit=1 prefills and sends edit with the id', async () => {
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': returnedApplication('qtbs', 58, { bslx: '101', bsnr: '改名', lxdh: '13900139000' }),
      'POST /api/qhqt/qtbs/edit': summaryOf('qtbs', 58),
    });
    await renderForm('/change/other?edit=1&id=58', <QtbsPage />);
    await waitFor(() => expect(field('变更内容').value).toBe('改名'));
    await waitFor(() => expect(field<HTMLSelectElement>('变更项目').value).toBe('101'));
    await toReview();
    press('确认提交');
    expect(await screen.findByText('修改已提交')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/edit')[0].json()).toEqual({ id: 58, bslx: '101', bsnr: '改名', lxdh: '13900139000' });
  });

  const rylb = {
    code: 200,
    data: [
      { dictLabel: '本科生', dictValue: '0' },
      { dictLabel: '硕士研究生', dictValue: '1' },
      { dictLabel: '博士后', dictValue: '3' },
    ],
  };
  const reviewed = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent?.replace(/修改$/, '');

  it('opened from /info on 人员类型变更: asks the new person type, the content becomes optional, the review and the body carry it', async () => {
    const fetch = routes({ '/api/dict/getSysDictByType': rylb });
    await renderForm('/change/other?bslx=110&step=form', <QtbsPage />, { ...sampleUser, sfzjh: '1101**********002X' } as typeof sampleUser);
    await screen.findByRole('option', { name: '人员类型变更' });
    await waitFor(() => expect(field<HTMLSelectElement>('变更项目').value).toBe('110'));
    expect(screen.queryByLabelText(/^变更后姓名/)).toBeNull();
    expect(screen.queryByLabelText(/^变更后身份证件号码/)).toBeNull();
    await expectSummary('请填写变更后的信息或变更内容');
    await screen.findByRole('option', { name: '硕士研究生' });
    fill('变更后人员类型', '1');
    fill('联系电话', '13800138001');
    await toReview();
    expect(reviewed('变更项目')).toBe('人员类型变更');
    expect(reviewed('变更后人员类型')).toBe('硕士研究生');
    expect(screen.queryByText('变更内容', { selector: 'dt' })).toBeNull();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/add')[0].json()).toEqual({ bslx: '110', bgrylb: '1', lxdh: '13800138001' });
  });

  it('公民身份号码更正 checks the number, shows it in full to its owner on the review and sends it in capitals', async () => {
    const fetch = routes();
    await renderForm('/change/other?step=form', <QtbsPage />, { ...sampleUser, sfzjh: '1101**********002X' } as typeof sampleUser);
    await screen.findByRole('option', { name: '公民身份号码更正' });
    fill('变更项目', '108');
    expect(screen.getByText('当前登记：1101**********002X')).not.toBeNull();
    fill('变更后身份证件号码', '110105194912310021');
    fill('联系电话', '13800138001');
    await expectSummary('身份证件号码格式错误');
    fill('变更后身份证件号码', '11010519491231002x');
    fill('变更内容', '原登记号码有误');
    await toReview();
    expect(reviewed('变更后身份证件号码')).toBe('11010519491231002X');
    expect(reviewed('变更内容')).toBe('原登记号码有误');
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/add')[0].json()).toEqual({
      bslx: '108',
      bgsfzjh: '11010519491231002X',
      bsnr: '原登记号码有误',
      lxdh: '13800138001',
    });
  });

  it('其他 offers all three record fields; a type of another item offers none and needs the content; a field left under another type is not sent', async () => {
    const fetch = routes({ '/api/dict/getSysDictByType': rylb });
    await renderForm('/change/other?step=form', <QtbsPage />);
    await screen.findByRole('option', { name: '其他' });
    fill('变更项目', '199');
    for (const label of ['变更后姓名', '变更后人员类型', '变更后身份证件号码']) expect(field(label)).not.toBeNull();
    expect(screen.getByText('当前登记：张三')).not.toBeNull();
    fill('变更后姓名', '张三丰');
    fill('变更项目', '104');
    expect(screen.queryByLabelText(/^变更后姓名/)).toBeNull();
    await expectSummary('请填写变更内容');
    fill('变更内容', '民族更正为满族');
    fill('联系电话', '13800138001');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/add')[0].json()).toEqual({ bslx: '104', bsnr: '民族更正为满族', lxdh: '13800138001' });
  });

  it('correcting a change asks the new ID number again (it comes back masked)', async () => {
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': returnedApplication('qtbs', 59, { bslx: '108', bgsfzjh: '1101**********002X', lxdh: '13900139000' }),
      'POST /api/qhqt/qtbs/edit': summaryOf('qtbs', 59),
    });
    await renderForm('/change/other?edit=1&id=59', <QtbsPage />);
    await waitFor(() => expect(field<HTMLSelectElement>('变更项目').value).toBe('108'));
    expect(field('变更后身份证件号码').value).toBe('');
    expect(screen.getByText('修改时请重新填写')).not.toBeNull();
    fill('变更后身份证件号码', '11010519491231002X');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('修改已提交')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/qhqt/qtbs/edit')[0].json()).toEqual({
      id: 59,
      bslx: '108',
      bgsfzjh: '11010519491231002X',
      lxdh: '13900139000',
    });
  });
});
