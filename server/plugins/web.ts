// The web app at /web/ (history fallback to index.html), `/` → /web/, the bundled document at /openapi.json
// and the API reference at /api-docs: one page rendered by the build (scripts/build-docs.ts, Redocly's build-docs with
// Redoc inlined, so an intranet without the Redocly CDN reads it too).
import { createHash } from 'node:crypto';
import { join, sep } from 'node:path';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { BOOT_SCRIPT } from '../../shared/pages/boot-script.ts';
import { HOME_SERVICES_FRAME, homeServicesHtml, type SectorsAnswer } from '../../shared/pages/home-tiles.ts';
import { PAGE_COOKIE } from '../../shared/pages/page-data.ts';
import {
  HOME_CAROUSEL_FRAME,
  homeBannersData,
  homeCarouselHtml,
  homeSectorsData,
  ROUTE_PAGES_DIR,
  SHELL_PAGES,
} from '../../shared/pages/shells.ts';
import { readCookie } from '../lib/device-cookie.ts';
import { projectRoot } from '../lib/paths.ts';
import { hashPresentedToken, TOKEN_MAX_LENGTH } from '../services/sessions.ts';
import { brotli, gzip } from '../lib/text-compression.ts';
import { bannerWire } from '../routes/common/wire.ts';

/** The Content-Security-Policy source that allows the pages' one inline script (shared/pages/boot-script.ts). */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const root = `${projectRoot}/`;
export const webDist = `${root}dist/web`;
export const docsDist = `${root}dist/api-docs`;

const NOT_BUILT = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>前端尚未构建</title>
<body style="font-family:sans-serif;padding:2em;line-height:1.6"><h1>前端尚未构建 The web app is not built</h1>
<p>请先在项目目录运行 <code>npm run build</code>，然后重新启动服务。</p>
<p>Run <code>npm run build</code> in the project directory, then restart the server.</p>
<p>接口文档 API reference: <a href="/api-docs">/api-docs</a></p></body></html>`;

const DOCS_NOT_BUILT = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>接口文档尚未构建</title>
<body style="font-family:sans-serif;padding:2em;line-height:1.6"><h1>接口文档尚未构建 The API reference is not built</h1>
<p>请先在项目目录运行 <code>npm run build</code>。契约本身见 <a href="/openapi.json">/openapi.json</a>。</p>
<p>Run <code>npm run build</code>; the contract itself is at <a href="/openapi.json">/openapi.json</a>.</p></body></html>`;

/** CSP sources for every inline script of a built page: the reference page's scripts are all inline. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => m[1]!.length > 0)
    .map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
}

const docsCsp = (scripts: string[]) => ({
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'blob:', ...scripts],
    workerSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    upgradeInsecureRequests: null,
  },
});

/** The encoding of an answer: brotli or gzip as the request accepts them (a q of 0 refuses), else none. */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(q))
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

interface BuiltPage {
  key: string;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Pages of /web/home built and compressed, one per list of banners and answer of sectors, at most this many. */
const HOME_VARIANTS = 64;

/**
 * /web/home as the server knows it: home.html with the carousel pre-rendered and the banners as a data block, so the
 * largest picture paints with the page's first frame; and for a phone whose page cookie (shared/pages/page-data.ts
 * PAGE_COOKIE) names a live student session, that student's tiles and tips pre-rendered, with the sectors as a data
 * block and no early call for them: a cold visit shows tappable tiles before any script. Each variant is built once
 * (lib/text-compression.ts, as the build compresses; a person type's answer is the same for everyone of that type) and
 * answered with an ETag. Without banners or tiles, or when they cannot be read, the built home.html goes out as it is.
 */
function homePage(app: FastifyInstance, template: string) {
  const built = new Map<string, BuiltPage>();
  const early = SHELL_PAGES.home?.early?.length ? `,"early":${JSON.stringify(SHELL_PAGES.home.early)}` : null;

  async function sectorsOf(request: FastifyRequest): Promise<SectorsAnswer | null> {
    const token = readCookie(request, PAGE_COOKIE);
    if (!token || token.length > TOKEN_MAX_LENGTH) return null;
    const user = await app.services.sessions.resolve(hashPresentedToken(token));
    if (user?.role !== 'user') return null;
    const found = await app.repos.users.withHousehold(user.id);
    return found ? app.services.sectors.openSectors(found.user, found.household) : null;
  }

  // Answers whether it sent the page. (Not the reply: a reply is a thenable, and awaiting it gives undefined once sent.)
  return async function send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const [banners, sectors] = await Promise.all([
      app.repos.banners.listEnabled().then(
        (rows) => rows.map(bannerWire),
        (err: unknown) => {
          request.log.warn({ err }, 'home page sent without its banners');
          return [];
        },
      ),
      sectorsOf(request).catch((err: unknown) => {
        request.log.warn({ err }, 'home page sent without its tiles');
        return null;
      }),
    ]);
    // Personal or not, the answer depends on the cookie: no shared cache keeps one person's page for another.
    reply.header('vary', 'accept-encoding, cookie');
    if (banners.length === 0 && !sectors) return false;
    const key = JSON.stringify([banners, sectors]);
    let page = built.get(key);
    if (!page) {
      let html = template;
      if (banners.length) {
        html = html.replace(HOME_CAROUSEL_FRAME, homeCarouselHtml(banners)).replace('</head>', `  ${homeBannersData(banners)}\n  </head>`);
      }
      if (sectors) {
        html = html.replace(HOME_SERVICES_FRAME, homeServicesHtml(sectors)).replace('</head>', `  ${homeSectorsData(sectors)}\n  </head>`);
        if (early) html = html.replace(early, '');
      }
      const identity = Buffer.from(html);
      page = {
        key,
        etag: `h${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}`,
        identity,
        br: brotli(identity),
        gzip: gzip(identity),
      };
      if (built.size >= HOME_VARIANTS) built.delete(built.keys().next().value!);
      built.set(key, page);
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    // One ETag per encoding, as for the built files: each is a representation of its own.
    const etag = `"${page.etag}${encoding ? `-${encoding}` : ''}"`;
    reply.header('cache-control', sectors ? 'private, no-cache' : 'no-cache').header('etag', etag);
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
      reply.status(304).send();
      return true;
    }
    reply.type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    reply.send(encoding ? page[encoding] : page.identity);
    return true;
  };
}

