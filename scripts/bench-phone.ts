// `npm run bench:phone [-- --runs 5 --dist dist/web --only <measure> --waterfall]`: what a person on a weak phone gets, side by side with the Vue
// peer builds of ../shared/anchors/peers (their README). Chromium (playwright, Debian's /usr/bin/chromium) with
// Lighthouse's mobile throttling applied through the DevTools protocol: 562.5 ms request latency, 1,474 kbit/s down,
// 675 kbit/s up, 4× CPU slowdown. A fresh browser for every run, the sites taking turns run by run (a change in the
// machine's load falls on all of them); the median of the runs is printed.
//
// Measured, from the navigation's start (performance.now() in the page, checked every frame and reported by a console
// message, so that no script of the harness's own runs in the page while it loads; "usable" means visible, enabled
// and not covered where a finger would tap it):
// - sign-in: /web/login, cold, until the password field is visible and enabled;
// - home: /web/home for a signed-in student (session written into localStorage before the page's scripts run, and the
//   page cookie the app writes beside it, shared/pages/page-data.ts PAGE_COOKIE), cold
//   and again in the same browser (the HTTP cache warm), until the service tiles are on screen (the peers: Vant's
//   grid items, behind a token in localStorage);
// - form: a service form opened directly (/web/borrow?step=form), until its first field is enabled (this app only:
//   the peers have no service form);
// and the bytes on the wire of each load. The app runs on the real server in demo mode (scripts/web-server.ts); each
// peer folder is served here as the README says (history fallback, gzip level 6, long cache on /web/assets/).
// A measurement, not a test: the machine is shared, so the figures are ratios against the peers in the same run.
// Options: --only <text> runs the measures whose name contains it; --waterfall prints this app's requests of the last
// run (when each was asked and answered); --h2 puts every site behind TLS and HTTP/2, as docs/deploy.md's nginx serves
// the app (without it the browser talks HTTP/1.1 to the servers: six requests at a time, and gzip, not brotli).
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createSecureServer, constants as h2 } from 'node:http2';
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, existsSync, readFileSync, statSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { DEFAULT_DIST, signedInStorage, startWebServer } from './web-server.ts';
import { PAGE_COOKIE } from '../shared/pages/page-data.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    dist: { type: 'string' },
    only: { type: 'string' },
    waterfall: { type: 'boolean' },
    h2: { type: 'boolean' },
  },
});
const RUNS = Number(args.runs);
const PEERS_DIR = resolve(import.meta.dirname, '../../shared/anchors/peers');

/** Lighthouse's mobile "Slow 4G" as applied throttling, and its 4× CPU slowdown. */
const NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

const SELECTORS = {
  password: 'input[type=password]',
  tiles: '.home-tile, .van-grid-item',
  field: '.app-page form input:not([type=hidden]), .app-page form select, .app-page form textarea, .app-page form button',
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A peer build under /web/ as a default nginx would serve it. */
function servePeer(dir: string): Promise<{ base: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const inside = path.startsWith('/web/') ? path.slice('/web/'.length) : '';
    let file = join(dir, inside);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    let body = readFileSync(file);
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': inside.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (/text|javascript|json|svg/.test(type) && /gzip/.test(String(req.headers['accept-encoding']))) {
      body = gzipSync(body, { level: 6 });
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers).end(body);
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done({ base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server })),
  );
}

/**
 * --h2: every site (the app and the peers alike) behind TLS and HTTP/2, as docs/deploy.md's nginx serves the app: one
 * connection carries all of a page's requests, instead of HTTP/1.1's six at a time. A proxy in this process, with a
 * certificate made for the run (the browser is told to accept it).
 */
let tls: { key: Buffer; cert: Buffer; spki: string } | undefined;
function h2Front(upstream: string): Promise<{ base: string; server: { close: () => void } }> {
  if (!tls) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-phone-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(join(dir, 'cert.pem'));
    // The browser accepts this one key (its SPKI hash) as if a known authority had certified it: pages and scripts are
    // cached as on any trusted site (a certificate error would turn the HTTP cache off).
    const spki = createHash('sha256')
      .update(new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' }))
      .digest('base64');
    tls = { key: readFileSync(join(dir, 'key.pem')), cert, spki };
  }
  const target = new URL(upstream);
  const server = createSecureServer({ key: tls.key, cert: tls.cert, allowHTTP1: false }, (req, res) => {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (!k.startsWith(':') && v !== undefined) headers[k] = v;
    headers.host = target.host;
    const out = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (up) => {
      const back: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(up.headers))
        if (v !== undefined && !['connection', 'keep-alive', 'transfer-encoding', 'upgrade'].includes(k)) back[k] = v;
      res.writeHead(up.statusCode ?? 502, back);
      up.pipe(res);
    });
    out.on('error', () => res.headersSent || res.writeHead(h2.HTTP_STATUS_BAD_GATEWAY).end());
    req.pipe(out);
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done({ base: `https://127.0.0.1:${(server.address() as { port: number }).port}`, server })),
  );
}

