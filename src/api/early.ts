import { EARLY_GLOBAL, EARLY_TTL_MS } from '@shared/pages/page-data';

interface EarlyCalls {
  token: string;
  at: number;
  calls: Record<string, Promise<Response>>;
}

/** The key of a call in the boot script's list: a GET by its URL, a POST by its URL and body (shared/pages/boot-script.ts). */
const keyOf = (request: Request, body: string) => (request.method === 'GET' ? request.url : `POST ${request.url} ${body}`);

/**
 * The answer to `request`: the one the page's boot script already asked for (shared/pages/boot-script.ts), taken once,
 * when it is the very same call (a GET of the same URL, a POST of the same URL and body) for the same token, within
 * EARLY_TTL_MS of the page's start; otherwise `fetch(request)`. The request's own signal (the client's timeout, a
 * caller's cancel) still ends the wait.
 */
export function answerEarly(request: Request, fetch: (request: Request) => Promise<Response>): Promise<Response> {
  const early = (globalThis as { [EARLY_GLOBAL]?: EarlyCalls })[EARLY_GLOBAL];
  if (!early || (request.method !== 'GET' && request.method !== 'POST')) return fetch(request);
  const asked = (key: string) => (request.method === 'GET' ? key === request.url : key.startsWith(`POST ${request.url} `));
  if (!Object.keys(early.calls).some(asked)) return fetch(request);
  // A POST is known by its body too: read from a copy, the request itself is sent untouched when it is not the same.
  const body = request.method === 'GET' ? Promise.resolve('') : request.clone().text();
  return body.then((text) => {
    const key = keyOf(request, text);
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
  });
}
