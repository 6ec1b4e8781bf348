// The server for production: server/main.ts and the operator commands (server/cli/*.ts) bundled by esbuild into plain
// JavaScript under dist/server/, run with `node` (no tsx, no devDependency). The packages of "dependencies" stay
// external, installed by `npm ci --omit=dev`; the shared src/ modules are bundled in. No package is bundled: the build
// fails if one is (a package the server imports must be in "dependencies", where audits and licence checks see it). Data files (migrations, the
// bundled contract, seed photos, dist/web, dist/api-docs) are read from the project root at run time
// (server/lib/paths.ts), so a release is the checkout plus dist/. The one font weight the server draws with is
// copied here from the devDependency that holds five (server/lib/fonts.ts).
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { CJK_FONT_NAME } from '../server/lib/fonts.ts';

const root = new URL('..', import.meta.url).pathname;
const cli = readdirSync(`${root}server/cli`)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => `server/cli/${f}`);
rmSync(`${root}dist/server`, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ['server/main.ts', ...cli],
  outdir: 'dist/server',
  outbase: 'server',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: Object.keys(JSON.parse(readFileSync(`${root}package.json`, 'utf8')).dependencies).flatMap((p) => [p, `${p}/*`]),
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  // `node dist/server/main.js` starts in production unless NODE_ENV says otherwise (server/main.ts).
  define: { __HUKOU_BUILT__: 'true' },
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
});
const bundled = [...new Set(Object.keys(result.metafile.inputs).flatMap((f) => f.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? []))];
if (bundled.length > 0) {
  console.error(`The server bundles ${bundled.join(', ')}: move them to "dependencies" in package.json.`);
  process.exit(1);
}
// PGlite (27 MB of WebAssembly and data) is loaded only when the embedded database is opened: nothing main.js imports
// statically may reach it, so a PostgreSQL host never reads it.
const outputs = result.metafile.outputs;
const reached = new Set<string>();
const walk = (file: string): void => {
  if (reached.has(file)) return;
  reached.add(file);
  for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement') walk(i.path);
};
walk('dist/server/main.js');
const eager = [...reached].filter((f) => f.startsWith('@electric-sql/pglite') || f.startsWith('drizzle-orm/pglite'));
if (eager.length > 0) {
  console.error(`dist/server/main.js loads ${eager.join(', ')} at start: import it where the embedded database opens.`);
  process.exit(1);
}
mkdirSync(`${root}dist/server/fonts`);
const fontPackage = dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc'));
copyFileSync(join(fontPackage, '..', 'fonts', CJK_FONT_NAME), `${root}dist/server/fonts/${CJK_FONT_NAME}`);
const bytes = Object.entries(result.metafile.outputs)
  .filter(([f]) => f.endsWith('.js'))
  .reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(
  `server built: dist/server (${['main.js', ...cli.map((c) => c.replace('server/', '').replace('.ts', '.js'))].join(', ')}; ${(bytes / 1024).toFixed(0)} kB of JavaScript; fonts/${CJK_FONT_NAME})`,
);
