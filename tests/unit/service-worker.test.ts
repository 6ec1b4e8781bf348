// The service worker (public/sw.js) as the browser runs it, its events fired by hand: what it keeps, what it answers,
// and that a signed-in student's own /web/home (answered `private` for the page cookie) never becomes the kept page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const source = readFileSync(join(import.meta.dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'https://hukou.example.edu.cn';

type Answer = { ok: boolean; type: string; redirected: boolean; headers: Headers; body: string; clone(): Answer };
const page = (body: string, cacheControl: string): Answer => ({
  ok: true,
  type: 'basic',
  redirected: false,
  headers: new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl }),
  body,
  clone() {
    return this;
  },
});

function worker(server: (url: string, init?: { credentials?: string }) => Answer) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const kept = new Map<string, Answer>();
  const asked: { url: string; credentials?: string }[] = [];
  const cache = { put: async (key: string, answer: Answer) => void kept.set(key, answer) };
  const context = {
    self: {
      registration: { scope: `${ORIGIN}/web/` },
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
      skipWaiting: () => undefined,
      clients: { claim: async () => undefined, matchAll: async () => [] },
    },
    caches: { open: async () => cache, match: async (key: string) => kept.get(key), keys: async () => [], delete: async () => true },
    fetch: async (request: string | { url: string }, init?: { credentials?: string }) => {
      const url = typeof request === 'string' ? request : request.url;
      asked.push({ url, credentials: init?.credentials });
      return server(url, init);
    },
    URL,
  };
  vm.runInNewContext(source, context);

  /** A navigation (or another request) as the browser hands it over: what the worker answered, or undefined. */
  async function visit(path: string, mode = 'navigate'): Promise<Answer | undefined> {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Answer> | undefined;
    listeners.fetch!({
      request: { method: 'GET', mode, url: ORIGIN + path },
      respondWith: (p: Promise<Answer>) => (answer = p),
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    });
    const got = await answer;
    await Promise.all(waits);
    return got;
  }
  return { visit, kept, asked };
}

describe('the service worker', () => {
  it('never keeps a private page: a student’s own /web/home is asked for again without cookies, and that one is kept', async () => {
    // The server: with the page cookie (the browser's own navigation) the student's tiles, private; without, everyone's.
    const sw = worker((_url, init) =>
      init?.credentials === 'omit' ? page('everyone', 'no-cache') : page('tiles of 张思远', 'private, no-cache'),
    );
    const first = await sw.visit('/web/home');
    expect(first!.body).toBe('tiles of 张思远');
    expect(sw.kept.get(`${ORIGIN}/web/home`)!.body).toBe('everyone');
    expect(sw.asked.at(-1)).toEqual({ url: `${ORIGIN}/web/home`, credentials: 'omit' });

    // The next visit opens from the phone at once (the page everyone gets) and fetches the current one for the next.
    sw.asked.length = 0;
    expect((await sw.visit('/web/home?from=wechat'))!.body).toBe('everyone');
    expect(sw.asked).toEqual([{ url: `${ORIGIN}/web/home`, credentials: 'omit' }]);
  });

  it('keeps a page everyone gets as it came, by its path (a ticket in the query is not sent again)', async () => {
    const sw = worker(() => page('login', 'no-cache'));
    await sw.visit('/web/my?ticket=ST-1');
    expect([...sw.kept.keys()]).toEqual([`${ORIGIN}/web/my`]);
    expect(sw.asked).toEqual([{ url: `${ORIGIN}/web/my?ticket=ST-1`, credentials: undefined }]);
  });

  it('leaves the API, uploads, hashed assets and anything outside /web/ to the network', async () => {
    const sw = worker(() => page('x', 'no-cache'));
    for (const path of ['/api/userinfo', '/web/assets/index-abc123.js', '/web/sw.js', '/api-docs']) {
      expect(await sw.visit(path), path).toBeUndefined();
    }
    expect(await sw.visit('/web/home', 'cors')).toBeUndefined();
    expect(sw.asked).toEqual([]);
    expect(sw.kept.size).toBe(0);
  });
});
