// The server for production: server/main.ts and the operator commands (server/cli/*.ts) bundled by esbuild into plain
// JavaScript under dist/server/, run with `node` (no tsx, no devDependency: packages stay external, installed by
// `npm ci --omit=dev`). Data files (migrations, the bundled contract, seed photos, dist/web) are read from the project
// root at run time (server/lib/paths.ts), so a release is the checkout plus dist/.
import { readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const cli = readdirSync(`${root}server/cli`).filter((f) => f.endsWith('.ts')).map((f) => `server/cli/${f}`);
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
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  // `node dist/server/main.js` starts in production unless NODE_ENV says otherwise (server/main.ts).
  define: { __HUKOU_BUILT__: 'true' },
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.entries(result.metafile.outputs).filter(([f]) => f.endsWith('.js')).reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(`server built: dist/server (${['main.js', ...cli.map((c) => c.replace('server/', '').replace('.ts', '.js'))].join(', ')}; ${(bytes / 1024).toFixed(0)} kB of JavaScript)`);
