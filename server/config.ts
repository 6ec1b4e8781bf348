// Environment configuration, validated once at start with clear messages.
import { isIP } from 'node:net';
import * as v from 'valibot';

const NodeEnv = v.picklist(
  ['development', 'test', 'production'],
  'NODE_ENV 必须是 development、test 或 production（NODE_ENV must be development, test or production）',
);

const optionalUrl = (name: string) => v.optional(v.pipe(v.string(), v.trim(), v.url(`${name} 不是有效的 URL（${name} must be a URL）`)));

/** 32 bytes written as 64 hex characters or as base64 (standard or URL-safe); null when it is neither. */
export function parseDataKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** SMS_TEMPLATE_IDS: {"code":"SMS_123","s4":"SMS_456",…}; null when it is not such an object. */
export function parseTemplateIds(text: string): Record<string, string> | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.every(([, id]) => typeof id === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(id)) ? (value as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** The SMS provider (services/sms-providers.ts): credentials, signature and template ids. */
export type SmsProviderConfig =
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateIds: Record<string, string>;
      endpoint?: string;
    }
  | {
      provider: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      region: string;
      signName: string;
      templateIds: Record<string, string>;
      endpoint?: string;
    };

/** Every variable the server reads, with its default (docs/deploy.md's table lists the same, checked by a test). */
export const EnvSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'PORT 必须是整数（PORT must be an integer）'),
      v.transform(Number),
      v.minValue(0, 'PORT 必须在 0–65535 之间（PORT must be 0-65535）'),
      v.maxValue(65535, 'PORT 必须在 0–65535 之间（PORT must be 0-65535）'),
    ),
    '8080',
  ),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1, 'HOST 不能为空（HOST must not be empty）')), '0.0.0.0'),
  METRICS_HOST: v.optional(v.pipe(v.string(), v.minLength(1, 'METRICS_HOST 不能为空（METRICS_HOST must not be empty）')), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1, 'DATA_DIR 不能为空（DATA_DIR must not be empty）')), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须以 postgres:// 开头（DATABASE_URL must be a postgres:// URL）')),
  ),
  CAS_BASE_URL: optionalUrl('CAS_BASE_URL'),
  SMS_GATEWAY_URL: optionalUrl('SMS_GATEWAY_URL'),
  SMS_GATEWAY_TOKEN: v.optional(v.string()),
  SMS_PROVIDER: v.optional(
    v.picklist(['aliyun', 'tencent'], 'SMS_PROVIDER 必须是 aliyun 或 tencent（SMS_PROVIDER must be aliyun or tencent）'),
  ),
  SMS_ACCESS_KEY_ID: v.optional(v.string()),
  SMS_ACCESS_KEY_SECRET: v.optional(v.string()),
  SMS_SECRET_ID: v.optional(v.string()),
  SMS_SECRET_KEY: v.optional(v.string()),
  SMS_SDK_APP_ID: v.optional(v.string()),
  SMS_REGION: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z]+-[a-z]+$/, 'SMS_REGION 形如 ap-guangzhou（SMS_REGION looks like ap-guangzhou）')),
    'ap-guangzhou',
  ),
  SMS_SIGN_NAME: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(20, 'SMS_SIGN_NAME 最长 20 字（SMS_SIGN_NAME is at most 20 characters）')),
  ),
  SMS_TEMPLATE_IDS: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (text) => parseTemplateIds(text) !== null,
        'SMS_TEMPLATE_IDS 必须是 JSON 对象，如 {"code":"SMS_123456789"}（SMS_TEMPLATE_IDS must be a JSON object of template ids）',
      ),
    ),
    '{}',
  ),
  SMS_ENDPOINT: optionalUrl('SMS_ENDPOINT'),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (text) => parseTrustProxy(text) !== null,
        'TRUST_PROXY 必须是 true、false、代理层数（如 1）或代理地址列表（如 10.0.0.5,10.0.1.0/24）（TRUST_PROXY must be true, false, a hop count or a comma-separated list of proxy addresses/CIDRs）',
      ),
    ),
    'false',
  ),
  REDIS_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^rediss?:\/\//, 'REDIS_URL 必须以 redis:// 或 rediss:// 开头（REDIS_URL must be a redis:// URL）'),
    ),
  ),
  LOG_LEVEL: v.optional(
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'LOG_LEVEL 必须是 fatal、error、warn、info、debug、trace 或 silent（LOG_LEVEL must be a pino level）',
    ),
    'info',
  ),
  METRICS_TOKEN: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(16, 'METRICS_TOKEN 至少 16 个字符（METRICS_TOKEN must be at least 16 characters）')),
  ),
  METRICS_PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'METRICS_PORT 必须是整数（METRICS_PORT must be an integer）'),
      v.transform(Number),
      v.minValue(1, 'METRICS_PORT 必须在 1–65535 之间（METRICS_PORT must be 1-65535）'),
      v.maxValue(65535, 'METRICS_PORT 必须在 1–65535 之间（METRICS_PORT must be 1-65535）'),
    ),
  ),
  LOAD_SHED_EVENT_LOOP_DELAY_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^\d+$/,
        'LOAD_SHED_EVENT_LOOP_DELAY_MS 必须是整数毫秒，0 表示关闭（LOAD_SHED_EVENT_LOOP_DELAY_MS must be an integer of ms, 0 = off）',
      ),
      v.transform(Number),
    ),
  ),
  SHUTDOWN_DRAIN_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'SHUTDOWN_DRAIN_SECONDS 必须是整数秒（SHUTDOWN_DRAIN_SECONDS must be an integer of seconds）'),
      v.transform(Number),
      v.maxValue(60, 'SHUTDOWN_DRAIN_SECONDS 不能超过 60（SHUTDOWN_DRAIN_SECONDS must be at most 60）'),
    ),
  ),
  NODE_ENV: v.optional(NodeEnv, 'development'),
  EMBEDDED_DATABASE: v.optional(
    v.picklist(['true', 'false', '1', '0'], 'EMBEDDED_DATABASE 必须是 true 或 false（EMBEDDED_DATABASE must be true or false）'),
    'false',
  ),
  PASSWORD_SIGN_IN_ONLY: v.optional(
    v.picklist(['true', 'false', '1', '0'], 'PASSWORD_SIGN_IN_ONLY 必须是 true 或 false（PASSWORD_SIGN_IN_ONLY must be true or false）'),
    'false',
  ),
  DEMO: v.optional(v.picklist(['true', 'false', '1', '0'], 'DEMO 必须是 true 或 false（DEMO must be true or false）'), 'false'),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  SIGNING_P12_FILE: v.optional(v.string()),
  SIGNING_P12_PASSPHRASE: v.optional(v.string()),
  DATA_ENCRYPTION_KEY: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (text) => parseDataKey(text) !== null,
        'DATA_ENCRYPTION_KEY 必须是 32 字节的密钥：64 个十六进制字符或 base64（DATA_ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64）',
      ),
    ),
  ),
});

