// Builds the app for tests: a fresh in-memory PGlite, or — with TEST_DATABASE_URL — a fresh PostgreSQL
// database created for this test file and dropped afterwards. Requests go through app.inject only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { demoAccounts, demoPassword } from '../../server/db/seed-data/index.ts';
import { sessionCache } from '../../server/lib/session-cache.ts';
import { LogWatch } from './log-watch.ts';
import { scratchDatabase } from './scratch-db.ts';

export const PUBLIC_URL = 'http://localhost:8080';
/** The fixed data encryption key of test apps (64 hex characters). */
export const TEST_DATA_KEY = '5e'.repeat(32);
export const DEMO_PASSWORD = demoPassword;
export const demo = {
  undergraduate: demoAccounts.find((a) => a.rylb === '0')!,
  master: demoAccounts.find((a) => a.rylb === '1')!,
  doctoral: demoAccounts.find((a) => a.rylb === '2')!,
  postdoc: demoAccounts.find((a) => a.rylb === '3')!,
  staff: demoAccounts.find((a) => a.rylb === '4' && a.scfc === '0')!,
  family: demoAccounts.find((a) => a.rylb === '5')!,
  newStudent: demoAccounts.find((a) => a.rylb === '7')!,
  warnedStaff: demoAccounts.find((a) => a.scfc === '1')!,
};

/** A clock the test can move. */
export class TestClock {
  private offset = 0;
  now = () => new Date(Date.now() + this.offset);
  advance(seconds: number) {
    this.offset += seconds * 1000;
  }
}

let ipCounter = 0;
/** A fresh client address, so per-IP counters of one test do not leak into another. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  request(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  json<T = any>(opts: InjectOptions & { token?: string }): Promise<{ status: number; body: T; headers: Record<string, unknown> }>;
  login(username: string, password?: string, ip?: string): Promise<string>;
  captcha(): Promise<{ uuid: string; text: string }>;
  lastSms(phone: string): Promise<string>;
  /** Fails when any answer of this app broke the response contract. */
  assertContract(): void;
  /**
   * The test changed rows by hand (SQL, not through the application): what an operator does, followed by the
   * notification every instance listens for (server/lib/session-cache.ts). Drops this process's caches.
   */
  changedByHand(): void;
  /** Every line the app logged so far. */
  logLines(): string[];
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { handle: await openDatabase({}), drop: async () => {} };
  const scratch = await scratchDatabase(adminUrl, 'hukou_test');
  return { handle: await openDatabase({ databaseUrl: scratch.url }), drop: scratch.drop };
}

export async function createTestApp(
  opts: Omit<BuildOptions, 'db' | 'clock'> & {
    env?: Record<string, string>;
    /** A database of the test's own (a PostgreSQL reached through a proxy it stops), instead of the usual one. */
    database?: { handle: DatabaseHandle; drop(): Promise<void> };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hukou-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    DEMO: 'true',
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    ...opts.env,
  });
  const clock = new TestClock();
  const { handle, drop } = opts.database ?? (await openTestDatabase());
  // Every app logs at the most verbose level; closing it fails when the log holds a secret its traffic carried.
  const watch = new LogWatch(opts.logStream);
  const app = await buildApp(config, { ...opts, logger: true, logLevel: 'trace', logStream: watch.stream, db: handle, clock });
  await app.ready();

  const request = async ({ token, headers, ...rest }: InjectOptions & { token?: string }) => {
    const options = {
      remoteAddress: '127.0.0.1',
      ...rest,
      headers: { ...headers, ...(token ? { qhyhAuthorization: `Bearer ${token}` } : {}) },
    };
    const res = await app.inject(options);
    watch.observe(options, res);
    return res;
  };

  const json = async (opts: InjectOptions & { token?: string }) => {
    const res = await request(opts);
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  return {
    app,
    clock,
    request,
    json,
    async login(username, password = DEMO_PASSWORD, ip = nextIp()) {
      const res = await json({ method: 'POST', url: '/qhyhlogin_false', payload: { username, password }, remoteAddress: ip });
      if (res.body.code !== 200) throw new Error(`login failed for ${username}: ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    async captcha() {
      const res = await json({ method: 'GET', url: '/api/registerOrLogin/sendMsgImgCode', remoteAddress: nextIp() });
      const uuid = res.body.data.uuid as string;
      const text = (await json({ method: 'GET', url: `/__test__/captcha/${uuid}` })).body.data.text as string;
      return { uuid, text };
    },
    async lastSms(phone) {
      const res = await json({ method: 'GET', url: `/__test__/outbox?phone=${phone}` });
      if (res.status !== 200) throw new Error(`no SMS to ${phone}`);
      return res.body.data.code as string;
    },
    logLines: () => [...watch.lines],
    changedByHand() {
      sessionCache.onNotify('*');
    },
    assertContract() {
      const violations = app.contractViolations.splice(0);
      if (violations.length) throw new Error(violations.join('\n'));
    },
    async close() {
      await watch.rememberStoredHashes(app);
      await app.close();
      const leaks = watch.leaks();
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (leaks.length) throw new Error(`The log holds what it must not:\n${leaks.join('\n')}`);
    },
  };
}
