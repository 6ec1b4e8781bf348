// The public pages carry the app's own first render (src/app/prerender.tsx, written by scripts/vite-plugin-shell-html.ts):
// on a slow network a person types into the sign-in form before any script has arrived, and what they typed is what
// the app sends once it takes over (hydration, src/main.tsx; the fields take the typed text, form-field.tsx).
import { test, expect, type Page, type Route } from '@playwright/test';
import { DEMO_PASSWORD, shot, signIn } from './support.ts';

/** Holds back every script of the app until release() is called: the page is HTML and inline styles alone. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/web\/assets\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    held: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

test('the sign-in form is typed into before the scripts arrive, and what was typed signs in once they do', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/web/login', { waitUntil: 'commit' });
  const account = page.getByLabel('账号');
  const password = page.getByLabel('密码');
  await expect(password).toBeEditable();
  await account.fill('13800138001');
  await password.fill(DEMO_PASSWORD);
  // Nothing of the app has run: the entry is still held back.
  expect(scripts.held()).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-live'))).toBe(false);
  await shot(page, 'login-before-scripts');

  await scripts.release();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-live'));
  // The same nodes, still holding the text, and the app's state has it: 登录 sends it.
  await expect(account).toHaveValue('13800138001');
  await expect(password).toHaveValue(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/web\/home$/);
  await expect(page.locator('.home-tile').first()).toBeVisible();
});

test('登录 tapped before the scripts arrive is not sent by the browser, and is sent by the app once it is live', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/web/login', { waitUntil: 'commit' });
  await page.getByLabel('账号').fill('13800138001');
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  // The browser did not send the form (the password would be in the address).
  await page.waitForTimeout(300);
  expect(page.url()).toMatch(/\/web\/login$/);
  await expect(page.locator('form#login')).toHaveAttribute('data-early-submit', '');

  await scripts.release();
  await expect(page).toHaveURL(/\/web\/home$/);
});

test('every public page and the single sign-on landing arrive with their screen, not an empty page', async ({ page }) => {
  const pages = [
    { route: '/web/register', field: '手机号' },
    { route: '/web/forget', field: '手机号' },
  ];
  for (const { route, field } of pages) {
    const scripts = await holdScripts(page);
    await page.goto(route, { waitUntil: 'commit' });
    await expect(page.getByLabel(field)).toBeEditable();
    await page.getByLabel(field).fill('13900001234');
    await scripts.release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-live'));
    await expect(page.getByLabel(field)).toHaveValue('13900001234');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
  for (const { route, text } of [
    { route: '/web/announcement', text: '通知公告' },
    { route: '/web/my', text: '户口卡状态' },
  ]) {
    const scripts = await holdScripts(page);
    await page.goto(route, { waitUntil: 'commit' });
    await expect(page.getByText(text).first()).toBeVisible();
    await scripts.release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

test('a service opened from a link comes with its screen and its first call: the form’s chunks in the page, the borrow count asked once, before the app runs', async ({
  page,
}) => {
  // 李雨桐: her household stays at the school through the whole run (moving.spec.ts moves 张思远 out before this file).
  await signIn(page, '13800138002');
  const counts: string[] = [];
  // What the form shows at once, asked by the page too: each asked once, its answer taken by the form.
  const formCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/daily/hkkjy/getBorrowNumber')) counts.push(request.url());
    if (/\/api\/(dict\/getSysDictByType|daily\/hkkjy\/getDateList)/.test(request.url()))
      formCalls.push(`${new URL(request.url()).pathname} ${request.postData() ?? ''}`.trim());
  });
  // Scripts held back: the page alone (borrow.html, its boot script) asks for the count.
  const scripts = await holdScripts(page);
  await page.goto('/web/borrow?step=form', { waitUntil: 'commit' });
  await expect.poll(() => counts.length).toBe(1);
  await expect.poll(() => formCalls.length).toBe(3);
  // The page names the form's chunks itself: they are asked for with the entry, not after it.
  const preloads = await page.locator('link[rel=modulepreload]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(preloads.length).toBeGreaterThan(8);
  expect(await page.title()).toBe('借用户口卡');
  expect(scripts.held()).toBeGreaterThan(0);
  await scripts.release();
  // The form, the count on screen, and no second request for it (the app took the page's answer).
  await expect(page.locator('.app-page form').first()).toBeVisible();
  await expect(page.getByText(/本年度/).first()).toBeVisible();
  // The reasons are in the form's picker, from the page's own call.
  await expect(page.locator('.app-page form select option').nth(1)).toBeAttached();
  expect(counts).toHaveLength(1);
  expect(formCalls.sort()).toEqual([
    '/api/daily/hkkjy/getDateList',
    '/api/dict/getSysDictByType {"dictType":"qh_hkk_kd"}',
    '/api/dict/getSysDictByType {"dictType":"qh_hkk_reason"}',
  ]);
  await shot(page, 'borrow-from-link');
});

test('a signed-in student opening 办事服务 cold gets their tiles in the page itself: tappable before any script, and the app keeps them', async ({
  page,
}) => {
  // Signed in through the app: it writes the page cookie beside the stored token.
  await signIn(page, '13800138002');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'hk_page');
  expect(cookie?.value).toBe(await page.evaluate(() => localStorage.getItem('token')));
  expect(cookie?.path).toBe('/web');
  const sectors: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/userOpenSector')) sectors.push(request.url());
  });
  const scripts = await holdScripts(page);
  await page.goto('/web/home', { waitUntil: 'commit' });
  // The tiles are links of the page: no script has run, none is needed to see them.
  const tiles = page.locator('a.home-tile');
  await expect(tiles.first()).toBeVisible();
  expect(await tiles.count()).toBeGreaterThan(2);
  expect(scripts.held()).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-live'))).toBe(false);
  await shot(page, 'home-tiles-before-scripts');
  const labels = await page.locator('.home-tile__label').allTextContents();
  await scripts.release();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-live'));
  // The same tiles once the app runs, and it did not ask for them again.
  await expect(page.locator('.home-tile__label')).toHaveText(labels);
  await page.waitForTimeout(300);
  expect(sectors).toHaveLength(0);

  // A tap before the scripts opens the service as a page.
  const again = await holdScripts(page);
  await page.goto('/web/home', { waitUntil: 'commit' });
  await page.locator('a.home-tile[href="/web/borrow"]:not([aria-disabled])').click();
  await expect(page).toHaveURL(/\/web\/borrow$/);
  await again.release();

  // Signed out: the cookie goes with the session, and the page is everyone's again.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/web/login');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-live'));
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'hk_page')).toBeUndefined();
});
