import { test, expect, type Browser, type Page } from '@playwright/test';
import { act, consolePage, consoleSignIn, shot, signIn, staffPage, staffSignIn } from './support.ts';

test('a certificate goes back for correction, is resubmitted, sent and finished by staff, and the student rates it', async ({
  page,
  browser,
}) => {
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
  // The page's heading names it (the sheet's print-only heading names it too, hidden on screen).
  await expect(staff.getByRole('heading', { name: new RegExp(sqbh) })).toBeVisible();
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
  for (const label of ['已提交', '审核中', '退回修改', '办理中', '已寄出', '已办结'])
    await expect(page.getByText(label).first()).toBeVisible();
  await expect(page.getByText('EMS1234567890').first()).toBeVisible();
  // The courier's own tracking page of this waybill.
  await expect(page.getByRole('link', { name: /查看物流/ })).toHaveAttribute(
    'href',
    'https://www.ems.com.cn/queryList?mailNum=EMS1234567890',
  );
  await page.getByLabel('满意', { exact: true }).check();
  await page.getByLabel('评价内容').fill('办理很快');
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByText('感谢您的评价').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '提交评价' })).toHaveCount(0);
  await shot(page, 'details-rated');
});

/** A phone-sized console page (375×812) in light or dark, optionally in care mode, signed in. */
async function phoneConsole(browser: Browser, opts: { dark?: boolean; care?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    colorScheme: opts.dark ? 'dark' : 'light',
  });
  const page = await context.newPage();
  await consoleSignIn(page);
  if (opts.care) await page.evaluate(() => document.body.setAttribute('data-weui-mode', 'care'));
  return page;
}

