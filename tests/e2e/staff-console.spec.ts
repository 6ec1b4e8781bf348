import { test, expect, type Browser, type Page } from '@playwright/test';
import { captchaText, shot, signIn } from './support.ts';

/** Staff work on a desktop: a separate browser context at 1280×800. */
async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  return context.newPage();
}

async function staffSignIn(page: Page) {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/admin/captcha') && r.ok());
  await page.goto('/web/admin/login');
  const uuid = (await (await captcha).json()).data.uuid;
  await page.getByLabel('登录名').fill('staff01');
  await page.getByLabel('密码').fill('Demo@2026');
  await page.getByRole('textbox', { name: '图形验证码' }).fill(await captchaText(page.request, uuid));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/** Runs one transition from the application's page, filling the inputs it asks for. */
async function act(page: Page, action: string, inputs: Record<string, string> = {}) {
  await page.getByRole('button', { name: action, exact: true }).click();
  if (Object.keys(inputs).length) {
    for (const [label, value] of Object.entries(inputs)) await page.getByLabel(label).fill(value);
    await page.getByRole('button', { name: `确认${action}` }).click();
  } else {
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: action }).click();
  }
  await expect(page.getByText(`已${action}`).first()).toBeVisible();
  // The page reloads the application (and its version) after a transition; act on the fresh one.
  await page.waitForLoadState('networkidle');
}

test('a certificate goes back for correction, is resubmitted, sent and finished by staff, and the student rates it', async ({ page, browser }) => {
  // The student applies for a household-register proof.
  await signIn(page, '13800138003');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { qhyhAuthorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-staff-${Date.now()}` };
  const types = await (await page.request.post('/api/daily/hjzmkj/typelist', { headers, data: {} })).json();
  const kd = await (await page.request.post('/api/daily/hjzmkj/kdlist', { headers, data: {} })).json();
  const created = await (
    await page.request.post('/api/daily/hjzmkj/add', {
      headers,
      data: { zmlx: types.data[0].dictValue, yt: '办理签证', fs: 1, kdfs: kd.data[0].dictValue, lxdh: '13800138003' },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(200);
  const { id, sqbh } = created.data as { id: number; sqbh: string };

  // Staff open it from the queue and return it with a reason.
  const staff = await staffPage(browser);
  await staffSignIn(staff);
  await staff.getByRole('link', { name: '待办队列' }).click();
  await staff.getByText(sqbh).first().click();
  await expect(staff.getByText(sqbh).first()).toBeVisible();
  await act(staff, '开始审核');
  await act(staff, '退回修改', { 原因: '请写明签证国家' });
  await shot(staff, 'staff-returned');

  // The student sees the notice, corrects the purpose and resubmits.
  await page.goto('/web/news');
  await expect(page.getByText(/退回修改/).first()).toBeVisible();
  await page.goto(`/web/details?id=${id}`);
  await expect(page.getByText('请写明签证国家').first()).toBeVisible();
  await page.getByRole('link', { name: '修改' }).click();
  await expect(page).toHaveURL(/edit=1/);
  // The form opens with the application's answers.
  await expect(page.getByLabel('用途')).toHaveValue('办理签证');
  await page.getByLabel('用途').fill('办理日本签证');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByRole('heading', { name: '修改已提交' })).toBeVisible();
  await page.goto(`/web/details?id=${id}`);
  await expect(page.getByText('办理日本签证').first()).toBeVisible();

  // Staff accept, send it with a waybill number, and finish it.
  await staff.reload();
  await expect(staff.getByText('办理日本签证').first()).toBeVisible();
  await act(staff, '开始审核');
  await act(staff, '受理');
  await act(staff, '寄出', { 快递公司: '中国邮政EMS', 快递单号: 'EMS1234567890' });
  await act(staff, '办结');
  await shot(staff, 'staff-finished');

  // The student sees every step in the timeline, then rates the service once.
  await page.goto(`/web/details?id=${id}`);
  for (const label of ['已提交', '审核中', '退回修改', '办理中', '已寄出', '已办结']) await expect(page.getByText(label).first()).toBeVisible();
  await expect(page.getByText('EMS1234567890').first()).toBeVisible();
  await page.getByLabel('满意', { exact: true }).check();
  await page.getByLabel('评价内容').fill('办理很快');
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByText('感谢您的评价').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '提交评价' })).toHaveCount(0);
  await shot(page, 'details-rated');
});
