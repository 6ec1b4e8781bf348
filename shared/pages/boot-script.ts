import { EARLY_GLOBAL, EARLY_SUBMIT_ATTRIBUTE, LIVE_ATTRIBUTE } from './page-data';

/**
 * The page's one inline script, a classic one that runs as the browser reads the page's head (the server's
 * Content-Security-Policy allows exactly this text by its SHA-256, server/plugins/web.ts): it imports the app's entry
 * named by the data block #app-boot ({"entry": url, ...}, written by the build, scripts/vite-plugin-shell-html.ts) once
 * the page is read, as a module script would. The page's <link rel="modulepreload"> tags, beside it, have the browser
 * fetch the entry and the first screen's chunks as soon as it reads them, while the page's own HTML (the inlined styles
 * and the pre-rendered markup of login.html, home.html…) is painted. Until the app is live it holds back the submit of
 * a pre-rendered form (LIVE_ATTRIBUTE), and the tap on a pre-rendered link marked aria-disabled (a closed service tile
 * of home.html: live, the app says why it is closed).
 *
 * For someone signed in (a token stored), it also starts the first screen's own calls listed as "early" (the home
 * tiles' sectors; the borrow count, and the dictionaries and dates its form shows), so their answers travel with the
 * scripts instead of after them (shared/pages/page-data.ts EARLY_GLOBAL; the API client takes them, src/api/early.ts):
 * a GET by its URL, a POST (`POST <path> <json>`) by its URL and body. A URL naming a value the stored user does not
 * have is not called. A page without early calls (every page but home and the borrow form: sign-in, registration, the
 * other services' pages) does not read the stored session at all: a page's first localStorage read waits for the browser to load the site's whole storage, on the
 * main thread, while the page is being read (some 5 to 15 ms of it under bench:phone's 4× slowdown).
 */
export const BOOT_SCRIPT =
  '(function(){' +
  `addEventListener("submit",function(e){if(!document.documentElement.hasAttribute("${LIVE_ATTRIBUTE}"))` +
  `{e.preventDefault();e.target.setAttribute("${EARLY_SUBMIT_ATTRIBUTE}","")}},true);` +
  `addEventListener("click",function(e){if(!document.documentElement.hasAttribute("${LIVE_ATTRIBUTE}")&&e.target.closest&&` +
  'e.target.closest("a[aria-disabled]"))e.preventDefault()},true);' +
  'var b=JSON.parse(document.getElementById("app-boot").textContent);' +
  'if(b.early)try{var t=localStorage.getItem("token"),u=JSON.parse(localStorage.getItem("userInfo")||"{}")||{};' +
  `if(t){var c={};window.${EARLY_GLOBAL}={token:t,at:Date.now(),calls:c};` +
  'b.early.forEach(function(p){var m=1,o={headers:{qhyhAuthorization:"Bearer "+t}},k,i;' +
  'p=p.replace(/\\{(\\w+)\\}/g,function(_,k){if(u[k]==null)m=0;return encodeURIComponent(u[k])});' +
  'if(p.slice(0,5)=="POST "){i=p.indexOf(" ",5);o.method="POST";o.headers["Content-Type"]="application/json";' +
  'o.body=p.slice(i+1);p=p.slice(5,i)}k=new URL(p,location.href).href;if(o.body)k="POST "+k+" "+o.body;' +
  'if(m)c[k]=fetch(p,o)})}}catch(e){}' +
  'function g(){import(b.entry)}' +
  'document.readyState=="loading"?addEventListener("DOMContentLoaded",g):g()' +
  '})()';
