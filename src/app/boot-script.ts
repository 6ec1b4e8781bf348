import { EARLY_SUBMIT_ATTRIBUTE, LIVE_ATTRIBUTE } from '../config/page-data';

/**
 * The page's one inline script (the server's Content-Security-Policy allows exactly this text by its SHA-256,
 * server/plugins/web.ts): it imports the app's entry named by the data block #app-boot ({"entry": url, ...}, written
 * by the build, scripts/vite-plugin-shell-html.ts), at once. The page's <link rel="modulepreload"> tags, beside it, have
 * the browser fetch the entry and the first screen's chunks as soon as it reads them, while the page's own HTML (the
 * inlined styles and the pre-rendered markup of login.html, home.html…) is painted. Until the app is live it holds back
 * the submit of a pre-rendered form (LIVE_ATTRIBUTE).
 */
export const BOOT_SCRIPT =
  `addEventListener("submit",function(e){if(!document.documentElement.hasAttribute("${LIVE_ATTRIBUTE}"))` +
  `{e.preventDefault();e.target.setAttribute("${EARLY_SUBMIT_ATTRIBUTE}","")}},true);` +
  'import(JSON.parse(document.getElementById("app-boot").textContent).entry)';
