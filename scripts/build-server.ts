// The server for production: server/main.ts and the operator commands (server/cli/*.ts) bundled by esbuild into plain
// JavaScript under dist/server/, run with `node` (no tsx, no devDependency). The packages of "dependencies" stay
// external, installed by `npm ci --omit=dev`; anything else the server imports (valibot, the shared src/ modules) is
// bundled in, so "dependencies" lists exactly what the built server loads at run time. Data files (migrations, the
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
mkdirSync(`${root}dist/server/fonts`);
const fontPackage = dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc'));
copyFileSync(join(fontPackage, '..', 'fonts', CJK_FONT_NAME), `${root}dist/server/fonts/${CJK_FONT_NAME}`);
const bytes = Object.entries(result.metafile.outputs)
  .filter(([f]) => f.endsWith('.js'))
  .reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(
  `server built: dist/server (${['main.js', ...cli.map((c) => c.replace('server/', '').replace('.ts', '.js'))].join(', ')}; ${(bytes / 1024).toFixed(0)} kB of JavaScript; fonts/${CJK_FONT_NAME})`,
);
