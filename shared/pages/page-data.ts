/**
 * Data blocks a page may carry for its first screen, written by the server into the page it sends
 * (<script type="application/json" id="…">): the screen reads and removes one at its first render instead of
 * calling the API, and calls the API as usual when the page has none (another backend, a later visit in the app).
 */
export const PAGE_DATA = {
  /** /web/home: the banners (GET /api/system/banner/list's data), pre-rendered in the page's carousel too. */
  homeBanners: 'home-banners',
  /**
   * /web/home for a phone with the page cookie: the user's sectors (GET /api/userOpenSector's data), pre-rendered as
   * the page's tiles too (shared/pages/home-tiles.ts).
   */
  homeSectors: 'home-sectors',
} as const;

/**
 * The page cookie: the signed-in user's token, written by the app beside its localStorage copy (src/state/session.ts)
 * and sent by the browser with the app's pages only (Path=/web, SameSite=Lax), never with an API call. The server
 * reads it for one thing: to write a signed-in student's tiles into /web/home (server/plugins/web.ts), so a cold visit
 * shows them before any script. It is never an API credential: the API reads the qhyhAuthorization header alone.
 */
export const PAGE_COOKIE = 'hk_page';

/**
 * Set on <html> once the app has taken over the page: from then on a form's submit is the app's. Before it, a form of a
 * pre-rendered page (login.html) is not sent by the browser (its fields would travel in the address): the boot script
 * (shared/pages/boot-script.ts) marks it EARLY_SUBMIT_ATTRIBUTE instead, and the app's Form sends it once it is live
 * (src/components/ui/form.tsx).
 */
export const LIVE_ATTRIBUTE = 'data-live';
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';

/**
 * The calls a page's first screen makes at once, started by the boot script while the app's scripts are on their way
 * (the page's data block #app-boot lists them as "early"; `{key}` in one is the stored userInfo's value of that key):
 * kept on `window[EARLY_GLOBAL]` as { token, at, calls: { url: Promise<Response> } }, and answered by the API client
 * to the first same GET it makes within EARLY_TTL_MS (src/api/early.ts).
 */
export const EARLY_GLOBAL = '__hukouEarly';
export const EARLY_TTL_MS = 15_000;
