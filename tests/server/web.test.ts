// Serving the web app (/web/ with history fallback and cache headers), `/`, /openapi.json and /api-docs.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import securityHeaders from '../../server/plugins/security-headers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../server/lib/openapi-doc.ts';
import compressionPlugin, { COMPRESS_THRESHOLD } from '../../server/plugins/compression.ts';
import { createHash } from 'node:crypto';
import webPlugin, { BOOT_SCRIPT_SOURCE } from '../../server/plugins/web.ts';
import { precompressDir } from '../../scripts/vite-plugin-precompress.ts';
import { writeShellPages } from '../../scripts/vite-plugin-shell-html.ts';
import { BOOT_SCRIPT } from '../../shared/pages/boot-script.ts';
import { HOME_CAROUSEL_FRAME, homeCarouselHtml, SHELL_PAGES } from '../../shared/pages/shells.ts';
import { HOME_SERVICES_FRAME, homeServicesHtml } from '../../shared/pages/home-tiles.ts';
import { PAGE_COOKIE } from '../../shared/pages/page-data.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createStaff } from './admin-helpers.ts';
import { createUser } from './service-helpers.ts';

const dist = mkdtempSync(join(tmpdir(), 'hukou-web-'));
mkdirSync(join(dist, 'assets'));
const INDEX = `<!doctype html><div id="app"></div><script type="module" src="/web/assets/index-abc123.js"></script>${'<!-- padding -->'.repeat(80)}`;
const SCRIPT = `console.log(${JSON.stringify('a build of the app '.repeat(100))})`;
writeFileSync(join(dist, 'index.html'), INDEX);
// A first-load page the build wrote (scripts/vite-plugin-shell-html.ts).
const LOGIN_PAGE = '<!doctype html><title>登录</title><div id="app"><div class="app-shell">…</div></div>';
writeFileSync(join(dist, 'login.html'), LOGIN_PAGE);
// A route's page under routes/ (/web/move-out/graduate): index.html with the screen's chunks preloaded.
const GRADUATE_PAGE = '<!doctype html><title>毕业生迁出</title><div id="app"></div>';
mkdirSync(join(dist, 'routes/move-out'), { recursive: true });
writeFileSync(join(dist, 'routes/move-out/graduate.html'), GRADUATE_PAGE);
writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
// What the build writes: a .br and a .gz copy of every text file (scripts/vite-plugin-precompress.ts).
precompressDir(dist);
// A picture has no compressed copy and is never compressed on the fly.
// The reference page build-docs writes (scripts/build-docs.ts): inline scripts only.
const docsDir = join(dist, 'api-docs');
mkdirSync(docsDir);
const DOCS_PAGE = `<!doctype html><html><head><script>window.redocReady = 1</script></head><body>${'<p>reference</p>'.repeat(200)}<script type="module">hydrate(document.body)</script></body></html>`;
writeFileSync(join(docsDir, 'index.html'), DOCS_PAGE);
precompressDir(docsDir);
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000, 7)]);
writeFileSync(join(dist, 'assets', 'logo-abc123.png'), PNG);

/** As buildApp registers them: compression before the routes, the web app last. */
async function webApp(distDir: string, docsDir = join(distDir, 'api-docs')): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('openapi', loadDocument());
  await app.register(securityHeaders, {});
  await app.register(compressionPlugin);
  await app.register(webPlugin, { distDir, docsDir });
  await app.ready();
  return app;
}

