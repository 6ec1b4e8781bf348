import { EARLY_GLOBAL, EARLY_TTL_MS } from '@shared/pages/page-data';

interface EarlyCalls {
  token: string;
  at: number;
  calls: Record<string, Promise<Response>>;
}

/**
 * The answer to `request` that the page's boot script already asked for (shared/pages/boot-script.ts), taken once: a GET of
 * the very same URL, for the same token, within EARLY_TTL_MS of the page's start. Otherwise undefined (the client
 * fetches). The request's own signal (the client's timeout, a caller's cancel) still ends the wait.
 */
export function takeEarly(request: Request): Promise<Response> | undefined {
  const early = (globalThis as { [EARLY_GLOBAL]?: EarlyCalls })[EARLY_GLOBAL];
  if (!early || request.method !== 'GET') return undefined;
  const call = early.calls[request.url];
  if (!call) return undefined;
  delete early.calls[request.url];
  if (Date.now() - early.at > EARLY_TTL_MS || request.headers.get('qhyhAuthorization') !== `Bearer ${early.token}`) return undefined;
  const { signal } = request;
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    call.then(resolve, reject);
  });
}
