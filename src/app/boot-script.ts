/**
 * The page's one inline script (the server's Content-Security-Policy allows exactly this text by its SHA-256,
 * server/plugins/web.ts): it imports the app's entry named by the data block #app-boot ({"entry": url, ...}, written
 * by the build, scripts/vite-plugin-shell-html.ts), at once. The page's <link rel="modulepreload"> tags, beside it, have
 * the browser fetch the entry and the first screen's chunks as soon as it reads them, while the page's own HTML (the
 * inlined styles and the pre-rendered shell of login.html, home.html) is painted.
 */
export const BOOT_SCRIPT = 'import(JSON.parse(document.getElementById("app-boot").textContent).entry)';
