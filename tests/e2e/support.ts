import { expect, type Page, type APIRequestContext } from '@playwright/test';
import { idNumberCheckDigit } from '../../server/db/seed-data/id-number.ts';

export const DEMO_PASSWORD = 'Demo@2026';

/** A fresh mainland mobile number for this run. */
export function newPhone(): string {
  return `139${String(Date.now()).slice(-8)}`;
}

/** A valid 18-digit ID number (GB 11643 check digit) born on the given date. */
export function newIdNumber(birth = '20050312'): string {
  const first17 = `110108${birth}${String(Math.floor(Math.random() * 900) + 100)}`;
  return first17 + idNumberCheckDigit(first17);
}

/** The text of an image code, read through the test-only hook. */
export async function captchaText(request: APIRequestContext, uuid: string): Promise<string> {
  const res = await request.get(`/__test__/captcha/${uuid}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.text;
}

/** The last SMS code sent to a phone, read from the test outbox. */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.get(`/__test__/outbox?phone=${phone}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.code;
}

/** Waits for the next image code the page loads and answers its text. */
export function nextCaptcha(page: Page, request: APIRequestContext): Promise<string> {
  return page
    .waitForResponse((r) => r.url().includes('/api/registerOrLogin/sendMsgImgCode') && r.ok())
    .then(async (r) => captchaText(request, (await r.json()).data.uuid));
}

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/web/login');
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/web\/home$/);
}

/** Takes a 375×812 screenshot for people to look at (kept under test-results/shots). */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/shots/${name}.png` });
}
