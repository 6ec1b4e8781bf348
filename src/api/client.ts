import type { Client } from 'openapi-fetch';
import type { paths } from './schema';
import type { ApiFailure, ApiResult, FieldError } from './types';
import { ADMIN_TOKEN, clearSession, readStorage, setAdminToken } from '@/stores/session';
import { alertDialog, $dialogs, showToast, SHORT_TOAST_MS, startLoading, stopLoading } from '@/stores/ui';
import { currentAppPath, navigateApp } from '@/lib/nav';

export type { ApiFailure, ApiResult, ApiSuccess, FieldError, IdempotencyHeader, Schemas, UserInfo } from './types';
export { toldByClient } from './failures';

/** Spec §9. */
export const REQUEST_TIMEOUT_MS = 120_000;
export const REDIRECT_DELAY_MS = 1500;
export const NETWORK_ERROR = '网络错误';
/** Code of the failure produced when the server could not be reached. */
export const NETWORK_FAILURE_CODE = -1;

/**
 * Per-call options, passed next to `params`/`body`:
 * `client.GET('/api/qianchu/check', { params, loading: false })`.
 */
export interface CallOptions {
  /** false: the call runs without the loading indicator (the move-out check). */
  loading?: boolean;
  /** true: no message is shown when the server cannot be reached. */
  silent?: boolean;
}

interface Envelope {
  code?: number | string;
  msg?: string;
  message?: string;
  data?: unknown;
  rows?: unknown;
  total?: number;
  token?: string;
  img?: string;
  uuid?: string;
  errors?: FieldError[];
}

const present = (v: unknown) => v !== undefined && v !== null;

/** An image as a data URL: RuoYi-style backends send the bare base64 of a JPEG. */
const imageUrl = (img: string) => (img.startsWith('data:') ? img : `data:image/jpeg;base64,${img}`);

/**
 * Success result of an envelope: data, else token, else rows, else img (spec §7). An image code sent at the top
 * level (`uuid` + `img`, as RuoYi-style backends do) reads like this server's `data: {uuid, img}`.
 */
export function successValue(env: Envelope): unknown {
  if (present(env.data)) return env.data;
  if (present(env.uuid) && present(env.img)) return { uuid: env.uuid, img: imageUrl(env.img) };
  if (present(env.token)) return env.token;
  if (present(env.rows)) return env.rows;
  if (present(env.img)) return env.img;
  return env.data;
}

let loginRedirect: ReturnType<typeof setTimeout> | undefined;

/** Spec §8: a transport failure gives an empty list with the message 网络错误. */
const networkResult = (): ApiFailure => ({ ok: false, code: NETWORK_FAILURE_CODE, msg: NETWORK_ERROR, errors: [], data: [] });

function networkFailure(silent: boolean): ApiFailure {
  if (!silent && !$dialogs.get().some((d) => d.title === '错误' && d.message === NETWORK_ERROR)) {
    void alertDialog({ title: '错误', message: NETWORK_ERROR });
  }
  return networkResult();
}

/** A 401 ends the session the call used: the student's (→ /login) or the console's (→ /admin/login). */
function sessionExpired(staff: boolean): void {
  const login = staff ? '/admin/login' : '/login';
  if (staff) setAdminToken(null);
  else clearSession();
  clearTimeout(loginRedirect);
  loginRedirect = setTimeout(() => {
    if (currentAppPath() !== login) navigateApp(login, { replace: true });
  }, REDIRECT_DELAY_MS);
}

/** Reads an envelope into a result, with the side effects of spec §8. */
function readEnvelope(env: Envelope, staff: boolean): ApiResult<unknown> {
  const code = Number(env.code);
  const msg = env.msg ?? env.message ?? '';
  if (code === 0 || code === 200) {
    return { ok: true, data: successValue(env), total: env.total, msg };
  }
  if (code === 401) {
    if (msg) showToast(msg, SHORT_TOAST_MS);
    sessionExpired(staff);
  } else if (code === 100) {
    showToast(msg, SHORT_TOAST_MS);
  }
  return { ok: false, code, msg, errors: Array.isArray(env.errors) ? env.errors : [], data: env.data };
}

type ParseAs = 'json' | 'text' | 'blob' | 'arrayBuffer' | 'stream';
type Values = Record<string, unknown>;

/** What a call takes (openapi-fetch's options that this app uses, typed per operation by `Client<paths>`). */
interface CallInit extends CallOptions {
  params?: { path?: Values; query?: Values; header?: Values };
  body?: unknown;
  bodySerializer?: (body: unknown) => BodyInit;
  headers?: Values;
  parseAs?: ParseAs;
  /** A fetch for this call only (upload progress). */
  fetch?: (request: Request) => Promise<Response>;
  signal?: AbortSignal;
}

