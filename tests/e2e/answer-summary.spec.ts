// The answers of an application read as words, never codes: 申请详情 (light, dark, 大字模式) and the staff console's
// application page show the server's summary — an education change as 大学本科毕业, a staff move-out with the family
// members leaving by name (赵敏、刘子轩), the region and delivery written out.
import { test, expect, type Browser, type Page } from '@playwright/test';
import { consolePage, consoleSignIn, shot, signIn } from './support.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The next weekday after today in China (a delivery date the server offers). */
function nextWeekday(): string {
  const day = new Date(Date.now() + 8 * 3600_000);
  do day.setUTCDate(day.getUTCDate() + 1);
  while ([0, 6].includes(day.getUTCDay()));
  return day.toISOString().slice(0, 10);
}

async function staffConsole(browser: Browser, dark = false): Promise<Page> {
  const page = await consolePage(browser, { dark });
  await consoleSignIn(page);
  return page;
}

test('申请详情 and the console show the answers in words; a staff move-out names the family members leaving', async ({ page, browser }) => {
  // 刘建国 (教职工) applies for an education change and a move-out with his family, through the API.
  await signIn(page, '13800138005');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const auth = { qhyhAuthorization: `Bearer ${token}` };
  const call = async (url: string, data: unknown) => {
    const body = await (
      await page.request.post(url, {
        headers: { ...auth, 'Idempotency-Key': `e2e-summary-${Date.now()}-${Math.random().toString(36).slice(2)}` },
        data: data as object,
      })
    ).json();
    expect(body.code, `${url} ${JSON.stringify(body)}`).toBe(200);
    return body.data;
  };
  const upload = async (name: string) => {
    const res = await (
      await page.request.post('/api/wj/upload', { headers: auth, multipart: { file: { name, mimeType: 'application/pdf', buffer: PDF } } })
    ).json();
    expect(res.code, JSON.stringify(res)).toBe(200);
    return res.data.fileId as string;
  };
  const me = await call('/api/userinfo', {});
  const family = (await call('/api/qianchu/getJsById', { id: me.id })) as { id: number; xm: string; hkIn: boolean }[];
  const leaving = family.filter((m) => m.hkIn && ['赵敏', '刘子轩'].includes(m.xm));
  expect(leaving.map((m) => m.xm).sort()).toEqual(['刘子轩', '赵敏']);

  const education = await call('/api/daily/xlzkbg/add', {
    bgxlm: '21',
    byyx: '示范大学',
    byrq: '2026-06-30',
    zsbh: '1000120260600123',
    lxdh: '13800138005',
    attachments: [{ fileId: await upload('diploma.pdf'), clmc: '学历证明' }],
  });
  const moveOut = await call('/api/qianchu/add', {
    sub: 'staff',
    qwdq: { code: '320102', name: '江苏省/南京市/玄武区' },
    qwxxdz: '中山路100号',
    qwpcs: '新街口派出所',
    qcyy: '工作调动',
    jsdw: '南京示范研究院',
    sqcjs: leaving.map((m) => m.id),
    lqfs: '1',
    yjxx: {
      pssj: nextWeekday(),
      sjd: '0',
      ssl: '教工宿舍3号楼',
      lxdh: '13800138005',
      sjrxm: '刘建国',
      sjrdh: '13800138005',
      ssq: { code: '110108', name: '北京市/市辖区/海淀区' },
      xxdz: '示范路1号',
    },
    lxdh: '13800138005',
    attachments: [{ fileId: await upload('transfer.pdf'), clmc: '调动证明' }],
  });

  const days = (await call('/api/daily/sfzbl/datelist/1', {})) as { dateValue: string }[];
  const idCard = await call('/api/daily/sfzbl/add', {
    blyy: '5',
    blfs: '1',
    yyrq: days[0]!.dateValue,
    xphzh: 'XP2026112400123',
    lqfs: '0',
    lxdh: '13800138005',
  });

  try {
    // Long labels of a dictionary (办理方式) fit the phone's width next to their field name.
    await page.goto(`/web/details?id=${idCard.id}`);
    await expect(page.getByText('学校集中受理（户籍办代收代领）')).toBeVisible();
    await expect(page.getByText('信息变更换领')).toBeVisible();
    await shot(page, 'summary-id-card-light');

    // 申请详情 of the education change: 变更后学历 大学本科毕业, not 21.
    await page.goto(`/web/details?id=${education.id}`);
    const answers = page
      .getByRole('region', { name: '申请内容' })
      .or(page.locator('section', { has: page.getByRole('heading', { name: '申请内容' }) }));
    await expect(answers.getByText('大学本科毕业')).toBeVisible();
    await expect(answers.getByText('2026年6月30日')).toBeVisible();
    await expect(answers.getByText('21', { exact: true })).toHaveCount(0);
    await shot(page, 'summary-education-light');

    // The move-out: the family by name, the regions and the delivery written out, in light, dark and 大字模式.
    await page.goto(`/web/details?id=${moveOut.id}`);
    const names = leaving.map((m) => m.xm).join('、');
    await expect(page.getByText(names)).toBeVisible();
    await expect(page.getByRole('heading', { name: '教职工(含家属)迁出' })).toBeVisible();
    // The sub-service is the application's name, not a row of its answers.
    await expect(page.getByText('迁出类型')).toHaveCount(0);
    await expect(page.getByText('江苏省南京市玄武区')).toBeVisible();
    await expect(page.getByText('北京市海淀区')).toBeVisible();
    await expect(page.getByText('上午(12-13点)')).toBeVisible();
    for (const m of leaving) await expect(page.getByText(String(m.id), { exact: true })).toHaveCount(0);
    await expect(page.getByText('staff', { exact: true })).toHaveCount(0);
    await shot(page, 'summary-move-out-light');
    await page.screenshot({ path: 'test-results/shots/summary-move-out-light-full.png', fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.getByText(names)).toBeVisible();
    await shot(page, 'summary-move-out-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => localStorage.setItem('careMode', '1'));
    await page.reload();
    await expect(page.getByText(names)).toBeVisible();
    expect(await page.evaluate(() => document.body.getAttribute('data-weui-mode'))).toBe('care');
    await shot(page, 'summary-move-out-care');
    await page.evaluate(() => localStorage.setItem('careMode', '0'));

    // The console's application page: the same words, the family by name.
    for (const dark of [false, true]) {
      const staff = await staffConsole(browser, dark);
      await staff.goto(`/web/admin/applications/${moveOut.id}`);
      await expect(staff.getByText(names)).toBeVisible();
      await expect(staff.getByText('同时迁出的家属')).toBeVisible();
      await expect(staff.getByText('江苏省南京市玄武区')).toBeVisible();
      await shot(staff, `summary-console-move-out-${dark ? 'dark' : 'light'}`);
      await staff.context().close();
    }
  } finally {
    // Withdrawn again: the other journeys of this run start from the demo data.
    for (const id of [education.id, moveOut.id, idCard.id]) await call('/api/wdsq/sqxq/endProcessing', { id });
  }
});
