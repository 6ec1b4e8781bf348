// 大字模式 enlarges what a person reads, and every screen stays usable at 200 % browser zoom on a 375 px phone (a
// layout viewport of 188 px): nothing pushes the page sideways, no home tile is cut, a select keeps room for its text
// (issue 25, item 2).
import { test, expect, type Page } from '@playwright/test';
import { shot, signIn } from './support.ts';

/** The size a person sees: the computed size times the zoom that applies to the element (大字模式's zoom). */
const renderedSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * ((el as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1));

/** Whether anything reaches past the right edge of the screen (the page scrolls sideways, or an element is cut). */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) out.push(`page ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of document.querySelectorAll<HTMLElement>(
      '.home-tile, .weui-tabbar__item, .app-select, .weui-input, .weui-btn, .weui-label',
    )) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > width + 1 || r.left < -1)) out.push(`${el.className} ${Math.round(r.left)}-${Math.round(r.right)}`);
    }
    // A title cut to 「借用户…」.
    for (const el of document.querySelectorAll<HTMLElement>('.app-header__title'))
      if (el.scrollWidth > el.clientWidth + 1) out.push(`title ${el.textContent} cut`);
    // A select too narrow to show its text (「请选」 for 请选择).
    for (const el of document.querySelectorAll<HTMLSelectElement>('select')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.width < 90) out.push(`select ${el.name} ${Math.round(r.width)} px`);
    }
    return out;
  });
}

const SCREENS = [
  { path: '/web/home', ready: '.home-tile' },
  { path: '/web/my', ready: '#care-mode-label' },
  { path: '/web/apply-list', ready: '.weui-tabbar__item' },
  { path: '/web/borrow?step=form', ready: 'select' },
  { path: '/web/change/marriage?step=form', ready: 'select' },
  { path: '/web/move-out/graduate?step=form', ready: 'select' },
];

async function visitAll(page: Page, name: string) {
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page.locator(screen.ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await overflow(page), `${name} ${screen.path}`).toEqual([]);
    await shot(page, `${name}${screen.path.replace(/[/?=]/g, '-')}`);
  }
}

test('大字模式 enlarges the text of every screen, and nothing is cut at that size', async ({ page }) => {
  await signIn(page, '13800138001');
  const before = { tile: await renderedSize(page, '.home-tile__label'), title: await renderedSize(page, '.app-header__title') };
  await page.goto('/web/my');
  await page.getByRole('switch', { name: '大字模式' }).check();
  await page.goto('/web/home');
  await expect(page.locator('.home-tile').first()).toBeVisible();
  expect(await renderedSize(page, '.home-tile__label')).toBeGreaterThanOrEqual(before.tile * 1.25 - 0.1);
  expect(await renderedSize(page, '.app-header__title')).toBeGreaterThanOrEqual(before.title * 1.25 - 0.1);
  // Two tiles across at that size, each whole.
  const tiles = await page
    .locator('.home-tile')
    .evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().left))).size);
  expect(tiles).toBe(2);
  await page.goto('/web/borrow?step=form');
  await expect(page.locator('select').first()).toBeVisible();
  expect(await renderedSize(page, '.weui-label')).toBeGreaterThanOrEqual(21);
  expect(await renderedSize(page, 'select')).toBeGreaterThanOrEqual(21);
  await visitAll(page, 'large-text');
});

test.describe('at 200 % browser zoom on a 375 px phone', () => {
  test.use({ viewport: { width: 188, height: 406 }, deviceScaleFactor: 4 });

  test('every screen fits, with and without 大字模式', async ({ page }) => {
    await signIn(page, '13800138001');
    await visitAll(page, 'zoom200');
    await page.goto('/web/my');
    await page.getByRole('switch', { name: '大字模式' }).check();
    await visitAll(page, 'zoom200-large-text');
  });
});
