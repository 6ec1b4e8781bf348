import { EARLY_GLOBAL, EARLY_TTL_MS } from '@shared/pages/page-data';

interface EarlyCalls {
  token: string;
  at: number;
  calls: Record<string, Promise<Response>>;
}

/**
 * The answer to `request`: the one the page's boot script already asked for (shared/pages/boot-script.ts), taken once,
 * when it is the very same call (a GET of the same URL, a POST of the same URL and body) for the same token, within
 * EARLY_TTL_MS of the page's start; otherwise `fetch(request)`. The request's own signal (the client's timeout, a
 * caller's cancel) still ends the wait.
 */
export function answerEarly(request: Request, fetch: (request: Request) => Promise<Response>): Promise<Response> {
  const early = (globalThis as { [EARLY_GLOBAL]?: EarlyCalls })[EARLY_GLOBAL];
  if (!early) return fetch(request);
  /** The boot script's call under `key` (its list's keys: a GET's URL, `POST <url> <body>`), or the request sent. */
  const take = (key: string): Promise<Response> => {
    const call = early.calls[key];
    if (!call) return fetch(request);
    delete early.calls[key];
    if (Date.now() - early.at > EARLY_TTL_MS || request.headers.get('qhyhAuthorization') !== `Bearer ${early.token}`) return fetch(request);
    const { signal } = request;
    return new Promise<Response>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      call.then(resolve, reject);
    });
  };
  if (request.method === 'GET') return take(request.url);
  const prefix = `POST ${request.url} `;
  if (request.method !== 'POST' || !Object.keys(early.calls).some((key) => key.startsWith(prefix))) return fetch(request);
  // A POST is known by its body too: read from a copy, so that the request itself goes out untouched when it differs.
  return request
    .clone()
    .text()
    .then((body) => take(prefix + body));
}
