// Accessibility: axe-core on every screen, in light, dark and care mode (大字模式); no serious or critical violation.
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { consolePage, consoleSignIn, shot, signIn } from './support.ts';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
// axe is injected as a script; the app's CSP (script-src 'self') rightly refuses it otherwise.
test.use({ bypassCSP: true });

// The check page of an issued document, as anyone opening an unknown code sees it (the documents spec checks a real one).
const PUBLIC = ['/web/login', '/web/register', '/web/forget', '/web/announcement', '/web/verify/00000000000000000000'];
const SIGNED_IN = [
  '/web/home',
  '/web/apply-list',
  '/web/my',
  '/web/info',
  '/web/news',
  '/web/contact-information',
  '/web/address',
  '/web/other',
  '/web/borrow',
  '/web/certif',
  '/web/certif/id-card',
  '/web/certif/hr-card',
  '/web/change',
  '/web/change/education',
  '/web/change/marriage',
  '/web/change/other',
  '/web/feedback',
  '/web/feedback/add',
  '/web/move-in',
  '/web/m-index',
  '/web/move-out',
  '/web/prove',
  '/web/prove/hr-issued',
  '/web/prove/c-issued',
  '/web/prove/n-issued',
];
const STAFF_FAMILY = ['/web/move-in-staff', '/web/move-in-staff-m', '/web/move-out/staff'];
/** Form steps looked at in screenshots too. */
const SHOTS = ['/web/certif/hr-card', '/web/change/other', '/web/move-in-staff-m'];

type Mode = 'light' | 'dark' | 'care';

async function setMode(page: Page, mode: Mode) {
  await page.emulateMedia({ colorScheme: mode === 'dark' ? 'dark' : 'light' });
  await page.evaluate((care) => localStorage.setItem('careMode', care ? '1' : '0'), mode === 'care');
}

/** Serious and critical violations of WCAG 2 A/AA on the page as it stands. */
async function violations(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  return scan(page, url);
}

/** Serious and critical violations of the page as it is now (after a tap), reported under `url`. */
async function scan(page: Page, url: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 5000 }).catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  });
  // Each page has one level-one heading, which says what it is (issue 25): axe's page-has-heading-one is a best
  // practice, not among the WCAG tags above.
  const headings = await page
    .locator('h1')
    .evaluateAll((hs) =>
      hs
        .filter((h) => (h as HTMLElement).offsetParent !== null || getComputedStyle(h).position === 'fixed')
        .map((h) => h.textContent?.trim() ?? ''),
    );
  if (headings.length !== 1 || !headings[0]) found.push(`heading-one: ${headings.length} visible h1 (${headings.join(' | ')})`);
  return found.map((v) => `${url}: ${v}`);
}

/**
 * A service's form steps, which loading its page (the guide) does not reach: 开始办理, the form (mailing chosen where
 * offered, so the delivery form shows too), then 下一步 with nothing filled, the errors shown.
 */
async function formSteps(page: Page, url: string, mode: Mode): Promise<string[]> {
  const start = page.getByRole('button', { name: /^(开始办理|继续办理)$/ });
  if (!(await start.count())) return [];
  await start.click();
  await page.getByRole('button', { name: '下一步' }).waitFor();
  const pickup = page.getByLabel('领取方式', { exact: true });
  if ((await pickup.count()) && (await pickup.locator('option[value="1"]').count())) {
    await pickup.selectOption('1');
    await page.getByLabel('派送日期').waitFor();
  }
  const found = await scan(page, `${url} (form)`);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('alert', { name: '请检查以下内容' }).waitFor();
  if (SHOTS.includes(url)) await shot(page, `a11y-${mode}${url.replace(/\//g, '-')}-errors`);
  return [...found, ...(await scan(page, `${url} (errors)`))];
}

for (const mode of ['light', 'dark', 'care'] as const) {
  test(`every screen passes axe in ${mode} mode, the form steps too`, async ({ page }) => {
    test.setTimeout(480_000);
    await page.goto('/web/login');
    await setMode(page, mode);
    const found: string[] = [];
    for (const url of PUBLIC) found.push(...(await violations(page, url)));
    await signIn(page, '13800138001');
    for (const url of SIGNED_IN) {
      found.push(...(await violations(page, url)));
      if (['/web/home', '/web/my', '/web/certif/id-card'].includes(url)) await shot(page, `a11y-${mode}${url.replace(/\//g, '-')}`);
      found.push(...(await formSteps(page, url, mode)));
    }
    await page.evaluate(() => localStorage.removeItem('token'));
    await signIn(page, '13800138005');
    for (const url of STAFF_FAMILY) found.push(...(await violations(page, url)), ...(await formSteps(page, url, mode)));
    expect(found, found.join('\n')).toEqual([]);
  });
}

test('every page of the staff console passes axe (管理员, desktop)', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await consolePage(browser, { bypassCSP: true });
  const found: string[] = [...(await violations(page, '/web/admin/login'))];
  await consoleSignIn(page, 'admin01');
  const pages = await page.locator('a.adm-nav__item').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
  expect(pages.length).toBeGreaterThan(5);
  for (const url of pages) found.push(...(await violations(page, url)));
  expect(found, found.join('\n')).toEqual([]);
  await page.context().close();
});

test('a 办理员 on an application (an ID number shown, a prefilled form open), on 无权限 and 页面不存在 passes axe, light and dark', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const dark of [false, true]) {
    const page = await consolePage(browser, { bypassCSP: true, dark });
    await consoleSignIn(page);
    // 王浩然's card out on loan (demo): 已借出, so 通知领取 and 寄出 are offered.
    await page.goto('/web/admin/borrowed-cards');
    await page.getByRole('row').filter({ hasText: '王浩然' }).getByRole('link').first().click();
    await page.getByRole('button', { name: '显示申请人身份证件号' }).click();
    await page.getByRole('button', { name: '隐藏申请人身份证件号' }).waitFor();
    found.push(...(await scan(page, `application (${dark ? 'dark' : 'light'})`)));
    await page.getByRole('button', { name: '通知领取', exact: true }).click();
    await page.getByRole('dialog', { name: '通知领取' }).getByLabel('领取地点').waitFor();
    found.push(...(await scan(page, `通知领取 (${dark ? 'dark' : 'light'})`)));
    found.push(...(await violations(page, '/web/admin/staff')));
    found.push(...(await violations(page, '/web/admin/no-such-page')));
    await page.context().close();
  }
  expect(found, found.join('\n')).toEqual([]);
});
