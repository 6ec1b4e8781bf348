import { test, expect } from '@playwright/test';
import { captchaText, consolePage, consoleSignIn, newIdNumber, newPhone, signIn, smsCode } from './support.ts';

test('the office imports its roster; a student it confirms signs in by the number, and single sign-on lands in the same account', async ({
  page,
  browser,
  request,
}) => {
  const no = `E2E${String(Date.now()).slice(-7)}`;
  const idNumber = newIdNumber('20040506');

  // 管理员 imports two rows on a desktop: one good, one with a wrong check digit.
  const console_ = await consolePage(browser);
  await consoleSignIn(console_, 'admin01');
  await console_.getByRole('link', { name: '校园身份名册' }).click();
  await expect(console_.getByText(/名册号码（学号 \d+，工作证号 \d+）/)).toBeVisible();
  await console_
    .getByLabel('名册内容')
    .fill(`学号或工作证号,人员类别,姓名,身份证件号码\n${no},0,名册同学,${idNumber}\nE2EBAD1,0,错号同学,${idNumber.slice(0, 17)}Z`);
  await console_.getByRole('button', { name: '导入' }).click();
  const result = console_.getByRole('region', { name: '导入结果' });
  await expect(result).toContainText('共 2 行：新增 1，更新 0，未变 0，未导入 1');
  await expect(result.getByRole('row').nth(1)).toContainText('3E2EBAD1身份证件号码格式错误');
  await expect(console_.getByText(/行，最近一次导入（.+，李管理）：新增 1，更新 0，未导入 1/)).toBeVisible();
  await console_.screenshot({ path: 'test-results/shots/admin-roster.png', fullPage: true });
  await console_.context().close();

  // The student registers with that number, name and ID number (through the API), then signs in by the number.
  const phone = newPhone();
  const img = await (await request.get('/api/registerOrLogin/sendMsgImgCode')).json();
  const permit = await (
    await request.post('/api/registerOrLogin/imgCodeVerify', {
      data: { phone, uuid: img.data.uuid, code: await captchaText(request, img.data.uuid) },
    })
  ).json();
  await request.post('/api/registerOrLogin/sendMsg', { data: { phone, smsTicket: permit.data.smsTicket, scene: 'register' } });
  const registered = await request.post('/api/registerOrLogin/register', {
    data: {
      phone,
      smsCode: await smsCode(request, phone),
      xm: '名册同学',
      sfzjh: idNumber,
      rylb: '0',
      xh: no,
      password: 'Passw0rd2026',
      password2: 'Passw0rd2026',
    },
  });
  expect((await registered.json()).code).toBe(200);
  await signIn(page, no, 'Passw0rd2026');
  await page.getByRole('link', { name: '我的户籍' }).click();
  await expect(page.getByText(`学号 ${no}`)).toBeVisible();

  // Single sign-on as that number (development CAS, another identity) lands in the same account.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/web/login');
  await page.getByRole('button', { name: '统一身份认证' }).click();
  await page.getByLabel(/CAS user/).fill(no);
  await page.getByRole('button', { name: /Sign in/ }).click();
  await expect(page).toHaveURL(/\/web\/my/);
  await page.getByRole('alertdialog').getByRole('button').first().click();
  await expect(page.getByText('名册同学').first()).toBeVisible();
  await expect(page.getByText(`学号 ${no}`)).toBeVisible();
});

test('the office picks the roster as an Excel workbook: its rows fill the form, a refused row is named by its worksheet row', async ({
  browser,
}) => {
  const console_ = await consolePage(browser);
  await consoleSignIn(console_, 'admin01');
  await console_.getByRole('link', { name: '校园身份名册' }).click();
  // Saved by LibreOffice Calc: a header, row 3 empty, row 6 with a wrong check digit.
  await console_.locator('input[type="file"]').setInputFiles('tests/fixtures/roster.xlsx');
  await expect(console_.getByText('已选择 roster.xlsx')).toBeVisible();
  await expect(console_.getByLabel('名册内容')).toHaveValue(/^学号或工作证号\t人员类别\t姓名\t身份证件号码\n2025100001\t0\t张三\t/);
  await console_.getByRole('button', { name: '导入' }).click();
  const result = console_.getByRole('region', { name: '导入结果' });
  await expect(result).toContainText(/共 4 行：新增 \d，更新 \d，未变 \d，未导入 1/);
  await expect(result.getByRole('row').nth(1)).toContainText('62025100004');
  await console_.screenshot({ path: 'test-results/shots/admin-roster-xlsx.png', fullPage: true });
  await console_.context().close();
});
