import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { consolePage, consoleSignIn } from './support.ts';

// 工作台「集体户」(issue 12): the collective households are the office's settings. An administrator changes one and
// replaces its stamped head page; the page shows the photo the vouchers will carry.
test('an administrator keeps the collective households and their stamped head pages', async ({ browser }) => {
  const admin = await consolePage(browser);
  await consoleSignIn(admin, 'admin01');
  await admin.getByRole('link', { name: '集体户' }).click();
  await expect(admin.getByRole('heading', { name: '集体户' })).toBeVisible();
  for (const label of ['学生集体户', '教职工集体户', '博士后集体户'])
    await expect(admin.getByRole('cell', { name: label, exact: true })).toBeVisible();

  await admin.getByRole('button', { name: '编辑 博士后集体户' }).click();
  const dialog = admin.getByRole('dialog', { name: '编辑：博士后集体户' });
  await expect(dialog.getByRole('img', { name: '示范大学博士后集体户户主页' })).toBeVisible();
  await dialog.getByLabel('住址').fill('北京市海淀区示范路3号博士后公寓');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(admin.getByText('已保存').first()).toBeVisible();
  await expect(admin.getByRole('cell', { name: '北京市海淀区示范路3号博士后公寓' })).toBeVisible();

  const photo = readFileSync(new URL('../../server/db/seed-data/files/jitihu-shouye-jiaozhigong.jpg', import.meta.url));
  await dialog.locator('input[type=file]').setInputFiles({ name: '户主页.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(admin.getByText('已上传').first()).toBeVisible();
  await expect(dialog.getByRole('img', { name: '示范大学博士后集体户户主页' })).toBeVisible();
  await admin.screenshot({ path: 'test-results/shots/console-collective.png' });
  await admin.context().close();
});
