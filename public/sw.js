/* global self, caches, fetch, URL */
// The web app's service worker, /web/sw.js (registered by src/app/service-worker.ts once the first screen is shown).
// A page of the app that this phone has opened before opens from the phone at once, while the server is asked for
// its current copy in the background, which the next visit uses (stale while revalidate): a student opening the app
// again from the WeChat menu waits for no round trip before the screen. Kept: the app's pages only (the HTML under
// /web/, the same for everyone: a page is asked for without cookies to be kept, so the tiles the server writes into
// /web/home for the page cookie are never kept here; the app shows the device's own copy of them). Never touched: the API, uploads, the hashed assets (the
// browser's HTTP cache keeps those for a year) and anything outside /web/.
// After a release the first visit shows the page it kept, whose chunks the HTTP cache still holds; should one be gone,
// the app reloads once (src/main.tsx, vite:preloadError) and gets the current page, fetched here meanwhile.

const PAGES = 'pages-v1';
const scope = new URL(self.registration.scope).pathname;

/** A navigation to a page of the app (not a file such as /web/sw.js or a picture). */
function isPage(request) {
  if (request.method !== 'GET' || request.mode !== 'navigate') return false;
  const { pathname } = new URL(request.url);
  return pathname.startsWith(scope) && !/\.[A-Za-z0-9]{1,8}$/.test(pathname);
}

/** Pages are kept by path: the query (?ticket=, ?step=) is read by the app, the page is the same. */
function keyOf(url) {
  const { origin, pathname } = new URL(url);
  return origin + pathname;
}

/** An answer that is the page itself (not a redirect, an error or a 503) and the same for everyone (not `private`). */
const keepable = (response) =>
  response.ok &&
  response.type === 'basic' &&
  !response.redirected &&
  /^text\/html/.test(response.headers.get('content-type') || '') &&
  !/\bprivate\b/.test(response.headers.get('cache-control') || '');

/** Asks the server for a page as everyone gets it (no cookies: not a signed-in student's /web/home), and keeps it. */
async function keepPage(url) {
  const response = await fetch(keyOf(url), { credentials: 'omit' });
  if (keepable(response)) await (await caches.open(PAGES)).put(keyOf(url), response);
}

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== PAGES) await caches.delete(name);
      await self.clients.claim();
      // The page that registered this worker was loaded before it: kept now, so its next visit opens from the phone.
      // Asked for by its path alone: its query (a single sign-on ticket) is not sent to the server a second time.
      // (matchAll answers the pages this worker now controls: those in its scope.)
      const windows = await self.clients.matchAll({ type: 'window' });
      await Promise.all(windows.map((client) => keepPage(client.url).catch(() => undefined)));
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (!isPage(request)) return;
  event.respondWith(
    (async () => {
      const kept = await caches.match(keyOf(request.url), { cacheName: PAGES });
      if (kept) {
        // The kept page now; the current one for next time (a lost connection changes nothing).
        event.waitUntil(keepPage(request.url).catch(() => undefined));
        return kept;
      }
      const response = await fetch(request);
      // Kept as it came when it is everyone's; a personal page (the tiles of /web/home) is asked for again without
      // cookies once this one is in.
      if (keepable(response)) {
        const copy = response.clone();
        event.waitUntil(caches.open(PAGES).then((cache) => cache.put(keyOf(request.url), copy)));
      } else if (response.ok) event.waitUntil(keepPage(request.url).catch(() => undefined));
      return response;
    })(),
  );
});
