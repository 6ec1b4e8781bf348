import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/preact';
import ChangePage from '@/features/change/change-page';
import ChangeFormPage from '@/features/change/change-form-page';
import { json, requestsTo, stubFetch, type Reply } from '../helpers';
import { expectSummary, guideOf, pickFile, returnedApplication, stubUpload, summaryOf, toReview, uploaded } from './service-fixtures';
import { field, fill, press, renderForm, renderScreen } from './service-helpers';

const DIPLOMA = '学历证明';
const CERTIFICATE = '婚姻状况证明';

const record = (id: number, kind: string, title: string, createdAt: string, sub: string | null = null) => ({
  ...summaryOf(kind, id).data,
  statusName: '审核中',
  status: 2,
  title,
  sub,
  createdAt,
  updatedAt: createdAt,
  actions: [],
});
const page = (rows: unknown[]) => ({ code: 200, rows, total: rows.length });

describe('信息变更', () => {
  it('lists the three changes and the user’s change applications, newest first', async () => {
    stubFetch({
      'GET /api/daily/xlzkbg/list': page([record(1, 'xlzkbg', '学历变更 · 变更为大学本科', '2026-11-10T09:00:00+08:00')]),
      'GET /api/daily/hyzkbg/list': page([record(2, 'hyzkbg', '婚姻状况变更 · 变更为已婚', '2026-11-12T09:00:00+08:00')]),
      'GET /api/qhqt/qtbs/list': page([
        record(3, 'qtbs', '其他业务 · 户籍信息查询', '2026-11-13T09:00:00+08:00'),
        record(4, 'qtbs', '其他信息变更 · 姓名变更', '2026-11-11T09:00:00+08:00', 'change'),
      ]),
    });
    renderScreen('/change', <ChangePage />);
    expect(screen.getByRole('link', { name: /^学历变更/ }).getAttribute('href')).toBe('/web/change/education');
    expect(screen.getByRole('link', { name: /^婚姻状况变更/ }).getAttribute('href')).toBe('/web/change/marriage');
    expect(screen.getByRole('link', { name: /^其他信息变更/ }).getAttribute('href')).toBe('/web/change/other');
    await screen.findByText('我的变更申请');
    const records = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/web/details'));
    expect(records.map((a) => a.getAttribute('href'))).toEqual(['/web/details?id=2', '/web/details?id=4', '/web/details?id=1']);
    expect(records[0].textContent).toContain('审核中');
  });
});

const levels = [
  { xlm: '10', xlmc: '研究生', level: 1 },
  { xlm: '11', xlmc: '博士研究生毕业', level: 2, parentXlm: '10' },
  { xlm: '14', xlmc: '硕士研究生毕业', level: 2, parentXlm: '10' },
  { xlm: '20', xlmc: '大学本科', level: 1 },
  { xlm: '41', xlmc: '大学本科毕业', level: 2, parentXlm: '20' },
];
const diploma = uploaded('f_diploma', '毕业证书.pdf');

function educationRoutes(extra: Record<string, Reply> = {}) {
  return stubFetch({
    'GET /api/guide/xlzkbg': guideOf('xlzkbg', '学历变更'),
    'POST /api/dict/getXueLi': { code: 200, data: levels },
    'POST /api/daily/xlzkbg/add': summaryOf('xlzkbg'),
    ...extra,
  });
}

