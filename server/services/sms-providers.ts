// SMS through the Chinese providers, which send only registered templates under a registered signature (签名):
// Aliyun SMS (dysmsapi 2017-05-25, SendSms, RPC signature HMAC-SHA1) and Tencent Cloud SMS (2021-01-11, SendSms,
// TC3-HMAC-SHA256). Each message names its template (services/sms.ts: SmsMessage); the office registers one template
// per key with the provider and gives its id (env SMS_TEMPLATE_IDS, or per notice template in the console). Aliyun
// templates name their variables — ${service} ${no} ${reason} ${place} ${time} ${courier} ${waybill} ${due} ${code}
// (SMS_VARIABLES); Tencent's are numbered {1} {2} … in the order the parameters appear in the text.
// A message whose template has no id is not sent (a warning, once per template); a refusal throws with the
// provider's code (callers log it; the phone is masked).
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '../lib/masks.ts';
import type { SmsMessage, SmsParam, SmsSender, SmsTemplateKey } from './sms.ts';

/** Aliyun variable names of the parameters (ASCII, as its templates require). */
export const SMS_VARIABLES: Record<SmsParam, string> = {
  业务名称: 'service',
  申请编号: 'no',
  原因: 'reason',
  领取地点: 'place',
  领取时间: 'time',
  快递公司: 'courier',
  快递单号: 'waybill',
  应还日期: 'due',
  验证码: 'code',
};

/** The provider template id of a message, or undefined when the office has registered none. */
export type TemplateIdOf = (template: SmsTemplateKey) => Promise<string | undefined>;

interface Common {
  signName: string;
  templateId: TemplateIdOf;
  log: FastifyBaseLogger;
  /** Override of the provider's address (tests use a local fake). */
  endpoint?: string;
  timeoutMs?: number;
}

/** RFC 3986 encoding as Aliyun's POP signature wants it (space %20, * %2A, ~ kept). */
export const popEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The Signature of an Aliyun RPC request with these parameters (Signature itself excluded). */
export function aliyunSignature(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${popEncode(k)}=${popEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${popEncode('/')}&${popEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The Authorization header of a Tencent Cloud API 3.0 POST (content-type and host signed). */
export function tencentAuthorization(opts: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  body: string;
  timestamp: number;
}): string {
  const date = new Date(opts.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${opts.contentType}\nhost:${opts.host}\n`,
    'content-type;host',
    sha256Hex(opts.body),
  ].join('\n');
  const scope = `${date}/${opts.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(opts.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signing = hmac(hmac(hmac(`TC3${opts.secretKey}`, date), opts.service), 'tc3_request');
  const signature = createHmac('sha256', signing).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${opts.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

/** Looks the template id up; without one, says so once per template and gives undefined. */
function templateLookup(common: Common, provider: string) {
  const warned = new Set<string>();
  return async (message: SmsMessage) => {
    const id = await common.templateId(message.template);
    if (!id && !warned.has(message.template)) {
      warned.add(message.template);
      common.log.warn(
        { provider, template: message.template },
        'SMS not sent: no provider template id for this message (SMS_TEMPLATE_IDS or the console)',
      );
    }
    return id;
  };
}

export function aliyunSender(opts: Common & { accessKeyId: string; accessKeySecret: string }): SmsSender {
  const endpoint = opts.endpoint ?? 'https://dysmsapi.aliyuncs.com/';
  const lookup = templateLookup(opts, 'aliyun');
  return {
    name: 'aliyun',
    async send(phone, message) {
      const templateCode = await lookup(message);
      if (!templateCode) return;
      const params: Record<string, string> = {
        AccessKeyId: opts.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: phone,
        SignName: opts.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: templateCode,
        TemplateParam: JSON.stringify(Object.fromEntries(message.params.map(([name, value]) => [SMS_VARIABLES[name], value]))),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const body = new URLSearchParams({ ...params, Signature: aliyunSignature('POST', params, opts.accessKeySecret) });
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { Code?: string; RequestId?: string };
      if (answer.Code !== 'OK') {
        // The code and request id only: a refusal's Message can echo what was signed (the phone, the code, the key id).
        opts.log.error(
          {
            provider: 'aliyun',
            status: response.status,
            providerCode: providerCode(answer.Code),
            requestId: providerCode(answer.RequestId),
            phone: maskPhone(phone),
            template: message.template,
          },
          'SMS provider refused a message',
        );
        throw new Error(`Aliyun SMS refused: ${providerCode(answer.Code) ?? `HTTP ${response.status}`}`);
      }
    },
  };
}

/** A provider's code or request id as logged: its word characters only, never a sentence (that could hold the request). */
const providerCode = (value: unknown) => (typeof value === 'string' ? value.replace(/[^\w.-]/g, '').slice(0, 64) || undefined : undefined);

export function tencentSender(opts: Common & { secretId: string; secretKey: string; sdkAppId: string; region: string }): SmsSender {
  const endpoint = new URL(opts.endpoint ?? 'https://sms.tencentcloudapi.com/');
  const lookup = templateLookup(opts, 'tencent');
  const contentType = 'application/json; charset=utf-8';
  return {
    name: 'tencent',
    async send(phone, message) {
      const templateId = await lookup(message);
      if (!templateId) return;
      const body = JSON.stringify({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: opts.sdkAppId,
        SignName: opts.signName,
        TemplateId: templateId,
        TemplateParamSet: message.params.map(([, value]) => value),
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const authorization = tencentAuthorization({
        secretId: opts.secretId,
        secretKey: opts.secretKey,
        service: 'sms',
        host: endpoint.host,
        contentType,
        body,
        timestamp,
      });
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': contentType,
          'x-tc-action': 'SendSms',
          'x-tc-version': '2021-01-11',
          'x-tc-timestamp': String(timestamp),
          'x-tc-region': opts.region,
        },
        body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        Response?: { Error?: { Code: string }; SendStatusSet?: { Code: string }[]; RequestId?: string };
      };
      const error =
        answer.Response?.Error ??
        (answer.Response?.SendStatusSet?.[0]?.Code === 'Ok'
          ? undefined
          : (answer.Response?.SendStatusSet?.[0] ?? { Code: `HTTP ${response.status}` }));
      if (error) {
        // The code and request id only, never the provider's message (it may echo the request).
        opts.log.error(
          {
            provider: 'tencent',
            status: response.status,
            providerCode: providerCode(error.Code),
            requestId: providerCode(answer.Response?.RequestId),
            phone: maskPhone(phone),
            template: message.template,
          },
          'SMS provider refused a message',
        );
        throw new Error(`Tencent Cloud SMS refused: ${providerCode(error.Code)}`);
      }
    },
  };
}
