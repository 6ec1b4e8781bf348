// The pre-rendered first-load pages (src/app/shells.ts, written into login.html and home.html by the build) must be
// what the app renders first, so the real screen replaces the page's frame in one render, without a flash.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { act } from '@testing-library/preact';
import { App } from '@/app/app';
import { preloadScreen } from '@/app/routes';
import { SHELL_PAGES } from '@/app/shells';
import { setToken, setUserInfo } from '@/stores/session';
import { sampleUser, stubFetch } from './helpers';

/** Every element of `frame` is in `real` at the same place (same tag, attributes and, for leaves, text); `real` may have more after. */
function expectFrameOf(frame: Element, real: Element, path = frame.tagName.toLowerCase()) {
  expect(real.tagName, path).toBe(frame.tagName);
  for (const { name, value } of Array.from(frame.attributes)) expect(real.getAttribute(name), `${path}[${name}]`).toBe(value);
  if (frame.children.length === 0) expect(real.textContent, path).toBe(frame.textContent);
  Array.from(frame.children).forEach((child, i) => {
    const counterpart = real.children[i];
    expect(counterpart, `${path} > ${child.tagName.toLowerCase()}:nth-child(${i + 1})`).toBeDefined();
    expectFrameOf(child, counterpart!, `${path} > ${child.tagName.toLowerCase()}.${child.className}`);
  });
}

let root: HTMLElement | null = null;
// The app loads screens it may need next in the background: let those imports finish before the environment goes
// (else vitest reports an import after teardown).
afterAll(async () => {
  await Promise.all(Object.values(SHELL_PAGES).map((p) => preloadScreen(p!.path)));
  await new Promise((resolve) => setTimeout(resolve, 50));
});
afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  root = null;
});

/** As the built page and main.tsx: the frame in #app, the first screen loaded, then one render of the app. */
async function startOn(name: keyof typeof SHELL_PAGES) {
  const page = SHELL_PAGES[name]!;
  history.replaceState(null, '', `/web${page.path}`);
  root = document.createElement('div');
  root.id = 'app';
  root.innerHTML = page.html;
  document.body.append(root);
  const frame = root.firstElementChild!.cloneNode(true) as Element;
  const leaves = Array.from(root.querySelectorAll('h1, p'));
  await preloadScreen(page.path);
  act(() => render(<App />, root!));
  return { frame, leaves };
}

describe('pre-rendered first-load pages', () => {
  it('login.html is the frame of the sign-in screen, whose first render keeps its very nodes', async () => {
    stubFetch({ '/h5/fangwen': { code: 200, data: 12 }, '/h5/getClientIP': { code: 200, data: '127_0_0_1' } });
    const { frame, leaves } = await startOn('login');
    // No fallback in between: the screen is there from the first render on.
    expect(root!.querySelector('main .app-empty[aria-busy="true"]')).toBeNull();
    expect(root!.querySelector('form')).not.toBeNull();
    expectFrameOf(frame, root!.firstElementChild!);
    for (const leaf of leaves) expect(leaf.isConnected, leaf.outerHTML).toBe(true);
    expect(SHELL_PAGES.login!.title).toBe('登录');
  });

  it('home.html is the frame of 办事服务 for a signed-in user while the services load', async () => {
    setToken('tok-1');
    setUserInfo(sampleUser);
    // Services and banners still on their way.
    const never = () => new Promise<Response>(() => {});
    stubFetch({ '/api/userOpenSector': never, '/api/system/banner/list': never, '/api/userinfo': never, '/h5/getClientIP': never });
    const { frame, leaves } = await startOn('home');
    expect(root!.querySelector('main .app-empty[aria-busy="true"]')).toBeNull();
    expectFrameOf(frame, root!.firstElementChild!);
    for (const leaf of leaves) expect(leaf.isConnected, leaf.outerHTML).toBe(true);
  });
});
