// Pages written at build time for the two first-load routes (scripts/vite-plugin-shell-html.ts): the first screen's
// frame as plain HTML, shown by the browser before any script runs, then replaced in one render by the same markup
// from the app (tests/unit/shells.test.tsx keeps them equal). Only classes of the entry's styles, inlined in the page.
import { paths } from '../config/paths';

export interface ShellPage {
  /** App path the page answers (the server's history fallback sends <name>.html for /web/<name>). */
  path: string;
  title: string;
  /** Source modules whose chunks (and their imports) the page preloads: the screen and what it shows at once. */
  modules: string[];
  /** The markup inside #app. */
  html: string;
}

const header = (title: string) => `<header class="app-header"><h1 class="app-header__title">${title}</h1></header>`;

export const SHELL_PAGES: Record<string, ShellPage> = {
  login: {
    path: paths.login.path,
    title: paths.login.title,
    modules: ['src/features/auth/login-page.tsx'],
    html:
      `<div class="app-shell">${header(paths.login.title)}<main id="main" tabindex="-1"><div class="app-page">` +
      '<div class="auth-brand"><div class="auth-brand__logo" aria-hidden="true">户</div><p class="auth-brand__name">高校户籍业务办理</p></div>' +
      '</div></main></div>',
  },
  home: {
    path: paths.home.path,
    title: paths.home.title,
    modules: ['src/features/home/home-page.tsx', 'src/app/app-tab-bar.tsx'],
    html:
      `<div class="app-shell app-shell_tabbed">${header(paths.home.title)}<main id="main" tabindex="-1"><div class="app-page">` +
      '<div class="home-carousel home-carousel_pending" aria-hidden="true"></div>' +
      '<section aria-labelledby="home-services"><h2 class="weui-cells__title" id="home-services">办事服务</h2>' +
      '<p class="app-empty">正在加载可办理的业务…</p></section></div></main></div>',
  },
};
