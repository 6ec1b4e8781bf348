// The first screen's calls started by the page's boot script (shared/pages/boot-script.ts) and taken by the API client
// (src/api/early.ts): one request instead of two, for the same user only, and only while the page is fresh.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SCRIPT } from '@shared/pages/boot-script';
import { client, unwrap } from '@/api/client';
import { EARLY_GLOBAL, EARLY_TTL_MS } from '@shared/pages/page-data';
import { earlyPost } from '@shared/pages/shells';
import { json, sampleUser } from './helpers';

const SECTORS = { openSectors: [{ sectorCode: 2 }], tips: '请按时办理', yxStartTime: null, yxEndTime: null };

/** A fetch that answers the sectors and counts what it was asked, by URL and token. */
function network() {
  const calls: { url: string; token: string | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    const body = request.method === 'POST' ? ` ${await request.text()}` : '';
    calls.push({
      url: `${request.method === 'POST' ? 'POST ' : ''}${request.url}${body}`,
      token: request.headers.get('qhyhAuthorization'),
    });
    return json({ code: 200, msg: '查询成功', data: { ...SECTORS, asked: calls.length } });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/**
 * The page as the build writes it: its data block, then the boot script run as the browser runs it (its import of the
 * entry handed to a spy: the test runner's sandbox has no dynamic import for code it did not load itself).
 */
function boot(early?: string[]) {
  // The build leaves `early` out of a page that has none (scripts/vite-plugin-shell-html.ts).
  document.head.innerHTML = `<script type="application/json" id="app-boot">${JSON.stringify({ entry: '/web/assets/index-e1.js', preload: [], ...(early ? { early } : {}) })}</script>`;
  expect(BOOT_SCRIPT.match(/import\(b\.entry\)/g)).toHaveLength(1);
  const entry = vi.fn();
  new Function('importEntry', BOOT_SCRIPT.replace('import(b.entry)', 'importEntry(b.entry)'))(entry);
  // The entry is imported whether or not anything was asked early.
  expect(entry).toHaveBeenCalledWith('/web/assets/index-e1.js');
}

const sectors = () => unwrap(client.GET('/api/userOpenSector', { params: { query: { loginType: '1' } }, loading: false }));

beforeEach(() => {
  localStorage.clear();
  delete (globalThis as Record<string, unknown>)[EARLY_GLOBAL];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('calls a page starts before the app', () => {
  it('asks once for someone signed in, and the app’s same call takes that answer', async () => {
    localStorage.setItem('token', 'tok-7');
    localStorage.setItem('userInfo', JSON.stringify(sampleUser));
    const calls = network();
    boot(['/api/userOpenSector?loginType={loginType}', '/api/daily/hkkjy/getBorrowNumber?xh={nothing}']);
    // {loginType} from the stored user; a URL naming a value the user does not have is not asked.
    expect(calls).toEqual([{ url: `${location.origin}/api/userOpenSector?loginType=1`, token: 'Bearer tok-7' }]);

    const first = await sectors();
    expect(first).toMatchObject({ ok: true, data: { asked: 1 } });
    expect(calls).toHaveLength(1);
    // Taken once: the next call goes to the server.
    expect(await sectors()).toMatchObject({ ok: true, data: { asked: 2 } });
    expect(calls).toHaveLength(2);
  });

  it('asks a POST with its body, and only the app’s call with the same body takes that answer', async () => {
    localStorage.setItem('token', 'tok-7');
    localStorage.setItem('userInfo', JSON.stringify(sampleUser));
    const calls = network();
    const reasons = earlyPost('/api/dict/getSysDictByType', { dictType: 'qh_hkk_reason' });
    expect(reasons).toBe('POST /api/dict/getSysDictByType {"dictType":"qh_hkk_reason"}');
    boot([reasons]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const dictionary = (dictType: string) => unwrap(client.POST('/api/dict/getSysDictByType', { body: { dictType }, loading: false }));
    // Another body is another call: sent to the server, the early answer left for its own.
    expect(await dictionary('qh_hkk_kd')).toMatchObject({ ok: true, data: { asked: 2 } });
    expect(await dictionary('qh_hkk_reason')).toMatchObject({ ok: true, data: { asked: 1 } });
    expect(calls).toEqual([
      { url: `POST ${location.origin}/api/dict/getSysDictByType {"dictType":"qh_hkk_reason"}`, token: 'Bearer tok-7' },
      { url: `POST ${location.origin}/api/dict/getSysDictByType {"dictType":"qh_hkk_kd"}`, token: 'Bearer tok-7' },
    ]);
    // Taken once.
    expect(await dictionary('qh_hkk_reason')).toMatchObject({ ok: true, data: { asked: 3 } });
  });

  it('asks nothing when nobody is signed in', () => {
    const calls = network();
    boot(['/api/userOpenSector?loginType={loginType}']);
    expect(calls).toEqual([]);
    expect((globalThis as Record<string, unknown>)[EARLY_GLOBAL]).toBeUndefined();
  });

  it('does not read the stored session on a page without early calls (the sign-in page), even for someone signed in', () => {
    localStorage.setItem('token', 'tok-7');
    localStorage.setItem('userInfo', JSON.stringify(sampleUser));
    const calls = network();
    const read = vi.spyOn(localStorage, 'getItem');
    try {
      boot();
      expect(read).not.toHaveBeenCalled();
      boot(['/api/userOpenSector?loginType={loginType}']);
      expect(read).toHaveBeenCalledWith('token');
    } finally {
      read.mockRestore();
    }
    expect(calls).toHaveLength(1);
  });

  it('is not given to another user who signed in since', async () => {
    localStorage.setItem('token', 'tok-7');
    localStorage.setItem('userInfo', JSON.stringify(sampleUser));
    const calls = network();
    boot(['/api/userOpenSector?loginType={loginType}']);
    localStorage.setItem('token', 'tok-8');
    expect(await sectors()).toMatchObject({ ok: true, data: { asked: 2 } });
    expect(calls.map((c) => c.token)).toEqual(['Bearer tok-7', 'Bearer tok-8']);
  });

  it('is not used once the page is older than its time to live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    localStorage.setItem('token', 'tok-7');
    localStorage.setItem('userInfo', JSON.stringify(sampleUser));
    const calls = network();
    boot(['/api/userOpenSector?loginType={loginType}']);
    vi.setSystemTime(Date.now() + EARLY_TTL_MS + 1);
    expect(await sectors()).toMatchObject({ ok: true, data: { asked: 2 } });
    expect(calls).toHaveLength(2);
  });

  it('still gives up at the client’s timeout or a caller’s cancel while the early answer is on its way', async () => {
    localStorage.setItem('token', 'tok-7');
    localStorage.setItem('userInfo', JSON.stringify(sampleUser));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    boot(['/api/userOpenSector?loginType={loginType}']);
    const controller = new AbortController();
    const pending = unwrap(
      client.GET('/api/userOpenSector', { params: { query: { loginType: '1' } }, loading: false, signal: controller.signal }),
    );
    controller.abort();
    expect(await pending).toMatchObject({ ok: false });
  });
});
