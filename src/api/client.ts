import createClient, { createQuerySerializer, type Middleware } from 'openapi-fetch';
import { answerEarly } from './early';
import type { paths } from '@shared/contract/schema';
import type { ApiFailure, ApiResult, FieldError } from './types';
import { ADMIN_TOKEN, clearSession, readStorage, setAdminToken } from '@/state/session';
import { alertDialog, $dialogs, showToast, SHORT_TOAST_MS, startLoading, stopLoading } from '@/state/ui';
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
 * `client.GET('/api/qianchu/check', { params, loading: false })` (openapi-fetch sets them on the request it makes,
 * where the middlewares read them).
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

type Values = Record<string, unknown>;

/** The query string of openapi-fetch (arrays as repeated keys), without `no` (spec §7). */
const formQuery = createQuerySerializer();
const querySerializer = (query: Values) => {
  const { no: _no, ...rest } = query;
  return formQuery(rest);
};

/** A JSON body without a field named `no` (spec §7). */
function bodySerializer(body: unknown): string {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'no' in body) {
    const { no: _no, ...rest } = body as Values;
    return JSON.stringify(rest);
  }
  return JSON.stringify(body);
}

/** What each call in flight asked for (openapi-fetch hands the call's extra options to the request it makes). */
interface InFlight extends CallOptions {
  staff: boolean;
  timer?: ReturnType<typeof setTimeout>;
}
const inFlight = new Map<string, InFlight>();
const flight = (id: string): InFlight => inFlight.get(id) ?? { staff: false };

/**
 * Remembers what the call asked for, first on the way out and forgotten last on the way back (the middlewares' answers
 * run in reverse order). Staff calls (/api/admin/*) carry the console's own token and end its session on 401 (issue 5).
 */
const remember: Middleware = {
  onRequest({ request, schemaPath, id }) {
    const options = request as Request & CallOptions;
    inFlight.set(id, { staff: schemaPath.startsWith('/api/admin/'), loading: options.loading, silent: options.silent });
  },
  onResponse({ id }) {
    inFlight.delete(id);
  },
};

/** The bearer token of whoever the call is for. */
const auth: Middleware = {
  onRequest({ request, id }) {
    const token = readStorage(flight(id).staff ? ADMIN_TOKEN : 'token');
    if (token) request.headers.set('qhyhAuthorization', `Bearer ${token}`);
  },
};

/** Spec §9: a call gives up after REQUEST_TIMEOUT_MS; a caller's own signal still cancels it. */
const timeout: Middleware = {
  onRequest({ request, id }) {
    const controller = new AbortController();
    const own = request.signal;
    if (own.aborted) controller.abort(own.reason);
    else own.addEventListener('abort', () => controller.abort(own.reason), { once: true });
    flight(id).timer = setTimeout(() => controller.abort(new DOMException('请求超时', 'TimeoutError')), REQUEST_TIMEOUT_MS);
    return new Request(request, { signal: controller.signal });
  },
  onResponse({ id }) {
    clearTimeout(flight(id).timer);
  },
};

/** The loading indicator while a call is out, unless it asked for none (`loading: false`). */
const loading: Middleware = {
  onRequest({ id }) {
    if (flight(id).loading !== false) startLoading();
  },
  onResponse({ id }) {
    if (flight(id).loading !== false) stopLoading();
  },
};

/** Marks the answers made here, so that a failure turned into an answer (onError) is not read as an envelope again. */
const RESULT_HEADER = 'X-App-Result';

/** A result as the answer openapi-fetch reads: `data` when it succeeded, `error` otherwise. */
const resultResponse = (result: ApiResult<unknown>) =>
  new Response(JSON.stringify(result), {
    status: result.ok ? 200 : 599,
    headers: { 'Content-Type': 'application/json', [RESULT_HEADER]: '1' },
  });

/**
 * Spec §7–8: the envelope read into a result (success value, code 100 toast, 401 ends the session), and a failure to
 * reach the server or a body that is no envelope as 网络错误. A file (a download) passes through as it came.
 */
const envelope: Middleware = {
  async onResponse({ response, id }) {
    if (response.headers.has(RESULT_HEADER)) return undefined;
    const { staff, silent } = flight(id);
    const json = (response.headers.get('Content-Type') ?? '').includes('json');
    if (!json) return response.ok ? undefined : resultResponse(networkFailure(silent === true));
    let env: Envelope;
    try {
      env = (await response.json()) as Envelope;
    } catch {
      return resultResponse(networkFailure(silent === true));
    }
    if (!env || typeof env !== 'object' || env.code === undefined) return resultResponse(networkFailure(silent === true));
    return resultResponse(readEnvelope(env, staff));
  },
  // Turned into an answer, a failure then passes every middleware's onResponse (the loading indicator stops there).
  onError({ id }) {
    return resultResponse(networkFailure(flight(id).silent === true));
  },
};

/**
 * The one API client: openapi-fetch, typed from the contract, with the middlewares above (in order on the way out,
 * in reverse on the way back). `fetch` is looked up per call so tests can stub it; a call the page's boot script
 * already made (the first screen's, src/api/early.ts) is answered from there, through the same middlewares.
 */
export const client = createClient<paths>({
  fetch: (request) => answerEarly(request, (own) => globalThis.fetch(own)),
  querySerializer,
  bodySerializer,
});
client.use(remember, auth, timeout, loading, envelope);

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
    if (data instanceof Blob && !data.type.includes('json')) return { ok: true, data };
    const result = error as ApiResult<Blob> | undefined;
    if (result && typeof result === 'object' && 'ok' in result) return result;
  } catch {
    // A call that threw is a transport failure.
  }
  return networkResult();
}
