// Environment configuration, validated once at start with clear messages.
import * as v from 'valibot';

const NodeEnv = v.picklist(['development', 'test', 'production'], 'NODE_ENV 必须是 development、test 或 production（NODE_ENV must be development, test or production）');

const optionalUrl = (name: string) =>
  v.optional(v.pipe(v.string(), v.trim(), v.url(`${name} 不是有效的 URL（${name} must be a URL）`)));

const EnvSchema = v.object({
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
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1, 'DATA_DIR 不能为空（DATA_DIR must not be empty）')), './data'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须以 postgres:// 开头（DATABASE_URL must be a postgres:// URL）'),
    ),
  ),
  CAS_BASE_URL: optionalUrl('CAS_BASE_URL'),
  SMS_GATEWAY_URL: optionalUrl('SMS_GATEWAY_URL'),
  SMS_GATEWAY_TOKEN: v.optional(v.string()),
  TRUST_PROXY: v.optional(
    v.picklist(['true', 'false', '1', '0'], 'TRUST_PROXY 必须是 true 或 false（TRUST_PROXY must be true or false）'),
    'false',
  ),
  NODE_ENV: v.optional(NodeEnv, 'development'),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  casBaseUrl?: string;
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
  trustProxy: boolean;
  nodeEnv: 'development' | 'test' | 'production';
  /** Public origin of this server (used for CAS service URLs); defaults to http://localhost:PORT. */
  publicUrl: string;
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    casBaseUrl: e.CAS_BASE_URL?.replace(/\/+$/, ''),
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    smsGatewayToken: e.SMS_GATEWAY_TOKEN,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    nodeEnv: e.NODE_ENV,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
  };
}
