import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { act, shot, signIn, staffPage, staffSignIn } from './support.ts';

test('a 户籍证明 finished in the console is downloaded by the student as a signed PDF whose QR code opens the check page; revoked, the check says so', async ({
  page,
  browser,
}) => {
  // A member of staff with a registration at the school applies for a proof (through the API).
  await signIn(page, '13800138006');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { qhyhAuthorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-documents-${Date.now()}` };
  const created = await (
    await page.request.post('/api/daily/hjzmkj/add', {
      headers,
      data: { zmlx: '1', yt: '办理出国签证', fs: 1, kdfs: '0', lxdh: '13800138006' },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(200);
  const { id, sqbh } = created.data as { id: number; sqbh: string };

  // The office finishes it.
  const staff = await staffPage(browser);
  await staffSignIn(staff);
  await staff.goto(`/web/admin/applications/${id}`);
  await expect(staff.getByRole('heading', { name: new RegExp(sqbh) })).toBeVisible();
  await act(staff, '开始审核');
  await act(staff, '受理');
  await act(staff, '办结');
  const card = staff.getByRole('region', { name: '电子证明' });
  await expect(card.getByText('有效', { exact: true })).toBeVisible();
  await shot(staff, 'documents-console-issued');

  // The student downloads it from 申请详情.
  await page.goto(`/web/details?id=${id}`);
  await expect(page.getByText('电子证明 · 户籍证明（户籍信息证明）')).toBeVisible();
  const number = (await page.locator('.weui-cell', { hasText: '文件编号' }).locator('.weui-cell__ft').textContent())!.trim();
  expect(number).toMatch(/^HJZM\d{10}$/);
  await page.getByRole('button', { name: '下载电子证明' }).click();
  const save = page.getByRole('link', { name: '保存 PDF' });
  await expect(save).toBeVisible();
  await shot(page, 'documents-details');
  const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
  const dir = mkdtempSync(join(tmpdir(), 'hukou-e2e-documents-'));
  const file = join(dir, 'proof.pdf');
  await download.saveAs(file);

  // An independent verifier finds the signature valid; the QR code holds the check page's address.
  const verdict = execFileSync('pdfsig', [file], { encoding: 'utf8' });
  expect(verdict).toContain('Signature is Valid.');
  execFileSync('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', file, join(dir, 'page')]);
  const address = execFileSync('zbarimg', ['-q', '--raw', join(dir, 'page-1.png')], { encoding: 'utf8' }).trim();
  expect(address).toMatch(/\/web\/verify\/[0-9A-Z]{20}$/);

  // Anyone opens that address (no sign-in): a fresh context, as a police station's phone would.
  const checker = await (await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN' })).newPage();
  const path = new URL(address).pathname;
  await checker.goto(path);
  await expect(checker.getByRole('heading', { name: '文件有效' })).toBeVisible();
  await expect(checker.getByText(number)).toBeVisible();
  await expect(checker.locator('.weui-cell', { hasText: '持有人' })).toContainText('*');
  // The file in hand compared on the phone: the very file matches.
  await checker.getByLabel(/选择手中的 PDF 文件/).setInputFiles(file);
  await expect(checker.getByText('与签发的文件一致。')).toBeVisible();
  await shot(checker, 'documents-check-valid');

  // The office revokes it with a reason; the check page says so.
  await staff.reload();
  await staff.getByRole('region', { name: '电子证明' }).getByRole('button', { name: '作废' }).click();
  await staff.getByLabel('作废原因').fill('用途填写有误');
  await staff.getByRole('button', { name: '确认作废' }).click();
  await expect(staff.getByText('已作废').first()).toBeVisible();
  await checker.reload();
  await expect(checker.getByRole('heading', { name: '文件已作废' })).toBeVisible();
  await shot(checker, 'documents-check-revoked');
  // The student sees why, and has no download until the office issues it again.
  await page.goto(`/web/details?id=${id}`);
  await expect(page.getByText('用途填写有误')).toBeVisible();
  await expect(page.getByRole('button', { name: '下载电子证明' })).toHaveCount(0);
});
