import { vi } from 'vitest';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type Reply = unknown | ((request: Request) => Response | Promise<Response> | unknown);

/**
 * Stubs fetch with answers by "METHOD /path" or "/path" (query ignored). Plain values are sent
 * as JSON envelopes; functions get the Request. Unknown paths answer a 404 envelope.
 */
export function stubFetch(routes: Record<string, Reply>) {
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const reply = routes[`${request.method} ${url.pathname}`] ?? routes[url.pathname];
    if (reply === undefined) return json({ code: 404, msg: '不存在' }, 404);
    const value = typeof reply === 'function' ? await (reply as (r: Request) => unknown)(request) : reply;
    return value instanceof Response ? value : json(value);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The Requests fetch received for a path. */
export const requestsTo = (fetch: ReturnType<typeof stubFetch>, path: string) =>
  fetch.mock.calls.map(([r]) => r as Request).filter((r) => new URL(r.url).pathname === path);

export const sampleUser = {
  id: 7,
  xm: '张三',
  rylb: '0' as const,
  xh: '2023010101',
  gzzh: null,
  loginType: '1' as const,
  hyzkm: '10',
  zhxlm: '41',
  scfc: '0' as const,
  scfcmessage: null,
  hkIn: true,
  roles: ['user' as const],
};

/** Lets pending promises (fetch, middleware) settle. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Picks an option of a native select as a user does (the value changes, then `change` fires).
 * @testing-library/preact's fireEvent.change sends `input` under preact/compat, which a select
 * does not listen to.
 */
export function selectOption(select: HTMLElement, value: string) {
  (select as HTMLSelectElement).value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
