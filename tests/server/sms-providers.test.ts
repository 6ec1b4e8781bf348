// SMS through Aliyun SMS and Tencent Cloud SMS (server/services/sms-providers.ts), each against a local fake of the
// provider's HTTP API that checks the request signature the way the provider documents it. The fakes' checks are
// written here from the documentation, not imported from the adapter. No network beyond loopback.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createTestApp, nextIp, type TestApp } from './helpers.ts';
import { createUser, key, post, staffMoves } from './service-helpers.ts';

interface Received {
  ok: boolean;
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
  });

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/**
 * Aliyun RPC (POP) signature, from its documentation: parameters except Signature sorted by name, names and values
 * percent-encoded per RFC 3986 (space %20, * %2A, ~ unencoded), joined with & and =; StringToSign =
 * METHOD & percentEncode("/") & percentEncode(canonicalized); Base64(HMAC-SHA1(secret + "&", StringToSign)).
 */
function fakeAliyun(secret: string, received: Received[]) {
  const enc = (s: string) =>
    encodeURIComponent(s)
      .replace(/\+/g, '%20')
      .replace(/\*/g, '%2A')
      .replace(/%7E/g, '~')
      .replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return createServer(async (req, res) => {
    const body = await read(req);
    const params = Object.fromEntries(new URLSearchParams(body));
    const { Signature, ...rest } = params;
    const canonical = Object.keys(rest)
      .sort()
      .map((k) => `${enc(k)}=${enc(rest[k]!)}`)
      .join('&');
    const expected = createHmac('sha1', `${secret}&`)
      .update(`${req.method}&${enc('/')}&${enc(canonical)}`)
      .digest('base64');
    const ok =
      Signature === expected &&
      rest.Action === 'SendSms' &&
      rest.Version === '2017-05-25' &&
      rest.SignatureMethod === 'HMAC-SHA1' &&
      !!rest.SignatureNonce;
    received.push({ ok, params, headers: req.headers, body });
    res.setHeader('content-type', 'application/json');
    res.statusCode = ok ? 200 : 400;
    res.end(
      JSON.stringify(
        ok
          ? { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5' }
          : {
              // As Aliyun answers: the message echoes the string it signed (phone, code and AccessKeyId in it, URL-encoded).
              Code: 'SignatureDoesNotMatch',
              Message: `Specified signature is not matched with our calculation. server string to sign is:${req.method}&${enc('/')}&${enc(canonical)}`,
              RequestId: 'F655A8D6',
            },
      ),
    );
  });
}

/**
 * Tencent Cloud API 3.0 TC3-HMAC-SHA256, from its documentation: CanonicalRequest = POST \n / \n (empty query) \n
 * "content-type:<ct>\nhost:<host>\n" \n "content-type;host" \n hex(SHA256(body)); StringToSign = TC3-HMAC-SHA256 \n
 * timestamp \n date/sms/tc3_request \n hex(SHA256(CanonicalRequest)); key chain TC3+SecretKey → date → service →
 * "tc3_request"; Signature = hex(HMAC-SHA256(key, StringToSign)).
 */
function fakeTencent(secretId: string, secretKey: string, received: Received[]) {
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  const mac = (k: string | Buffer, s: string) => createHmac('sha256', k).update(s).digest();
  return createServer(async (req, res) => {
    const body = await read(req);
    const timestamp = String(req.headers['x-tc-timestamp']);
    const date = new Date(Number(timestamp) * 1000).toISOString().slice(0, 10);
    const canonical = `POST\n/\n\ncontent-type:${req.headers['content-type']}\nhost:${req.headers.host}\n\ncontent-type;host\n${sha(body)}`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha(canonical)}`;
    const signature = createHmac('sha256', mac(mac(mac(`TC3${secretKey}`, date), 'sms'), 'tc3_request'))
      .update(toSign)
      .digest('hex');
    const expected = `TC3-HMAC-SHA256 Credential=${secretId}/${date}/sms/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`;
    const ok =
      req.headers.authorization === expected && req.headers['x-tc-action'] === 'SendSms' && req.headers['x-tc-version'] === '2021-01-11';
    received.push({ ok, params: {}, headers: req.headers, body });
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify(
        ok
          ? {
              Response: {
                SendStatusSet: [
                  {
                    SerialNo: '5000:1045710669157053657849499619',
                    PhoneNumber: JSON.parse(body).PhoneNumberSet[0],
                    Fee: 1,
                    Code: 'Ok',
                    Message: 'send success',
                  },
                ],
                RequestId: 'a0aabda6',
              },
            }
          : {
              Response: {
                // Tencent's parameter errors quote the values they refused; this one quotes the whole request.
                Error: {
                  Code: 'AuthFailure.SignatureFailure',
                  Message: `The provided credentials could not be validated. Credential=${secretId}; body ${body}`,
                },
                RequestId: 'a0aabda7',
              },
            },
      ),
    );
  });
}

/** Sends a verification code through the app's API (image code first, as a user does). */
async function sendCode(t: TestApp, phone: string) {
  const ip = nextIp();
  const { uuid, text } = await t.captcha();
  const ticket = (
    await t.json({ method: 'POST', url: '/api/registerOrLogin/imgCodeVerify', payload: { phone, uuid, code: text }, remoteAddress: ip })
  ).body.data.smsTicket;
  return t.json({
    method: 'POST',
    url: '/api/registerOrLogin/sendMsg',
    payload: { phone, smsTicket: ticket, scene: 'register' },
    remoteAddress: ip,
  });
}

/** Submits a certificate application as a fresh user and moves it to 审核中 as staff (two status SMS). */
async function submitAndReview(t: TestApp) {
  const u = await createUser(t);
  const kd = (await post(t, '/api/daily/hjzmkj/kdlist', u.token)).body.data as { dictValue: string }[];
  const types = (await post(t, '/api/daily/hjzmkj/typelist', u.token)).body.data as { dictValue: string }[];
  const created = await post(
    t,
    '/api/daily/hjzmkj/add',
    u.token,
    { zmlx: types[0]!.dictValue, yt: '办理签证', fs: 1, kdfs: kd[0]!.dictValue, lxdh: u.phone },
    key(),
  );
  expect(created.body.code, JSON.stringify(created.body)).toBe(200);
  await staffMoves(t, created.body.data.id, 2);
  return { user: u, no: created.body.data.sqbh as string, id: created.body.data.id as number };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('Aliyun SMS', () => {
  const received: Received[] = [];
  let fake: Server;
  let t: TestApp;
  beforeAll(async () => {
    fake = fakeAliyun('aliyun-secret', received);
    const endpoint = await listen(fake);
    t = await createTestApp({
      env: {
        SMS_PROVIDER: 'aliyun',
        SMS_ACCESS_KEY_ID: 'LTAI-test',
        SMS_ACCESS_KEY_SECRET: 'aliyun-secret',
        SMS_SIGN_NAME: '户籍业务办理',
        SMS_TEMPLATE_IDS: JSON.stringify({ code: 'SMS_100000001', submitted: 'SMS_100000002' }),
        SMS_ENDPOINT: endpoint,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    fake?.close();
  });

  it('sends the code with its template, signature name and parameters, signed as Aliyun checks it', async () => {
    const phone = '13911112222';
    expect((await sendCode(t, phone)).body.code).toBe(200);
    const last = received.at(-1)!;
    expect(last.ok).toBe(true);
    expect(last.params).toMatchObject({
      PhoneNumbers: phone,
      SignName: '户籍业务办理',
      TemplateCode: 'SMS_100000001',
      AccessKeyId: 'LTAI-test',
      Format: 'JSON',
    });
    expect(JSON.parse(last.params.TemplateParam!)).toEqual({ code: expect.stringMatching(/^\d{6}$/) });
  });

  it("sends status SMS by the template the console gives, with the office's parameters in order; a template without id is not sent", async () => {
    // 审核中 (s2) gets an id in the console; its parameters are those of its text.
    const admin = await t.app.services.staff.create({
      username: `smsadmin${Date.now().toString(36)}`,
      name: '短信管理员',
      role: 'admin',
      password: 'Admin@2026x',
    });
    const token = await t.app.services.sessions.create(admin.id, '1', '127.0.0.1', { staff: true });
    const put = await t.json({
      method: 'PUT',
      url: '/api/admin/notice-templates/s2',
      token,
      payload: { title: '{业务名称}：审核中', content: '您的{业务名称}申请（{申请编号}）户籍办正在审核。', smsTemplateId: 'SMS_200000002' },
    });
    expect(put.body.code, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({
      smsTemplateId: 'SMS_200000002',
      smsParams: [
        { name: '业务名称', variable: 'service' },
        { name: '申请编号', variable: 'no' },
      ],
    });
    const list = await t.json({ method: 'GET', url: '/api/admin/notice-templates', token });
    expect(list.body.data.smsProvider).toBe('aliyun');

    const before = received.length;
    const { user, no, id } = await submitAndReview(t);
    await until(() => received.length >= before + 2);
    const sent = received.slice(before).filter((r) => r.params.PhoneNumbers === user.phone);
    expect(sent.map((r) => [r.ok, r.params.TemplateCode])).toEqual([
      [true, 'SMS_100000002'],
      [true, 'SMS_200000002'],
    ]);
    expect(JSON.parse(sent[1]!.params.TemplateParam!)).toEqual({ service: '户籍证明开具', no });

    // 办理中 (s4) has no id anywhere: nothing reaches the provider for it.
    await staffMoves(t, id, 4);
    await new Promise((r) => setTimeout(r, 300));
    expect(received.slice(before).filter((r) => r.params.PhoneNumbers === user.phone)).toHaveLength(2);
  });
});

describe('Tencent Cloud SMS', () => {
  const received: Received[] = [];
  let fake: Server;
  let t: TestApp;
  beforeAll(async () => {
    fake = fakeTencent('AKID-test', 'tencent-secret', received);
    const endpoint = await listen(fake);
    t = await createTestApp({
      env: {
        SMS_PROVIDER: 'tencent',
        SMS_SECRET_ID: 'AKID-test',
        SMS_SECRET_KEY: 'tencent-secret',
        SMS_SDK_APP_ID: '1400000001',
        SMS_SIGN_NAME: '户籍业务办理',
        SMS_TEMPLATE_IDS: JSON.stringify({ code: '1000001', submitted: '1000002', s2: '1000003' }),
        SMS_ENDPOINT: endpoint,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    fake?.close();
  });

  it('sends the code and status SMS signed with TC3-HMAC-SHA256, parameters in the order of the text', async () => {
    const phone = '13911113333';
    expect((await sendCode(t, phone)).body.code).toBe(200);
    const code = received.at(-1)!;
    expect(code.ok).toBe(true);
    expect(code.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(JSON.parse(code.body)).toMatchObject({
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: '1400000001',
      SignName: '户籍业务办理',
      TemplateId: '1000001',
      TemplateParamSet: [expect.stringMatching(/^\d{6}$/)],
    });

    const before = received.length;
    const { user, no } = await submitAndReview(t);
    await until(() => received.length >= before + 2);
    const sent = received
      .slice(before)
      .map((r) => JSON.parse(r.body) as { PhoneNumberSet: string[]; TemplateId: string; TemplateParamSet: string[] });
    expect(received.slice(before).every((r) => r.ok)).toBe(true);
    expect(sent.filter((s) => s.PhoneNumberSet[0] === `+86${user.phone}`).map((s) => [s.TemplateId, s.TemplateParamSet])).toEqual([
      ['1000002', ['户籍证明开具', no]],
      ['1000003', ['户籍证明开具', no]],
    ]);
  });
});

describe('a wrong secret and a missing setting', () => {
  it('a provider refusal reaches the caller (the code is not said to be sent)', async () => {
    const received: Received[] = [];
    const fake = fakeAliyun('the-real-secret', received);
    const endpoint = await listen(fake);
    const t = await createTestApp({
      env: {
        SMS_PROVIDER: 'aliyun',
        SMS_ACCESS_KEY_ID: 'LTAI-test',
        SMS_ACCESS_KEY_SECRET: 'a-wrong-secret',
        SMS_SIGN_NAME: '户籍业务办理',
        SMS_TEMPLATE_IDS: '{"code":"SMS_1"}',
        SMS_ENDPOINT: endpoint,
      },
    });
    const lines: string[] = [];
    try {
      const res = await sendCode(t, '13911114444');
      expect(received.at(-1)!.ok).toBe(false);
      expect(res.body).toMatchObject({ code: 500, msg: '短信发送失败，请稍后再试' });
      const code = JSON.parse(received.at(-1)!.params.TemplateParam!).code as string;
      lines.push(...t.logLines().filter((l) => l.includes('SMS provider refused')));
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!);
      expect(line).toMatchObject({
        provider: 'aliyun',
        providerCode: 'SignatureDoesNotMatch',
        requestId: 'F655A8D6',
        phone: '139****4444',
      });
      // Nothing of what was signed: not the phone in any encoding, not the code, not the key id.
      for (const secret of ['13911114444', code, 'LTAI-test', 'string to sign']) expect(lines[0]).not.toContain(secret);
    } finally {
      await t.close();
      fake.close();
    }
  });

  it('a Tencent Cloud refusal is logged as its code and request id only', async () => {
    const received: Received[] = [];
    const fake = fakeTencent('AKID-test', 'the-real-key', received);
    const endpoint = await listen(fake);
    const t = await createTestApp({
      env: {
        SMS_PROVIDER: 'tencent',
        SMS_SECRET_ID: 'AKID-test',
        SMS_SECRET_KEY: 'a-wrong-key',
        SMS_SDK_APP_ID: '1400000001',
        SMS_SIGN_NAME: '户籍业务办理',
        SMS_TEMPLATE_IDS: '{"code":"1000001"}',
        SMS_ENDPOINT: endpoint,
      },
    });
    try {
      expect((await sendCode(t, '13911115555')).body).toMatchObject({ code: 500 });
      const code = JSON.parse(received.at(-1)!.body).TemplateParamSet[0] as string;
      const lines = t.logLines().filter((l) => l.includes('SMS provider refused'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        provider: 'tencent',
        providerCode: 'AuthFailure.SignatureFailure',
        requestId: 'a0aabda7',
      });
      for (const secret of ['13911115555', code, 'AKID-test']) expect(lines[0]).not.toContain(secret);
    } finally {
      await t.close();
      fake.close();
    }
  });

  it('refuses to start with SMS_PROVIDER but without its keys, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'aliyun' })).toThrow(
      /SMS_ACCESS_KEY_ID[\s\S]*SMS_ACCESS_KEY_SECRET[\s\S]*SMS_SIGN_NAME/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'tencent', SMS_SECRET_ID: 'x', SMS_SECRET_KEY: 'y', SMS_SIGN_NAME: 'z' }),
    ).toThrow(/SMS_SDK_APP_ID/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'aliyun', SMS_TEMPLATE_IDS: '["SMS_1"]' })).toThrow(/SMS_TEMPLATE_IDS/);
  });
});
