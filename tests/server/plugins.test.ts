// The envelope/error handler and the OpenAPI plugin on a bare Fastify (no database).
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config.ts';
import { AppError, bizError } from '../../server/lib/envelope.ts';
import { parseDocument } from '../../server/lib/openapi-doc.ts';
import errorsPlugin from '../../server/plugins/errors.ts';
import openapiPlugin from '../../server/plugins/openapi.ts';
import type { OperationId } from '../../server/lib/operation-types.ts';

const doc = parseDocument({
  openapi: '3.1.0',
  security: [{ bearer: [] }],
  paths: {
    '/things/{id}': {
      post: {
        operationId: 'saveThing',
        security: [],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }, { $ref: '#/components/parameters/Page' }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
        },
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Answer' } } } },
          '409': {
            headers: { 'X-Thing-Count': { required: true, schema: { type: 'integer' } } },
            content: { 'application/json': { schema: { type: 'object', required: ['code', 'msg'] } } },
          },
          '4XX': { content: { 'application/json': { schema: { type: 'object', required: ['code', 'msg'] } } } },
        },
      },
    },
    '/secret': {
      get: {
        operationId: 'secret',
        'x-roles': ['staff'],
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'object' } } } },
          default: { content: { 'application/json': { schema: { type: 'object', required: ['code', 'msg'] } } } },
        },
      },
    },
  },
  components: {
    parameters: { Page: { name: 'pageSize', in: 'query', schema: { type: 'integer', maximum: 100, default: 10 } } },
    schemas: {
      Thing: {
        type: 'object',
        required: ['name', 'kind'],
        properties: {
          name: { type: 'string', description: 'mc: 名称', minLength: 2, example: 'x', 'x-note': 'OpenAPI keywords are allowed' },
          kind: { type: 'string', enum: ['a', 'b'], description: '类别 Kind' },
          flag: { type: ['boolean', 'null'] },
        },
      },
      Answer: {
        type: 'object',
        required: ['code'],
        properties: { code: { type: 'integer' }, data: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
      },
    },
  },
});

let app: FastifyInstance;
afterEach(() => app?.close());

async function build(handler: (request: any) => Promise<unknown>, nodeEnv: Config['nodeEnv'] = 'test') {
  app = Fastify({ ajv: { customOptions: { strict: false, allErrors: true, verbose: true } } });
  app.decorate('config', { nodeEnv } as Config);
  app.decorate('authenticate', async (_request: unknown, opts: { required: boolean; roles?: string[] }) => {
    if (opts.required) throw new AppError(401, '请先登录');
  });
  await app.register(errorsPlugin);
  await app.register(openapiPlugin, { document: doc });
  app.operation('saveThing' as OperationId, handler as never);
  app.operation('secret' as OperationId, (async () => ({})) as never);
  await app.ready();
  return app;
}

describe('openapi plugin', () => {
  it('registers the document path with its schemas and records the operation', async () => {
    await build(async (request) => ({ code: 200, data: { id: request.params.id * 10 + request.query.pageSize } }));
    expect([...app.implementedOperations]).toEqual(['saveThing', 'secret']);
    const res = await app.inject({ method: 'POST', url: '/things/4', payload: { name: 'abc', kind: 'a', extra: 1 } });
    expect(res.json()).toEqual({ code: 200, data: { id: 50 } });
  });

  it('validates requests: 400 with Chinese field errors', async () => {
    await build(async () => ({ code: 200 }));
    const res = await app.inject({ method: 'POST', url: '/things/x', payload: { name: 'abc', kind: 'a' } });
    expect(res.statusCode).toBe(400);
    const body = (await app.inject({ method: 'POST', url: '/things/1', payload: { name: 'a' } })).json();
    expect(body.code).toBe(400);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: '名称长度不能少于2个字符' },
        { field: 'kind', message: '请选择类别' },
      ]),
    );
    const empty = (await app.inject({ method: 'POST', url: '/things/1' })).json();
    expect(empty.errors).toEqual(expect.arrayContaining([{ field: 'name', message: '请填写名称' }]));
    expect((await app.inject({ method: 'POST', url: '/things/1?pageSize=101', payload: { name: 'ab', kind: 'a' } })).statusCode).toBe(400);
  });

  it('applies security: operations without `security: []` need a user', async () => {
    await build(async () => ({ code: 200 }));
    expect((await app.inject({ method: 'GET', url: '/secret' })).json()).toEqual({ code: 401, msg: '请先登录' });
  });

  it('in test mode a response that breaks the document fails loudly', async () => {
    await build(async () => ({ code: 200, data: { id: 'not a number' } }));
    const res = await app.inject({ method: 'POST', url: '/things/1', payload: { name: 'ab', kind: 'b' } });
    expect(res.statusCode).toBe(500);
    expect(res.json().msg).toContain('Response violates the OpenAPI document');
    expect(app.contractViolations).toHaveLength(1);
  });

  it('in test mode an answer without a header the document requires fails loudly', async () => {
    await build(async (request) => {
      if (request.params.id === 2) throw new AppError(409, '冲突', { headers: { 'x-thing-count': '3' } });
      throw new AppError(409, '冲突');
    });
    const bare = await app.inject({ method: 'POST', url: '/things/1', payload: { name: 'ab', kind: 'b' } });
    expect(bare.statusCode).toBe(500);
    expect(bare.json().msg).toContain('requires the header(s) x-thing-count on 409');
    const withHeader = await app.inject({ method: 'POST', url: '/things/2', payload: { name: 'ab', kind: 'b' } });
    expect(withHeader.statusCode).toBe(409);
    expect(withHeader.headers['x-thing-count']).toBe('3');
  });

  it('outside test mode responses are not checked', async () => {
    await build(async () => ({ code: 200, data: { id: 'not a number' } }), 'production');
    expect((await app.inject({ method: 'POST', url: '/things/1', payload: { name: 'ab', kind: 'b' } })).statusCode).toBe(200);
  });

  it('refuses an operation the document lacks', async () => {
    await build(async () => ({ code: 200 }));
    expect(() => app.operation('nope' as OperationId, (async () => ({})) as never)).toThrow(/not in the OpenAPI document/);
  });
});

describe('error envelope', () => {
  it('business messages are code 100 with HTTP 200 and optional data', async () => {
    await build(async () => {
      throw bizError('请先完成图形验证码校验', { resendAfter: 3 });
    }, 'production');
    const res = await app.inject({ method: 'POST', url: '/things/1', payload: { name: 'ab', kind: 'a' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 100, msg: '请先完成图形验证码校验', data: { resendAfter: 3 } });
  });

  it('unexpected errors become a generic 500 envelope without detail', async () => {
    await build(async () => {
      throw new Error('database password is hunter2');
    }, 'production');
    const res = await app.inject({ method: 'POST', url: '/things/1', payload: { name: 'ab', kind: 'a' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: '系统繁忙，请稍后再试' });
  });

  it('unknown routes and bad JSON are envelopes too', async () => {
    await build(async () => ({ code: 200 }));
    expect((await app.inject({ method: 'GET', url: '/nope' })).json()).toEqual({ code: 404, msg: '接口不存在' });
    const bad = await app.inject({ method: 'POST', url: '/things/1', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, msg: '请求体不是有效的 JSON' });
  });
});