export default async function webPlugin(app: FastifyInstance, opts: { distDir?: string; docsDir?: string }) {
  const dist = opts.distDir ?? webDist;
  const docs = opts.docsDir ?? docsDist;
  // Gives reply.sendFile to every route; files are named with an explicit root where sent. preCompressed: a file's
  // .br or .gz copy written by the build (scripts/vite-plugin-precompress.ts) is sent as it is when the browser accepts
  // it (Content-Encoding, Vary: accept-encoding); without a copy the file goes out as it is, or compressed on the fly
  // by @fastify/compress (server/app.ts) when it is text.
  await app.register(fastifyStatic, { root: docs, serve: false, cacheControl: false, preCompressed: true });
  app.get('/', async (_request, reply) => reply.redirect('/web/'));

  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(JSON.stringify(app.openapi.raw)),
  );
  if (existsSync(`${docs}/index.html`)) {
    const csp = docsCsp(inlineScriptHashes(readFileSync(`${docs}/index.html`, 'utf8')));
    app.get('/api-docs', { helmet: { contentSecurityPolicy: csp } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html', docs),
    );
  } else {
    app.get('/api-docs', async (_request, reply) =>
      reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(DOCS_NOT_BUILT),
    );
  }

  if (!existsSync(`${dist}/index.html`)) {
    const notBuilt = async (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    app.get('/web', notBuilt);
    app.get('/web/*', notBuilt);
    return;
  }

  // Pages the build wrote for first-load routes (login.html, home.html: the screen's frame pre-rendered): /web/login
  // answers login.html. Pages for the other routes (routes/borrow.html, routes/move-out/graduate.html: the screen's
  // chunks preloaded): /web/move-out/graduate answers routes/move-out/graduate.html. Any other path: index.html.
  const shellPages = new Set(
    readdirSync(dist)
      .filter((f) => f.endsWith('.html') && f !== 'index.html')
      .map((f) => f.slice(0, -'.html'.length)),
  );
  const routesDir = join(dist, ROUTE_PAGES_DIR);
  const routePages = new Set(
    existsSync(routesDir)
      ? readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.html'))
          .map((f) => f.slice(0, -'.html'.length).split(sep).join('/'))
      : [],
  );
  const pageFor = (name: string) =>
    shellPages.has(name) ? `${name}.html` : routePages.has(name) ? `${ROUTE_PAGES_DIR}/${name}.html` : 'index.html';
  const homeTemplate = shellPages.has('home') ? readFileSync(`${dist}/home.html`, 'utf8') : '';
  const sendHome = homeTemplate.includes(HOME_CAROUSEL_FRAME) ? homePage(app, homeTemplate) : null;

  await app.register(
    async (web) => {
      await web.register(fastifyStatic, {
        root: dist,
        prefix: '/',
        decorateReply: false,
        cacheControl: false,
        redirect: true,
        preCompressed: true,
        // `path` is the file sent: index.html.br stays an HTML page for caching.
        setHeaders(reply, sent) {
          const path = sent.replace(/\.(?:br|gz)$/, '');
          // The service worker's script too: a release's worker reaches the phones at their next visit.
          if (path.endsWith('.html') || path.endsWith('/sw.js')) reply.header('cache-control', 'no-cache');
          else if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
          else reply.header('cache-control', 'public, max-age=3600');
        },
      });
      // History fallback: a route of the app (no file extension) answers index.html.
      web.setNotFoundHandler(async (request, reply) => {
        const path = request.url.split('?')[0]!;
        if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send({ code: 404, msg: '接口不存在' });
        if (/\/assets\/|\.[A-Za-z0-9]{1,8}$/.test(path)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        const name = path.slice('/web/'.length);
        if (name === 'home' && sendHome && (await sendHome(request, reply))) return reply;
        return reply.header('cache-control', 'no-cache').sendFile(pageFor(name), dist);
      });
    },
    { prefix: '/web' },
  );
}
