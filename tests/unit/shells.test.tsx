// The pre-rendered first-load pages (shared/pages/shells.ts, written by the build) must be what the app renders first, so the
// real screen takes over the page's nodes in one render, without a flash: the public pages carry the app's own render
// (src/app/prerender.tsx), which main.tsx hydrates; home.html a frame written by hand.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { hydrate, render } from 'preact';
import { act } from '@testing-library/preact';
import { App } from '@/app/app';
import { prerender } from '@/app/prerender';
import { preloadScreen } from '@/app/routes';
import { HOME_CAROUSEL_FRAME, homeBannersData, homeCarouselHtml, homeSectorsData, SHELL_PAGES } from '@shared/pages/shells';
import { HOME_SERVICES_FRAME, homeServicesHtml, type SectorsAnswer } from '@shared/pages/home-tiles';
import { PAGE_COOKIE, PAGE_DATA } from '@shared/pages/page-data';
import { clearSession, pageCookieToken, setToken, setUserInfo } from '@/state/session';
import { $sectors, resetSectors } from '@/stores/sectors';
import { flush, requestsTo, sampleUser, stubFetch } from './helpers';

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
async function startOn(name: keyof typeof SHELL_PAGES, html = SHELL_PAGES[name]!.html!) {
  const page = SHELL_PAGES[name]!;
  history.replaceState(null, '', `/web${page.path}`);
  root = document.createElement('div');
  root.id = 'app';
  root.innerHTML = html;
  document.body.append(root);
  const frame = root.firstElementChild!.cloneNode(true) as Element;
  const leaves = Array.from(root.querySelectorAll('h1, p'));
  await preloadScreen(page.path);
  act(() => render(<App />, root!));
  return { frame, leaves };
}

