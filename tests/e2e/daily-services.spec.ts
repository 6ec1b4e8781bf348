import { test, expect, type Page } from '@playwright/test';
import { shot, signIn } from './support.ts';

/** A date n days ahead in China, moved forward to a weekday (delivery and appointments are on working days). */
const day = (n: number) => {
  const d = new Date(Date.now() + 8 * 3600_000 + n * 86400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** Chooses the first appointment date that still has places and answers its value. */
async function chooseFreeDate(page: Page): Promise<string> {
  const select = page.getByLabel('预约日期');
  await expect(select.locator('option:not([disabled])').nth(1)).toBeAttached();
  const value = await select.locator('option:not([disabled])').nth(1).getAttribute('value');
  await select.selectOption(value!);
  return value!;
}

async function fillIdCardBasics(page: Page) {
  await page.getByLabel('办理原因').selectOption({ index: 1 });
  await page.getByLabel('办理方式').selectOption('1');
  return chooseFreeDate(page);
}

test('an ID-card appointment with mailing goes from the guide to the confirmation and into 我的申请', async ({ page }) => {
  await signIn(page, '13800138001');
  await page
    .getByRole('link', { name: /身份证/ })
    .first()
    .click();
  await page
    .getByRole('link', { name: /身份证办理/ })
    .first()
    .click();
  await expect(page.getByText('办事指南').first()).toBeVisible();
  await shot(page, 'id-card-guide');
  await page.getByRole('button', { name: '开始办理' }).click();

  // Submitting empty shows the spec's messages and the summary.
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请选择').first()).toBeVisible();

  await fillIdCardBasics(page);
  await page.getByLabel('联系电话', { exact: true }).fill('13800138001');
  await page.getByLabel('领取方式').selectOption('1');
  await page.getByLabel('派送日期').fill(day(10));
  await page.getByLabel('派送时间').selectOption('0');
  await page.getByLabel('宿舍楼号').fill('紫荆2号楼');
  await page.getByLabel('派送电话').fill('13800138001');
  const recipient = page.getByLabel('收件人姓名');
  if (!(await recipient.inputValue())) await recipient.fill('张思远');
  await page.getByLabel('收件人电话').fill('13800138001');
  await page.getByLabel('详细地址').fill('紫荆2号楼301室');
  await page.getByLabel('所在地区').click();
  await expect(page).toHaveURL(/\/web\/address/);
  await page.getByRole('button', { name: '北京市' }).click();
  await page.getByRole('button', { name: '海淀区' }).click();
  await expect(page).toHaveURL(/\/web\/certif\/id-card/);
  await expect(page.getByLabel('详细地址')).toHaveValue('紫荆2号楼301室');
  await shot(page, 'id-card-mailing');

  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请核对您填写的信息')).toBeVisible();
  await shot(page, 'id-card-review');
  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByText('提交成功').first()).toBeVisible();
  const sqbh = (await page
    .getByText(/HJ\d{14}/)
    .first()
    .textContent())!.match(/HJ\d{14}/)![0];
  await shot(page, 'id-card-done');

  await page.getByRole('link', { name: '查看申请详情' }).click();
  await expect(page.getByText(sqbh).first()).toBeVisible();
  await expect(page.getByText('已提交').first()).toBeVisible();
  await page.goto('/web/apply-list');
  await expect(page.getByText(sqbh)).toBeVisible();
  await shot(page, 'apply-list');
});

test('a certificate application is withdrawn from its details', async ({ page, request }) => {
  await signIn(page, '13800138005');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { qhyhAuthorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${Date.now()}` };
  const types = await (await request.post('/api/daily/hjzmkj/typelist', { headers, data: {} })).json();
  const kd = await (await request.post('/api/daily/hjzmkj/kdlist', { headers, data: {} })).json();
  const add = await request.post('/api/daily/hjzmkj/add', {
    headers,
    data: { zmlx: types.data[0].dictValue, yt: '办理出国签证', fs: 1, kdfs: kd.data[0].dictValue, lxdh: '13800138005' },
  });
  const created = await add.json();
  expect(created.code, JSON.stringify(created)).toBe(200);

  await page.goto(`/web/details?id=${created.data.id}`);
  await expect(page.getByText(created.data.sqbh).first()).toBeVisible();
  await page.getByRole('button', { name: '撤销' }).click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .getByRole('button', { name: /确定|撤销/ })
    .last()
    .click();
  await expect(page.getByText('已撤销').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '撤销' })).toHaveCount(0);
  await shot(page, 'details-withdrawn');
});

test('a form keeps what was typed after a reload and after a 401 and signing in again', async ({ page, request }) => {
  await signIn(page, '13800138002');
  await page.goto('/web/certif/id-card?step=form');
  const date = await fillIdCardBasics(page);
  await page.getByLabel('相片回执号').fill('HZ20261122');
  await page.waitForTimeout(800); // the draft autosave is debounced

  await page.reload();
  await expect(page.getByLabel('相片回执号')).toHaveValue('HZ20261122');
  await expect(page.getByLabel('预约日期')).toHaveValue(date);

  const token = await page.evaluate(() => localStorage.getItem('token'));
  await request.post('/__test__/expire-token', { data: { token } });
  // The next call (the dates of another handling method) meets the expired session.
  await page.getByLabel('办理方式').selectOption('2');
  await expect(page).toHaveURL(/\/web\/login/, { timeout: 10_000 });
  await signIn(page, '13800138002');
  await page.goto('/web/certif/id-card?step=form');
  await expect(page.getByLabel('相片回执号')).toHaveValue('HZ20261122');
  await expect(page.getByLabel('办理原因')).not.toHaveValue('');
  await shot(page, 'id-card-draft-restored');
});

test('a date that fills up while the user is on the form is refused cleanly and the list refreshes', async ({ page, request }) => {
  await signIn(page, '13800138004');
  await page.goto('/web/certif/id-card?step=form');
  const date = await fillIdCardBasics(page);
  await page.getByLabel('联系电话', { exact: true }).fill('13800138004');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请核对您填写的信息')).toBeVisible();

  const full = await request.post('/__test__/quota', { data: { kind: 'sfzbl', channel: '1', day: date, remaining: 0 } });
  expect(full.ok()).toBeTruthy();
  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByText('该日期名额已满，请选择其他日期').first()).toBeVisible();
  const option = page.getByLabel('预约日期').locator(`option[value="${date}"]`);
  await expect(option).toBeDisabled();
  await expect(option).toContainText('（剩余0个名额）');
  await shot(page, 'id-card-full-date');
});
