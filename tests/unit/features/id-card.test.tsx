import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import IdCardPage from '@/features/certif/id-card-page';
import { deliverRegion } from '@/components/service-form/region';
import { DRAFT_DELAY_MS } from '@/components/service-form/use-draft';
import { NETWORK_NOTICE } from '@/components/service-form/outcome';
import { clearSession, setUserInfo } from '@/state/session';
import { json, requestsTo, sampleUser, stubFetch, type Reply } from '../helpers';
import { appUrl, field, fill, press, renderForm, renderScreen, unmountAll } from './service-helpers';

const guide = {
  serviceCode: 'sfzbl',
  title: '身份证办理',
  who: '户口在学校集体户的人员',
  conditions: null,
  materials: [{ name: '本人学生证或工作证', required: true, note: null, example: null }],
  steps: ['网上预约', '本人到场采集'],
  timeLimit: '15个工作日',
  place: '行政楼108室',
  hours: '周一至周五 8:30-11:30',
  fees: '20元',
  contact: '户籍办公室 010-68920103',
  regulations: [],
};
const dates = (remaining26 = 3) => [
  { dateLabel: '11月25日 星期三', dateValue: '2026-11-25', remaining: 0 },
  { dateLabel: '11月26日 星期四', dateValue: '2026-11-26', remaining: remaining26 },
  { dateLabel: '11月27日 星期五', dateValue: '2026-11-27', remaining: 12 },
];
const summary = { id: 41, sqbh: 'HJ20261121000041', kind: 'sfzbl', kindName: '身份证办理', status: 1, statusName: '已提交' };

function routes(extra: Record<string, Reply> = {}) {
  return stubFetch({
    'GET /api/guide/sfzbl': { code: 200, data: guide },
    'POST /api/daily/sfzbl/isSelect': { code: 200, data: { selected: false } },
    'GET /api/dict/qh_identity_reason': {
      code: 200,
      data: [
        { dictLabel: '首次申领', dictValue: '1' },
        { dictLabel: '丢失补领', dictValue: '4' },
      ],
    },
    'POST /api/daily/sfzbl/blfslist': {
      code: 200,
      data: [
        { dictLabel: '学校集中受理', dictValue: '1' },
        { dictLabel: '本人到派出所办理', dictValue: '2' },
      ],
    },
    'POST /api/daily/sfzbl/datelist/1': { code: 200, data: dates() },
    'POST /api/daily/sfzbl/add': { code: 200, data: summary },
    ...extra,
  });
}

/** Fills the form for pickup on site (no mailing). */
async function fillForm() {
  await screen.findByRole('option', { name: '首次申领' });
  fill('办理原因', '1');
  await screen.findByRole('option', { name: '学校集中受理' });
  fill('办理方式', '1');
  await screen.findByRole('option', { name: '11月27日 星期五（剩余12个名额）' });
  fill('预约日期', '2026-11-27');
  fill('相片回执号', 'A2026');
  fill('联系电话', '13800138001');
}

async function toReview() {
  press('下一步');
  await screen.findByText('请核对您填写的信息，确认无误后提交。');
}

beforeEach(() => sessionStorage.clear());

const keysOf = (fetch: ReturnType<typeof stubFetch>, path = '/api/daily/sfzbl/add') =>
  requestsTo(fetch, path).map((r) => r.headers.get('Idempotency-Key'));

