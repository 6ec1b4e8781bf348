import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';
import { ADMIN_TOKEN, clearSession, readStorage, setAdminToken } from '@/stores/session';
import { alertDialog, $dialogs, showToast, SHORT_TOAST_MS, startLoading, stopLoading } from '@/stores/ui';
import { currentAppPath, navigateApp } from '@/lib/nav';

export type Schemas = components['schemas'];
export type UserInfo = Schemas['UserInfo'];
export type FieldError = Schemas['FieldError'];

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

/** What every JSON call resolves to once the middleware has read the envelope. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export interface ApiSuccess<T> {
  ok: true;
  data: T;
  /** `total` of paged lists. */
  total?: number;
  msg?: string;
}

export interface ApiFailure {
  ok: false;
  /** Envelope code (100 business message, 400…500), or -1 when the server could not be reached. */
  code: number;
  msg: string;
  /** Field errors of a 400 answer. */
  errors: FieldError[];
  /** `data` of the envelope (e.g. `{needCaptcha}`), or the empty list of a network failure. */
  data?: unknown;
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
  errors?: FieldError[];
}

const present = (v: unknown) => v !== undefined && v !== null;

/** Success result of an envelope: data, else token, else rows, else img (spec §7). */
export function successValue(env: Envelope): unknown {
  if (present(env.data)) return env.data;
  if (present(env.token)) return env.token;
  if (present(env.rows)) return env.rows;
  if (present(env.img)) return env.img;
  return env.data;
}

interface Pending {
  loading: boolean;
  silent: boolean;
  /** A staff call (/api/admin/*): the console's token, and its own sign-in on 401. */
  staff: boolean;
  timer: ReturnType<typeof setTimeout>;
}

const pending = new Map<string, Pending>();
/** Responses this middleware made itself (from a transport failure), so they are not read twice. */
const synthesized = new WeakSet<Response>();
let loginRedirect: ReturnType<typeof setTimeout> | undefined;

function finish(id: string): Pending | undefined {
  const call = pending.get(id);
  if (!call) return undefined;
  pending.delete(id);
  clearTimeout(call.timer);
  if (call.loading) stopLoading();
  return call;
}

function outcomeResponse(result: ApiResult<unknown>, status = result.ok ? 200 : 400): Response {
  const response = new Response(JSON.stringify(result), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
  synthesized.add(response);
  return response;
}

/** Spec §8: a transport failure gives an empty list with the message 网络错误. */
const networkResult = (): ApiFailure => ({ ok: false, code: NETWORK_FAILURE_CODE, msg: NETWORK_ERROR, errors: [], data: [] });

function networkFailure(silent: boolean): Response {
  if (!silent && !$dialogs.get().some((d) => d.title === '错误' && d.message === NETWORK_ERROR)) {
    void alertDialog({ title: '错误', message: NETWORK_ERROR });
  }
  return outcomeResponse(networkResult());
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

function isJson(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').includes('json');
}

async function stripNo(request: Request): Promise<Request> {
  const url = new URL(request.url);
  let changed = url.searchParams.has('no');
  url.searchParams.delete('no');
  let body: string | undefined;
  if ((request.headers.get('Content-Type') ?? '').includes('application/json') && request.body) {
    body = await request.clone().text();
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'no' in parsed) {
        delete (parsed as Record<string, unknown>).no;
        body = JSON.stringify(parsed);
        changed = true;
      }
    } catch {
      // Not JSON after all: send it as it is.
    }
  }
  if (!changed) return request;
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body ? (body ?? (await request.clone().arrayBuffer())) : undefined,
    signal: request.signal,
  });
}

/**
 * The one middleware of spec §7–8: auth header, no `no`, timeout, loading, envelope, errors. Staff calls
 * (/api/admin/*) carry the console's own token and end its session on 401 (issue 5).
 */
export const envelopeMiddleware: Middleware = {
  async onRequest({ request, id }) {
    const extra = request as Request & CallOptions;
    const controller = new AbortController();
    const call: Pending = {
      loading: extra.loading !== false,
      silent: extra.silent === true,
      staff: request.url.includes('/api/admin/'),
      timer: setTimeout(() => controller.abort(new DOMException('请求超时', 'TimeoutError')), REQUEST_TIMEOUT_MS),
    };
    pending.set(id, call);
    if (call.loading) startLoading();

    // A caller's own signal still cancels the call.
    request.signal.addEventListener('abort', () => controller.abort(request.signal.reason), { once: true });
    const stripped = await stripNo(request);
    const headers = new Headers(stripped.headers);
    const token = readStorage(call.staff ? ADMIN_TOKEN : 'token');
    if (token) headers.set('qhyhAuthorization', `Bearer ${token}`);
    return new Request(stripped, { headers, signal: controller.signal });
  },

  async onResponse({ response, id, options }) {
    const call = finish(id);
    if (synthesized.has(response)) return response;
    const silent = call?.silent ?? false;
    if (options.parseAs !== 'json' && !isJson(response)) {
      return response.ok ? response : networkFailure(silent);
    }
    let env: Envelope;
    try {
      env = (await response.clone().json()) as Envelope;
    } catch {
      return networkFailure(silent);
    }
    if (!env || typeof env !== 'object' || env.code === undefined) return networkFailure(silent);
    return outcomeResponse(readEnvelope(env, call?.staff ?? false));
  },

  onError({ id }) {
    const call = finish(id);
    return networkFailure(call?.silent ?? false);
  },
};

/** The one API client. `fetch` is looked up per call so tests can stub it. */
export const client = createClient<paths>({
  baseUrl: '/',
  fetch: (request) => globalThis.fetch(request),
});
client.use(envelopeMiddleware);

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
export async function unwrapBlob(
  call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<ApiResult<Blob>> {
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
