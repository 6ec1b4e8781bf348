// Pages written at build time for the routes a phone opens first (scripts/vite-plugin-shell-html.ts), shown by the
// browser before any script runs:
// - the public routes (sign-in, registration, password reset, notices) and the single sign-on landing (/my) carry the
//   app's own first render of the route (src/app/prerender.tsx): a form that can be typed into at once, which the app
//   then hydrates, keeping what was typed;
// - home.html carries a frame written here (the banners and services are not known at build time: the server writes
//   the banners in, and a signed-in student's tiles for a phone with the page cookie), replaced in one render by the
//   same markup from the app (tests/unit/shells.test.tsx keeps them equal).
import type { components, paths as api } from '../contract/schema';
import { HOME_SERVICES_FRAME, type SectorsAnswer } from './home-tiles';
import { escapeAttr } from './html';
import { PAGE_DATA } from './page-data';
import { paths } from './paths';

export interface ShellPage {
  /** App path the page answers (the server's history fallback sends <name>.html for /web/<name>). */
  path: string;
  title: string;
  /** Source modules whose chunks (and their imports) the page preloads: the screen and what it shows at once. */
  modules: string[];
  /**
   * The markup inside #app, written here; without it the build renders the route with the app itself
   * (src/app/prerender.tsx) and the app hydrates it.
   */
  html?: string;
  /** The first screen's own calls for someone signed in, started by the boot script (shared/pages/boot-script.ts). */
  early?: EarlyCall[];
}

type GetPath = { [P in keyof api]: api[P] extends { get: { responses: unknown } } ? P : never }[keyof api];
type PostPath = { [P in keyof api]: api[P] extends { post: { responses: unknown } } ? P : never }[keyof api];
type PostBody<P extends PostPath> = api[P]['post'] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/**
 * A GET of the contract, its query as the API client writes it, or a POST of a JSON body (`POST <path> <json>`,
 * made by earlyPost); `{name}`: a value of the stored userInfo.
 */
export type EarlyCall = GetPath | `${GetPath}?${string}` | `POST ${PostPath} ${string}`;

/** A POST the boot script makes early: its body written as the API client writes it (JSON.stringify). */
export const earlyPost = <P extends PostPath>(path: P, body: PostBody<P>): EarlyCall => `POST ${path} ${JSON.stringify(body)}`;

/** The folder of dist/web holding the pages of the other routes (routes/borrow.html, routes/move-out/graduate.html). */
export const ROUTE_PAGES_DIR = 'routes';

/**
 * The calls that stand between a route's page and its first screen (what the screen asks for at once, before it can
 * show its form): the build lists them in the route's page (scripts/vite-plugin-shell-html.ts) for the boot script.
 */
export const ROUTE_EARLY: Partial<Record<string, EarlyCall[]>> = {
  // The screen's count, then what its form shows at once (a page opened at the form, or the form fetched while the
  // guide is read): the reasons, the couriers and the borrow dates.
  [paths.borrow.path]: [
    '/api/daily/hkkjy/getBorrowNumber',
    earlyPost('/api/dict/getSysDictByType', { dictType: 'qh_hkk_reason' }),
    earlyPost('/api/dict/getSysDictByType', { dictType: 'qh_hkk_kd' }),
    '/api/daily/hkkjy/getDateList',
  ],
};

/** The lazy module that lists the screens other than login and home (src/app/routes.tsx): those screens load through it. */
export const SCREEN_TABLE = 'src/app/screen-table.ts';

const header = (title: string) => `<header class="app-header"><h1 class="app-header__title">${title}</h1></header>`;

type Banner = components['schemas']['Banner'];

/** The carousel's place in home.html while the banners are not known (the server replaces it when it knows them). */
export const HOME_CAROUSEL_FRAME = '<div class="home-carousel home-carousel_pending" aria-hidden="true"></div>';

/**
 * The carousel of features/home/carousel.tsx as its first render draws it, without the dots (their styles come with
 * the screen): what the server writes into home.html in place of HOME_CAROUSEL_FRAME, so the first banner is painted
 * with the page's first frame, and the screen's first render keeps these very nodes (tests/unit/shells.test.tsx).
 */
export function homeCarouselHtml(banners: Pick<Banner, 'title' | 'imageUrl' | 'linkUrl'>[]): string {
  const slides = banners.map((b, i) => {
    const img = `<img src="${escapeAttr(b.imageUrl)}" alt="${escapeAttr(b.title ?? '轮播图')}" loading="${i === 0 ? 'eager' : 'lazy'}">`;
    return (
      `<div class="home-carousel__slide" role="group" aria-roledescription="slide" aria-label="${i + 1} / ${banners.length}">` +
      (b.linkUrl ? `<button type="button" class="home-carousel__button">${img}</button>` : img) +
      '</div>'
    );
  });
  return (
    '<section class="home-carousel" aria-roledescription="carousel" aria-label="轮播图">' +
    `<div class="home-carousel__track">${slides.join('')}</div></section>`
  );
}

/** The banners as a data block of the page (read by the home screen's first render: shared/pages/page-data.ts). */
export const homeBannersData = (banners: Banner[]) =>
  // Inside <script>: "<" escaped, so no text of a banner can close the element.
  `<script type="application/json" id="${PAGE_DATA.homeBanners}">${JSON.stringify(banners).replace(/</g, '\\u003c')}</script>`;

/** The user's sectors as a data block of the page (read by the sectors store at its start, src/stores/sectors.ts). */
export const homeSectorsData = (answer: SectorsAnswer) =>
  `<script type="application/json" id="${PAGE_DATA.homeSectors}">${JSON.stringify(answer).replace(/</g, '\\u003c')}</script>`;

export const SHELL_PAGES: Record<string, ShellPage> = {
  login: { path: paths.login.path, title: paths.login.title, modules: ['src/features/auth/login-page.tsx'] },
  register: { path: paths.register.path, title: paths.register.title, modules: [SCREEN_TABLE, 'src/features/auth/register-page.tsx'] },
  forget: { path: paths.forget.path, title: paths.forget.title, modules: [SCREEN_TABLE, 'src/features/auth/forget-page.tsx'] },
  announcement: {
    path: paths.announcement.path,
    title: paths.announcement.title,
    modules: [SCREEN_TABLE, 'src/features/announcement/announcement-page.tsx'],
  },
  // Where the campus portal's single sign-on lands (server/services/cas.ts CAS_CALLBACK_PATH).
  my: { path: paths.my.path, title: paths.my.title, modules: [SCREEN_TABLE, 'src/features/my/my-page.tsx', 'src/app/app-tab-bar.tsx'] },
  home: {
    path: paths.home.path,
    title: paths.home.title,
    modules: ['src/features/home/home-page.tsx', 'src/app/app-tab-bar.tsx'],
    // The tiles (src/stores/sectors.ts loadSectors).
    early: ['/api/userOpenSector?loginType={loginType}'],
    html:
      `<div class="app-shell app-shell_tabbed">${header(paths.home.title)}<main id="main" tabindex="-1"><div class="app-page">` +
      HOME_CAROUSEL_FRAME +
      HOME_SERVICES_FRAME +
      '</div></main></div>',
  },
};
