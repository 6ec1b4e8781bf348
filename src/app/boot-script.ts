/**
 * The page's one inline script (the server's Content-Security-Policy allows exactly this text by its SHA-256,
 * server/plugins/web.ts). It reads the data block #app-boot ({"entry": url, "preload": [urls]}, written by the build,
 * scripts/vite-plugin-shell-html.ts) and, once the first frame is painted, preloads the first screen's chunks and
 * imports the app's entry. So the page's own HTML (the inlined styles and the pre-rendered shell of login.html,
 * home.html) shows at once, before any script is fetched or parsed. A hidden tab starts it at once.
 */
export const BOOT_SCRIPT =
  'const b=JSON.parse(document.getElementById("app-boot").textContent),go=()=>{for(const u of b.preload){const l=document.createElement("link");l.rel="modulepreload";l.href=u;document.head.append(l)}import(b.entry)};document.hidden?go():requestAnimationFrame(()=>setTimeout(go))';
