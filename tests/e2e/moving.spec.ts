import { test, expect, type Page, type APIRequestContext } from '@playwright/test';
import { writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { readPdf } from '../server/pdf-text.ts';
import { captchaText, shot, signIn } from './support.ts';

// Small real files to upload: a one-page PDF.
mkdirSync('test-results', { recursive: true });
const PDF = 'test-results/upload-doc.pdf';
writeFileSync(
  PDF,
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function staffToken(request: APIRequestContext, username = 'staff01'): Promise<string> {
  const cap = await (await request.get('/api/admin/captcha')).json();
  const code = await captchaText(request, cap.data.uuid);
  const r = await (await request.post('/api/admin/login', { data: { username, password: 'Demo@2026', code, uuid: cap.data.uuid } })).json();
  expect(r.token, JSON.stringify(r)).toBeTruthy();
  return r.token;
}

/** Moves an application as staff, with the version staff saw. */
async function transition(request: APIRequestContext, token: string, id: number, to: number, extra: Record<string, unknown> = {}) {
  const headers = { qhyhAuthorization: `Bearer ${token}` };
  const app = await (await request.get(`/api/admin/applications/${id}`, { headers })).json();
  const r = await (
    await request.post(`/api/admin/applications/${id}/transition`, { headers, data: { to, expectedVersion: app.data.version, ...extra } })
  ).json();
  expect(r.code, JSON.stringify(r)).toBe(200);
}

async function pickRegion(page: Page, names: string[]) {
  await expect(page).toHaveURL(/\/web\/address/);
  for (const name of names) await page.getByRole('button', { name, exact: true }).first().click();
  await expect(page).not.toHaveURL(/\/web\/address/);
}

async function startService(page: Page) {
  await page.getByRole('button', { name: /开始办理|继续办理/ }).click();
}

test('a graduate is stopped by the guard with the server message, moves out, and then meets the address lock', async ({ page, request }) => {
  await signIn(page, '13800138001');
  await page.goto('/web/move-out');
  await expect(page.getByText('请选择要办理的迁出业务')).toBeVisible();
  // The address change needs a finished move-out: the guard shows the server's message and stays.
  await page.getByRole('link', { name: '迁移证地址变更' }).click();
  const guard = page.getByRole('alertdialog');
  await expect(guard).toContainText('注意');
  await shot(page, 'move-out-guard');
  await guard.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/web\/move-out$/);

  await page.getByRole('link', { name: '毕业生迁出' }).click();
  await expect(page).toHaveURL(/move-out\/graduate/);
  await startService(page);
  await page.getByLabel('迁往地区').click();
  await pickRegion(page, ['北京市', '海淀区']);
  await page.getByLabel('迁往地址').fill('中关村大街1号');
  // The police stations of the chosen region.
  const pcs = page.getByLabel('迁往地派出所');
  await expect(pcs.locator('option').nth(1)).toBeAttached();
  await pcs.selectOption({ index: 1 });
  await page.getByLabel('迁出原因').fill('毕业就业');
  await page.getByLabel('就业单位').fill('北京某科技有限公司');
  await page.locator('input[type=file]').first().setInputFiles(PDF);
  await expect(page.getByText('upload-doc.pdf').first()).toBeVisible();
  await page.getByLabel('领取方式').selectOption('0');
  await page.getByLabel('联系电话').fill('13800138001');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请核对您填写的信息')).toBeVisible();
  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByText('提交成功').first()).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));
  expect(id).toBeGreaterThan(0);

  // Staff finish it: the household has left, and the address of a dispatched graduate is locked.
  const token = await staffToken(request);
  for (const to of [2, 4, 7]) await transition(request, token, id, to);
  await page.goto('/web/my');
  await page.goto('/web/move-out');
  await expect(page.getByText('您不在校，无法迁出').first()).toBeVisible();
  await page.goto('/web/move-out/change');
  await expect(page.getByRole('alertdialog')).toContainText('毕业生地址为锁定状态，无法修改户口迁出地址');
  await shot(page, 'move-out-address-locked');
});

