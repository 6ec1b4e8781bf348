// The app's service worker (public/sw.js): a page opened before opens from the phone on the next visit, without the
// network, and the server's newer copy is fetched for the visit after; nothing but the app's pages is kept.
import { test, expect } from '@playwright/test';
import { signIn } from './support.ts';

test.use({ serviceWorkers: 'allow' });

test('a signed-in student opens 办事服务 again without the network; the API and assets are not kept by the worker', async ({
  page,
  context,
}) => {
  await signIn(page, '13800138001');
  await page.goto('/web/home');
  await expect(page.locator('.home-tile').first()).toBeVisible();
  // The worker is in charge and has kept this page (it was loaded before the worker existed).
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/web/');
    if (!registration?.active || !navigator.serviceWorker.controller) return false;
    return Boolean(await caches.match(`${location.origin}/web/home`));
  });
  const kept = await page.evaluate(async () => {
    const keys = await caches.keys();
    const urls: string[] = [];
    for (const name of keys) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(kept.length).toBeGreaterThan(0);
  for (const path of kept) expect(path).toMatch(/^\/web\/[a-z-]*$/);

  // Offline: the page comes from the worker, the tiles from the device's copy of the student's services.
  await context.setOffline(true);
  await page.goto('/web/home');
  await expect(page.locator('.home-tile').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '办事服务' }).first()).toBeVisible();
  await context.setOffline(false);

  // A page never opened before is fetched (and kept), an unknown file is not the worker's.
  await page.goto('/web/apply-list');
  await expect(page.getByRole('heading', { name: '我的申请' }).first()).toBeVisible();
  expect((await page.request.get('/web/no-such-file.js')).status()).toBe(404);
});
