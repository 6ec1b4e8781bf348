// Hostile input is a client error, never a 500: NUL bytes and lone surrogates anywhere (query, path, JSON body and
// keys, multipart field names, values and file names) answer 400 请求包含非法字符; ids beyond int32 and page numbers
// beyond the document's bounds answer 400 before any query; a known path called with another method answers 405 with
// Allow; a value the database still refuses (SQLSTATE classes 22 and 23) answers 400 请求参数有误 without its
// parameters in the log.
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config.ts';
import { loggerOptions } from '../../server/app.ts';
import errorsPlugin from '../../server/plugins/errors.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createStaff } from './admin-helpers.ts';
import { createUser, PNG, type TestUser } from './service-helpers.ts';

let t: TestApp;
let user: TestUser;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  admin = await createStaff(t, 'admin');
});

afterAll(async () => {
  t.assertContract();
  await t.close();
});

const ILLEGAL = { code: 400, msg: '请求包含非法字符' };

function multipart(parts: { name: string; filename?: string; content: Buffer; type?: string }[], boundary = 'xYzBoundary01') {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
        'utf8',
      ),
    );
    chunks.push(p.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('NUL bytes and lone surrogates', () => {
  it('a NUL in a query value answers 400 请求包含非法字符 naming the field', async () => {
    const res = await t.json({ method: 'GET', url: '/api/notice/announcement/list?keyword=a%00b' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ...ILLEGAL, errors: [{ field: 'keyword', message: '请求包含非法字符' }] });
  });

  it('a NUL in a JSON body field, at any depth, answers 400 before the handler', async () => {
    const top = await t.json({ method: 'PUT', url: '/api/userinfo', token: user.token, payload: { xm: 'a\u0000b' } });
    expect(top.status).toBe(400);
    expect(top.body).toMatchObject({ ...ILLEGAL, errors: [{ field: 'xm' }] });
    const deep = await t.json({
      method: 'POST',
      url: '/api/daily/hkkbb/add',
      token: user.token,
      payload: { bbyy: '遗失', lxdh: '13900000001', lqfs: '0', attachments: [{ fileId: 'f_x\u0000' }] },
    });
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ ...ILLEGAL, errors: [{ field: 'attachments.0.fileId' }] });
  });

  it('a NUL in a JSON key answers 400 without echoing the key', async () => {
    const res = await t.json({ method: 'POST', url: '/qhyhlogin_false', payload: { username: 'x', password: 'y', 'a\u0000': 1 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ...ILLEGAL, errors: [{ field: '请求体' }] });
  });

  it('a lone surrogate (not a character) answers 400 like a NUL; a real astral character is fine', async () => {
    const lone = await t.json({
      method: 'POST',
      url: '/qhyhlogin_false',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a\\ud800","password":"x"}',
    });
    expect(lone.status).toBe(400);
    expect(lone.body).toMatchObject(ILLEGAL);
    const pair = await t.json({ method: 'GET', url: `/api/notice/announcement/list?keyword=${encodeURIComponent('𠀀')}` });
    expect(pair.status).toBe(200);
  });

  it('a NUL in a path parameter answers 400', async () => {
    const res = await t.json({ method: 'GET', url: '/api/wj/file/f_a%00b', token: user.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(ILLEGAL);
  });

  it('an upload whose file name, field name or text field holds a NUL answers 400 and stores nothing', async () => {
    const count = async () => {
      const r = (await t.app.db.execute(sql`select count(*)::int as n from uploads`)) as unknown as
        { rows?: { n: number }[] } | { n: number }[];
      return (Array.isArray(r) ? r : r.rows!)[0]!.n;
    };
    const before = await count();
    for (const parts of [
      [{ name: 'file', filename: 'a\u0000b.png', type: 'image/png', content: PNG }],
      [{ name: 'fi\u0000le', filename: 'a.png', type: 'image/png', content: PNG }],
      [
        { name: 'note', content: Buffer.from('a\u0000b') },
        { name: 'file', filename: 'a.png', type: 'image/png', content: PNG },
      ],
    ]) {
      const res = await t.json({ method: 'POST', url: '/api/wj/upload', token: user.token, ...multipart(parts) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(ILLEGAL);
    }
    expect(await count()).toBe(before);
    // The same upload with a clean name is taken.
    const ok = await t.json({
      method: 'POST',
      url: '/api/wj/upload',
      token: user.token,
      ...multipart([{ name: 'file', filename: '扫描件.png', type: 'image/png', content: PNG }]),
    });
    expect(ok.body.code).toBe(200);
  });

  it('a multipart body cut short answers 400 上传内容格式不正确, wherever it is cut', async () => {
    const { payload, headers } = multipart([
      { name: 'file', filename: 'a.png', type: 'image/png', content: Buffer.concat([PNG, Buffer.alloc(4096, 7)]) },
    ]);
    for (const cut of [20, 120, 2000, payload.length - 20, payload.length - 3]) {
      const res = await t.json({ method: 'POST', url: '/api/wj/upload', token: user.token, headers, payload: payload.subarray(0, cut) });
      expect(res.status, `cut at ${cut}`).toBe(400);
      expect(res.body.code).toBe(400);
    }
  });

  it('a multipart body without a boundary answers 400 上传内容格式不正确', async () => {
    const res = await t.json({
      method: 'POST',
      url: '/api/wj/upload',
      token: user.token,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg: '上传内容格式不正确' });
  });
});

describe('integer bounds from the document', () => {
  it('an id of 2^31 or 1e20 answers 400 (query, JSON body, path), the largest int32 reaches the handler', async () => {
    for (const id of ['2147483648', '100000000000000000000', '4294967296']) {
      const query = await t.json({ method: 'GET', url: `/api/wdsq/sqxq/getInfo?id=${id}`, token: user.token });
      expect(query.status, `getInfo ${id}`).toBe(400);
      expect(query.body.errors[0]).toEqual({ field: 'id', message: '申请编号不能大于2147483647' });
    }
    const body = await t.json({ method: 'POST', url: '/api/wdsq/sqxq/endProcessing', token: user.token, payload: { id: 2147483648 } });
    expect(body.status).toBe(400);
    const path = await t.json({ method: 'GET', url: '/api/admin/applications/2147483648', token: admin.token });
    expect(path.status).toBe(400);
    const largest = await t.json({ method: 'GET', url: '/api/wdsq/sqxq/getInfo?id=2147483647', token: user.token });
    expect(largest.status).toBe(404);
  });

  it('an array of ids and an expected version are bounded too', async () => {
    const ids = await t.json({ method: 'POST', url: '/api/zhzx/xxtz/markRead', token: user.token, payload: { ids: [1, 2147483648] } });
    expect(ids.status).toBe(400);
    const version = await t.json({
      method: 'POST',
      url: '/api/admin/applications/1/transition',
      token: admin.token,
      payload: { to: 2, expectedVersion: 2147483648 },
    });
    expect(version.status).toBe(400);
    expect(version.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'expectedVersion' })]));
  });

  it('a date in the year 0000 (PostgreSQL has no year 0) answers 400; 0001 and 9999 are dates', async () => {
    const zero = await t.json({ method: 'GET', url: '/api/admin/audit?to=0000-01-01', token: admin.token });
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toEqual([expect.objectContaining({ field: 'to' })]);
    for (const day of ['0001-01-01', '9999-12-31'])
      expect((await t.json({ method: 'GET', url: `/api/admin/audit?to=${day}`, token: admin.token })).status, day).toBe(200);
  });

  it('pageNum is at most 100000 and pageSize at most 100', async () => {
    const far = await t.json({ method: 'GET', url: '/api/notice/announcement/list?pageNum=100001' });
    expect(far.status).toBe(400);
    expect((await t.json({ method: 'GET', url: '/api/notice/announcement/list?pageNum=1e20' })).status).toBe(400);
    expect((await t.json({ method: 'GET', url: '/api/notice/announcement/list?pageSize=101' })).status).toBe(400);
    const last = await t.json({ method: 'GET', url: '/api/notice/announcement/list?pageNum=100000&pageSize=100' });
    expect(last.status).toBe(200);
    expect(last.body.rows).toEqual([]);
  });
});

