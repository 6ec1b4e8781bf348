// `npm run bench:web [-- --runs 3 --dist dir]`: Lighthouse (mobile: simulated Slow 4G, 4x CPU slowdown, the default
// configuration) against the real server in demo mode (scripts/web-server.ts: the built app, a free loopback port, a
// fresh DATA_DIR), for /web/login and for /web/home signed in; prints score, FCP, LCP, TBT and bytes per run and their
// medians. Each run is a fresh Chromium (empty cache and storage). For /web/home the demo student signs in over the
// API first and the session (token, userInfo and the keys the app derives from it) is written into the browser's
// localStorage through the DevTools protocol before Lighthouse loads the page without resetting storage.
// A measurement, not a test: the figures depend on the machine's load (printed with them). Not part of `npm test`.
import { writeFileSync } from 'node:fs';
import { loadavg, availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import WebSocket from 'ws';
import { DEFAULT_DIST, signedInStorage, startWebServer } from './web-server.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// As tests/e2e/playwright.config.ts, headless.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, dist: { type: 'string' }, route: { type: 'string' } },
});
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('usage: npm run bench:web -- [--runs 3] [--dist dist/web] [--route /web/login]');
  process.exit(2);
}

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  bytes: number;
  requests: number;
  lcpElement: string;
}

/** Opens the origin in the browser's tab (a small 404 page) and writes localStorage there, over the DevTools protocol. */
async function seedStorage(port: number, origin: string, storage: Record<string, string>): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { type: string; webSocketDebuggerUrl: string }[];
  const page = targets.find((t) => t.type === 'page');
  if (!page) throw new Error('no page target in Chromium');
  const ws = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((done, fail) => ws.once('open', done).once('error', fail));
  let nextId = 0;
  const waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  const events: ((message: { method?: string }) => void)[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; method?: string; result?: unknown; error?: { message: string } };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
    else for (const listener of events) listener(message);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((done, fail) => {
      const id = ++nextId;
      waiting.set(id, (m) => (m.error ? fail(new Error(`${method}: ${m.error.message}`)) : done(m.result)));
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send('Page.enable');
    const loaded = new Promise<void>((done) => events.push((m) => m.method === 'Page.loadEventFired' && done()));
    await send('Page.navigate', { url: `${origin}/web/assets/bench-seed.txt` });
    await loaded;
    const script = `for (const [k, v] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(k, v); localStorage.getItem('token')`;
    const written = (await send('Runtime.evaluate', { expression: script, returnByValue: true })) as { result?: { value?: unknown } };
    if (written.result?.value !== storage.token) throw new Error('the session could not be written into localStorage');
    await send('Page.navigate', { url: 'about:blank' });
  } finally {
    ws.close();
  }
}

async function run(url: string, storage?: Record<string, string>): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    if (storage) await seedStorage(chrome.port, new URL(url).origin, storage);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // The storage was just written for this run; the browser is fresh, its HTTP cache empty.
      disableStorageReset: Boolean(storage),
    });
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (process.env.BENCH_WEB_DUMP) writeFileSync(process.env.BENCH_WEB_DUMP, JSON.stringify(lhr));
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? NaN;
    const lcpItems = (
      lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
    )?.items;
    const lcpElement = lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '?';
    return {
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      si: value('speed-index'),
      bytes: value('total-byte-weight'),
      requests,
      lcpElement,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is made again, twice at most. */
async function runWithRetry(url: string, storage?: Record<string, string>): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(url, storage);
    } catch (err) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(err))) throw err;
      console.log(`  (run again: ${String(err).split('\n')[0]})`);
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const line = (label: string, f: Omit<Figures, 'lcpElement'>) =>
  `  ${label.padEnd(8)} score ${String(f.score).padStart(3)}  FCP ${secs(f.fcp)}  LCP ${secs(f.lcp)}  TBT ${Math.round(f.tbt)} ms  SI ${secs(f.si)}  ` +
  `${(f.bytes / 1024).toFixed(1)} KiB in ${f.requests} requests`;

async function main() {
  const dist = resolve(args.dist ?? DEFAULT_DIST);
  const server = await startWebServer({ dist, demo: true });
  const results: Record<string, Figures[]> = {};
  try {
    const storage = await signedInStorage(server.base);
    console.log(
      `Lighthouse mobile (simulated Slow 4G, 4x CPU), ${RUNS} run(s) each, ${server.base}, ${dist}; ` +
        `${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}`,
    );
    for (const [route, seeded] of [
      ['/web/login', undefined],
      ['/web/home', storage],
    ] as const) {
      if (args.route && args.route !== route) continue;
      const figures: Figures[] = [];
      console.log(`${route}${seeded ? ' (signed in)' : ''}`);
      for (let i = 1; i <= RUNS; i++) {
        const f = await runWithRetry(server.base + route, seeded);
        figures.push(f);
        console.log(line(`run ${i}`, f));
      }
      results[route] = figures;
      const keys = ['score', 'fcp', 'lcp', 'tbt', 'si', 'bytes', 'requests'] as const;
      const med = Object.fromEntries(keys.map((k) => [k, median(figures.map((f) => f[k]))])) as Omit<Figures, 'lcpElement'>;
      console.log(line('median', med));
      console.log(`  LCP element: ${figures.at(-1)!.lcpElement}`);
    }
    console.log(`load average after: ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