describe('pre-rendered first-load pages', () => {
  it("login.html is the app's own sign-in screen: hydrated, it keeps its nodes and what was typed before, and 登录 sends that", async () => {
    const fetch = stubFetch({
      '/h5/fangwen': { code: 200, data: 12 },
      '/h5/getClientIP': { code: 200, data: '127_0_0_1' },
      '/qhyhlogin_false': { code: 500, msg: '用户名或密码错误' },
    });
    history.replaceState(null, '', '/web/login');
    root = document.createElement('div');
    root.id = 'app';
    root.innerHTML = await prerender('/login');
    document.body.append(root);
    expect(SHELL_PAGES.login!.html).toBeUndefined();
    // Typed before the scripts came.
    const account = root.querySelector<HTMLInputElement>('input[name="username"]')!;
    const password = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    account.value = '13800138001';
    password.value = 'Demo@2026';
    const frame = root.firstElementChild!.cloneNode(true) as Element;
    await preloadScreen('/login');
    act(() => hydrate(<App />, root!));
    await act(async () => {
      await flush();
    });
    expect(account.isConnected && password.isConnected).toBe(true);
    expectFrameOf(frame, root.firstElementChild!);
    // The visit count came and the screen rendered again: the text is still there.
    expect(root.textContent).toContain('访问量：12');
    expect([account.value, password.value]).toEqual(['13800138001', 'Demo@2026']);
    await act(async () => {
      root!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const [sent] = requestsTo(fetch, '/qhyhlogin_false');
    expect(await sent!.json()).toEqual({ username: '13800138001', password: 'Demo@2026' });
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

  it('home.html with its banners (as the server sends it) is the frame of the carousel, whose first render keeps its pictures', async () => {
    setToken('tok-1');
    setUserInfo(sampleUser);
    const banners = [
      { id: 1, title: '户籍业务网上办', imageUrl: '/web/banners/banner-online.svg', linkUrl: null, sort: 1 },
      { id: 2, title: '迁入指南', imageUrl: '/web/banners/banner-enrolment.svg', linkUrl: '/web/announcement', sort: 2 },
    ];
    const never = () => new Promise<Response>(() => {});
    const fetch = stubFetch({
      '/api/userOpenSector': never,
      '/api/system/banner/list': never,
      '/api/userinfo': never,
      '/h5/getClientIP': never,
    });
    document.head.insertAdjacentHTML('beforeend', homeBannersData(banners));
    const { frame } = await startOn('home', SHELL_PAGES.home!.html!.replace(HOME_CAROUSEL_FRAME, homeCarouselHtml(banners)));
    const pictures = Array.from(root!.querySelectorAll('img'));
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual(banners.map((b) => b.imageUrl));
    // The carousel is there from the first render (its dots added), the pictures the very nodes of the page.
    expectFrameOf(frame, root!.firstElementChild!);
    expect(root!.querySelectorAll('.home-carousel__dot')).toHaveLength(2);
    for (const img of pictures) expect(img.isConnected, img.outerHTML).toBe(true);
    // Read once, not asked of the API; the data block is gone (a later visit asks the API).
    expect(requestsTo(fetch, '/api/system/banner/list')).toHaveLength(0);
    expect(document.getElementById(PAGE_DATA.homeBanners)).toBeNull();
  });

  describe('home.html with the tiles the server wrote for the page cookie', () => {
    const answer: SectorsAnswer = {
      openSectors: [
        { sectorCode: '2', sectorName: '户口卡借用', disabled: false, disabledReason: null },
        { sectorCode: '3', sectorName: '户籍证明', disabled: true, disabledReason: '您的户口不在学校<集体户>' },
      ],
      tips: '办理前请备好身份证 & 学生证',
      yxStartTime: null,
      yxEndTime: null,
      yxTime: null,
    };
    const never = () => new Promise<Response>(() => {});
    const pageWithTiles = () => {
      document.head.insertAdjacentHTML('beforeend', homeSectorsData(answer));
      return SHELL_PAGES.home!.html!.replace(HOME_SERVICES_FRAME, homeServicesHtml(answer));
    };
    afterEach(() => {
      document.getElementById(PAGE_DATA.homeSectors)?.remove();
      resetSectors(7);
      clearSession();
    });

    it("no text of the office's (a sector's name, the tips) becomes markup in the tiles the server writes", () => {
      const html = homeServicesHtml({
        ...answer,
        openSectors: [{ sectorCode: '2', sectorName: '<img src=x onerror=alert(1)>"', disabled: false, disabledReason: null }],
        tips: '</p><script>alert(2)</script>',
      });
      expect(html).not.toMatch(/<img|<script/);
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;"');
      expect(html).toContain('&lt;/p&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    });

    it('the session keeps the page cookie equal to its token, and forgets it at sign-out', () => {
      setToken('tok-cookie');
      expect(pageCookieToken()).toBe('tok-cookie');
      expect(document.cookie).toContain(`${PAGE_COOKIE}=tok-cookie`);
      clearSession();
      expect(pageCookieToken()).toBeNull();
    });

    it('the first render keeps the very tiles and tips of the page, and the sectors are not asked again', async () => {
      setToken('tok-1');
      setUserInfo(sampleUser);
      const fetch = stubFetch({
        '/api/userOpenSector': never,
        '/api/system/banner/list': never,
        '/api/userinfo': never,
        '/h5/getClientIP': never,
      });
      const { frame } = await startOn('home', pageWithTiles());
      const links = Array.from(root!.querySelectorAll('a.home-tile'));
      expect(links.map((a) => a.getAttribute('href'))).toEqual(['/web/borrow', '/web/prove']);
      expectFrameOf(frame, root!.firstElementChild!);
      for (const a of links) expect(a.isConnected, a.outerHTML).toBe(true);
      expect(root!.querySelector('.home-tips')!.textContent).toBe('提示办理前请备好身份证 & 学生证');
      await act(async () => {
        await flush();
      });
      expect(requestsTo(fetch, '/api/userOpenSector')).toHaveLength(0);
      expect($sectors.get().openSectors).toHaveLength(2);
      expect(document.getElementById(PAGE_DATA.homeSectors)).toBeNull();
    });

    it("tiles written for another token (a cookie left by another session) are not taken: the user's own are asked for", async () => {
      setToken('tok-1');
      setUserInfo(sampleUser);
      document.cookie = `${PAGE_COOKIE}=tok-other; Path=/web`;
      const fetch = stubFetch({
        '/api/userOpenSector': never,
        '/api/system/banner/list': never,
        '/api/userinfo': never,
        '/h5/getClientIP': never,
      });
      await startOn('home', pageWithTiles());
      await act(async () => {
        await flush();
      });
      expect(root!.querySelector('a.home-tile')).toBeNull();
      expect(root!.textContent).toContain('正在加载可办理的业务…');
      expect(requestsTo(fetch, '/api/userOpenSector').length).toBeGreaterThan(0);
    });
  });
});