test('the console leads somewhere: 待办 first, forms prefilled, 办结 only when the rules take it (else why), ID numbers behind 显示, 无权限 for a 办理员', async ({
  page,
  browser,
}) => {
  // 王浩然 has his household card out (demo) and asks to move out, through the API.
  await signIn(page, '13800138003');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const auth = { qhyhAuthorization: `Bearer ${token}` };
  const PDF = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  const upload = await (
    await page.request.post('/api/wj/upload', {
      headers: auth,
      multipart: { file: { name: 'diploma.pdf', mimeType: 'application/pdf', buffer: PDF } },
    })
  ).json();
  expect(upload.code, JSON.stringify(upload)).toBe(200);
  const added = await (
    await page.request.post('/api/qianchu/add', {
      headers: { ...auth, 'Idempotency-Key': `e2e-friction-${Date.now()}` },
      data: {
        sub: 'graduate',
        qwdq: { code: '320102', name: '江苏省/南京市/玄武区' },
        qwxxdz: '中山路100号',
        qwpcs: '新街口派出所',
        qcyy: '毕业就业',
        lqfs: '0',
        lxdh: '13800138003',
        attachments: [{ fileId: upload.data.fileId, clmc: '毕业证书或学校毕业离校证明' }],
      },
    })
  ).json();
  expect(added.code, JSON.stringify(added)).toBe(200);
  const { id, sqbh } = added.data as { id: number; sqbh: string };

  // Phone-sized consoles (375×812) in light, dark and care mode, for the screenshots along the way.
  const modes = [
    { name: 'light', page: await phoneConsole(browser) },
    { name: 'dark', page: await phoneConsole(browser, { dark: true }) },
    { name: 'care', page: await phoneConsole(browser, { care: true }) },
  ];
  const open = async (phone: Page, name: string, url: string) => {
    await phone.goto(url);
    if (name === 'care') await phone.evaluate(() => document.body.setAttribute('data-weui-mode', 'care'));
  };
  for (const { name, page: phone } of modes) {
    await open(phone, name, '/web/admin/applications');
    await expect(phone.getByRole('button', { name: /^待办 \d+$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(phone.getByRole('link', { name: sqbh })).toBeVisible();
    await shot(phone, `console-queue-todo-${name}`);
  }

  // The queue opens on 待办, where the new application waits; 全部 is one tap away and kept in the URL.
  const staff = await consolePage(browser);
  await consoleSignIn(staff);
  await staff.getByRole('link', { name: '待办队列' }).click();
  await expect(staff.getByRole('button', { name: /^待办/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(staff.getByRole('link', { name: sqbh })).toBeVisible();
  await staff.getByRole('button', { name: /^全部/ }).click();
  await expect(staff).toHaveURL(/status=all/);
  await staff.getByRole('button', { name: /^待办/ }).click();
  await expect(staff).not.toHaveURL(/status=/);
  await staff.getByRole('link', { name: sqbh }).click();

  // ID numbers masked; 显示 reveals the applicant's (audited on the server), 隐藏 masks it again.
  await expect(staff.getByText('3701**********0153')).toBeVisible();
  await expect(staff.getByText('370102199803070153')).toHaveCount(0);
  await staff.getByRole('button', { name: '显示申请人身份证件号' }).click();
  await expect(staff.getByText('370102199803070153')).toBeVisible();
  await staff.getByRole('button', { name: '隐藏申请人身份证件号' }).click();
  await expect(staff.getByText('370102199803070153')).toHaveCount(0);

  // 通知领取 starts with the office's address and hours.
  await act(staff, '开始审核');
  await act(staff, '受理');
  await staff.getByRole('button', { name: '通知领取', exact: true }).click();
  const dialog = staff.getByRole('dialog', { name: '通知领取' });
  await expect(dialog.getByLabel('领取地点')).toHaveValue('北京市海淀区示范路1号示范大学行政楼一层108室');
  await expect(dialog.getByLabel('领取时间')).toHaveValue('周一至周五 8:30-11:30 14:00-17:00');
  for (const { name, page: phone } of modes) {
    await open(phone, name, `/web/admin/applications/${id}`);
    await phone.getByRole('button', { name: '通知领取', exact: true }).click();
    await expect(phone.getByRole('dialog', { name: '通知领取' }).getByLabel('领取地点')).toHaveValue(/行政楼一层108室/);
    await shot(phone, `console-pickup-prefilled-${name}`);
  }
  await dialog.getByRole('button', { name: '确认通知领取' }).click();
  await expect(staff.getByText('已通知领取').first()).toBeVisible();

  // The card is out: 办结 is not offered, the page says why.
  await expect(staff.getByText('暂不能办结：户口卡尚未归还，请先办理归还，再办结迁出')).toBeVisible();
  await expect(staff.getByRole('button', { name: '办结', exact: true })).toHaveCount(0);

  for (const { name, page: phone } of modes) {
    await open(phone, name, `/web/admin/applications/${id}`);
    await expect(phone.getByText('暂不能办结：户口卡尚未归还，请先办理归还，再办结迁出')).toBeVisible();
    await shot(phone, `console-application-blocked-${name}`);
    await phone.getByRole('button', { name: '显示申请人身份证件号' }).click();
    await expect(phone.getByText('370102199803070153')).toBeVisible();
    await phone.getByRole('heading', { name: '申请人' }).scrollIntoViewIfNeeded();
    await shot(phone, `console-application-id-${name}`);
    // A 办理员 typing a 管理员 page's address.
    await open(phone, name, '/web/admin/staff');
    await expect(phone.getByRole('heading', { name: '无权限' })).toBeVisible();
    await expect(phone.getByText('您没有权限访问该页面，请联系管理员')).toBeVisible();
    await expect(phone).toHaveTitle('无权限 - 户籍工作台');
    await shot(phone, `console-forbidden-${name}`);
    await phone.getByRole('link', { name: '返回概览' }).click();
    await expect(phone.getByRole('heading', { name: '概览' })).toBeVisible();
    await phone.context().close();
  }

  // The card comes back (借出户口卡 → 标记归还): now 办结 is offered.
  await staff.getByRole('link', { name: '借出户口卡' }).click();
  const row = staff.getByRole('row').filter({ hasText: '王浩然' });
  await row.getByRole('button', { name: '标记归还' }).click();
  await staff.getByRole('alertdialog').or(staff.getByRole('dialog')).getByRole('button', { name: '已归还' }).click();
  await expect(staff.getByText('已标记归还').first()).toBeVisible();
  await staff.goto(`/web/admin/applications/${id}`);
  await expect(staff.getByRole('button', { name: '办结', exact: true })).toBeVisible();
  await expect(staff.getByText(/暂不能办结/)).toHaveCount(0);
});
