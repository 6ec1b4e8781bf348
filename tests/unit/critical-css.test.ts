// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
// The first-load pages inline only the rules their screen can use (scripts/vite-plugin-shell-html.ts) and the app
// loads the whole stylesheet after that screen (src/app/deferred-styles.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { criticalCss, withoutUnreadProperties } from '../../scripts/vite-plugin-shell-html';
import { $stylesLoaded } from '@/state/ui';

describe('criticalCss', () => {
  const words = new Set(['app-header', 'weui-btn', 'weui-btn_primary', 'home-tile']);

  it('keeps the rules whose classes all occur, and those without classes', () => {
    const css =
      'body{margin:0}.app-header{color:red}.weui-cells{color:blue}.weui-btn.weui-btn_primary{color:green}.weui-btn .weui-input{x:1}';
    expect(criticalCss(css, words)).toBe('body{margin:0}.app-header{color:red}.weui-btn.weui-btn_primary{color:green}');
  });

  it('keeps a rule when one selector of its list applies, and ignores the classes a :not() names', () => {
    expect(criticalCss('.weui-cells,.home-tile{a:b}.weui-btn:not(.weui-btn_disabled):active{c:d}', words)).toBe(
      '.weui-cells,.home-tile{a:b}.weui-btn:not(.weui-btn_disabled):active{c:d}',
    );
  });

  it('filters inside media blocks, drops the empty ones and keeps keyframes', () => {
    const css =
      '@media (prefers-color-scheme:dark){body{--x:1}.weui-cells{y:2}}@media (min-width:1px){.weui-cells{z:3}}@keyframes spin{to{transform:rotate(1turn)}}';
    expect(criticalCss(css, words)).toBe('@media (prefers-color-scheme:dark){body{--x:1}}@keyframes spin{to{transform:rotate(1turn)}}');
  });
});

describe('withoutUnreadProperties', () => {
  it('drops the custom properties nothing reads, keeping those read by the rules, the page or another property', () => {
    const css = 'body{--a:#fff;--b:var(--c);--c:red;--d:blue;--e:1px}.x{color:var(--a)}';
    expect(withoutUnreadProperties(css, '.y{margin:var(--b)}')).toBe('body{--a:#fff;--b:var(--c);--c:red}.x{color:var(--a)}');
  });
});

describe('deferred styles', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    $stylesLoaded.set(true);
  });

  /** The module as a page starts it: it reads the page's data block when it loads. */
  async function freshModule(boot: object) {
    document.body.innerHTML = `<script type="application/json" id="app-boot">${JSON.stringify(boot)}</script>`;
    vi.resetModules();
    const ui = await import('@/state/ui');
    return { ...(await import('@/app/deferred-styles')), ui };
  }

  it('adds the listed stylesheets right after the inline rules; the toast and loading layers wait for them', async () => {
    document.head.innerHTML = '<style>.a{}</style><link rel="stylesheet" href="/web/assets/screen.css">';
    const { loadDeferredStyles, stylesReady, ui } = await freshModule({ entry: '/e.js', preload: [], styles: ['/web/assets/index.css'] });
    expect(ui.$stylesLoaded.get()).toBe(false);
    loadDeferredStyles();
    const links = [...document.head.querySelectorAll('style, link')].map((e) => e.getAttribute('href') ?? 'inline');
    expect(links).toEqual(['inline', '/web/assets/index.css', '/web/assets/screen.css']);
    // Resolves when the stylesheet has loaded (happy-dom reports the load without fetching it).
    await stylesReady();
    expect(ui.$stylesLoaded.get()).toBe(true);
  });

  it('does nothing on a page that deferred none (index.html)', async () => {
    const { loadDeferredStyles, ui } = await freshModule({ entry: '/e.js', preload: [] });
    expect(ui.$stylesLoaded.get()).toBe(true);
    loadDeferredStyles();
    expect(document.head.querySelector('link')).toBeNull();
  });
});