describe('unsupported methods', () => {
  it('a known path called with another method answers 405 with Allow and an envelope', async () => {
    const res = await t.request({ method: 'POST', url: '/api/wdsq/sqxq/getInfo?id=1', token: user.token });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({ code: 405, msg: '不支持该请求方法' });
    const both = await t.request({ method: 'DELETE', url: '/api/userinfo', token: user.token });
    expect(both.statusCode).toBe(405);
    expect(both.headers.allow).toBe('POST, PUT');
    const withParam = await t.request({ method: 'PATCH', url: '/api/admin/announcements/12' });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toBe('DELETE, PUT');
  });

  it('a path that is not valid percent-encoding, or a path parameter over 2048 characters, answers a Chinese 400 envelope', async () => {
    const bad = await t.request({ method: 'GET', url: '/api/wj/file/%E0%A4%A', token: user.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, msg: '请求地址无效' });
    const long = await t.request({ method: 'GET', url: `/api/wj/file/${'a'.repeat(3000)}`, token: user.token });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ code: 400, msg: '请求地址过长' });
    // A parameter longer than the document allows but within the router's limit is answered by validation.
    const field = await t.json({ method: 'GET', url: `/api/wj/file/${'a'.repeat(300)}`, token: user.token });
    expect(field.status).toBe(400);
    expect(field.body.errors[0].field).toBe('fileId');
  });

  it('an unknown path still answers 404', async () => {
    const res = await t.request({ method: 'POST', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '接口不存在' });
  });
});