describe('学历变更', () => {
  it('shows the current level; categories cannot be chosen; says what is missing, the diploma included', async () => {
    educationRoutes();
    await renderForm('/change/education?step=form', <ChangeFormPage />);
    await waitFor(() => expect(field('当前学历').value).toBe('大学本科毕业'));
    expect((screen.getByRole('option', { name: '【研究生】' }) as HTMLOptionElement).disabled).toBe(true);
    expect(await screen.findByLabelText(DIPLOMA)).not.toBeNull();
    await expectSummary('请选择变更后学历', '请填写毕业院校', '请选择毕业日期', '请填写联系电话', '请上传学历证明材料');
    fill('毕业日期', '2999-06-30');
    await expectSummary('毕业日期不能晚于今天');
  });

  it('uploads the diploma and submits it as 学历证明 with the answers', async () => {
    const fetch = educationRoutes();
    const sent = stubUpload(diploma);
    await renderForm('/change/education?step=form', <ChangeFormPage />);
    await screen.findByRole('option', { name: '硕士研究生毕业' });
    fill('变更后学历', '14');
    fill('毕业院校', '清华大学');
    fill('毕业日期', '2026-06-30');
    fill('联系电话', '13800138001');
    act(() => pickFile(screen.getByLabelText(DIPLOMA), new File(['%PDF'], '毕业证书.pdf', { type: 'application/pdf' })));
    expect(await screen.findByText('毕业证书.pdf')).not.toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0].get('file')).toBeInstanceOf(Blob);
    await toReview();
    expect(screen.getByText('硕士研究生毕业')).not.toBeNull();
    expect(screen.getByText('毕业证书.pdf')).not.toBeNull();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/daily/xlzkbg/add')[0].json()).toEqual({
      bgxlm: '14',
      byyx: '清华大学',
      byrq: '2026-06-30',
      lxdh: '13800138001',
      attachments: [{ fileId: 'f_diploma', clmc: '学历证明' }],
    });
  });

  it('edit=1 prefills the answers and the uploaded diploma, and sends edit with the id', async () => {
    const fetch = educationRoutes({
      'GET /api/wdsq/sqxq/getInfo': returnedApplication(
        'xlzkbg',
        55,
        { bgxlm: '11', byyx: '北京大学', byrq: '2026-07-01', zsbh: 'A123', lxdh: '13900139000' },
        [{ ...diploma, clmc: '学历证明' }],
      ),
      'POST /api/daily/xlzkbg/edit': summaryOf('xlzkbg', 55),
    });
    await renderForm('/change/education?edit=1&id=55', <ChangeFormPage />);
    await waitFor(() => expect(field('毕业院校').value).toBe('北京大学'));
    expect(await screen.findByText('毕业证书.pdf')).not.toBeNull();
    await waitFor(() => expect(field<HTMLSelectElement>('变更后学历').value).toBe('11'));
    await toReview();
    press('确认提交');
    expect(await screen.findByText('修改已提交')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/daily/xlzkbg/edit')[0].json()).toEqual({
      id: 55,
      bgxlm: '11',
      byyx: '北京大学',
      byrq: '2026-07-01',
      zsbh: 'A123',
      lxdh: '13900139000',
      attachments: [{ fileId: 'f_diploma', clmc: '学历证明' }],
    });
  });
});

const statuses = [
  { hyzkm: '10', hyzkmc: '未婚' },
  { hyzkm: '20', hyzkmc: '已婚' },
  { hyzkm: '40', hyzkmc: '离婚' },
];
const certificate = uploaded('f_cert', '结婚证.jpg');

function marriageRoutes(extra: Record<string, Reply> = {}) {
  return stubFetch({
    'GET /api/guide/hyzkbg': guideOf('hyzkbg', '婚姻状况变更'),
    'POST /api/dict/getHyzk': { code: 200, data: statuses },
    'POST /api/daily/hyzkbg/add': summaryOf('hyzkbg'),
    ...extra,
  });
}

