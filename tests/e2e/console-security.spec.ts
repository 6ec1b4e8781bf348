import { test, expect } from '@playwright/test';
import { consolePage, consoleSignIn, signIn } from './support.ts';

// 在线用户 and 登录日志 (issue 13): an administrator finds a student's session, ends it, and the student's phone is
// sent back to sign in at its next call; the sign-in and a refused attempt are in the log.
test('an administrator forces a student out; the phone asks to sign in again; both sign-ins are in the log', async ({ page, browser }) => {
  // A refused attempt first, then the real sign-in on the phone.
  await page.goto('/web/login');
  await page.getByLabel('账号').fill('13800138008');
  await page.getByLabel('密码').fill('Wrong-pass-1');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('账号或密码错误').first()).toBeVisible();
  await signIn(page, '13800138008');

  const admin = await consolePage(browser);
  await consoleSignIn(admin, 'admin01');
  await admin.getByRole('link', { name: '在线用户' }).click();
  await admin.getByLabel('姓名或账号').fill('孙立华');
  await admin.getByRole('button', { name: '查询' }).click();
  const row = admin.getByRole('row').filter({ hasText: '孙立华（用户）' }).first();
  await expect(row).toBeVisible();
  await admin.screenshot({ path: 'test-results/shots/console-sessions.png' });
  await row.getByRole('button', { name: '强制退出' }).click();
  await admin.getByRole('alertdialog').or(admin.getByRole('dialog')).getByRole('button', { name: '强制退出' }).click();
  await expect(admin.getByText('已强制退出').first()).toBeVisible();
  await expect(admin.getByText('没有在线会话')).toBeVisible();

  // The phone's next call is refused: it goes to the sign-in page.
  await page.goto('/web/my');
  await expect(page).toHaveURL(/\/web\/login/);

  // The log shows the sign-in and the refusal, newest first.
  await admin.getByRole('link', { name: '登录日志' }).click();
  await admin.getByLabel('姓名或账号').fill('孙立华');
  await admin.getByRole('button', { name: '查询' }).click();
  await expect(admin.getByRole('row').filter({ hasText: '成功' }).filter({ hasText: '孙立华' }).first()).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: '失败：账号或密码错误' }).filter({ hasText: '孙立华' }).first()).toBeVisible();
  await admin.screenshot({ path: 'test-results/shots/console-login-records.png' });
  await admin.context().close();
});

// 服务监控 and 定时任务 (issue 26 item 7): the administrator sees the running server and its database, runs a job now
// and finds the run in the log with their name.
test('an administrator reads 服务监控 and runs a 定时任务 now', async ({ browser }) => {
  const admin = await consolePage(browser);
  await consoleSignIn(admin, 'admin01');
  await admin.getByRole('link', { name: '服务监控' }).click();
  await expect(admin.getByRole('heading', { name: '服务监控' })).toBeVisible();
  const self = admin.getByRole('row').filter({ hasText: '本实例' });
  await expect(self).toBeVisible();
  await expect(self).toContainText(/\d+ MB/);
  await expect(admin.getByText(/数据库大小 \d+/)).toBeVisible();
  await admin.screenshot({ path: 'test-results/shots/console-monitor.png', fullPage: true });

  await admin.getByRole('link', { name: '定时任务' }).click();
  const quotas = admin.getByRole('row').filter({ hasText: '生成预约号源' }).first();
  await expect(quotas).toBeVisible();
  await quotas.getByRole('button', { name: '立即执行' }).click();
  await admin.getByRole('alertdialog').or(admin.getByRole('dialog')).getByRole('button', { name: '立即执行' }).click();
  await expect(admin.getByText(/「生成预约号源」执行成功/).first()).toBeVisible();
  const log = admin.locator('section').filter({ has: admin.getByRole('heading', { name: '执行日志' }) });
  const logged = log.getByRole('row').filter({ hasText: '立即执行' }).filter({ hasText: '生成预约号源' }).first();
  await expect(logged).toContainText('成功');
  await expect(logged).toContainText('李管理');
  await admin.screenshot({ path: 'test-results/shots/console-jobs.png', fullPage: true });
  await admin.context().close();
});
