import { test, expect } from '@playwright/test';
import { newIdNumber, newPhone, nextCaptcha, shot, signIn, smsCode } from './support.ts';

test('a new user registers, signs in, sees the tiles of their person type, switches tabs and signs out', async ({ page, request }) => {
  const phone = newPhone();
  // Listen before the page loads: the image code is fetched as soon as the screen shows.
  const captcha = nextCaptcha(page, request);
  await page.goto('/web/register');
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('textbox', { name: '图形验证码' }).fill(await captcha);
  await page.getByRole('button', { name: /获取短信验证码|下一步|发送/ }).first().click();

  await expect(page.getByLabel('短信验证码')).toBeVisible();
  await expect(page.getByText(/重新发送\(\d+s\)/)).toBeVisible();
  await page.getByLabel('短信验证码').fill(await smsCode(request, phone));
  await page.getByRole('button', { name: '下一步' }).click();

  await page.getByLabel('姓名').fill('测试学生');
  await page.getByLabel('身份证件号').fill(newIdNumber());
  await page.getByLabel('人员类型').selectOption('0');
  await page.getByLabel('学号').fill(`E2E${phone.slice(-7)}`);
  await page.getByLabel('密码', { exact: true }).fill('Passw0rd2026');
  await page.getByLabel('确认密码').fill('Passw0rd2026');
  await shot(page, 'register-details');
  await page.getByRole('button', { name: /注册|完成/ }).first().click();
  await expect(page).toHaveURL(/\/web\/home$/);

  // Sign out, then sign in with the new account.
  await page.getByRole('link', { name: '我的户籍' }).click();
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('button', { name: '退出', exact: true }).click();
  await expect(page).toHaveURL(/\/web\/login$/);
  await signIn(page, phone, 'Passw0rd2026');

  // An undergraduate sees the tiles the server opens for them (only built services show).
  await expect(page.getByRole('link', { name: /通知公告/ })).toBeVisible();
  await shot(page, 'home-undergraduate');

  // Tab switches replace the route: history length does not grow.
  const before = await page.evaluate(() => history.length);
  await page.getByRole('link', { name: '我的申请' }).click();
  await expect(page).toHaveURL(/\/web\/apply-list$/);
  await page.getByRole('link', { name: '我的户籍' }).click();
  await expect(page).toHaveURL(/\/web\/my$/);
  await page.getByRole('link', { name: '办事服务' }).click();
  await expect(page).toHaveURL(/\/web\/home$/);
  expect(await page.evaluate(() => history.length)).toBe(before);

  await page.getByRole('link', { name: '我的户籍' }).click();
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('button', { name: '退出', exact: true }).click();
  await expect(page).toHaveURL(/\/web\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('single sign-on through the development CAS lands on /my with the right alert', async ({ page }) => {
  await page.goto('/web/login');
  await page.getByRole('button', { name: '统一身份认证' }).click();
  await expect(page).toHaveURL(/\/cas\/login/);
  await page.getByRole('button', { name: /刘建国/ }).click();
  await expect(page).toHaveURL(/\/web\/my/);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('信息');
  await expect(dialog).toContainText('老师您好，您可正常办理集体户口相关业务');
  await shot(page, 'sso-info-alert');
  await dialog.getByRole('button').first().click();
  await expect(page.getByText('刘建国').first()).toBeVisible();

  // An account with a warning sees 注意 and the warning text.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/web/login');
  await page.getByRole('button', { name: '统一身份认证' }).click();
  await page.getByRole('button', { name: /孙立华/ }).click();
  await expect(page).toHaveURL(/\/web\/my/);
  await expect(page.getByRole('alertdialog')).toContainText('注意');
});

test('an expired token sends the user back to /login', async ({ page, request }) => {
  await signIn(page, '13800138002');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const res = await request.post('/__test__/expire-token', { data: { token } });
  expect(res.ok()).toBeTruthy();
  await page.getByRole('link', { name: '我的户籍' }).click();
  await expect(page).toHaveURL(/\/web\/login$/, { timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
});

test('without a session, a protected page says 请先登录 and goes to /login; announcements stay open', async ({ page }) => {
  await page.goto('/web/announcement');
  await expect(page.getByRole('heading', { name: '通知公告' }).or(page.getByText('通知公告').first())).toBeVisible();
  await expect(page).toHaveURL(/\/web\/announcement$/);
  await page.goto('/web/home');
  await expect(page.getByText('请先登录')).toBeVisible();
  await expect(page).toHaveURL(/\/web\/login$/);
});
