// login.html and home.html inline only the rules their first screen draws and load the whole stylesheet after it
// (scripts/vite-plugin-shell-html.ts, src/app/deferred-styles.ts): the screen must look the same before it arrives.
import { test, expect, type Page } from '@playwright/test';
import { signIn } from './support.ts';

const WHOLE_STYLESHEET = /\/web\/assets\/index-[^/]+\.css$/;

/**
 * The computed look of every element of the page's screen: not its size (it follows the text), nor the carousel's dots
 * (which one is current moves with the autoplay).
 */
function looks(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#app *:not([class*="carousel__dot"])')].map((el) => {
      const style = getComputedStyle(el);
      const properties = ['display', 'position', 'color', 'background-color', 'font-size', 'font-weight', 'text-align'];
      const box = ['padding', 'margin', 'border-top', 'border-bottom', 'border-radius', 'flex-direction', 'justify-content'];
      return `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} ${[...properties, ...box].map((p) => style.getPropertyValue(p)).join(' | ')}`;
    }),
  );
}

const screens = [
  // The visit count comes last (its own call).
  { route: '/web/login', user: null, ready: (page: Page) => page.getByText(/访问量/) },
  { route: '/web/home', user: '13800138001', ready: (page: Page) => page.locator('.home-tile').first() },
];

for (const { route, user, ready } of screens) {
  test(`${route} looks the same before the whole stylesheet arrives as with it`, async ({ page }) => {
    if (user) await signIn(page, user);
    await page.goto(route);
    await expect(ready(page)).toBeVisible();
    // The app's screen, not the page's own markup alone (home.html carries a signed-in student's tiles before it).
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-live'));
    await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/index-')));
    const whole = await looks(page);

    // The whole stylesheet never comes: what the screen draws is the page's inline rules alone.
    await page.route(WHOLE_STYLESHEET, () => {});
    await page.goto(route, { waitUntil: 'commit' });
    await expect(ready(page)).toBeVisible();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-live'));
    expect(await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href?.includes('/assets/index-')).length)).toBe(0);
    expect(await looks(page)).toEqual(whole);
  });
}
