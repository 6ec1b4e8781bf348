// The API reference page, rendered at build time: Redocly's build-docs turns openapi/ into one HTML file with Redoc
// inlined (no CDN: a campus intranet reads it too), written to dist/api-docs/index.html with its brotli and gzip
// copies. The server sends it at /api-docs (server/plugins/web.ts); nothing of Redoc is installed in production.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { precompressDir } from './vite-plugin-precompress.ts';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'dist/api-docs');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// Its banners (Node support, Redoc 3) go to stderr: shown only when the command fails.
execFileSync(
  join(root, 'node_modules/.bin/redocly'),
  ['build-docs', 'openapi/openapi.yaml', '--inlineBundle', '--title', '接口文档 高校户籍业务办理 API', '-o', join(out, 'index.html')],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
precompressDir(out);
const kB = (f: string) => (statSync(join(out, f)).size / 1024).toFixed(0);
console.log(`API reference built: dist/api-docs/index.html (${kB('index.html')} kB, ${kB('index.html.br')} kB brotli)`);
