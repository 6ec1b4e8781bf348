// Configuration validation and the data-dir lock.
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { acquireDirLock, LockError } from '../../server/db/lock.ts';

/** What production needs (each refusal below leaves one out). */
const PRODUCTION = {
  DATABASE_URL: 'postgres://u@h/db',
  PUBLIC_URL: 'https://hukou.example.edu.cn',
  CAS_BASE_URL: 'https://cas.example.edu.cn/cas',
  DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
};

describe('loadConfig', () => {
  it('drains 3 s on SIGTERM by default in production, 0 elsewhere; SHUTDOWN_DRAIN_SECONDS sets it (0–60 whole seconds)', () => {
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'production' }).shutdownDrainSeconds).toBe(3);
    expect(loadConfig({}).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'production', SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '7' }).shutdownDrainSeconds).toBe(7);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '61' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '2.5' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });

  it('refuses a production start without each thing production needs, all named at once', () => {
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'production' }).nodeEnv).toBe('production');
    const cases: [string, RegExp][] = [
      ['DATABASE_URL', /DATABASE_URL is required with NODE_ENV=production, or EMBEDDED_DATABASE=true/],
      ['PUBLIC_URL', /PUBLIC_URL is required with NODE_ENV=production/],
      ['CAS_BASE_URL', /CAS_BASE_URL is required with NODE_ENV=production, or PASSWORD_SIGN_IN_ONLY=true/],
      ['DATA_ENCRYPTION_KEY', /DATA_ENCRYPTION_KEY is required with NODE_ENV=production/],
    ];
    for (const [left, message] of cases) {
      const env: Record<string, string> = { ...PRODUCTION, NODE_ENV: 'production' };
      delete env[left];
      expect(() => loadConfig(env), left).toThrow(message);
    }
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL[\s\S]*PUBLIC_URL[\s\S]*CAS_BASE_URL[\s\S]*DATA_ENCRYPTION_KEY/,
    );
    // The explicit choices stand in for PostgreSQL and for single sign-on.
    const { DATABASE_URL: _db, CAS_BASE_URL: _cas, ...rest } = PRODUCTION;
    expect(
      loadConfig({ ...rest, NODE_ENV: 'production', EMBEDDED_DATABASE: 'true', PASSWORD_SIGN_IN_ONLY: 'true' }).databaseUrl,
    ).toBeUndefined();
  });

  it('has defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      casBaseUrl: undefined,
      smsGatewayUrl: undefined,
      smsGatewayToken: undefined,
      trustProxy: false,
      redisUrl: undefined,
      logLevel: 'info',
      metricsToken: undefined,
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
      loadShedEventLoopDelayMs: 0,
      shutdownDrainSeconds: 0,
      nodeEnv: 'development',
      demo: false,
      publicUrl: 'http://localhost:8080',
    });
  });

  it('sheds load from 1 s of event-loop lag in production only, unless told otherwise', () => {
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'production' }).loadShedEventLoopDelayMs).toBe(1000);
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'production', LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' }).loadShedEventLoopDelayMs).toBe(0);
    expect(loadConfig({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '250' }).loadShedEventLoopDelayMs).toBe(250);
    expect(() => loadConfig({ LOAD_SHED_EVENT_LOOP_DELAY_MS: 'fast' })).toThrow(/LOAD_SHED_EVENT_LOOP_DELAY_MS 必须是整数毫秒/);
  });

  it('turns demo mode on only when asked, and never with production', () => {
    expect(loadConfig({ DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'production' }).demo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO: '1' })).toThrow(/DEMO cannot be used with NODE_ENV=production/);
  });

  it('reads every key; empty strings count as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h/db',
      CAS_BASE_URL: 'https://cas.example/cas/',
      TRUST_PROXY: 'true',
      NODE_ENV: 'production',
      DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
      PUBLIC_URL: 'https://hukou.example/',
      SMS_GATEWAY_URL: '',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@h/db',
      casBaseUrl: 'https://cas.example/cas',
      trustProxy: true,
      nodeEnv: 'production',
      publicUrl: 'https://hukou.example',
      smsGatewayUrl: undefined,
    });
  });

  it('reads TRUST_PROXY as true/false, a hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24' }).trustProxy).toEqual(['10.0.0.5', '10.0.1.0/24']);
    expect(loadConfig({ TRUST_PROXY: 'loopback,::1' }).trustProxy).toEqual(['loopback', '::1']);
    for (const bad of ['yes', 'proxy.example', '10.0.0.5;rm', '1e3']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY must be true, false, a hop count/);
    }
  });

  it('reads REDIS_URL, LOG_LEVEL and the metrics settings', () => {
    expect(
      loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0', LOG_LEVEL: 'warn', METRICS_TOKEN: 'x'.repeat(16), METRICS_PORT: '9464' }),
    ).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379/0',
      logLevel: 'warn',
      metricsToken: 'x'.repeat(16),
      metricsPort: 9464,
    });
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL must be a redis:\/\/ URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be a pino level/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it('explains what is wrong, in Chinese and English', () => {
    expect(() => loadConfig({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT 必须是整数');
      expect(message).toContain('NODE_ENV must be development, test or production');
      expect(message).toContain('DATABASE_URL');
    }
  });
});

describe('data-dir lock', () => {
  it('refuses a second holder and releases on demand', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hukou-lock-'));
    const lock = acquireDirLock(dir);
    expect(() => acquireDirLock(dir)).toThrow(LockError);
    lock.release();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
    acquireDirLock(dir).release();
    rmSync(dir, { recursive: true });
  });

  it('refuses a lock held by another live process, takes over a stale one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hukou-lock-'));
    writeFileSync(join(dir, '.lock'), `${process.ppid}\n`);
    expect(() => acquireDirLock(dir)).toThrow(/正被另一个进程/);
    writeFileSync(join(dir, '.lock'), '999999999\n');
    const lock = acquireDirLock(dir);
    lock.release();
    rmSync(dir, { recursive: true });
  });
});
