// Every error becomes a Chinese-message envelope: AppError as thrown, request-validation failures as 400 with
// errors[], Fastify's own client errors as 400/404/429, a database refusing a value (SQLSTATE classes 22 and 23)
// as 400, anything else as a generic 500 (detail logged only). A known path called with a method it does not take
// answers 405 with an Allow header, an unknown one 404.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { AppError, GENERIC_500, tooMany, type FieldError } from '../lib/envelope.ts';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: Record<string, unknown>;
}

const PART: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

/** The Chinese label of a field from its schema: "xm: 姓名" / "姓名（Name）" / "人员类别 Person type: …" → the Chinese word. */
function labelOf(schema: unknown, fallback: string): string {
  if (typeof schema !== 'object' || schema === null) return fallback;
  const s = schema as Record<string, unknown>;
  const text = [s.title, s.description].find((v): v is string => typeof v === 'string') ?? '';
  const label = /[\u4e00-\u9fa5][\u4e00-\u9fa5A-Za-z0-9/]*?(?=[\s（(，,。:：;；]|$)/.exec(
    text.replace(/^[A-Za-z0-9_]+\s*[:：]\s*/, ''),
  )?.[0];
  return label ?? fallback;
}

/** The schema's own wording for a missing value (`x-required-message`, e.g. the delivery form's messages). */
const requiredMessageOf = (schema: unknown): string | undefined => {
  const message = typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>)['x-required-message'] : undefined;
  return typeof message === 'string' ? message : undefined;
};

const isChoice = (schema: unknown) =>
  typeof schema === 'object' &&
  schema !== null &&
  (Array.isArray((schema as { enum?: unknown }).enum) || (schema as { type?: unknown }).type === 'boolean');

function toFieldError(err: AjvError, context: string): FieldError {
  const path = err.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (err.keyword === 'required') {
    const missing = String(err.params.missingProperty);
    const props = (err.parentSchema?.properties ?? {}) as Record<string, unknown>;
    const field = path ? `${path}.${missing}` : missing;
    const label = labelOf(props[missing], missing);
    const custom = requiredMessageOf(props[missing]);
    return { field, message: custom ?? (isChoice(props[missing]) ? `请选择${label}` : `请填写${label}`) };
  }
  if (err.keyword === 'additionalProperties') {
    const extra = String(err.params.additionalProperty);
    return { field: path ? `${path}.${extra}` : extra, message: `不支持的字段 ${extra}` };
  }
  const field = path || PART[context] || context;
  const props = err.parentSchema;
  // An empty text or an unchosen option reads like a missing one.
  const blank = (err.keyword === 'minLength' && Number(err.params.limit) <= 1) || err.keyword === 'enum' || err.keyword === 'const';
  const custom = (blank ? requiredMessageOf(props) : undefined) ?? props?.['x-error-message'] ?? props?.errorMessage;
  if (typeof custom === 'string') return { field, message: custom };
  const label = labelOf(props, field);
  const limit = err.params.limit;
  switch (err.keyword) {
    case 'type':
      return { field, message: `${label}类型不正确` };
    case 'minLength':
      return { field, message: Number(limit) === 1 ? `${label}不能为空` : `${label}长度不能少于${limit}个字符` };
    case 'maxLength':
      return { field, message: `${label}长度不能超过${limit}个字符` };
    case 'minimum':
    case 'exclusiveMinimum':
      return { field, message: `${label}不能小于${limit}` };
    case 'maximum':
    case 'exclusiveMaximum':
      return { field, message: `${label}不能大于${limit}` };
    case 'minItems':
      return { field, message: `${label}至少需要${limit}项` };
    case 'maxItems':
      return { field, message: `${label}最多${limit}项` };
    case 'enum':
    case 'const':
      return { field, message: `请选择${label}` };
    case 'pattern':
    case 'format':
      return { field, message: `${label}格式不正确` };
    default:
      return { field, message: `${label}不符合要求` };
  }
}

export function validationError(errors: AjvError[], context: string): AppError {
  const fieldErrors: FieldError[] = [];
  for (const err of errors) {
    // anyOf/oneOf/if wrappers repeat what their branches already said.
    if (['anyOf', 'oneOf', 'if', 'not'].includes(err.keyword)) continue;
    const fe = toFieldError(err, context);
    if (!fieldErrors.some((e) => e.field === fe.field)) fieldErrors.push(fe);
  }
  if (!fieldErrors.length) fieldErrors.push({ field: PART[context] ?? context, message: '请求参数有误' });
  return new AppError(400, fieldErrors[0]!.message, { errors: fieldErrors });
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求体不能为空'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, '请求体不是有效的 JSON'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [400, '不支持的请求内容类型'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求长度不正确'],
  FST_ERR_CTP_BODY_TOO_LARGE: [400, '请求体过大'],
  FST_REQ_FILE_TOO_LARGE: [400, '文件不能超过 10 MB'],
  FST_FILES_LIMIT: [400, '一次只能上传一个文件'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, '请以 multipart/form-data 上传文件'],
};

/**
 * The SQLSTATE of a database error (drizzle wraps the driver's error as its cause) when it says the input was refused:
 * class 22 (data exception: invalid text representation, numeric out of range, string too long, invalid byte sequence,
 * bad date or time) or class 23 (integrity constraint violation).
 */
