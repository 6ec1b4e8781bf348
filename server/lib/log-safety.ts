// What the logs may hold: never an ID number, phone, password or hash, token, SMS or image code.
// Errors are logged by a serializer that keeps their kind and place but drops the SQL parameters and the database's
// detail text (a failed query's "params:" and "Key (id_number)=(…)" carry personal data); every written line is then
// masked once more for ID numbers and phone numbers, whatever put them there.

/** Error fields that say what went wrong without carrying a value. */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'validationContext'] as const;

/** Drops what follows "params:" in a failed query's message (drizzle writes `Failed query: …\nparams: …`). */
const withoutParams = (text: string) => text.replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, '\nparams: [removed]');

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  cause?: SafeError;
  [field: string]: unknown;
}

export function serializeError(err: unknown, depth = 0): SafeError {
  if (typeof err !== 'object' || err === null) return { type: typeof err, message: maskPersonalData(String(err)), stack: '' };
  const e = err as Record<string, unknown> & { constructor?: { name?: string } };
  const out: SafeError = {
    type: e.constructor?.name ?? 'Error',
    message: maskPersonalData(withoutParams(String(e.message ?? ''))),
    stack: typeof e.stack === 'string' ? maskPersonalData(withoutParams(e.stack)) : '',
  };
  for (const field of SAFE_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

// An 18-character ID number or an 11-digit mobile number standing on its own (not inside a longer number or word).
const ID_NUMBER = /(?<![0-9A-Za-z])\d{6}(?:19|20)\d{2}(?:0[1-9]|1[0-2])\d{2}\d{3}[0-9Xx](?![0-9A-Za-z])/g;
const PHONE = /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/g;

export const maskPersonalData = (text: string) =>
  text.replace(ID_NUMBER, (m) => `${m.slice(0, 4)}**********${m.slice(-4)}`).replace(PHONE, (m) => `${m.slice(0, 3)}****${m.slice(-4)}`);

/** Keys whose values never reach a log line, at the top level of what is logged or one level down. */
const SECRET_KEYS = ['password', 'token', 'sfzjh', 'smsCode', 'code'] as const;
/** Credential headers, in `headers` at the top level or one level down (multipart logs its busboy options at trace). */
const SECRET_HEADERS = ['qhyhauthorization', 'authorization', 'cookie'] as const;
/** Logged through serializers of their own that keep only safe fields (the request line, errors). */
const SERIALIZED = new Set(['req', 'res', 'err']);
export const CENSOR = '[redacted]';

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

function censorHeaders(headers: unknown): unknown {
  if (!isObject(headers)) return headers;
  let copy: Fields | undefined;
  for (const name of SECRET_HEADERS) if (Object.hasOwn(headers, name)) (copy ??= { ...headers })[name] = CENSOR;
  return copy ?? headers;
}

function censorFields(fields: Fields): Fields {
  let copy: Fields | undefined;
  for (const name of SECRET_KEYS) if (Object.hasOwn(fields, name)) (copy ??= { ...fields })[name] = CENSOR;
  if (Object.hasOwn(fields, 'headers')) {
    const headers = censorHeaders(fields.headers);
    if (headers !== fields.headers) (copy ??= { ...fields }).headers = headers;
  }
  return copy ?? fields;
}

/**
 * pino's `formatters.log`: what is logged, with secret values censored (the fields above, at the top level and one
 * level down, and credential headers), copied only where something is censored. It does the work pino's `redact`
 * did with wildcard paths (`*.password`), which cloned and walked every logged value: 8% of a cached read's CPU went
 * to the request line's redaction. `req`, `res` and `err` go through their serializers, which keep safe fields only.
 */
export function redactSecrets(object: Fields): Fields {
  let copy: Fields | undefined;
  for (const key in object) {
    if (!Object.hasOwn(object, key) || SERIALIZED.has(key)) continue;
    const value = object[key];
    const safe = (SECRET_KEYS as readonly string[]).includes(key)
      ? CENSOR
      : key === 'headers'
        ? censorHeaders(value)
        : isObject(value)
          ? censorFields(value)
          : value;
    if (safe !== value) (copy ??= { ...object })[key] = safe;
  }
  return copy ?? object;
}
