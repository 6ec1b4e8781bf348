// Size budgets of the built app, measured on the wire: the real server (scripts/web-server.ts) serves the build on a
// loopback port and every file a screen needs is fetched from it as a phone would, once with `Accept-Encoding: br,
// gzip` and once with `Accept-Encoding: gzip`; the figures are the body bytes received (what travels, whatever the
// server chose to send: a file sent uncompressed counts in full).
//   first load of /web/login and /web/home (HTML + entry JS and its static imports + CSS + the screen's chunks + the
//   tab bar where the screen shows it): <= 20 kB brotli and <= 30 kB gzip;
//   each lazy chunk (a screen with what it alone pulls in, beyond the entry): <= 8 kB brotli and <= 10 kB gzip; a chunk
//   that screens load after they show (a service form, after its guide) is counted beyond what those screens brought.
// `npm run size [-- --dist dir]`; exits 1 when a budget is exceeded (the `npm test` build step).
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { closure as closureIn, type Manifest } from './build-manifest.ts';
import { DEFAULT_DIST, startWebServer } from './web-server.ts';

const KB = 1024;
/**
 * Enforced ceilings (issue 24): a first load of at most 30 kB brotli, a lazy screen at most 10 kB, so nothing grows
 * unnoticed. Bytes are a means: what a person gets is measured on a throttled phone by `npm run bench:phone`.
 */
export const BUDGETS = {
  firstLoad: { br: 30 * KB, gzip: 34 * KB },
  lazy: { br: 10 * KB, gzip: 11.5 * KB },
};
/**
 * Libraries a screen fetches only on an action, with their own ceilings: read-excel-file, when a staff member picks an
 * .xlsx roster in the console (not a phone screen).
 */
export const ON_ACTION: Record<string, { br: number; gzip: number }> = {
  'shared/roster/roster-xlsx.ts': { br: 18 * KB, gzip: 20 * KB },
};
/** The one-round-trip goal (about 10 TCP segments of 1460 bytes): printed, not enforced. */
const MOONSHOT = 14 * KB;

// The two first-load routes: the screen's chunk and the lazy chunks the first screen shows with it, by source path.
const FIRST_LOAD: Record<string, RegExp[]> = {
  '/web/login': [/^src\/features\/auth\/login-page\.tsx$/],
  '/web/home': [/^src\/features\/home\/home-page\.tsx$/, /^src\/app\/app-tab-bar\.tsx$/],
};

const { values: args } = parseArgs({ options: { dist: { type: 'string' } } });
const dist = resolve(args.dist ?? DEFAULT_DIST);
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
if (!existsSync(join(dist, 'index.html.br'))) {
  console.error(`${dist} has no precompressed files (index.html.br): build it again with \`npm run build\`.`);
  process.exit(1);
}
const manifest: Manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

type Encoding = 'br' | 'gzip';
interface Wire {
  bytes: number;
  encoding: string;
}