export function refusedInputState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth += 1) {
    if (typeof e.code === 'string' && /^2[23][0-9A-Z]{3}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const BAD_PARAMETERS = '请求参数有误';

/** What a person reads while the database is away (503 with Retry-After; the app's forms keep what was typed). */
export const DATABASE_AWAY = '系统暂时无法访问，请稍后再试';
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const AWAY_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/**
 * Why the database cannot be reached, or undefined: a network error on its connection, SQLSTATE class 08 (connection
 * exception), 57P01-57P03 (shut down, starting up) or 53300 (too many connections), or node-postgres's own words for
 * a lost or unobtainable connection; drizzle wraps the driver's error as its cause.
 */
export function databaseAwayReason(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth += 1
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return code;
    if (typeof e.message === 'string' && AWAY_MESSAGES.test(e.message)) return AWAY_MESSAGES.exec(e.message)![0];
  }
  return undefined;
}

function toAppError(error: FastifyError): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error.validation) return validationError(error.validation as AjvError[], error.validationContext ?? 'body');
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return new AppError(known[0], known[1]);
  if (error.statusCode === 404) return new AppError(404, '接口不存在');
  if (error.statusCode === 429) return tooMany('请求过于频繁，请稍后再试', 60);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError(400, '请求无效');
  if (refusedInputState(error)) return new AppError(400, BAD_PARAMETERS);
  return undefined;
}

/** A route's URL pattern (`/api/x/:id`, `/web/*`) as a regular expression over request paths. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const routePattern = (url: string) => {
  const parts = url.split(/(:[A-Za-z0-9_]+|\*)/).map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : escapeRegExp(part)));
  return new RegExp(`^${parts.join('')}$`);
};

/**
 * Fastify's own answers before any route (a path that is not valid percent-encoding, a path parameter longer than the
 * router takes) as envelopes, without echoing the path.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(400).send({ code: 400, msg: '请求地址过长' });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ code: 400, msg: '请求地址无效' });
  return reply.status(500).send({ code: 500, msg: GENERIC_500 });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database outage as the log tells it: one line when it begins, one when it ends (the probes use it too). */
    databaseOutage: { begin(reason: string): void; end(): void };
  }
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  // Every route's path and methods, for the 405 answer of a known path called with another method.
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    const entry = routes.get(route.url) ?? { pattern: routePattern(route.url), methods: new Set<string>() };
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) entry.methods.add(String(method).toUpperCase());
    routes.set(route.url, entry);
  });
  const allowedMethods = (url: string): string[] => {
    const path = url.split('?')[0]!;
    const methods = new Set<string>();
    for (const { pattern, methods: own } of routes.values()) if (pattern.test(path)) for (const m of own) methods.add(m);
    return [...methods].sort();
  };

  // The database away: every request that needs it answers 503 with Retry-After, and the log has one short line when
  // the outage begins and one when it ends (issue 26: a 5 kB line with SQL and a stack, per request). It ends when the
  // database answers a query: /readyz's, or the instance's own every 2 s meanwhile. An answer that needed no database
  // (a malformed request's 400, a 429) says nothing of it.
  const outage = { since: 0, answered: 0, probe: undefined as NodeJS.Timeout | undefined };
  const databaseOutage = {
    begin(reason: string) {
      if (!outage.since) {
        outage.since = Date.now();
        app.log.error({ reason }, 'the database does not answer: answering 503 until it does');
        outage.probe = setInterval(() => {
          app.db.execute(sql`select 1`).then(
            () => databaseOutage.end(),
            () => undefined,
          );
        }, 2000).unref();
      }
      outage.answered += 1;
    },
    end() {
      if (!outage.since) return;
      clearInterval(outage.probe);
      app.log.warn({ seconds: Math.round((Date.now() - outage.since) / 1000), answered503: outage.answered }, 'the database answers again');
      outage.since = 0;
      outage.answered = 0;
    },
  };
  app.decorate('databaseOutage', databaseOutage);
  app.addHook('onClose', async () => clearInterval(outage.probe));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const away = databaseAwayReason(error);
    if (away) {
      databaseOutage.begin(away);
      return reply.status(503).header('retry-after', '10').send({ code: 503, msg: DATABASE_AWAY });
    }
    const appError = toAppError(error);
    const state = refusedInputState(error);
    // The database refused a value the document let through: logged (without the query's parameters) to be fixed at
    // its root, answered as a client error.
    if (state)
      request.log.warn(
        { err: error, sqlstate: state, operationId: request.routeOptions.config.operationId },
        'the database refused a request value',
      );
    if (!appError) {
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ code: 500, msg: GENERIC_500 });
    }
    if (appError.statusCode >= 500) request.log.error({ err: error }, appError.message);
    if (appError.headers) reply.headers(appError.headers);
    return reply.status(appError.statusCode).send({
      code: appError.code,
      msg: appError.message,
      ...(appError.data !== undefined ? { data: appError.data } : {}),
      ...(appError.errors ? { errors: appError.errors } : {}),
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const allow = allowedMethods(request.url);
    if (allow.length) return reply.status(405).header('allow', allow.join(', ')).send({ code: 405, msg: '不支持该请求方法' });
    return reply.status(404).send({ code: 404, msg: '接口不存在' });
  });
});