/**
 * The console message that reports the time, in the page's clock, at which the load became usable. A message, not a
 * value the harness polls for: playwright's waitForFunction evaluates its injected script (hundreds of kilobytes) in
 * the page as soon as the page's context exists, which under the 4× slowdown is some 45 ms of compiling on the page's
 * main thread, in the middle of the load it measures. No phone runs that.
 */
const USABLE = 'bench:phone usable at ';

/** In the page before its scripts: the time at which `selector` first matches a visible, enabled element. */
const watchScript = (selector: string) => `
  (() => {
    // Taken before the page's own scripts run: the app quiets the console in production (src/main.tsx).
    const report = console.debug.bind(console);
    // Visible, enabled and reachable by a finger: nothing (a loading layer, a skeleton) covers its middle.
    const usable = (el) => {
      if (el.disabled || !el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') return false;
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (y < 0 || y > innerHeight) return true;
      const top = document.elementFromPoint(x, y);
      return !!top && (el === top || el.contains(top) || top.contains(el) || top.closest('label')?.contains(el));
    };
    const check = () => {
      if ([...document.querySelectorAll(${JSON.stringify(selector)})].some(usable)) report(${JSON.stringify(USABLE)} + performance.now());
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;

interface Load {
  ms: number;
  bytes: number;
  /** The load's requests, one line each (printed with --waterfall). */
  waterfall: string[];
}

/** Throttles the page and counts the bytes its loads take from the network. */
interface Counter {
  bytes: () => number;
  reset: () => void;
  /** The load's requests: path, when asked and when finished (ms, the browser's clock). */
  requests: () => { url: string; start: number; end?: number }[];
}

async function throttle(page: Page): Promise<Counter> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  let requests = new Map<string, { url: string; start: number; end?: number }>();
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; timestamp: number; request: { url: string } }) => {
    requests.set(e.requestId, { url: new URL(e.request.url).pathname + new URL(e.request.url).search, start: e.timestamp * 1000 });
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
    bytes += e.encodedDataLength;
    const r = requests.get(e.requestId);
    if (r) r.end = e.timestamp * 1000;
  });
  return {
    bytes: () => bytes,
    reset: () => {
      bytes = 0;
      requests = new Map();
    },
    requests: () => [...requests.values()],
  };
}

async function measure(page: Page, url: string, counter: Counter): Promise<Load> {
  counter.reset();
  const usable = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(USABLE), timeout: 60_000 });
  usable.catch(() => undefined);
  await page.goto(url, { waitUntil: 'commit' });
  let ms: number;
  try {
    ms = Number((await usable).text().slice(USABLE.length));
  } catch (error) {
    await page.screenshot({ path: '/tmp/bench-phone-timeout.png' });
    throw new Error(`${url}: nothing usable within 60 s (screenshot /tmp/bench-phone-timeout.png)`, { cause: error });
  }
  // The load's remaining requests (lazy chunks the screen asked for) belong to its bytes.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const list = counter.requests().sort((a, b) => a.start - b.start);
  const t0 = list[0]?.start ?? 0;
  const waterfall = list.map(
    (r) => `    ${((r.start - t0) / 1000).toFixed(2)} -> ${r.end ? ((r.end - t0) / 1000).toFixed(2) : '  ?  '} s  ${r.url.slice(0, 90)}`,
  );
  return { ms, bytes: counter.bytes(), waterfall };
}

interface Target {
  name: string;
  base: string;
  storage?: Record<string, string>;
  /** The app writes the page cookie beside the stored token (src/state/session.ts); the peers have none. */
  pageCookie?: boolean;
  form: boolean;
}

async function run(browser: Browser, target: Target, what: 'password' | 'tiles' | 'field', path: string, repeat = false): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47',
  });
  try {
    if (target.storage?.token && target.pageCookie) {
      await context.addCookies([{ name: PAGE_COOKIE, value: target.storage.token, url: `${target.base}/web/`, sameSite: 'Lax' }]);
    }
    if (target.storage) {
      const entries = Object.entries(target.storage);
      await context.addInitScript((list: [string, string][]) => {
        if (!sessionStorage.getItem('bench-seeded')) {
          for (const [k, v] of list) localStorage.setItem(k, v);
          sessionStorage.setItem('bench-seeded', '1');
        }
      }, entries);
    }
    await context.addInitScript(watchScript(SELECTORS[what]));
    const page = await context.newPage();
    const counter = await throttle(page);
    const first = await measure(page, target.base + path, counter);
    if (!repeat) return first;
    await page.goto('about:blank');
    return await measure(page, target.base + path, counter);
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const dist = args.dist ? resolve(args.dist) : DEFAULT_DIST;
  const app = await startWebServer({ dist });
  const peers = await Promise.all(
    ['vue2-vant2', 'vue3-vant4'].map(async (name) => ({ name, ...(await servePeer(join(PEERS_DIR, name))) })),
  );
  const fronts = args.h2 ? await Promise.all([app.base, ...peers.map((p) => p.base)].map(h2Front)) : [];
  const front = (base: string, i: number) => fronts[i]?.base ?? base;
  const targets: Target[] = [
    { name: 'this app', base: front(app.base, 0), storage: await signedInStorage(app.base), pageCookie: true, form: true },
    // The peers' router lets a visitor in when localStorage holds a token (their sign-in stores it there).
    ...peers.map((p, i) => ({ name: p.name, base: front(p.base, i + 1), storage: { token: 'bench' }, form: false })),
  ];
  const measures = [
    { key: 'sign-in form usable (cold)', what: 'password' as const, path: '/web/login', signedIn: false, repeat: false, peers: true },
    { key: 'home tiles on screen (cold)', what: 'tiles' as const, path: '/web/home', signedIn: true, repeat: false, peers: true },
    { key: 'home tiles on screen (repeat visit)', what: 'tiles' as const, path: '/web/home', signedIn: true, repeat: true, peers: true },
    {
      key: 'service form first field enabled (cold)',
      what: 'field' as const,
      path: '/web/borrow?step=form',
      signedIn: true,
      repeat: false,
      peers: false,
    },
  ];
  console.log(
    `bench:phone: ${RUNS} runs each, fresh browser per run, ${args.h2 ? 'HTTPS and HTTP/2 (as behind nginx)' : 'HTTP/1.1'}; latency ${NETWORK.latency} ms, 1474 kbit/s down, 675 up, CPU ${CPU_SLOWDOWN}x; load ${loadavg()[0]!.toFixed(2)}`,
  );
  try {
    for (const m of measures) {
      if (args.only && !m.key.includes(args.only)) continue;
      // Round by round, each site once a round, so that a change in the machine's load falls on every site alike.
      const sites = targets.filter((target) => m.peers || target.form);
      const loads = new Map<string, Load[]>(sites.map((target) => [target.name, []]));
      for (let i = 0; i < RUNS; i++) {
        for (const target of sites) {
          const browser = await chromium.launch({
            executablePath: '/usr/bin/chromium',
            args: ['--no-sandbox', ...(tls ? [`--ignore-certificate-errors-spki-list=${tls.spki}`] : [])],
          });
          try {
            const t = { ...target, storage: m.signedIn ? target.storage : undefined };
            loads.get(target.name)!.push(await run(browser, t, m.what, m.path, m.repeat));
          } finally {
            await browser.close();
          }
        }
      }
      const rows = sites.map((target) => {
        const list = loads.get(target.name)!;
        return {
          name: target.name,
          ms: median(list.map((l) => l.ms)),
          bytes: median(list.map((l) => l.bytes)),
          runs: list.map((l) => l.ms).sort((a, b) => a - b),
        };
      });
      if (args.waterfall && loads.has('this app')) {
        const last = loads.get('this app')!.at(-1)!;
        console.log(`  ${m.key}, this app, last run (usable at ${(last.ms / 1000).toFixed(2)} s):\n${last.waterfall.join('\n')}`);
      }
      const peerRows = rows.filter((r) => r.name !== 'this app');
      const fastest = peerRows.length ? Math.min(...peerRows.map((r) => r.ms)) : undefined;
      console.log(`\n${m.key} (${m.path})`);
      for (const r of rows) {
        const ratio = fastest && r.name === 'this app' ? `  ${(r.ms / fastest).toFixed(2)}x the faster peer` : '';
        console.log(
          `  ${r.name.padEnd(11)} ${(r.ms / 1000).toFixed(2).padStart(6)} s  ${(r.bytes / 1024).toFixed(1).padStart(7)} kB on the wire${ratio}` +
            `  (runs ${r.runs.map((ms) => (ms / 1000).toFixed(2)).join(' ')})`,
        );
      }
    }
  } finally {
    await app.stop();
    for (const p of peers) p.server.close();
    for (const f of fronts) f.server.close();
  }
}

await main();
