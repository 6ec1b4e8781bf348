// Serving the web app (/web/ with history fallback and cache headers), `/`, /openapi.json and /api-docs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../server/lib/openapi-doc.ts';
import webPlugin from '../../server/plugins/web.ts';

const dist = mkdtempSync(join(tmpdir(), 'hukou-web-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="app"></div><script type="module" src="/web/assets/index-abc123.js"></script>');
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');

async function webApp(distDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('openapi', loadDocument());
  await app.register(helmet);
  await app.register(webPlugin, { distDir });
  await app.ready();
  return app;
}

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

  it('renders /api-docs with Redoc served from this server; the CSP allows it there only', async () => {
    const page = await app.inject({ method: 'GET', url: '/api-docs' });
    expect(page.body).toContain('<redoc spec-url="/openapi.json"');
    expect(page.body).toContain('/api-docs/redoc.standalone.js');
    expect(page.headers['content-security-policy']).toContain("worker-src 'self' blob:");
    const js = await app.inject({ method: 'GET', url: '/api-docs/redoc.standalone.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect((await app.inject({ method: 'GET', url: '/web/' })).headers['content-security-policy']).not.toContain('blob:');
  });
});
