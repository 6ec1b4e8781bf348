import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { idNumberCheckDigit } from '../../server/domain/id-number.ts';

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

/** Screenshots of the page as it stands in light, dark and care mode (大字模式), left in light. */
export async function shotModes(page: Page, name: string) {
  for (const mode of ['light', 'dark', 'care'] as const) {
    await page.emulateMedia({ colorScheme: mode === 'dark' ? 'dark' : 'light' });
    await page.evaluate(
      (care) => (care ? document.body.setAttribute('data-weui-mode', 'care') : document.body.removeAttribute('data-weui-mode')),
      mode === 'care',
    );
    await shot(page, `${name}-${mode}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.body.removeAttribute('data-weui-mode'));
}

/** A desktop browser page for the staff console (1280×800), optionally dark; CSP bypass only for injected test tools. */
export async function consolePage(browser: Browser, opts: { dark?: boolean; bypassCSP?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    colorScheme: opts.dark ? 'dark' : 'light',
    bypassCSP: opts.bypassCSP ?? false,
  });
  return context.newPage();
}

/** Signs in at the staff console (image code read through the test hook) and waits to leave the sign-in page. */
export async function consoleSignIn(page: Page, username = 'staff01', password = DEMO_PASSWORD) {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/admin/captcha') && r.ok());
  await page.goto('/web/admin/login');
  const uuid = (await (await captcha).json()).data.uuid;
  await page.getByLabel('登录名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('textbox', { name: '图形验证码' }).fill(await captchaText(page.request, uuid));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/** Staff work on a desktop: a separate browser context at 1280×800. */
export async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

export async function staffSignIn(page: Page) {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/admin/captcha') && r.ok());
  await page.goto('/web/admin/login');
  const uuid = (await (await captcha).json()).data.uuid;
  await page.getByLabel('登录名').fill('staff01');
  await page.getByLabel('密码').fill('Demo@2026');
  await page.getByRole('textbox', { name: '图形验证码' }).fill(await captchaText(page.request, uuid));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/** Runs one transition from the application's page, filling the inputs it asks for. */
export async function act(page: Page, action: string, inputs: Record<string, string> = {}) {
  // The page reads the application again after a transition (its new version): the next action must wait until the
  // page shows that read, or its buttons still send the old version and are refused as stale (CI under load clicked
  // 办结 before it: 申请状态已变化). waitForLoadState('networkidle') does not wait for it in a single-page app.
  const region = page.getByRole('region', { name: '办理' });
  const before = await region.getAttribute('data-version');
  await page.getByRole('button', { name: action, exact: true }).click();
  if (Object.keys(inputs).length) {
    for (const [label, value] of Object.entries(inputs)) {
      const field = page.getByLabel(label);
      // A list (快递公司) is chosen by the option's name, anything else typed.
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption({ label: value });
      else await field.fill(value);
    }
    await page.getByRole('button', { name: `确认${action}` }).click();
  } else {
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: action }).click();
  }
  await expect(page.getByText(`已${action}`).first()).toBeVisible();
  await expect(region).not.toHaveAttribute('data-version', before ?? '');
}
