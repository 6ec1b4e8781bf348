// Loads the bundled OpenAPI document and turns each operation into what Fastify needs.
import { readFileSync } from 'node:fs';
import { fromRoot } from './paths.ts';

export const openapiPath = fromRoot('openapi', 'dist', 'openapi.json');

type Json = Record<string, unknown>;
type Schema = Json;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface OperationDef {
  operationId: string;
  method: Uppercase<(typeof METHODS)[number]>;
  /** Path as written in the document (`/api/x/{id}`). */
  path: string;
  /** Path in Fastify syntax (`/api/x/:id`). */
  url: string;
  public: boolean;
  roles: string[];
  querystring?: Schema;
  params?: Schema;
  jsonBody?: Schema;
  bodyRequired: boolean;
  multipart: boolean;
  /** JSON response schemas by status key ('200', 'default', '4XX'…). */
  responses: Record<string, Schema | undefined>;
  /** The media types each status key declares (a download may declare a file type and a JSON envelope). */
  mediaTypes: Record<string, string[]>;
  /** The headers each status key declares required (lower case): the test-mode checker sees that they are sent. */
  requiredHeaders: Record<string, string[]>;
}

export interface OpenApiDoc {
  raw: Json;
  operations: Map<string, OperationDef>;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function pointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only internal $refs are supported: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => {
      if (!isObject(node) && !Array.isArray(node)) throw new Error(`Unresolvable $ref ${ref}`);
      const next = (node as Json)[key];
      if (next === undefined) throw new Error(`Unresolvable $ref ${ref}`);
      return next;
    }, doc);
}

/** Replaces internal $refs by their targets (siblings of a $ref override the target's keys, as in OpenAPI 3.1). */
export function dereference<T>(doc: Json, node: T, seen: string[] = []): T {
  if (Array.isArray(node)) return node.map((item) => dereference(doc, item, seen)) as T;
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (seen.includes(ref)) throw new Error(`Circular $ref ${ref} is not supported`);
    const { $ref: _ref, ...siblings } = node;
    const target = dereference(doc, pointer(doc, ref), [...seen, ref]);
    return (isObject(target) ? { ...target, ...dereference(doc, siblings, seen) } : target) as T;
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = dereference(doc, value, seen);
  return out as T;
}

function parameterSchema(params: Json[], location: string): Schema | undefined {
  const own = params.filter((p) => p.in === location);
  if (!own.length) return undefined;
  const properties: Json = {};
  const required: string[] = [];
  for (const p of own) {
    properties[p.name as string] = { ...(isObject(p.schema) ? p.schema : {}), ...(p.description ? { description: p.description } : {}) };
    if (p.required || location === 'path') required.push(p.name as string);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

function jsonContent(content: unknown): Schema | undefined {
  if (!isObject(content)) return undefined;
  const key = Object.keys(content).find((type) => type === 'application/json' || /\+json$/.test(type));
  const media = key ? content[key] : undefined;
  return isObject(media) && isObject(media.schema) ? media.schema : undefined;
}

export function parseDocument(raw: Json): OpenApiDoc {
  const operations = new Map<string, OperationDef>();
  const rootSecurity = Array.isArray(raw.security) ? raw.security : [];
  const paths = isObject(raw.paths) ? raw.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = dereference(raw, rawItem) as Json;
    const shared = Array.isArray(item.parameters) ? (item.parameters as Json[]) : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const operationId = op.operationId;
      if (typeof operationId !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      if (operations.has(operationId)) throw new Error(`Duplicate operationId ${operationId}`);
      const own = Array.isArray(op.parameters) ? (op.parameters as Json[]) : [];
      const params = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const security = Array.isArray(op.security) ? op.security : rootSecurity;
      const body = isObject(op.requestBody) ? op.requestBody : undefined;
      const bodyContent = isObject(body?.content) ? (body.content as Json) : {};
      const responses: Record<string, Schema | undefined> = {};
      const mediaTypes: Record<string, string[]> = {};
      const requiredHeaders: Record<string, string[]> = {};
      for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        responses[status] = isObject(response) ? jsonContent(response.content) : undefined;
        mediaTypes[status] = isObject(response) && isObject(response.content) ? Object.keys(response.content) : [];
        const headers = isObject(response) && isObject(response.headers) ? response.headers : {};
        requiredHeaders[status] = Object.entries(headers)
          .filter(([, h]) => isObject(h) && h.required === true)
          .map(([name]) => name.toLowerCase());
      }
      operations.set(operationId, {
        operationId,
        method: method.toUpperCase() as OperationDef['method'],
        path,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        public: security.length === 0 || security.some((s) => isObject(s) && Object.keys(s).length === 0),
        roles: Array.isArray(op['x-roles']) ? (op['x-roles'] as string[]) : [],
        querystring: parameterSchema(params, 'query'),
        params: parameterSchema(params, 'path'),
        jsonBody: jsonContent(bodyContent),
        bodyRequired: body?.required === true,
        multipart: 'multipart/form-data' in bodyContent,
        responses,
        mediaTypes,
        requiredHeaders,
      });
    }
  }
  return { raw, operations };
}

export function loadDocument(path = openapiPath): OpenApiDoc {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`找不到接口文档 ${path}，请先运行 \`npm run api:gen\`（OpenAPI bundle missing: run \`npm run api:gen\`）`);
  }
  return parseDocument(JSON.parse(text) as Json);
}