/** Query string: `k=v` per defined value, arrays as repeated keys; `no` is never sent (spec §7). */
function queryString(query: Values = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === 'no' || value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) parts.push(`${key}=${encodeURIComponent(String(item))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A JSON body without a field named `no` (spec §7). */
function jsonBody(body: unknown): string {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'no' in body) {
    const { no: _no, ...rest } = body as Values;
    return JSON.stringify(rest);
  }
  return JSON.stringify(body);
}

/**
 * One call, with everything of spec §7–8 (the one middleware): auth header, no `no`, timeout, loading, envelope,
 * errors. Staff calls (/api/admin/*) carry the console's own token and end its session on 401 (issue 5). Resolves
 * like openapi-fetch: `data` holds the result on success, `error` on failure (unwrap reads either).
 */
async function call(method: string, path: string, init: CallInit = {}): Promise<{ data?: unknown; error?: unknown; response?: Response }> {
  const { params = {}, body, bodySerializer, headers, parseAs = 'json', fetch: fetchOnce, signal, loading, silent } = init;
  const url = path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = params.path?.[name];
    return value === undefined || value === null ? whole : encodeURIComponent(String(value));
  });
  const serialized = body === undefined ? undefined : bodySerializer ? bodySerializer(body) : jsonBody(body);
  const staff = url.startsWith('/api/admin/');
  const sent = new Headers(serialized === undefined || serialized instanceof FormData ? {} : { 'Content-Type': 'application/json' });
  for (const set of [headers, params.header]) {
    for (const [key, value] of Object.entries(set ?? {})) {
      if (value === null) sent.delete(key);
      else if (value !== undefined) sent.set(key, String(value));
    }
  }
  const token = readStorage(staff ? ADMIN_TOKEN : 'token');
  if (token) sent.set('qhyhAuthorization', `Bearer ${token}`);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('请求超时', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  // A caller's own signal still cancels the call.
  signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  const showsLoading = loading !== false;
  if (showsLoading) startLoading();
  let response: Response;
  try {
    const request = new Request(url + queryString(params.query), { method, headers: sent, body: serialized, signal: controller.signal });
    response = await (fetchOnce ?? ((r: Request) => globalThis.fetch(r)))(request);
  } catch {
    return { error: networkFailure(silent === true) };
  } finally {
    clearTimeout(timer);
    if (showsLoading) stopLoading();
  }
  const failed = (result: ApiResult<unknown>) => ({ error: result, response });
  if (parseAs !== 'json' && !(response.headers.get('Content-Type') ?? '').includes('json')) {
    if (!response.ok) return failed(networkFailure(silent === true));
    return { data: parseAs === 'stream' ? response.body : await response[parseAs](), response };
  }
  let env: Envelope;
  try {
    env = (await response.json()) as Envelope;
  } catch {
    return failed(networkFailure(silent === true));
  }
  if (!env || typeof env !== 'object' || env.code === undefined) return failed(networkFailure(silent === true));
  const result = readEnvelope(env, staff);
  return result.ok ? { data: result, response } : failed(result);
}

/**
 * The one API client, typed from the contract (openapi-fetch's types; the run-time is the few lines above).
 * `fetch` is looked up per call so tests can stub it.
 */
export const client = {
  GET: (path: string, init?: CallInit) => call('GET', path, init),
  POST: (path: string, init?: CallInit) => call('POST', path, init),
  PUT: (path: string, init?: CallInit) => call('PUT', path, init),
  DELETE: (path: string, init?: CallInit) => call('DELETE', path, init),
  PATCH: (path: string, init?: CallInit) => call('PATCH', path, init),
} as unknown as Pick<Client<paths>, 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'>;

type Field<E, K extends string> = K extends keyof E ? Exclude<E[K], undefined> : never;
type Candidates<E> = Field<E, 'data'> | Field<E, 'token'> | Field<E, 'rows'> | Field<E, 'img'>;

/**
 * The success value of an operation's envelope type: whichever of data, token, rows, img the
 * operation declares (at run time the first present wins, spec §7).
 */
export type Unwrapped<E> = [Candidates<E>] extends [never] ? undefined : Candidates<E>;

/**
 * Awaits a client call and gives the middleware's result with `data` typed from the schema
 * (openapi-fetch types `data` as the envelope even though the middleware has read it).
 */
export async function unwrap<R extends { data?: unknown; error?: unknown }>(
  call: Promise<R>,
): Promise<ApiResult<Unwrapped<NonNullable<R['data']>>>> {
  try {
    const { data, error } = await call;
    const result = (data ?? error) as ApiResult<Unwrapped<NonNullable<R['data']>>> | undefined;
    if (result && typeof result === 'object' && 'ok' in result) return result;
  } catch {
    // A call that threw is a transport failure.
  }
  return networkResult();
}

/**
 * Awaits a blob-mode call (`parseAs: 'blob'`): the raw file, or the failure the server answered.
 */
export async function unwrapBlob(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<ApiResult<Blob>> {
  try {
    const { data, error } = await call;
    if (data instanceof Blob) return { ok: true, data };
    const result = error as ApiResult<Blob> | undefined;
    if (result && typeof result === 'object' && 'ok' in result) return result;
  } catch {
    // A call that threw is a transport failure.
  }
  return networkResult();
}
