import { test, expect, type APIRequestContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { xlsxToRosterText } from '../../shared/roster/roster-xlsx.ts';
import { consolePage, consoleSignIn, DEMO_PASSWORD } from './support.ts';

/** A student's 其他业务 application, submitted through the API as the student. */
async function submitOther(request: APIRequestContext, phone: string, what: string): Promise<string> {
  const login = await (await request.post('/qhyhlogin_false', { data: { username: phone, password: DEMO_PASSWORD } })).json();
  expect(login.code, JSON.stringify(login)).toBe(200);
  const res = await request.post('/api/qhqt/qtbs/add', {
    headers: { qhyhAuthorization: `Bearer ${login.token}`, 'Idempotency-Key': `e2e-queue-${phone}-${Date.now()}` },
    data: { bslx: '2', bsnr: what, lxdh: phone },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data.sqbh as string;
}

// The queue for volume (issue 13): three new applications picked and 受理 at once, each one's result shown; then one
// is claimed, finished, and 处理下一件 opens the next in the same filter.
test('a 办理员 accepts three applications at once, exports the queue and reads it back, claims one, prints it, finishes it and goes on to the next', async ({
  browser,
  request,
}) => {
  const numbers = [
    await submitOther(request, '13800138006', '开具集体户口借用证明（批量一）'),
    await submitOther(request, '13800138007', '开具集体户口借用证明（批量二）'),
    await submitOther(request, '13800138009', '开具集体户口借用证明（批量三）'),
  ];

  const staff = await consolePage(browser);
  await consoleSignIn(staff);
  await staff.getByRole('link', { name: '待办队列' }).click();
  await staff.getByRole('combobox', { name: '业务' }).selectOption({ label: '其他业务' });
  await staff.getByRole('button', { name: '查询' }).click();
  await staff.getByRole('combobox', { name: '排序' }).selectOption({ label: '最新提交在前' });
  for (const no of numbers) await staff.getByRole('checkbox', { name: `选择 ${no}` }).check();
  await expect(staff.getByText('已选 3 件')).toBeVisible();
  await staff.getByRole('button', { name: '批量受理' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: '受理', exact: true }).click();
  const results = staff.getByRole('dialog', { name: '批量受理结果' });
  await expect(results).toContainText('办理成功 3 件');
  for (const no of numbers) await expect(results.getByRole('row').filter({ hasText: no })).toContainText('成功');
  await staff.screenshot({ path: 'test-results/shots/console-bulk-results.png' });
  await results.getByRole('button', { name: '关闭' }).click();

  // 导出 Excel of the same filter: opened and read back, Chinese headers, the three with their new status.
  const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: '导出 Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^申请列表-\d{8}\.xlsx$/);
  const sheet = (await xlsxToRosterText(await readFile(await download.path()))).split('\n').map((line) => line.split('\t'));
  expect(sheet[0]!.slice(0, 3)).toEqual(['申请编号', '业务', '内容']);
  for (const no of numbers) expect(sheet.find((row) => row[0] === no)?.[8]).toBe('办理中');
  expect(sheet.flat().join(' ')).not.toMatch(/\d{17}[\dX]/);

  // The first one: claimed, finished; 处理下一件 opens another application of the filter.
  await staff.getByRole('link', { name: numbers[0] }).click();
  await expect(staff.getByText('认领人：')).toContainText('未认领');
  await staff.getByRole('button', { name: '认领', exact: true }).click();
  await expect(staff.getByText('已认领').first()).toBeVisible();
  await expect(staff.getByText('认领人：')).not.toContainText('未认领');
  // 打印申请表: on paper the console's chrome goes, the heading and the signature lines come.
  await staff.emulateMedia({ media: 'print' });
  await expect(staff.getByRole('heading', { name: '户籍业务申请表' })).toBeVisible();
  await expect(staff.getByText('经办人签名：')).toBeVisible();
  await expect(staff.getByRole('navigation', { name: '工作台菜单' })).toBeHidden();
  await expect(staff.getByRole('button', { name: '打印申请表' })).toBeHidden();
  await staff.screenshot({ path: 'test-results/shots/console-print.png', fullPage: true });
  await staff.emulateMedia({ media: 'screen' });
  await expect(staff.getByText('经办人签名：')).toBeHidden();
  await staff.getByRole('button', { name: '办结', exact: true }).click();
  await staff.getByRole('dialog').getByRole('button', { name: '办结' }).click();
  await expect(staff.getByText('已办结').first()).toBeVisible();
  const here = staff.url();
  await staff.getByRole('button', { name: '处理下一件' }).click();
  await expect(staff).not.toHaveURL(here);
  await expect(staff.getByRole('region', { name: '办理' })).toBeVisible();
  await staff.screenshot({ path: 'test-results/shots/console-next.png' });
  await staff.context().close();
});