/** The body as the browser receives it after undoing Content-Encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  return res.rawPayload;
}
const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

let app: FastifyInstance;
let unbuilt: FastifyInstance;
beforeAll(async () => {
  app = await webApp(dist);
  unbuilt = await webApp(join(dist, 'missing'));
});
afterAll(async () => {
  await app?.close();
  await unbuilt?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('/web/', () => {
  it('`/` redirects to /web/', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/web/');
  });

  it('serves index.html with no-cache, and every route of the app falls back to it', async () => {
    for (const url of ['/web/', '/web/login', '/web/move-out/graduate?edit=1', '/web/feedback/add%20copy']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('id="app"');
    }
  });

  it('serves hashed assets as immutable for a year; a missing asset is a 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/web/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/web/assets/missing-123.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/web/favicon.ico' })).statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/web/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('says how to build when dist/web is missing', async () => {
    const res = await unbuilt.inject({ method: 'GET', url: '/web/login' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expect(res.body).toContain('前端尚未构建');
  });
});

describe('API reference', () => {
  it('serves the bundled document at /openapi.json', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('sends the page the build rendered at /api-docs (brotli copy included); the CSP allows its inline scripts there only', async () => {
    const page = await app.inject({ method: 'GET', url: '/api-docs', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(DOCS_PAGE);
    const csp = page.headers['content-security-policy'] as string;
    for (const script of ['window.redocReady = 1', 'hydrate(document.body)']) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(csp).toContain("worker-src 'self' blob:");
    expect((await app.inject({ method: 'GET', url: '/web/' })).headers['content-security-policy']).not.toContain('blob:');
  });

  it('says how to build the reference when it is not built, and still serves the contract', async () => {
    const bare = await webApp(dist, join(dist, 'no-docs'));
    const page = await bare.inject({ method: 'GET', url: '/api-docs' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    expect((await bare.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(200);
    await bare.close();
  });
});

describe('what a phone receives: compressed files and answers', () => {
  it("sends the build's brotli copy of an asset to a browser that accepts br, the gzip copy to one that accepts only gzip, the file itself otherwise; always with Vary", async () => {
    const url = '/web/assets/index-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(br)).toBe(true);
    expect(br.rawPayload.equals(readFileSync(join(dist, 'assets', 'index-abc123.js.br')))).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(decoded(br).toString()).toBe(SCRIPT);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varies(gz)).toBe(true);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(gz).toString()).toBe(SCRIPT);

    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain)).toBe(true);
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends index.html compressed and no-cache, for /web/ and for every route of the app', async () => {
    for (const url of ['/web/', '/web/my', '/web/move-out/postpone?edit=1']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(varies(res), url).toBe(true);
      // The copy written at build time, not a compression made per request.
      expect(res.rawPayload.equals(readFileSync(join(dist, 'index.html.br'))), url).toBe(true);
      expect(decoded(res).toString(), url).toBe(INDEX);
    }
    const gz = await app.inject({ method: 'GET', url: '/web/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('no-cache');
    expect(decoded(gz).toString()).toBe(INDEX);
  });

  it('never compresses a picture', async () => {
    const res = await app.inject({ method: 'GET', url: '/web/assets/logo-abc123.png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('compression of answers built per request', () => {
  let small: FastifyInstance;
  const big = { code: 200, msg: '查询成功', rows: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `通知公告 ${i}` })) };
  const file = Buffer.alloc(5000, 'a');
  let handled = 0;
  beforeAll(async () => {
    small = Fastify();
    await small.register(compressionPlugin);
    small.get('/big', async () => big);
    small.get('/small', async () => ({ code: 200, msg: '查询成功', data: 1 }));
    small.get('/pdf', async (_request, reply) => reply.type('application/pdf').send(file));
    small.get('/png', async (_request, reply) => reply.type('image/png').send(file));
    small.get('/zip', async (_request, reply) => reply.type('application/zip').send(file));
    small.post('/echo', async (request) => {
      handled++;
      return request.body;
    });
    await small.ready();
  });
  afterAll(async () => small?.close());

  it('compresses a JSON answer above 1 kB: brotli when accepted, else gzip, with Vary', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const br = await small.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    expect(JSON.parse(decoded(br).toString())).toEqual(big);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
    const gz = await small.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz).toString())).toEqual(big);
    const plain = await small.inject({ method: 'GET', url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
  });

  it('leaves an answer below 1 kB as it is', async () => {
    const res = await small.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ code: 200, msg: '查询成功', data: 1 });
  });

  it('never compresses PDFs, pictures or archives, whatever their size', async () => {
    for (const url of ['/pdf', '/png', '/zip']) {
      const res = await small.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.rawPayload.equals(file), url).toBe(true);
    }
  });

  it('does not inflate compressed request bodies (the API takes plain JSON)', async () => {
    handled = 0;
    const res = await small.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ a: 1 })),
    });
    expect(res.statusCode).toBe(400);
    expect(handled).toBe(0);
  });
});

describe('compression in the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('sends an API answer above 1 kB compressed and still true to the contract; a small one as it is', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/notice/announcement/list', headers: { 'accept-encoding': 'br, gzip' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(varies(list)).toBe(true);
    const body = JSON.parse(decoded(list).toString());
    expect(body.code).toBe(200);
    expect(body.rows.length).toBeGreaterThan(0);
    expect(decoded(list).length).toBeGreaterThan(COMPRESS_THRESHOLD);

    const visits = await t.app.inject({ method: 'GET', url: '/h5/fangwen', headers: { 'accept-encoding': 'br, gzip' } });
    expect(visits.headers['content-encoding']).toBeUndefined();
    expect(visits.json().code).toBe(200);
    t.assertContract();
  });

  it('sends a PDF download as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/common/download/example?fileName=hukou-qianyi-weituoshu-yangli.pdf',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    t.assertContract();
  });

  it('sends /openapi.json compressed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(res).toString()).openapi).toMatch(/^3\./);
  });
});

describe('first-load pages', () => {
  it('answers /web/login and /web/move-out/graduate with the pages written for them, other routes with index.html, all no-cache', async () => {
    const login = await app.inject({ method: 'GET', url: '/web/login', headers: { 'accept-encoding': 'br' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBe('br');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(decoded(login).toString()).toBe(LOGIN_PAGE);
    const query = await app.inject({ method: 'GET', url: '/web/login?redirect=1' });
    expect(query.body).toBe(LOGIN_PAGE);
    const graduate = await app.inject({ method: 'GET', url: '/web/move-out/graduate?step=form' });
    expect(graduate.body).toBe(GRADUATE_PAGE);
    expect(graduate.headers['cache-control']).toBe('no-cache');
    for (const url of [
      '/web/home',
      '/web/my',
      '/web/login/x',
      '/web/Login',
      '/web/move-out',
      '/web/move-out/graduate/x',
      '/web/routes/borrow',
      '/web/assets/x',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      if (url === '/web/assets/x') {
        expect(res.statusCode, url).toBe(404);
        continue;
      }
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("allows the pages' one inline script by its hash, in the whole app's Content-Security-Policy", async () => {
    expect(BOOT_SCRIPT_SOURCE).toBe(`'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`);
    // The docs give the source to operators who serve dist/web from another backend: it must be this one.
    expect(readFileSync(join(import.meta.dirname, '../../docs/performance.md'), 'utf8')).toContain(
      `script-src 'self' ${BOOT_SCRIPT_SOURCE}`,
    );
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/web/login' });
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(scriptSrc?.split(' ')).toEqual(["'self'", BOOT_SCRIPT_SOURCE]);
      // A file an operation may answer (shown in a tab) carries the page's policy too.
      const file = await t.app.inject({ method: 'GET', url: '/common/download/example' });
      expect(file.headers['content-security-policy']).toContain(BOOT_SCRIPT_SOURCE);
      expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      await t.close();
    }
  });

  it('an operation that answers only JSON sends an API’s security headers, none of a page’s', async () => {
    const t = await createTestApp();
    try {
      const json = await t.app.inject({ method: 'GET', url: '/h5/fangwen' });
      expect(json.headers['content-type']).toContain('application/json');
      expect(json.headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
      });
      expect(json.headers['strict-transport-security']).toContain('max-age=');
      for (const pageOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-xss-protection',
        'x-download-options',
      ])
        expect(json.headers[pageOnly], pageOnly).toBeUndefined();
      // Its refusals too (a 401 from a signed-in operation).
      const refused = await t.app.inject({ method: 'POST', url: '/api/userinfo', payload: {} });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    } finally {
      await t.close();
    }
  });

  it("the build inlines the entry's styles and writes a page per first-load route with its frame, its screen's chunks and its screen's rules", () => {
    const out = mkdtempSync(join(tmpdir(), 'hukou-shell-'));
    try {
      mkdirSync(join(out, '.vite'));
      mkdirSync(join(out, 'assets'));
      const manifest = {
        'index.html': { file: 'assets/index-e1.js', isEntry: true, css: ['assets/index-c1.css'] },
        'src/features/auth/login-page.tsx': {
          file: 'assets/login-page-l1.js',
          isDynamicEntry: true,
          imports: ['index.html', '_forms-f1.js'],
        },
        // Shared by the forms, and loading a screen of its own on a condition (a refusal), with its stylesheet.
        '_forms-f1.js': {
          file: 'assets/forms-f1.js',
          imports: ['index.html'],
          dynamicImports: ['src/components/service-form/service-refusal.tsx'],
        },
        'src/components/service-form/service-refusal.tsx': {
          file: 'assets/refusal-r1.js',
          isDynamicEntry: true,
          imports: ['index.html'],
          css: ['assets/refusal-r1.css'],
        },
        'src/features/home/home-page.tsx': {
          file: 'assets/home-page-h1.js',
          isDynamicEntry: true,
          imports: ['index.html'],
          css: ['assets/home-page-h1.css'],
        },
        'src/app/app-tab-bar.tsx': { file: 'assets/app-tab-bar-t1.js', isDynamicEntry: true, imports: ['index.html'] },
        'src/app/screen-table.ts': {
          file: 'assets/screen-table-s1.js',
          isDynamicEntry: true,
          imports: ['index.html'],
          dynamicImports: ['src/features/move-out/screens.ts', 'src/features/borrow/borrow-page.tsx'],
        },
        // A route's screen, what it loads next (its form, with a stylesheet), and the console, which a phone never opens.
        'src/features/borrow/borrow-page.tsx': {
          file: 'assets/borrow-page-b1.js',
          isDynamicEntry: true,
          imports: ['index.html', '_forms-f1.js'],
          dynamicImports: ['src/features/borrow/borrow-form.tsx', 'src/console/admin-app.tsx'],
        },
        'src/features/borrow/borrow-form.tsx': {
          file: 'assets/borrow-form-b2.js',
          isDynamicEntry: true,
          imports: ['index.html', '_forms-f1.js'],
          dynamicImports: ['src/features/borrow/borrow-schema.ts'],
          css: ['assets/borrow-form-b2.css'],
        },
        'src/features/borrow/borrow-schema.ts': { file: 'assets/borrow-schema-b3.js', isDynamicEntry: true, imports: ['index.html'] },
        'src/console/admin-app.tsx': { file: 'assets/admin-app-a1.js', isDynamicEntry: true, imports: ['index.html'] },
        // A screen reached through its feature's list of screens.
        'src/features/move-out/screens.ts': {
          file: 'assets/screens-m0.js',
          isDynamicEntry: true,
          imports: ['index.html'],
          dynamicImports: ['src/features/move-out/move-out-form-page.tsx'],
        },
        'src/features/move-out/move-out-form-page.tsx': {
          file: 'assets/move-out-form-page-m1.js',
          isDynamicEntry: true,
          imports: ['index.html'],
        },
        ...Object.fromEntries(
          ['auth/register-page', 'auth/forget-page', 'announcement/announcement-page', 'my/my-page'].map((screen) => [
            `src/features/${screen}.tsx`,
            { file: `assets/${screen.split('/')[1]}-x1.js`, isDynamicEntry: true, imports: ['index.html', '_forms-f1.js'] },
          ]),
        ),
      };
      writeFileSync(join(out, '.vite/manifest.json'), JSON.stringify(manifest));
      writeFileSync(
        join(out, 'assets/index-c1.css'),
        'body{--tile:red;--unused:blue}.app-header{color:#fff}.home-tile{color:red}.weui-input{x:y}',
      );
      // The words of the scripts decide which rules a page inlines; the screens' own stylesheets read properties too.
      for (const [file, text] of Object.entries({
        'index-e1.js': 'export{}',
        'login-page-l1.js': 'h("input",{class:"weui-input"})',
        'forms-f1.js': 'export{}',
        'refusal-r1.js': 'export{}',
        'home-page-h1.js': 'h("li",{class:"home-tile"})',
        'home-page-h1.css': '.home-tile__icon{color:var(--tile)}',
        'app-tab-bar-t1.js': 'export{}',
        'screen-table-s1.js': 'export{}',
        'register-page-x1.js': 'export{}',
        'forget-page-x1.js': 'export{}',
        'announcement-page-x1.js': 'export{}',
        'my-page-x1.js': 'export{}',
      })) {
        writeFileSync(join(out, 'assets', file), text);
      }
      writeFileSync(
        join(out, 'index.html'),
        '<!doctype html><html><head><title>高校户籍业务办理</title>\n' +
          '<script type="module" crossorigin src="/web/assets/index-e1.js"></script>\n' +
          '<link rel="stylesheet" crossorigin href="/web/assets/index-c1.css">\n</head><body><div id="app"></div></body></html>',
      );
      // The pages without a frame written in shared/pages/shells.ts carry the app's own render of their route (renderPages).
      const rendered = Object.fromEntries(
        Object.entries(SHELL_PAGES)
          .filter(([, page]) => page.html === undefined)
          .map(([name]) => [
            name,
            `<div class="app-shell"><header class="app-header"></header><input class="weui-input" name="${name}"></div>`,
          ]),
      );
      expect(() => writeShellPages(out, '/web/')).toThrow(/no markup for login\.html/);
      const routes = {
        '/borrow': { title: '借用户口卡', module: 'src/features/borrow/borrow-page.tsx' },
        '/move-out/graduate': { title: '毕业生迁出', module: 'src/features/move-out/move-out-form-page.tsx' },
      };
      expect(writeShellPages(out, '/web/', rendered, routes)).toEqual([
        'index.html',
        'routes/borrow.html',
        'routes/move-out/graduate.html',
        'login.html',
        'register.html',
        'forget.html',
        'announcement.html',
        'my.html',
        'home.html',
      ]);

      const index = readFileSync(join(out, 'index.html'), 'utf8');
      expect(index).not.toContain('<link rel="stylesheet"');
      expect(index).not.toContain('src="/web/assets/index-e1.js"');
      expect(index).toContain('<style>body{--tile:red;--unused:blue}.app-header{color:#fff}.home-tile{color:red}.weui-input{x:y}</style>');
      expect(index).toContain(`<script>${BOOT_SCRIPT}</script>`);
      const boot = (html: string) => JSON.parse(/<script type="application\/json" id="app-boot">(.*?)<\/script>/.exec(html)![1]!);
      // index.html answers every other route: it fetches the table of the other screens with the entry.
      expect(boot(index)).toEqual({ entry: '/web/assets/index-e1.js', preload: ['/web/assets/screen-table-s1.js'] });
      expect(index).toContain('<div id="app"></div>');

      const login = readFileSync(join(out, 'login.html'), 'utf8');
      expect(login).toContain('<title>登录</title>');
      // Hydrated by the app (src/main.tsx): data-hydrate.
      expect(login).toContain(`<div id="app" data-hydrate>${rendered.login}</div>`);
      // Only the rules its screen can use, and the whole stylesheet for after it.
      expect(login).toContain('<style>.app-header{color:#fff}.weui-input{x:y}</style>');
      expect(boot(login)).toEqual({
        entry: '/web/assets/index-e1.js',
        preload: ['/web/assets/login-page-l1.js', '/web/assets/forms-f1.js'],
        styles: ['/web/assets/index-c1.css'],
      });

      // A screen of the table comes with the table, both preloaded.
      expect(boot(readFileSync(join(out, 'register.html'), 'utf8')).preload).toEqual([
        '/web/assets/screen-table-s1.js',
        '/web/assets/register-page-x1.js',
        '/web/assets/forms-f1.js',
      ]);

      const home = readFileSync(join(out, 'home.html'), 'utf8');
      expect(home).toContain('<title>办事服务</title>');
      expect(boot(home).preload).toEqual(['/web/assets/home-page-h1.js', '/web/assets/app-tab-bar-t1.js']);
      // Signed in, the boot script asks for the tiles' sectors while the scripts travel.
      expect(boot(home).early).toEqual(SHELL_PAGES.home!.early);

      // A route's page: index.html with its title, the table, the screen, what the screen loads next (not the
      // console), that one's stylesheet, and the screen's first calls (shared/pages/shells.ts ROUTE_EARLY).
      const borrow = readFileSync(join(out, 'routes/borrow.html'), 'utf8');
      expect(borrow).toContain('<title>借用户口卡</title>');
      expect(boot(borrow)).toEqual({
        entry: '/web/assets/index-e1.js',
        preload: [
          '/web/assets/screen-table-s1.js',
          '/web/assets/borrow-page-b1.js',
          '/web/assets/forms-f1.js',
          '/web/assets/borrow-form-b2.js',
        ],
        early: [
          '/api/daily/hkkjy/getBorrowNumber',
          'POST /api/dict/getSysDictByType {"dictType":"qh_hkk_reason"}',
          'POST /api/dict/getSysDictByType {"dictType":"qh_hkk_kd"}',
          '/api/daily/hkkjy/getDateList',
        ],
      });
      expect(borrow).toContain('<link rel="preload" as="style" href="/web/assets/borrow-form-b2.css">');
      expect(borrow).toContain('<style>body{--tile:red;--unused:blue}');
      // The entry first, the screen's chunks after it, in the page's order; then, at low priority, what the screen's
      // parts load on a condition (a refusal), without its stylesheet held up front.
      const links = [...borrow.matchAll(/<link rel="modulepreload" crossorigin (fetchpriority="low" )?href="([^"]+)">/g)];
      expect(links.map((m) => m[2])).toEqual(['/web/assets/index-e1.js', ...boot(borrow).preload, '/web/assets/refusal-r1.js']);
      expect(links.map((m) => Boolean(m[1]))).toEqual([false, ...boot(borrow).preload.map(() => false), true]);
      expect(borrow).not.toContain('refusal-r1.css');
      expect(boot(readFileSync(join(out, 'routes/move-out/graduate.html'), 'utf8')).preload).toEqual([
        '/web/assets/screen-table-s1.js',
        '/web/assets/screens-m0.js',
        '/web/assets/move-out-form-page-m1.js',
      ]);
      expect(home).toContain('<style>body{--tile:red}.app-header{color:#fff}.home-tile{color:red}</style>');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('/web/home with its banners', () => {
  let t: TestApp;
  const built = mkdtempSync(join(tmpdir(), 'hukou-home-'));
  // home.html as the build writes it (scripts/vite-plugin-shell-html.ts): the frame of shared/pages/shells.ts in #app.
  const HOME_PAGE = `<!doctype html><html><head><title>办事服务</title>\n  </head><body><div id="app">${SHELL_PAGES.home!.html}</div></body></html>`;
  writeFileSync(join(built, 'index.html'), INDEX);
  writeFileSync(join(built, 'home.html'), HOME_PAGE);
  precompressDir(built);
  beforeAll(async () => {
    t = await createTestApp({ webDir: built });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(built, { recursive: true, force: true });
  });
  const dataOf = (html: string) => {
    const blocks = [...html.matchAll(/<script type="application\/json" id="home-banners">(.*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    return JSON.parse(blocks[0]![1]!);
  };

  it('carries the banners pre-rendered in the carousel and as data, compressed, no-cache, with an ETag that answers 304', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/system/banner/list' });
    const banners = list.json().data;
    expect(banners.length).toBeGreaterThan(1);
    const res = await t.app.inject({ method: 'GET', url: '/web/home', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(varies(res)).toBe(true);
    const html = decoded(res).toString();
    expect(html).toContain(homeCarouselHtml(banners));
    expect(html).not.toContain(HOME_CAROUSEL_FRAME);
    expect(dataOf(html)).toEqual(banners);
    expect(html.indexOf('id="home-banners"')).toBeLessThan(html.indexOf('</head>'));
    // The same page for every encoding.
    const gzip = await t.app.inject({ method: 'GET', url: '/web/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).toString()).toBe(html);
    const plain = await t.app.inject({ method: 'GET', url: '/web/home', headers: { 'accept-encoding': 'br;q=0, identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    const again = await t.app.inject({
      method: 'GET',
      url: '/web/home',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Each encoding is a representation with an ETag of its own.
    expect(new Set([res.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('follows a change of the banners at once; no text of a banner can break out of its attribute or the data block', async () => {
    const [first] = await t.app.repos.banners.listEnabled();
    const hostile = '</script><script>alert(1)</script>" onerror="alert(2)';
    await t.app.repos.banners.update(first!.id, { title: hostile });
    const html = (await t.app.inject({ method: 'GET', url: '/web/home' })).body;
    expect(html).not.toContain('<script>alert(1)');
    const carousel = html.slice(html.indexOf('<section class="home-carousel"'), html.indexOf('</section>'));
    expect(carousel).not.toContain('" onerror=');
    expect(carousel).toContain('alt="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot; onerror=&quot;alert(2)"');
    expect(dataOf(html)[0].title).toBe(hostile);
  });

  it('is the built home.html when no banner is shown', async () => {
    for (const b of await t.app.repos.banners.all()) await t.app.repos.banners.update(b.id, { enabled: false });
    const res = await t.app.inject({ method: 'GET', url: '/web/home', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(decoded(res).toString()).toBe(HOME_PAGE);
  });
});

describe('/web/home with the tiles of the page cookie', () => {
  let t: TestApp;
  const built = mkdtempSync(join(tmpdir(), 'hukou-tiles-'));
  const early = `,"early":${JSON.stringify(SHELL_PAGES.home!.early)}`;
  // As the build writes it: the boot block lists the tiles' early call.
  const HOME_PAGE =
    `<!doctype html><html><head><title>办事服务</title><script type="application/json" id="app-boot">{"entry":"/web/assets/i.js"${early}}</script>\n  </head>` +
    `<body><div id="app">${SHELL_PAGES.home!.html}</div></body></html>`;
  writeFileSync(join(built, 'index.html'), INDEX);
  writeFileSync(join(built, 'home.html'), HOME_PAGE);
  precompressDir(built);
  beforeAll(async () => {
    t = await createTestApp({ webDir: built });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(built, { recursive: true, force: true });
  });
  const home = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/web/home', headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
  const sectorsBlock = (html: string) => /<script type="application\/json" id="home-sectors">(.*?)<\/script>/.exec(html)?.[1];

  it("a student's cookie gets that student's tiles and tips pre-rendered, the sectors as data and no early call; private, varying by cookie", async () => {
    const student = await createUser(t);
    const answer = (await t.json({ method: 'GET', url: '/api/userOpenSector?loginType=1', token: student.token })).body.data;
    const res = await home(`hk_device=x; ${PAGE_COOKIE}=${student.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    const html = decoded(res).toString();
    expect(html).not.toContain(HOME_SERVICES_FRAME);
    expect(html).toContain(homeServicesHtml(answer));
    expect(html).toMatch(/<a href="\/web\/[a-z-]+" class="home-tile/);
    expect(JSON.parse(sectorsBlock(html)!)).toEqual(answer);
    expect(html).not.toContain('"early"');
    expect(html).toContain('"entry":"/web/assets/i.js"');
    // Its ETag answers 304 to the same student.
    const again = await t.app.inject({
      method: 'GET',
      url: '/web/home',
      headers: { 'accept-encoding': 'br', cookie: `${PAGE_COOKIE}=${student.token}`, 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('no cookie, an unknown or signed-out token, a staff token, a junk or oversized value: the page everyone gets, with its early call', async () => {
    const student = await createUser(t);
    await t.json({ method: 'POST', url: '/api/logout', token: student.token });
    const staff = await createStaff(t, 'staff');
    for (const cookie of [
      undefined,
      `${PAGE_COOKIE}=${'A'.repeat(43)}`,
      `${PAGE_COOKIE}=${student.token}`,
      `${PAGE_COOKIE}=${staff.token}`,
      `${PAGE_COOKIE}=%00<script>`,
      `${PAGE_COOKIE}=${'x'.repeat(5000)}`,
    ]) {
      const res = await home(cookie);
      expect(res.statusCode, cookie).toBe(200);
      const html = decoded(res).toString();
      expect(sectorsBlock(html), cookie).toBeUndefined();
      expect(html, cookie).toContain(HOME_SERVICES_FRAME);
      expect(html, cookie).toContain(early);
      expect(res.headers['cache-control'], cookie).toBe('no-cache');
    }
  });

  it('the cookie is no API credential, and its value is never logged', async () => {
    const student = await createUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/userOpenSector?loginType=1',
      headers: { cookie: `${PAGE_COOKIE}=${student.token}` },
    });
    expect(res.statusCode).toBe(401);
    await home(`${PAGE_COOKIE}=${student.token}`);
    expect(t.logLines().some((line) => line.includes(student.token))).toBe(false);
  });

  it('leaves no file open behind a page it built (the built home.html was opened, unsent, by every request before)', async () => {
    const student = await createUser(t);
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    for (let i = 0; i < 100; i++) {
      await home(i % 2 ? `${PAGE_COOKIE}=${student.token}` : undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(open() - before).toBeLessThan(10);
  });
});
