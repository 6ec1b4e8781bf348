/**
 * Registers the app's service worker (public/sw.js, served as /web/sw.js): the pages this phone has opened open from
 * it at once on the next visit, while it fetches their current copy. Production builds only (the development server
 * serves modules that change as they are edited); where the browser has no service worker (iOS in-app webviews) or
 * refuses it, the app works as before.
 */
export function registerServiceWorker(base: string): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page's own loads: the worker's script and its copy of the page come after what the screen needs.
  const register = () => void navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
