/**
 * Data blocks a page may carry for its first screen, written by the server into the page it sends
 * (<script type="application/json" id="…">): the screen reads and removes one at its first render instead of
 * calling the API, and calls the API as usual when the page has none (another backend, a later visit in the app).
 */
export const PAGE_DATA = {
  /** /web/home: the banners (GET /api/system/banner/list's data), pre-rendered in the page's carousel too. */
  homeBanners: 'home-banners',
} as const;
