// 我要提问 against the real server: one step (no review), the image code solved the accessible way, and an answer
// lost on the way back (the server got the question) retried with the same Idempotency-Key: one question, not two.
import { expect, test } from '@playwright/test';
import { shot, signIn } from './support.ts';

test('a question whose answer was lost is sent again and stored once; the typing is never lost', async ({ page }) => {
  await signIn(page, '13800138001');
  await page.goto('/web/feedback/add');
  const title = `集体户口页复印${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: '标题' }).fill(title);
  await page.getByLabel('问题内容').fill('请问集体户口页怎么复印？需要带什么材料？');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByRole('alert', { name: '请检查以下内容' })).toContainText('请输入图形验证码');

  await page.getByRole('button', { name: '看不清？无障碍验证' }).click();
  await expect(page.getByRole('status').filter({ hasText: '验证完成' })).toHaveCount(1);
  // The server takes the question, and the phone never hears the answer.
  let reached = 0;
  await page.route(
    '**/api/qhqt/qtyhfk/add',
    async (route) => {
      reached += (await route.fetch()).status() === 200 ? 1 : 0;
      await route.abort('internetdisconnected');
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText(/网络异常，提交结果未知/)).toBeVisible();
  expect(reached).toBe(1);
  // The app's own dialog for a lost connection comes too (api/client.ts): closed before going on.
  await page.getByRole('alertdialog', { name: '错误' }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue(title);
  await shot(page, 'feedback-answer-lost');

  await page.getByRole('button', { name: '提交' }).click();
  await expect(page).toHaveURL(/\/web\/feedback\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.goto('/web/feedback');
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(1);
});