describe('婚姻状况变更', () => {
  it('shows the current status (not choosable); asks the spouse only for 已婚; says what is missing', async () => {
    marriageRoutes();
    await renderForm('/change/marriage?step=form', <ChangeFormPage />);
    await waitFor(() => expect(field('当前婚姻状况').value).toBe('未婚'));
    expect((screen.getByRole('option', { name: '未婚' }) as HTMLOptionElement).disabled).toBe(true);
    expect(screen.queryByLabelText(/^配偶姓名/)).toBeNull();
    await screen.findByLabelText(CERTIFICATE);
    await expectSummary('请选择变更后婚姻状况', '请选择登记日期', '请填写联系电话', '请上传婚姻状况证明材料');
    // The certificate is required: its title carries the same * as a required field.
    expect(screen.getByText(CERTIFICATE).closest('label')!.className).toContain('app-label_required');
    fill('变更后婚姻状况', '20');
    expect(field('配偶姓名')).not.toBeNull();
    fill('登记日期', '2026-10-01');
    fill('联系电话', '13800138001');
    // Every rule of the step on this one 下一步: the spouse with the certificate, not on a second tap (issue 25).
    await expectSummary('请填写配偶姓名', '请上传婚姻状况证明材料');
    fill('配偶姓名', '李四');
    await expectSummary('请上传婚姻状况证明材料');
  });

  it('asks the spouse on the first 下一步 even with every other field empty', async () => {
    marriageRoutes();
    await renderForm('/change/marriage?step=form', <ChangeFormPage />);
    await screen.findByRole('option', { name: '已婚' });
    fill('变更后婚姻状况', '20');
    await expectSummary('请选择登记日期', '请填写配偶姓名', '请填写联系电话', '请上传婚姻状况证明材料');
  });

  it('submits with the spouse and the certificate; a same-status refusal lands on the status', async () => {
    let same = true;
    const fetch = marriageRoutes({
      'POST /api/daily/hyzkbg/add': () => (same ? json({ code: 100, msg: '变更后的婚姻状况与当前相同' }) : json(summaryOf('hyzkbg'))),
    });
    stubUpload(certificate);
    await renderForm('/change/marriage?step=form', <ChangeFormPage />);
    await screen.findByRole('option', { name: '已婚' });
    fill('变更后婚姻状况', '20');
    fill('登记日期', '2026-10-01');
    fill('配偶姓名', '李四');
    fill('联系电话', '13800138001');
    const input = await screen.findByLabelText(CERTIFICATE);
    act(() => pickFile(input, new File(['jpg'], '结婚证.jpg', { type: 'image/jpeg' })));
    expect(await screen.findByText('结婚证.jpg')).not.toBeNull();
    await toReview();
    press('确认提交');
    await waitFor(() => expect(screen.getByRole('alert', { name: '请检查以下内容' }).textContent).toContain('变更后的婚姻状况与当前相同'));
    expect(field('变更后婚姻状况').getAttribute('aria-invalid')).toBe('true');
    same = false;
    await toReview();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/daily/hyzkbg/add')[1].json()).toEqual({
      bghyzkm: '20',
      djrq: '2026-10-01',
      poxm: '李四',
      lxdh: '13800138001',
      attachments: [{ fileId: 'f_cert', clmc: '婚姻状况证明' }],
    });
  });

  it('edit=1 prefills and sends edit with the id (no spouse for 离婚)', async () => {
    const fetch = marriageRoutes({
      'GET /api/wdsq/sqxq/getInfo': returnedApplication('hyzkbg', 56, { bghyzkm: '40', djrq: '2026-09-01', lxdh: '13900139000' }, [
        { ...certificate, clmc: '婚姻状况证明' },
      ]),
      'POST /api/daily/hyzkbg/edit': summaryOf('hyzkbg', 56),
    });
    await renderForm('/change/marriage?edit=1&id=56', <ChangeFormPage />);
    await waitFor(() => expect(field('登记日期').value).toBe('2026-09-01'));
    await waitFor(() => expect(field<HTMLSelectElement>('变更后婚姻状况').value).toBe('40'));
    await toReview();
    press('确认提交');
    expect(await screen.findByText('修改已提交')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/daily/hyzkbg/edit')[0].json()).toEqual({
      id: 56,
      bghyzkm: '40',
      djrq: '2026-09-01',
      lxdh: '13900139000',
      attachments: [{ fileId: 'f_cert', clmc: '婚姻状况证明' }],
    });
  });
});
