// What the benchmarks share: a scratch database (PGlite in a temporary DATA_DIR, or a fresh PostgreSQL database that
// is dropped afterwards), users with sessions made straight in it, and the real server (`server/main.ts`, production
// mode) started as a child process on a loopback port. Traffic goes to 127.0.0.1 only.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { prepareFieldEncryption } from '../server/db/field-encryption.ts';
import { householdRecords, sessions, users } from '../server/db/schema.ts';
import { FieldCipher, installFieldCipher } from '../server/lib/field-crypto.ts';
import { sha256 } from '../server/lib/crypto.ts';
import { addSeconds } from '../server/services/clock.ts';
import { SESSION_SECONDS } from '../server/services/sessions.ts';

export const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
export const root = new URL('..', import.meta.url).pathname;

export interface Target {
  label: string;
  kind: 'pglite' | 'postgres';
  /** Environment of a server on this database (with the data key every server instance shares). */
  env: Record<string, string>;
  /** Opens the database with the field cipher of its key installed (for preparing and checking). */
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

/** PostgreSQL when `adminUrl` is given (a scratch database made on that server), else PGlite in a temporary directory. */
export async function makeTarget(adminUrl: string | undefined): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hukou-bench-'));
  const key = randomBytes(32);
  const withCipher = async (handle: DatabaseHandle) => {
    const cipher = new FieldCipher(key);
    await prepareFieldEncryption(handle.db, cipher);
    installFieldCipher(cipher);
    return handle;
  };
  const common = { DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: key.toString('hex') };
  if (!adminUrl) {
    return {
      label: 'PGlite (embedded)',
      kind: 'pglite',
      env: { ...common, EMBEDDED_DATABASE: 'true' },
      open: async () => withCipher(await openDatabase({ dataDir })),
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
    kind: 'postgres',
    env: { ...common, DATABASE_URL: url.toString() },
    open: async () => withCipher(await openDatabase({ databaseUrl: url.toString() })),
    async cleanup() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A valid-looking ID number (checksum right) for bench user i; never a real person's. */
export function benchIdNumber(i: number): string {
  // A thousand a day from 1990-01-01 on: unique for any number of users a bench makes (the birth day moves every 1000).
  const birth = new Date(Date.UTC(1990, 0, 1 + Math.floor(i / 1000))).toISOString().slice(0, 10).replace(/-/g, '');
  const body = `110105${birth}${String(i % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, k) => s + Number(d) * weights[k]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/**
 * Makes `n` users (numbered from `offset`, so several calls on one database do not collide) (registered, rylb 1), each with a session, straight in the database (batched, no HTTP). With
 * `household`, each is registered at the school (a household record) and has an ID number (stored encrypted).
 */
export async function makeUsers(
  handle: DatabaseHandle,
  n: number,
  opts: { household?: boolean; offset?: number } = {},
): Promise<{ ids: number[]; tokens: string[] }> {
  const { db } = handle;
  const offset = opts.offset ?? 0;
  const cipher = opts.household ? await import('../server/lib/field-crypto.ts').then((m) => m.fieldCipher()) : null;
  const ids: number[] = [];
  for (let i = 0; i < n; i += 500) {
    const rows = Array.from({ length: Math.min(500, n - i) }, (_, k) => {
      const j = offset + i + k;
      return {
        phone: `17${String(j).padStart(9, '0')}`,
        name: `压测用户${j}`,
        personType: '1',
        studentNo: `BENCH${j}`,
        loginType: '1',
        genderCode: j % 2 ? '1' : '2',
        ethnicCode: '01',
        birthDate: '2004-05-01',
        ...(cipher ? cipher.sealIdNumber(benchIdNumber(j)) : {}),
      };
    });
    ids.push(...(await db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id));
  }
  if (opts.household) {
    for (let i = 0; i < ids.length; i += 500) {
      await db.insert(householdRecords).values(
        ids.slice(i, i + 500).map((userId, k) => ({
          userId,
          status: '1',
          householdNo: `BENCH${String(i + k).padStart(6, '0')}`,
          collectiveName: '本校学生集体户',
          collectiveAddress: '学院路 1 号',
          movedInOn: '2023-09-01',
          moveInKind: '考入',
        })),
      );
    }
  }
  const now = new Date();
  const tokens = ids.map(() => randomBytes(32).toString('base64url'));
  for (let i = 0; i < ids.length; i += 500) {
    await db.insert(sessions).values(
      ids.slice(i, i + 500).map((userId, k) => ({
        tokenHash: sha256(tokens[i + k]!),
        userId,
        loginType: '1',
        ip: '127.0.0.1',
        createdAt: now,
        lastSeenAt: now,
        expiresAt: addSeconds(now, SESSION_SECONDS),
      })),
    );
  }
  return { ids, tokens };
}

export interface ServerOptions {
  /** Extra environment (e.g. a PORT of its own). */
  env?: Record<string, string>;
  /** Write a V8 CPU profile of the server into this directory (node --cpu-prof). */
  cpuProfDir?: string;
  /** The server's log lines go here (default: discarded, but still written by the server). */
  onLog?: (line: string) => void;
  /** Run the built server (`node dist/server/main.js`, as in production) instead of the sources through tsx. */
  built?: boolean;
}

export interface RunningServer {
  child: ChildProcess;
  base: string;
  /** The node flags it was started with, before the script (startServer's; the CPU profile's among them). */
  flags?: string[];
}

/** The newest modification time of the files under `dir` (ms). */
function newest(dir: string): number {
  let most = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) most = Math.max(most, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  return most;
}

/**
 * The built server (`dist/server/main.js`, what production runs), built first with `npm run build` when it is missing
 * or older than the sources it is built from (server/, openapi/, package-lock.json).
 */
export function ensureBuilt(): void {
  const main = join(root, 'dist/server/main.js');
  const sources = Math.max(newest(join(root, 'server')), newest(join(root, 'openapi')), statSync(join(root, 'package-lock.json')).mtimeMs);
  if (existsSync(main) && statSync(main).mtimeMs >= sources) return;
  console.log('building the server as production runs it (npm run build)…');
  execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * The Node.js flags production starts the server with: those of deploy/systemd/hukou@.service's ExecStart (the
 * Dockerfile's CMD carries the same, checked by tests/server/docs-claims.test.ts), so a benchmark runs what production runs.
 */
export function productionNodeFlags(): string[] {
  const unit = readFileSync(join(root, 'deploy/systemd/hukou@.service'), 'utf8');
  const command = /^ExecStart=\S+ (.*) dist\/server\/main\.js$/m.exec(unit);
  if (!command) throw new Error('deploy/systemd/hukou@.service: no ExecStart=<node> <flags> dist/server/main.js');
  return command[1]!.split(' ');
}

/** The most memory the process has held (resident set, /proc VmHWM), in MB; NaN when it cannot be read. */
export function peakRssMbOf(pid: number | undefined): number {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Starts `server/main.ts` in production mode and resolves with its base URL once it listens. */
export function startServer(t: Target, opts: ServerOptions = {}): Promise<RunningServer> {
  // The built server with the flags deploy/systemd/hukou@.service starts it with, or the sources.
  const nodeArgs = opts.built ? productionNodeFlags() : ['--import', 'tsx'];
  if (opts.cpuProfDir) nodeArgs.push(...cpuProfArgs(opts.cpuProfDir));
  const child = spawn(process.execPath, [...nodeArgs, opts.built ? 'dist/server/main.js' : 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...t.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'http://127.0.0.1',
      PASSWORD_SIGN_IN_ONLY: 'true',
      DEMO: 'false',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.slice(-2000)}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Server ready: http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        if (opts.onLog) child.stdout!.on('data', (c: Buffer) => opts.onLog!(c.toString()));
        else child.stdout!.resume();
        resolve({ child, base: `http://127.0.0.1:${port}`, flags: nodeArgs });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output.slice(-2000)}`)));
  });
}

/**
 * node's flags for a CPU profile written into `dir` at exit, sampled every 100 µs (the default 1 ms is too coarse for a
 * rush of half a second).
 */
function cpuProfArgs(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=100'];
}

/**
 * Starts the bare Fastify handler (scripts/bench-bare.ts) the figures are compared with, in a process of its own; with
 * a PostgreSQL URL it also answers /bare-db (one primary-key read). With `cpuProfDir`, its profile goes to `bare/` in it.
 */
export function startBare(dbUrl?: string, cpuProfDir?: string): Promise<RunningServer> {
  const profile = cpuProfDir ? cpuProfArgs(join(cpuProfDir, 'bare')) : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...profile, 'scripts/bench-bare.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(dbUrl ? { BENCH_DB_URL: dbUrl } : {}) },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /bare ready (\d+)/.exec(out)?.[1];
      if (port) resolve({ child, base: `http://127.0.0.1:${port}` });
    });
    child.on('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
}

/** Stops a server (SIGTERM, graceful); resolves when it has exited (a CPU profile is written then). */
export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** The p-th percentile of sorted numbers (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** "100,500,2000" → [100, 500, 2000]; refuses anything but positive integers. */
export function sizesOf(text: string, max = 20_000): number[] {
  const sizes = text.split(',').map((s) => Number(s.trim()));
  if (!sizes.length || sizes.some((s) => !Number.isInteger(s) || s < 1 || s > max))
    throw new Error(`sizes must be integers 1-${max}: ${text}`);
  return sizes;
}

/** User plus system CPU time of a process so far, in ms (Linux /proc; NaN elsewhere). */
export function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100;