test('a staff member moves in two family members, downloads the voucher PDF, then moves out with the family', async ({ page, request }) => {
  await signIn(page, '13800138005');
  await page.goto('/web/move-in-staff-m');
  await startService(page);
  const members = [
    { gx: '子', xm: '刘小明', xb: '1', csrq: '2015-03-07', sfzjh: '110108201503070012' },
    { gx: '女', xm: '刘小红', xb: '2', csrq: '2018-05-12', sfzjh: '11010820180512002X' },
  ];
  for (const [i, m] of members.entries()) {
    // The form starts with one member.
    if (i > 0) await page.getByRole('button', { name: '添加随迁人员' }).click();
    const section = page.getByRole('region', { name: `随迁人员${i + 1}` });
    await section.getByLabel('与户主关系').selectOption({ label: m.gx });
    await section.getByLabel('姓名').fill(m.xm);
    await section.getByLabel('性别', { exact: true }).selectOption(m.xb);
    await section.getByLabel('民族').selectOption('01');
    await section.getByLabel('出生日期').fill(m.csrq);
    await section.getByLabel('身份证号码').fill(m.sfzjh);
    await section.locator('input[type=file]').setInputFiles(PDF);
    await expect(section.getByText('upload-doc.pdf').first()).toBeVisible();
  }
  await page.getByLabel('省市区县').click();
  await pickRegion(page, ['河北省', '石家庄市', '长安区']);
  await page.getByLabel('详细地址').fill('建设北大街5号');
  await page.getByLabel('所属派出所').fill('长安分局建北派出所');
  await page.getByLabel('联系电话').fill('13800138005');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请核对您填写的信息')).toBeVisible();
  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByText('提交成功').first()).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));

  // Stage 1 done (准迁证 issued): the applicant confirms on /m-cr with the migration certificate.
  const token = await staffToken(request);
  await transition(request, token, id, 2);
  await transition(request, token, id, 5, { lqdd: '户籍办公室（行政楼108室）', lqsj: '工作日 9:00-11:30' });
  await page.goto('/web/m-index');
  await page.getByRole('link', { name: /继续提交/ }).click();
  await expect(page).toHaveURL(/m-cr/);
  await page.getByLabel('迁移证编号').fill('QY1301022026001');
  await page.getByLabel('签发日期').fill('2026-11-01');
  await page.getByLabel('签发机关').fill('石家庄市公安局长安分局');
  await page.locator('input[type=file]').first().setInputFiles(PDF);
  await page.waitForTimeout(1000);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请核对您填写的信息')).toBeVisible();
  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByText('提交成功').first()).toBeVisible();
  for (const to of [2, 4, 7]) await transition(request, token, id, to);

  // The voucher: a real PDF, downloaded as a file.
  await page.goto(`/web/move-in-voucher?id=${id}`);
  await page.getByRole('button', { name: '获取户口卡 PDF' }).click();
  const save = page.getByRole('link', { name: '保存 PDF' }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
  const file = 'test-results/voucher-hkk.pdf';
  await download.saveAs(file);
  const bytes = readFileSync(file);
  const pdf = readPdf(bytes);
  expect(pdf.header).toMatch(/^%PDF-/);
  expect(pdf.embeddedFont).toBe(true);
  expect(pdf.text).toContain('刘小明');
  await shot(page, 'move-in-voucher');

  // Moving out with the family: both members listed and selectable.
  await page.goto('/web/move-out');
  await page.getByRole('link', { name: '教职工(含家属)迁出' }).click();
  await expect(page).toHaveURL(/move-out\/staff/);
  await startService(page);
  await expect(page.getByText('同时迁出的家属')).toBeVisible();
  await page.getByRole('checkbox', { name: /刘小明/ }).check();
  await page.getByRole('checkbox', { name: /刘小红/ }).check();
  await page.getByLabel('迁往地区').click();
  await pickRegion(page, ['北京市', '朝阳区']);
  await page.getByLabel('迁往地址').fill('朝阳区望京街10号');
  await page.getByLabel('迁出原因').fill('购房落户');
  await page.locator('input[type=file]').first().setInputFiles(PDF);
  await page.waitForTimeout(1000);
  await page.getByLabel('联系电话').fill('13800138005');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请核对您填写的信息')).toBeVisible();
  await expect(page.getByText(/刘小明/).first()).toBeVisible();
  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByText('提交成功').first()).toBeVisible();
  await shot(page, 'move-out-staff-done');
});

test('a new student moves in during the window and cannot outside it', async ({ page, request }) => {
  await signIn(page, '13800138007');
  await expect(page.getByRole('link', { name: /新生迁入/ })).toBeVisible();
  await page.goto('/web/move-in-new');
  await startService(page);
  await page.getByLabel('性别', { exact: true }).selectOption('1');
  await page.getByLabel('民族').selectOption('01');
  await page.getByLabel('出生日期').fill('2008-08-19');
  await page.getByLabel('身份证号码').fill('510104200808190175');
  await page.getByLabel('学历').selectOption('61');
  await page.getByLabel('迁移证编号').fill('QY5101042026');
  await page.getByLabel('户口迁出地').click();
  await pickRegion(page, ['四川省', '成都市', '锦江区']);
  await page.getByLabel('详细地址').fill('春熙路8号');
  const pcs = page.getByLabel('原户口派出所');
  if ((await pcs.evaluate((el) => el.tagName)) === 'SELECT') await pcs.selectOption({ index: (await pcs.locator('option').count()) - 1 });
  const manual = page.getByLabel('派出所名称');
  if (await manual.count()) await manual.fill('锦江分局春熙路派出所');
  else if ((await pcs.evaluate((el) => el.tagName)) !== 'SELECT') await pcs.fill('锦江分局春熙路派出所');
  const files = page.locator('input[type=file]');
  await files.nth(0).setInputFiles(PDF);
  await files.nth(1).setInputFiles(PDF);
  await expect(page.getByText('upload-doc.pdf')).toHaveCount(2);
  await page.getByLabel('联系电话').fill('13800138007');
  await shot(page, 'move-in-new-form');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请核对您填写的信息')).toBeVisible();
  await page.getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByText('提交成功').first()).toBeVisible();

  // The office closes the window: the form is refused and the tile disabled.
  const admin = await staffToken(request, 'admin01');
  const headers = { qhyhAuthorization: `Bearer ${admin}` };
  const settings = await (await request.get('/api/admin/settings/home', { headers })).json();
  const r = await (
    await request.put('/api/admin/settings/home', {
      headers,
      data: { tips: settings.data.tips, yxStartTime: '2025-08-01T00:00:00+08:00', yxEndTime: '2025-09-30T00:00:00+08:00' },
    })
  ).json();
  expect(r.code, JSON.stringify(r)).toBe(200);
  await page.goto('/web/move-in-new');
  await expect(page.getByText('当前不在新生迁入办理时间内').first()).toBeVisible();
  await shot(page, 'move-in-new-closed');
});