/** GET url; the body bytes as received (not decoded) and the Content-Encoding. */
function fetchRaw(url: string, acceptEncoding: string): Promise<Wire> {
  return new Promise((done, fail) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) return fail(new Error(`${url}: HTTP ${res.statusCode}`));
        const length = res.headers['content-length'];
        if (length !== undefined && Number(length) !== bytes) return fail(new Error(`${url}: Content-Length ${length}, received ${bytes}`));
        done({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') });
      });
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

const closure = (key: string) => closureIn(manifest, key);

const kb = (n: number) => `${(n / KB).toFixed(1)} kB`;
const pad = (s: string, n: number) => s.padEnd(n);

async function main() {
  const server = await startWebServer({ dist });
  const wire = new Map<string, Record<Encoding, number>>();
  const uncompressed = new Set<string>();
  /** Bytes of one URL path on the wire, with br+gzip and with gzip only (fetched once each). */
  const measure = async (path: string) => {
    if (!wire.has(path)) {
      const br = await fetchRaw(server.base + path, 'br, gzip');
      const gz = await fetchRaw(server.base + path, 'gzip');
      if (br.encoding !== 'br' || gz.encoding !== 'gzip') uncompressed.add(`${path} (sent ${br.encoding} / ${gz.encoding})`);
      wire.set(path, { br: br.bytes, gzip: gz.bytes });
    }
    return wire.get(path)!;
  };
  const total = async (paths: Iterable<string>) => {
    const sum = { br: 0, gzip: 0 };
    for (const p of paths) {
      const w = await measure(p);
      sum.br += w.br;
      sum.gzip += w.gzip;
    }
    return sum;
  };
  const asset = (file: string) => `/web/${file}`;

  let failed = false;
  const verdict = (figures: Record<Encoding, number>, budget: Record<Encoding, number>) => {
    const ok = figures.br <= budget.br && figures.gzip <= budget.gzip;
    failed ||= !ok;
    return ok ? 'ok  ' : 'OVER';
  };
  try {
    const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
    if (!entryKey) throw new Error('no entry in the manifest');
    const entryFiles = closure(entryKey);
    // Styles the pages carry inline (scripts/vite-plugin-shell-html.ts) travel with the HTML, not as files.
    const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
    const inlined = new Set((manifest[entryKey]!.css ?? []).filter((css) => !indexHtml.includes(css)));

    console.log(`Bytes on the wire from the running server (${server.base}), ${dist}`);
    console.log('ok: within the ceiling; OVER: over the ceiling (fails)');
    console.log(`first load (HTML + JS + CSS)        brotli     gzip   budget br / gzip`);
    for (const [route, patterns] of Object.entries(FIRST_LOAD)) {
      const files = new Set([...entryFiles].filter((f) => !inlined.has(f)));
      for (const pattern of patterns) {
        const key = Object.keys(manifest).find((k) => pattern.test(k));
        if (!key) {
          console.error(`${route}: no chunk matches ${pattern}`);
          failed = true;
          continue;
        }
        for (const f of closure(key)) if (!inlined.has(f)) files.add(f);
      }
      // The HTML as the route answers it (history fallback), then every file.
      const html = await total([route]);
      const rest = await total([...files].map(asset));
      const sum = { br: html.br + rest.br, gzip: html.gzip + rest.gzip };
      const flag = verdict(sum, BUDGETS.firstLoad);
      // What the page loads once its first screen is shown: the whole stylesheet it deferred (scripts/vite-plugin-shell-html.ts).
      const page = readFileSync(join(dist, `${route.slice('/web/'.length)}.html`), 'utf8');
      const boot = JSON.parse(/<script type="application\/json" id="app-boot">([^<]*)<\/script>/.exec(page)?.[1] ?? '{}') as {
        styles?: string[];
      };
      const deferred = await total(boot.styles ?? []);
      // And the table of the other screens (src/app/screen-table.ts), fetched then too.
      const tableKey = 'src/app/screen-table.ts';
      const table = manifest[tableKey]
        ? await total([...closure(tableKey)].filter((f) => !entryFiles.has(f)).map(asset))
        : { br: 0, gzip: 0 };
      console.log(
        `${flag} ${pad(route, 30)} ${kb(sum.br).padStart(8)} ${kb(sum.gzip).padStart(8)}   ${kb(BUDGETS.firstLoad.br)} / ${kb(BUDGETS.firstLoad.gzip)}` +
          `  (HTML ${kb(html.br)}, ${files.size} files${sum.br <= MOONSHOT ? ', within the 14 kB round trip' : ''}` +
          `${deferred.br ? `; after the first screen, the whole stylesheet ${kb(deferred.br)}` : ''}` +
          `${table.br ? ` and the screen table ${kb(table.br)}` : ''})`,
      );
    }

    console.log(`lazy chunks (beyond the entry)      brotli     gzip   budget ${kb(BUDGETS.lazy.br)} / ${kb(BUDGETS.lazy.gzip)}`);
    const lazyKeys = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry);
    for (const key of lazyKeys.sort()) {
      // A chunk that other lazy chunks load once they show (a service form, fetched by its screen while the guide is
      // read; a console page, by the console) comes on top of what they already brought.
      const parents = lazyKeys.filter((k) => manifest[k]!.dynamicImports?.includes(key) && !/\/screens\.ts$|screen-table/.test(k));
      const before = parents.length ? parents.map((k) => closure(k)).reduce((a, b) => new Set([...a].filter((f) => b.has(f)))) : new Set();
      const own = [...closure(key)].filter((f) => !entryFiles.has(f) && !before.has(f));
      const sum = await total(own.map(asset));
      const step = parents.length ? `  after ${parents.map((k) => k.replace(/^.*\//, '')).join(', ')}` : '';
      const budget = ON_ACTION[key] ?? BUDGETS.lazy;
      const note = ON_ACTION[key] ? `  (on an action: ${kb(budget.br)} / ${kb(budget.gzip)})` : '';
      console.log(`${verdict(sum, budget)} ${pad(key, 30)} ${kb(sum.br).padStart(8)} ${kb(sum.gzip).padStart(8)}${step}${note}`);
    }
    if (uncompressed.size) {
      console.error(`Sent without the expected compression:\n  ${[...uncompressed].join('\n  ')}`);
      failed = true;
    }
  } finally {
    await server.stop();
  }
  if (failed) {
    console.error('Size budget exceeded.');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
