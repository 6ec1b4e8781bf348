// Size budgets of the built app (dist/web), gzip level 9:
// first load of /web/login and /web/home (HTML + entry JS and its static imports + CSS + the screen's chunk) <= 30 kB;
// each lazy chunk (a screen with what it alone pulls in) <= 10 kB.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

type Chunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };

const FIRST_LOAD_BUDGET = 30 * 1024;
const LAZY_BUDGET = 10 * 1024;
// The screens of the two first-load routes, by source path.
const FIRST_LOAD_SCREENS: Record<string, RegExp> = {
  '/web/login': /features\/auth\/login[^/]*\.tsx$/,
  '/web/home': /features\/home\/home[^/]*\.tsx$/,
};

const dist = new URL('../dist/web/', import.meta.url).pathname;
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/web/.vite/manifest.json is missing: run `npm run build` first.');
  process.exit(1);
}
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** Files a chunk loads with it: itself, its static imports (transitively) and their CSS. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const c = manifest[key];
  if (!c) return seen;
  if (seen.has(c.file)) return seen;
  seen.add(c.file);
  for (const css of c.css ?? []) seen.add(css);
  for (const imp of c.imports ?? []) closure(imp, seen);
  return seen;
}
const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry in the manifest');
const entryFiles = closure(entryKey);
const html = gz('index.html');
let failed = false;

console.log(`entry: HTML ${kb(html)} + JS/CSS ${kb(sum(entryFiles))}`);
for (const [route, pattern] of Object.entries(FIRST_LOAD_SCREENS)) {
  const key = Object.keys(manifest).find((k) => pattern.test(k));
  if (!key) {
    console.error(`${route}: no chunk matches ${pattern}`);
    failed = true;
    continue;
  }
  const files = new Set([...entryFiles, ...closure(key)]);
  const total = html + sum(files);
  const ok = total <= FIRST_LOAD_BUDGET;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} first load ${route}: ${kb(total)} (budget ${kb(FIRST_LOAD_BUDGET)})`);
}

for (const key of Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry).sort()) {
  const own = [...closure(key)].filter((f) => !entryFiles.has(f));
  const total = sum(own);
  const ok = total <= LAZY_BUDGET;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} lazy ${key}: ${kb(total)}`);
}
if (failed) {
  console.error('Size budget exceeded.');
  process.exit(1);
}
