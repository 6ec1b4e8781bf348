// `npm run bench:booking [-- --n 500 --places 20 --pg]`: N users book one ID-card appointment day that has
// `places` places, all at once, against the real server over HTTP (loopback). PGlite in a temporary DATA_DIR by
// default; with --pg (or DATABASE_URL set) a fresh PostgreSQL database on that server (dropped afterwards).
// Prints requests per second, p50/p99 latency and the number booked, which must equal `places` (exit 1 otherwise).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { applications, users } from '../server/db/schema.ts';
import { seed } from '../server/db/seed.ts';
import { createRepositories } from '../server/repositories/index.ts';
import { daysAhead } from '../server/services/appointments.ts';
import { chinaDate, systemClock } from '../server/services/clock.ts';
import { createSessionService } from '../server/services/sessions.ts';

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const root = new URL('..', import.meta.url).pathname;

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '500' },
    places: { type: 'string', default: '20' },
    pg: { type: 'boolean', default: false },
  },
});
const N = Number(args.n);
const PLACES = Number(args.places);
const adminUrl = args.pg || process.env.DATABASE_URL ? (process.env.DATABASE_URL ?? DEFAULT_PG) : undefined;
if (!Number.isInteger(N) || N < 1 || !Number.isInteger(PLACES) || PLACES < 0) {
  console.error('usage: npm run bench:booking -- [--n 500] [--places 20] [--pg]');
  process.exit(2);
}

interface Target {
  label: string;
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

async function target(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hukou-bench-'));
  if (!adminUrl) {
    return {
      label: 'PGlite (embedded)',
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `hukou_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    label: `PostgreSQL (${url.host}, database ${name})`,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString() }),
    async cleanup() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Seeds the database, creates N users with a session each, and sets the booked day to PLACES places. */
async function prepare(t: Target): Promise<{ tokens: string[]; day: string }> {
  const handle = await t.open();
  try {
    await seed(handle.db, { now: new Date(), demo: false });
    const repos = createRepositories(handle.db);
    const sessions = createSessionService(repos, systemClock);
    const run = randomBytes(2).toString('hex');
    const rows = Array.from({ length: N }, (_, i) => ({
      phone: `17${String(i).padStart(9, '0')}`,
      name: `压测用户${i}`,
      personType: '1',
      studentNo: `B${run}${i}`,
      loginType: '1',
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      ids.push(...(await handle.db.insert(users).values(rows.slice(i, i + 500)).returning({ id: users.id })).map((r) => r.id));
    }
    const tokens: string[] = [];
    for (const id of ids) tokens.push(await sessions.create(id, '1', '127.0.0.1'));
    const day = daysAhead(chinaDate(new Date()), 14, true)[0]!;
    await repos.quotas.setTotal('sfzbl', '1', day, PLACES);
    return { tokens, day };
  } finally {
    await handle.close();
  }
}

/** Starts `server/main.ts` and resolves with its base URL once it listens. */
function startServer(t: Target): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...t.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', PUBLIC_URL: 'http://127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.slice(-2000)}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Server ready: http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve({ child, base: `http://127.0.0.1:${port}` });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output.slice(-2000)}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const t = await target();
  let child: ChildProcess | undefined;
  try {
    console.log(`${t.label}: preparing ${N} users and a day with ${PLACES} places…`);
    const { tokens, day } = await prepare(t);
    const server = await startServer(t);
    child = server.child;
    await fetch(`${server.base}/api/guide/sfzbl`); // warm-up (first request compiles the route schemas)

    const book = async (token: string, i: number) => {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/daily/sfzbl/add`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          qhyhAuthorization: `Bearer ${token}`,
          'idempotency-key': `bench-${i}-${randomBytes(6).toString('hex')}`,
          // Each client its own address, as on a campus network (the per-IP limit is not what is measured).
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ blyy: '1', blfs: '1', yyrq: day, lqfs: '0', lxdh: '13900000000' }),
      });
      const body = (await response.json()) as { code: number; msg: string };
      return { ms: performance.now() - started, status: response.status, code: body.code, msg: body.msg };
    };

    console.log(`${N} concurrent bookings of ${day} over HTTP (${server.base}); ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}…`);
    const started = performance.now();
    const results = await Promise.all(tokens.map(book));
    const seconds = (performance.now() - started) / 1000;
    await stop(child);

    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    const outcomes = new Map<string, number>();
    for (const r of results) outcomes.set(`HTTP ${r.status} code ${r.code} ${r.msg}`, (outcomes.get(`HTTP ${r.status} code ${r.code} ${r.msg}`) ?? 0) + 1);
    const booked = results.filter((r) => r.code === 200).length;

    const handle = await t.open();
    const repos = createRepositories(handle.db);
    const quota = await repos.quotas.find('sfzbl', '1', day);
    const [stored] = await handle.db
      .select({ n: count() })
      .from(applications)
      .where(and(eq(applications.kind, 'sfzbl'), eq(applications.slotDay, day)));
    await handle.close();

    console.log(`\n  database        ${t.label}`);
    console.log(`  requests        ${N} in ${seconds.toFixed(2)} s = ${(N / seconds).toFixed(0)} requests/s`);
    console.log(`  latency         p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);
    console.log(`  booked          ${booked} of ${PLACES} places (stored: ${stored!.n} applications, remaining places ${quota?.remaining})`);
    for (const [outcome, n] of outcomes) console.log(`  ${String(n).padStart(5)} × ${outcome}`);
    const okay = booked === PLACES && stored!.n === PLACES && quota?.remaining === 0;
    console.log(okay ? `\n  OK: exactly ${PLACES} booked.` : `\n  FAILED: expected exactly ${PLACES} booked.`);
    process.exitCode = okay ? 0 : 1;
  } finally {
    if (child) await stop(child);
    await t.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