/** Fastify's trustProxy from TRUST_PROXY: true/false, a hop count, or proxy addresses/CIDRs; null when unreadable. */
export function parseTrustProxy(text: string): boolean | number | string[] | null {
  const value = text.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const isProxy = (part: string) => {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(part)) return true;
    const [address, prefix, ...rest] = part.split('/');
    const family = isIP(address);
    if (!family || rest.length > 0) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  };
  return parts.length > 0 && parts.every(isProxy) ? parts : null;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  casBaseUrl?: string;
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
  /** A Chinese SMS provider sending registered templates (instead of the free-text gateway). */
  smsProvider?: SmsProviderConfig;
  /** Fastify's trustProxy: false (default), true (any proxy: only behind one you control), a hop count, or addresses. */
  trustProxy: boolean | number | string[];
  /** Shared store for rate-limit counters across instances; absent, counters live in this process. */
  redisUrl?: string;
  logLevel: LogLevel;
  /** Bearer token that opens /metrics on the main port; absent (and no METRICS_PORT), metrics are not served. */
  metricsToken?: string;
  /** A separate port serving /metrics only (bind it to a private interface). */
  metricsPort?: number;
  /** Where the METRICS_PORT listener binds: loopback unless METRICS_HOST says otherwise (never HOST by default). */
  metricsHost: string;
  /** Shed new API requests (503) while the event loop's mean delay exceeds this many ms; 0 = never. */
  loadShedEventLoopDelayMs: number;
  /**
   * On SIGTERM, how long /readyz answers 503 while every other request is still served, before the listener closes
   * (a load balancer that probes /readyz stops sending meanwhile). Default 3 s in production, 0 elsewhere.
   */
  shutdownDrainSeconds: number;
  nodeEnv: 'development' | 'test' | 'production';
  /** Demo mode (`npm start`): demo accounts with a published password and the development CAS. Never in production. */
  demo: boolean;
  /** Public origin of this server (used for CAS service URLs); defaults to http://localhost:PORT. */
  publicUrl: string;
  /**
   * The secret that encrypts ID numbers at rest (32 bytes). Required in production; elsewhere, absent, a key is kept
   * in DATA_DIR/data-encryption.key (server/lib/field-crypto.ts).
   */
  dataEncryptionKey?: Buffer;
  /**
   * The office's signing key and certificate for issued documents (PKCS#12: .p12/.pfx) and its passphrase. Absent,
   * documents are signed with a self-signed certificate the server makes once and keeps in the database (sealed).
   */
  signingP12File?: string;
  signingP12Passphrase?: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as "not set" so `FOO= npm start` behaves like an absent variable.
  const input = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, input);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  - ${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new ConfigError(`配置错误（invalid configuration）:\n${lines.join('\n')}`);
  }
  const e = result.output;
  const demo = e.DEMO === 'true' || e.DEMO === '1';
  if (demo && e.NODE_ENV === 'production') {
    throw new ConfigError(
      '配置错误（invalid configuration）:\n  - DEMO: 演示模式不能用于生产环境（DEMO cannot be used with NODE_ENV=production）',
    );
  }
  if (e.NODE_ENV === 'production') {
    // Production says what it runs on: each missing choice is one line, all at once.
    const yes = (flag: string) => flag === 'true' || flag === '1';
    const missing = [
      !e.DATABASE_URL &&
        !yes(e.EMBEDDED_DATABASE) &&
        '  - DATABASE_URL: 生产环境必须配置 PostgreSQL，或明确选择内嵌数据库 EMBEDDED_DATABASE=true（DATABASE_URL is required with NODE_ENV=production, or EMBEDDED_DATABASE=true）',
      !e.PUBLIC_URL && '  - PUBLIC_URL: 生产环境必须配置对外访问地址（PUBLIC_URL is required with NODE_ENV=production）',
      !e.CAS_BASE_URL &&
        !yes(e.PASSWORD_SIGN_IN_ONLY) &&
        '  - CAS_BASE_URL: 生产环境必须配置统一身份认证，或明确选择只用账号密码登录 PASSWORD_SIGN_IN_ONLY=true（CAS_BASE_URL is required with NODE_ENV=production, or PASSWORD_SIGN_IN_ONLY=true）',
      !e.DATA_ENCRYPTION_KEY &&
        '  - DATA_ENCRYPTION_KEY: 生产环境必须配置数据加密密钥（DATA_ENCRYPTION_KEY is required with NODE_ENV=production）',
    ].filter(Boolean);
    if (missing.length) throw new ConfigError(`配置错误（invalid configuration）:\n${missing.join('\n')}`);
  }
  let smsProvider: SmsProviderConfig | undefined;
  if (e.SMS_PROVIDER) {
    const need = (name: string, value: string | undefined) =>
      value
        ? null
        : `  - ${name}: SMS_PROVIDER=${e.SMS_PROVIDER} 需要配置 ${name}（${name} is required with SMS_PROVIDER=${e.SMS_PROVIDER}）`;
    const names =
      e.SMS_PROVIDER === 'aliyun'
        ? ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME']
        : ['SMS_SECRET_ID', 'SMS_SECRET_KEY', 'SMS_SDK_APP_ID', 'SMS_SIGN_NAME'];
    const missing = names.map((name) => need(name, (e as unknown as Record<string, string | undefined>)[name])).filter(Boolean);
    if (missing.length) throw new ConfigError(`配置错误（invalid configuration）:\n${missing.join('\n')}`);
    const templateIds = e.SMS_TEMPLATE_IDS ? parseTemplateIds(e.SMS_TEMPLATE_IDS)! : {};
    smsProvider =
      e.SMS_PROVIDER === 'aliyun'
        ? {
            provider: 'aliyun',
            accessKeyId: e.SMS_ACCESS_KEY_ID!,
            accessKeySecret: e.SMS_ACCESS_KEY_SECRET!,
            signName: e.SMS_SIGN_NAME!,
            templateIds,
            endpoint: e.SMS_ENDPOINT,
          }
        : {
            provider: 'tencent',
            secretId: e.SMS_SECRET_ID!,
            secretKey: e.SMS_SECRET_KEY!,
            sdkAppId: e.SMS_SDK_APP_ID!,
            region: e.SMS_REGION,
            signName: e.SMS_SIGN_NAME!,
            templateIds,
            endpoint: e.SMS_ENDPOINT,
          };
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    casBaseUrl: e.CAS_BASE_URL?.replace(/\/+$/, ''),
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    smsGatewayToken: e.SMS_GATEWAY_TOKEN,
    smsProvider,
    trustProxy: parseTrustProxy(e.TRUST_PROXY)!,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    // On by default in production only: a development or test run (PGlite seeding blocks the loop) never sheds.
    loadShedEventLoopDelayMs: e.LOAD_SHED_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'production' ? 1000 : 0),
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 3 : 0),
    nodeEnv: e.NODE_ENV,
    demo,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY ? parseDataKey(e.DATA_ENCRYPTION_KEY)! : undefined,
    signingP12File: e.SIGNING_P12_FILE,
    signingP12Passphrase: e.SIGNING_P12_PASSPHRASE,
  };
}