describe('database refusals as the last line of defence', () => {
  async function bare() {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) });
    const app = Fastify({ logger: loggerOptions(stream, 'info') });
    app.decorate('config', { nodeEnv: 'test' } as Config);
    await app.register(errorsPlugin);
    const dbError = (code: string) =>
      Object.assign(new Error('Failed query: insert into t values ($1)\nparams: 13812345678,secret-value'), {
        cause: Object.assign(new Error('value too long for type character varying(11)'), { code }),
      });
    app.get('/refused/:code', async (request) => {
      throw dbError((request.params as { code: string }).code);
    });
    await app.ready();
    return { app, lines };
  }

  it('SQLSTATE classes 22 and 23 answer 400 请求参数有误, logged without the query parameters', async () => {
    const { app, lines } = await bare();
    for (const code of ['22P02', '22003', '22001', '22021', '22007', '22008', '23505', '23503']) {
      const res = await app.inject({ method: 'GET', url: `/refused/${code}` });
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: '请求参数有误' });
    }
    const log = lines.join('');
    expect(log).toContain('the database refused a request value');
    expect(log).toContain('22P02');
    expect(log).not.toContain('secret-value');
    await app.close();
  });

  it('any other database error is still a 500', async () => {
    const { app } = await bare();
    const res = await app.inject({ method: 'GET', url: '/refused/42P01' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: '系统繁忙，请稍后再试' });
    await app.close();
  });
});

describe('what Node refuses before Fastify sees it', () => {
  /** Sends raw bytes to the app listening on loopback and answers what came back. */
  async function raw(bytes: string): Promise<string> {
    const { port } = t.app.server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
      let got = '';
      socket.on('data', (c) => (got += c.toString()));
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
    });
  }

  it('a URL over 16 kB answers 431 with the envelope; a malformed request 400 with the envelope', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const long = await raw(`GET /api/dict/typelist?x=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(long.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(long).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(long.split('\r\n\r\n')[1]!)).toEqual({ code: 431, msg: '请求地址或请求头过长' });
    const garbage = await raw('NOT A REQUEST\r\n\r\n');
    expect(garbage.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(garbage.split('\r\n\r\n')[1]!)).toEqual({ code: 400, msg: '请求格式错误' });
  });
});