describe('身份证办理: guide, form, review, confirmation', () => {
  it('shows the guide first, then the form; dates carry their quota and full ones are disabled', async () => {
    routes();
    renderScreen('/certif/id-card', <IdCardPage />);
    expect(await screen.findByText('身份证办理 · 办事指南')).not.toBeNull();
    expect(screen.getByText('本人学生证或工作证')).not.toBeNull();
    expect(screen.getByRole('link', { name: '户籍办公室 010-68920103' }).getAttribute('href')).toBe('tel:010-68920103');
    press('开始办理');
    await waitFor(() => expect(appUrl()).toBe('/certif/id-card?step=form'));
    await screen.findByRole('option', { name: '学校集中受理' });
    fill('办理方式', '1');
    const full = (await screen.findByRole('option', { name: '11月25日 星期三（剩余0个名额）' })) as HTMLOptionElement;
    expect(full.disabled).toBe(true);
    expect((screen.getByRole('option', { name: '11月26日 星期四（剩余3个名额）' }) as HTMLOptionElement).disabled).toBe(false);
  });

  it('says what is missing with the spec wording, in a summary that takes focus', async () => {
    routes();
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    await screen.findByRole('option', { name: '首次申领' });
    fill('联系电话', '');
    fill('领取方式', '1');
    // The delivery fields load when mailing is chosen.
    await screen.findByLabelText(/^宿舍楼号/);
    press('下一步');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    for (const text of [
      '请选择办理原因',
      '请选择预约日期',
      '请填写联系电话',
      '请选择您期望的派送日期',
      '请选择时间',
      '请填写您的宿舍楼号',
      '请选择所在地区',
      '请填写您的详细地址',
    ]) {
      expect(alert.textContent).toContain(text);
    }
    expect(field('宿舍楼号').getAttribute('aria-invalid')).toBe('true');
    expect(field('所在地区').getAttribute('aria-invalid')).toBe('true');
    fill('联系电话', '12345');
    press('下一步');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('手机号格式错误'));
  });

  it('review: 修改 returns to the form and focuses that field', async () => {
    routes();
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    await fillForm();
    await toReview();
    expect(screen.getByText('学校集中受理')).not.toBeNull();
    expect(screen.getByText('A2026')).not.toBeNull();
    press('修改相片回执号');
    await waitFor(() => expect(document.activeElement).toBe(field('相片回执号')));
    expect(appUrl()).toBe('/certif/id-card?step=form');
  });

  it('submits once, shows the reference number, links to the details and clears the draft', async () => {
    const fetch = routes();
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    await fillForm();
    await toReview();
    press('确认提交');
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(screen.getByText('HJ20261121000041')).not.toBeNull();
    expect(await screen.findByText('办理时限：15个工作日')).not.toBeNull();
    expect(screen.getByRole('link', { name: '查看申请详情' }).getAttribute('href')).toBe('/web/details?id=41');
    expect(requestsTo(fetch, '/api/daily/sfzbl/add')).toHaveLength(1);
    expect(await requestsTo(fetch, '/api/daily/sfzbl/add')[0].json()).toEqual({
      blyy: '1',
      blfs: '1',
      yyrq: '2026-11-27',
      xphzh: 'A2026',
      lqfs: '0',
      lxdh: '13800138001',
    });
    expect(keysOf(fetch)[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem('draft:sfzbl:7')).toBeNull();
  });

  it('reuses the idempotency key when a submit is retried after a lost connection, even after a reload', async () => {
    let calls = 0;
    const fetch = routes({
      'POST /api/daily/sfzbl/add': () => {
        calls += 1;
        if (calls < 3) throw new TypeError('Failed to fetch');
        return json({ code: 200, data: summary });
      },
    });
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    await fillForm();
    await toReview();
    press('确认提交');
    expect(await screen.findByText(NETWORK_NOTICE)).not.toBeNull();
    press('确认提交');
    await waitFor(() => expect(keysOf(fetch)).toHaveLength(2));
    // A reload on the review step: the draft brings back the answers and the same key.
    await unmountAll();
    renderScreen('/certif/id-card?step=review', <IdCardPage />);
    await screen.findByText('请核对您填写的信息，确认无误后提交。');
    await screen.findByText('学校集中受理');
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    const keys = keysOf(fetch);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('refuses a full date clearly: message on the date, quotas refreshed, a new key for the new attempt', async () => {
    let full = false;
    const fetch = routes({
      'POST /api/daily/sfzbl/datelist/1': () => json({ code: 200, data: dates(full ? 0 : 3) }),
      'POST /api/daily/sfzbl/add': async (request: Request) => {
        const body = await request.json();
        if (body.yyrq === '2026-11-26') {
          full = true;
          return json({ code: 100, msg: '该日期名额已满，请选择其他日期' });
        }
        return json({ code: 200, data: summary });
      },
    });
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    await fillForm();
    fill('预约日期', '2026-11-26');
    await toReview();
    press('确认提交');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('该日期名额已满，请选择其他日期');
    await waitFor(() => expect(requestsTo(fetch, '/api/daily/sfzbl/datelist/1').length).toBeGreaterThanOrEqual(2));
    const option = (await screen.findByRole('option', { name: '11月26日 星期四（剩余0个名额）' })) as HTMLOptionElement;
    expect(option.disabled).toBe(true);
    await waitFor(() => expect(field<HTMLSelectElement>('预约日期').value).toBe(''));
    expect(screen.getByText('该日期名额已满，请选择其他日期', { selector: '.app-field__error' })).not.toBeNull();
    fill('预约日期', '2026-11-27');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    const keys = keysOf(fetch);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('shows the existing appointment (with a link to it) instead of a second form', async () => {
    routes({
      'POST /api/daily/sfzbl/isSelect': { code: 200, data: { selected: true, yyrq: '2026-11-27', blfs: '1', application: summary } },
    });
    renderScreen('/certif/id-card', <IdCardPage />);
    expect(await screen.findByRole('heading', { name: '您已有身份证办理预约' })).not.toBeNull();
    expect(screen.getByText(/预约日期 2026-11-27/)).not.toBeNull();
    expect(screen.getByRole('link', { name: '查看申请详情' }).getAttribute('href')).toBe('/web/details?id=41');
    expect(screen.queryByText('开始办理')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('edit=1 loads the application for correction and sends editSfzbl with its id', async () => {
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': {
        code: 200,
        data: {
          ...summary,
          status: 3,
          statusName: '退回修改',
          title: '身份证办理',
          createdAt: '2026-11-21T09:00:00+08:00',
          updatedAt: '2026-11-21T10:00:00+08:00',
          actions: ['cancel', 'edit'],
          answers: { blyy: '4', blfs: '1', yyrq: '2026-11-25', lqfs: '0', lxdh: '13900139000' },
          attachments: [],
          events: [],
        },
      },
      'POST /api/daily/sfzbl/edit': { code: 200, data: summary },
    });
    await renderForm('/certif/id-card?edit=1&id=41', <IdCardPage />);
    await waitFor(() => expect(field<HTMLSelectElement>('办理原因').value).toBe('4'));
    expect(requestsTo(fetch, '/api/daily/sfzbl/isSelect')).toHaveLength(0);
    // The own booking stays selectable although its date shows no free place.
    const own = (await screen.findByRole('option', { name: '11月25日 星期三（您当前的预约）' })) as HTMLOptionElement;
    expect(own.disabled).toBe(false);
    expect(field<HTMLSelectElement>('预约日期').value).toBe('2026-11-25');
    fill('相片回执号', 'B1');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('修改已提交')).not.toBeNull();
    expect(await requestsTo(fetch, '/api/daily/sfzbl/edit')[0].json()).toMatchObject({
      id: 41,
      blyy: '4',
      yyrq: '2026-11-25',
      xphzh: 'B1',
    });
  });
});

describe('身份证办理: the draft', () => {
  it('autosaves and restores what was typed after a remount (reload)', async () => {
    routes();
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    await screen.findByRole('option', { name: '首次申领' });
    fill('办理原因', '4');
    fill('相片回执号', 'R-77');
    await act(() => new Promise((r) => setTimeout(r, DRAFT_DELAY_MS + 50)));
    expect(JSON.parse(localStorage.getItem('draft:sfzbl:7') ?? '{}').values).toMatchObject({ blyy: '4', xphzh: 'R-77' });
    await unmountAll();
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    expect(await screen.findByText('已恢复您上次填写的内容')).not.toBeNull();
    expect(field('相片回执号').value).toBe('R-77');
    await waitFor(() => expect(field<HTMLSelectElement>('办理原因').value).toBe('4'));
  });

  it('keeps the typing through a 401 and a new sign-in of the same user, not for another user', async () => {
    routes({ 'POST /api/daily/sfzbl/add': () => json({ code: 401, msg: '登录已过期，请重新登录' }, 401) });
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    await fillForm();
    await toReview();
    press('确认提交');
    expect(await screen.findByText(/登录已失效。您填写的内容已保存/)).not.toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    // The app goes to /login after 1.5 s (spec §4).
    await waitFor(() => expect(location.pathname).toBe('/web/login'), { timeout: 3000 });
    await unmountAll();
    clearSession();
    // Someone else signs in on this phone: nothing of the first user shows.
    await renderForm('/certif/id-card?step=form', <IdCardPage />, { ...sampleUser, id: 8 });
    await screen.findByRole('option', { name: '首次申领' });
    expect(field('相片回执号').value).toBe('');
    await unmountAll();
    setUserInfo(sampleUser);
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    expect(await screen.findByText('已恢复您上次填写的内容')).not.toBeNull();
    expect(field('相片回执号').value).toBe('A2026');
    expect(field('联系电话').value).toBe('13800138001');
  });

  it('offers 继续办理 on the guide when a draft exists', async () => {
    routes();
    localStorage.setItem('draft:sfzbl:7', JSON.stringify({ values: { xphzh: 'X' }, key: 'k'.repeat(32), at: Date.now() }));
    renderScreen('/certif/id-card', <IdCardPage />);
    expect(await screen.findByRole('button', { name: '继续办理' })).not.toBeNull();
  });
});

describe('身份证办理: mailing', () => {
  it('takes the region from /address, sends the delivery form, and maps server field errors back', async () => {
    let attempt = 0;
    const fetch = routes({
      'POST /api/daily/sfzbl/add': () => {
        attempt += 1;
        return attempt === 1
          ? json({ code: 400, msg: '请求不合法', errors: [{ field: 'yjxx.ssl', message: '宿舍楼号过长' }] }, 400)
          : json({ code: 200, data: summary });
      },
    });
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    await fillForm();
    fill('领取方式', '1');
    fill('派送日期', '2026-11-30');
    fill('派送时间', '1');
    fill('宿舍楼号', '紫荆2号楼');
    fill('派送电话', '13800138001');
    fill('收件人电话', '13900139000');
    fill('详细地址', '紫荆2号楼301');
    fireEvent.click(field('所在地区'));
    await waitFor(() => expect(appUrl()).toBe('/address'));
    // /address answers for this form and goes back: the form remounts from its draft with the region.
    await unmountAll();
    deliverRegion({ form: 'sfzbl', field: 'yjxx', codes: ['110000', '110108'], names: ['北京市', '海淀区'] });
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    await waitFor(() => expect(field('所在地区').textContent).toBe('北京市/海淀区'));
    expect(field('宿舍楼号').value).toBe('紫荆2号楼');
    await screen.findByRole('option', { name: '11月27日 星期五（剩余12个名额）' });
    await toReview();
    expect(screen.getByText('下午(17-18点)')).not.toBeNull();
    press('确认提交');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('宿舍楼号过长');
    expect(field('宿舍楼号').getAttribute('aria-invalid')).toBe('true');
    fill('宿舍楼号', '紫荆2号');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect((await requestsTo(fetch, '/api/daily/sfzbl/add')[1].json()).yjxx).toEqual({
      pssj: '2026-11-30',
      sjd: '1',
      dzlx: '0',
      ssl: '紫荆2号',
      lxdh: '13800138001',
      sjrxm: '张三',
      sjrdh: '13900139000',
      ssq: { code: '110108', name: '北京市/海淀区' },
      xxdz: '紫荆2号楼301',
    });
  });

  it('asks /address for the region of this form', async () => {
    routes();
    await renderForm('/certif/id-card?step=form', <IdCardPage />);
    await screen.findByRole('option', { name: '首次申领' });
    fill('领取方式', '1');
    fill('宿舍楼号', '3号楼');
    fireEvent.click(field('所在地区'));
    expect(JSON.parse(sessionStorage.getItem('address:request') ?? '{}')).toEqual({ form: 'sfzbl', field: 'yjxx' });
    expect(appUrl()).toBe('/address');
    // Saved at once, not after the autosave delay: the form comes back with it.
    expect(JSON.parse(localStorage.getItem('draft:sfzbl:7') ?? '{}').values['yjxx.ssl']).toBe('3号楼');
  });
});
