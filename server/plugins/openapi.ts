// app.operation(operationId, handler): registers an operation of openapi/dist/openapi.json at the document's
// method and path, with its request schemas (Fastify validates every request) and its security. In test mode
// every JSON answer is checked against the operation's response schema and a violation fails loudly.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadDocument, type OpenApiDoc, type OperationDef } from '../lib/openapi-doc.ts';
import { JSON_ANSWER_HELMET } from './security-headers.ts';
import type { OperationHandler, OperationId } from '../lib/operation-types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    openapi: OpenApiDoc;
    implementedOperations: Set<string>;
    operation<K extends OperationId>(operationId: K, handler: OperationHandler<K>, options?: OperationOptions): void;
    /** Response-contract violations seen in test mode (tests assert it stays empty). */
    contractViolations: string[];
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}

export interface OperationOptions {
  /** Per-route limit for @fastify/rate-limit (code-sending and sign-in calls). */
  rateLimit?: { max: number; timeWindow: number | string };
}

/** OpenAPI formats that carry no validation rule. */
export const OPENAPI_FORMATS = ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password'] as const;

type FormatCheck = RegExp | ((value: string) => boolean);
interface AjvFormats {
  formats: Record<string, unknown>;
  addFormat(name: string, format: unknown): unknown;
}

/**
 * `date` and `date-time` as PostgreSQL can store them: the calendar dates ajv-formats accepts, without the year 0000
 * (PostgreSQL has no year 0 and refuses it: SQLSTATE 22008). Applied to Fastify's ajv (after ajv-formats) and to the
 * test-mode response checker.
 */
export function strictDateFormats(ajv: AjvFormats): void {
  for (const name of ['date', 'date-time']) {
    const original = ajv.formats[name] as FormatCheck | { validate: FormatCheck; compare?: unknown } | undefined;
    if (!original) continue;
    const check = typeof original === 'function' || original instanceof RegExp ? original : original.validate;
    const base = typeof check === 'function' ? check : (value: string) => check.test(value);
    const validate = (value: string) => !value.startsWith('0000') && base(value);
    ajv.addFormat(name, typeof original === 'object' && !(original instanceof RegExp) ? { ...original, validate } : validate);
  }
}

export interface OpenApiPluginOptions {
  document?: OpenApiDoc;
}

function responseSchemaKey(op: OperationDef, status: number): string | undefined {
  const keys = Object.keys(op.responses);
  return [String(status), `${String(status)[0]}XX`, 'default'].find((k) => keys.includes(k));
}

export default fp(async function openapiPlugin(app: FastifyInstance, opts: OpenApiPluginOptions) {
  const doc = opts.document ?? loadDocument();
  app.decorate('openapi', doc);
  app.decorate('implementedOperations', new Set<string>());
  app.decorate('contractViolations', [] as string[]);

  app.decorate('operation', function operation<
    K extends OperationId,
  >(this: FastifyInstance, operationId: K, handler: OperationHandler<K>, options: OperationOptions = {}) {
    const op = doc.operations.get(operationId);
    if (!op) throw new Error(`Operation ${operationId} is not in the OpenAPI document`);
    if (app.implementedOperations.has(operationId)) throw new Error(`Operation ${operationId} registered twice`);
    app.implementedOperations.add(operationId);
    const route: RouteOptions = {
      method: op.method,
      url: op.url,
      schema: {
        ...(op.querystring ? { querystring: op.querystring } : {}),
        ...(op.params ? { params: op.params } : {}),
        ...(op.jsonBody && !op.multipart ? { body: op.jsonBody } : {}),
      },
      config: { operationId, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
      // An operation that answers only JSON gets an API's security headers, not a page's.
      ...(Object.values(op.mediaTypes).every((types) => types.every((t) => t === 'application/json'))
        ? { helmet: JSON_ANSWER_HELMET }
        : {}),
      // Operations without x-roles are user operations: a staff token never reaches them (nor a user token staff ones).
      // Checked after the rate limit (onRequest), so refused calls count too, and before the body is read.
      preParsing: async (request: FastifyRequest) =>
        app.authenticate(request, { required: !op.public, roles: op.roles.length ? op.roles : ['user'] }),
      preValidation: async (request: FastifyRequest) => {
        // An absent JSON body is validated as {} so `required` speaks instead of "body must be object".
        if (op.jsonBody && !op.multipart && (request.body === undefined || request.body === null)) request.body = {};
      },
      handler: handler as unknown as RouteOptions['handler'],
    };
    this.route(route);
  });

  if (app.config.nodeEnv !== 'test') return;

  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats.default(ajv);
  for (const format of OPENAPI_FORMATS) ajv.addFormat(format, true);
  strictDateFormats(ajv as unknown as AjvFormats);
  const compiled = new Map<string, ValidateFunction>();

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const operationId = request.routeOptions.config.operationId;
    const op = operationId ? doc.operations.get(operationId) : undefined;
    if (!op) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    const key = responseSchemaKey(op, reply.statusCode);
    const fail = (problem: string) => {
      const message = `Response violates the OpenAPI document: ${op.method} ${op.path} (${op.operationId}) HTTP ${reply.statusCode}: ${problem}`;
      app.contractViolations.push(message);
      request.log.error(message);
      reply.status(500).header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify({ code: 500, msg: message });
    };
    if (!key) return fail('status not documented');
    const missing = (op.requiredHeaders[key] ?? []).filter((name) => reply.getHeader(name) === undefined);
    if (missing.length) return fail(`the document requires the header(s) ${missing.join(', ')} on ${key}`);
    if (!type.includes('json')) {
      const sent = type.split(';')[0]!.trim();
      const declared = op.mediaTypes[key] ?? [];
      const allowed = declared.some((t) => t === sent || (t.endsWith('/*') && sent.startsWith(t.slice(0, -1))));
      return reply.statusCode < 300 && !allowed
        ? fail(`sent ${type || 'no content type'}, the document declares ${declared.join(', ') || 'nothing'} for ${key}`)
        : payload;
    }
    const schema = op.responses[key];
    if (!schema) return fail(`sent JSON (${type}), the document declares no JSON body for ${key}`);
    let validate = compiled.get(`${op.operationId} ${key}`);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(`${op.operationId} ${key}`, validate);
    }
    const body = typeof payload === 'string' ? JSON.parse(payload) : undefined;
    if (body === undefined) return payload;
    if (!validate(body)) return fail(ajv.errorsText(validate.errors, { dataVar: 'response' }));
    return payload;
  });
});
