// `npm run size:screens [-- --dist dir] [--route /borrow]`: what a phone fetches to open each screen of the app, measured
// in Chromium against the real server in demo mode (scripts/web-server.ts), signed in as the demo student. For each
// route: a fresh browser context opens /web/home and waits until the network is quiet (the deferred stylesheet and the
// screen table are in), then moves to the route inside the app, as a tap does, and sums the script and stylesheet bytes
// received (encoded: brotli as the server sends it) until nothing more is fetched for a second. The first service screen
// a phone opens pays the shared form code; the figures are that worst case.
// `npm run size`'s lazy table counts one chunk with what it imports statically; this counts what a screen really
// fetches: the feature's screen list, the guide that a service screen opens on, the sub-form a move-in route loads.
// "screen" is what the screen needs to show; "later" what it fetches after that, while the user reads or types:
//   - a service screen opens on its guide (components/service-form/service-screen.tsx) and fetches its form once the
//     guide is shown: every file requested after the guide's answer arrived is later. The script then taps 开始办理
//     and counts what the form step still fetches (its validation, the review and confirmation steps) as later too,
//     so screen + later is all the code from the tap on the home screen to a submitted form;
//   - a form fetches its validation (its schema and valibot) and the review and confirmation steps once it shows; a
//     screen that opens on its form fetches them at once.
// A measurement, not a test; not part of `npm test`.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Request } from 'playwright';
import { paths, type RouteDef } from '../shared/pages/paths.ts';
import { closure as closureIn, type Manifest } from './build-manifest.ts';
import { DEFAULT_DIST, signedInStorage, startWebServer } from './web-server.ts';

const KB = 1024;
const GOAL = 8 * KB;
const { values: args } = parseArgs({ options: { dist: { type: 'string' }, route: { type: 'string' } } });
const dist = resolve(args.dist ?? DEFAULT_DIST);

const manifest: Manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
/** A built file's name as a reader knows it: its source, or the name of its shared chunk. */
const sourceOf = new Map<string, string>();
for (const [key, chunk] of Object.entries(manifest)) {
  const label = chunk.src ?? chunk.name ?? key;
  sourceOf.set(chunk.file, label);
  for (const css of chunk.css ?? []) sourceOf.set(css, `${label} (css)`);
}
const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const closure = (key: string) => closureIn(manifest, key);
/**
 * Fetched while the user types: validation (src/lib/lazy-schema.ts, components/ui/form.tsx, use-service-form), a form's
 * schema module and valibot (lib/validators, which the schemas import too, so it is built as a shared chunk named
 * validators); and a service form's review and confirmation steps (components/service-form/service-flow.tsx).
 */
const isLater = (key: string) =>
  /-schema\.ts$/.test(key) || manifest[key]!.name === 'validators' || key === 'src/components/service-form/service-steps.tsx';

/** Of the files fetched, those only the modules fetched for later need. */
function laterFiles(files: string[]): Set<string> {
  const entries = files.map((f) => keyOf.get(f)).filter((k): k is string => !!k && (!!manifest[k]!.isDynamicEntry || isLater(k)));
  const screen = new Set<string>();
  const later = new Set<string>();
  for (const key of entries) for (const f of closure(key)) (isLater(key) ? later : screen).add(f);
  return new Set([...later].filter((f) => !screen.has(f)));
}

/** Routes a tap can reach without a parameter (aliases show another route's screen; the console is its own app). */
const routes = (Object.values(paths) as RouteDef[])
  .filter((r) => !r.aliasOf && !r.path.includes(':') && !['/', '/login', '/home'].includes(r.path))
  .map((r) => r.path)
  .filter((p) => !args.route || p === args.route);

interface Figure {
  route: string;
  landed: string;
  screen: number;
  later: number;
  files: { file: string; name: string; bytes: number }[];
}

async function main() {
  const server = await startWebServer({ dist });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const figures: Figure[] = [];
  try {
    const storage = await signedInStorage(server.base);
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
      await context.addInitScript((entries) => {
        if (!localStorage.getItem('token')) for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      }, storage);
      const page = await context.newPage();
      await page.goto(`${server.base}/web/home`, { waitUntil: 'networkidle' });
      const fetched: Request[] = [];
      /** Requests made once the screen was shown: after its guide's answer (a service screen), or after the tap on 开始办理. */
      const afterShown = new Set<Request>();
      let shown = false;
      let last = Date.now();
      page.on('request', (request) => {
        last = Date.now();
        if (shown) afterShown.add(request);
      });
      page.on('requestfinished', (request) => {
        last = Date.now();
        if (request.url().includes('/api/guide/')) shown = true;
        if (['script', 'stylesheet'].includes(request.resourceType())) fetched.push(request);
      });
      const quiet = async () => {
        const deadline = Date.now() + 15_000;
        while (Date.now() - last < 1000 && Date.now() < deadline) await page.waitForTimeout(100);
      };
      await page.evaluate((to) => history.pushState(null, '', to), `/web${route}`);
      await quiet();
      const start = page.getByRole('button', { name: /^(开始办理|继续办理)$/ });
      if (shown && (await start.count())) {
        await start.click();
        await quiet();
      }
      const files = await Promise.all(
        fetched.map(async (request) => {
          const file = new URL(request.url()).pathname.replace(/^\/web\//, '');
          return { file, name: sourceOf.get(file) ?? file, bytes: (await request.sizes()).responseBodySize, request };
        }),
      );
      const forLater = laterFiles(files.filter((f) => !afterShown.has(f.request)).map((f) => f.file));
      for (const f of files) if (afterShown.has(f.request)) forLater.add(f.file);
      for (const f of files) if (forLater.has(f.file)) f.name += '  [later]';
      const later = files.filter((f) => forLater.has(f.file)).reduce((n, f) => n + f.bytes, 0);
      const all = files.reduce((n, f) => n + f.bytes, 0);
      const landed = new URL(page.url()).pathname.replace(/^\/web/, '');
      figures.push({ route, landed, screen: all - later, later, files: files.sort((a, b) => b.bytes - a.bytes) });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const kb = (n: number) => `${(n / KB).toFixed(1)} kB`.padStart(8);
  console.log(`What opening each screen from /web/home fetches (scripts and stylesheets, brotli as received), ${dist}`);
  console.log(
    `ok / goal: the screen within or over ${kb(GOAL).trim()}; later: fetched after the screen shows (a service form, fetched while its guide is read, then on 开始办理 its validation, review and confirmation; a form's validation)\n`,
  );
  console.log(`${'route'.padEnd(28)}   screen     later  files`);
  for (const f of figures) {
    const moved = f.landed === f.route ? '' : `  (landed on ${f.landed})`;
    console.log(`${f.screen <= GOAL ? 'ok  ' : 'goal'} ${f.route.padEnd(24)} ${kb(f.screen)} ${kb(f.later)}  ${f.files.length}${moved}`);
    if (args.route) for (const file of f.files) console.log(`       ${kb(file.bytes)}  ${file.name}`);
  }
  const screens = figures.map((f) => f.screen).sort((a, b) => a - b);
  console.log(
    `\n${figures.filter((f) => f.screen <= GOAL).length} of ${figures.length} screens within ${kb(GOAL).trim()}; median ${kb(screens[screens.length >> 1] ?? 0).trim()}, largest ${kb(screens.at(-1) ?? 0).trim()}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
