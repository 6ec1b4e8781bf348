// The real server for the measuring scripts (size-check, bench-web): the app `npm start` runs (buildApp with the
// configuration from the environment, demo mode), serving a built web app, on a free loopback port, with a fresh
// temporary DATA_DIR (embedded PGlite), in a process of its own. Imported: startWebServer() spawns this file; run
// directly (by startWebServer) it listens and prints the port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const self = fileURLToPath(import.meta.url);
export const DEFAULT_DIST = join(root, 'dist/web');

export interface WebServer {
  /** http://127.0.0.1:port */
  base: string;
  stop(): Promise<void>;
}

/** The demo student (server/db/seed-data). */
const DEMO_USER = { username: '13800138001', password: 'Demo@2026' };

/** The session a sign-in leaves in localStorage (src/state/session.ts: token, userInfo, hyzk, xh, xl, id). */
export async function signedInStorage(base: string): Promise<Record<string, string>> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { qhyhAuthorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const env = (await res.json()) as { code: number; msg?: string; token?: string; data?: Record<string, unknown> };
    if (env.code !== 200) throw new Error(`${path}: ${env.code} ${env.msg ?? ''}`);
    return env;
  };
  const { token } = await post('/qhyhlogin_false', DEMO_USER);
  if (!token) throw new Error('/qhyhlogin_false gave no token');
  const { data: user } = await post('/api/userinfo', {}, token);
  if (!user) throw new Error('/api/userinfo gave no user');
  const storage: Record<string, string> = { token, userInfo: JSON.stringify(user) };
  for (const [key, field] of [
    ['hyzk', 'hyzkm'],
    ['xh', 'xh'],
    ['xl', 'zhxlm'],
    ['id', 'id'],
  ] as const) {
    if (user[field] !== null && user[field] !== undefined && user[field] !== '') storage[key] = String(user[field]);
  }
  return storage;
}

/** Starts the server on 127.0.0.1 (port chosen by the system) serving `dist`; resolves once it listens. */
export function startWebServer(opts: { dist?: string; demo?: boolean } = {}): Promise<WebServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hukou-web-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DEMO: opts.demo === false ? 'false' : 'true',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: resolve(opts.dist ?? DEFAULT_DIST),
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', self], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () =>
    new Promise<void>((done) => {
      const clean = () => {
        rmSync(dataDir, { recursive: true, force: true });
        done();
      };
      if (child.exitCode !== null || child.signalCode !== null) return clean();
      child.once('exit', clean);
      child.kill('SIGTERM');
    });
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`${why}\n${output.slice(-3000)}`)));
    };
    const timer = setTimeout(() => fail('the server did not start within 180 s'), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /^listening on (\d+)$/m.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      child.off('exit', onExit);
      resolvePromise({ base: `http://127.0.0.1:${port}`, stop });
    };
    const onExit = (code: number | null) => fail(`the server exited (${code}) before listening`);
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', onExit);
  });
}

/** Run by startWebServer: the server itself, quiet (no request log), listening on a free port. */
async function serve() {
  const { loadConfig } = await import('../server/config.ts');
  const { buildApp } = await import('../server/app.ts');
  const app = await buildApp(loadConfig(process.env), { webDir: process.env.WEB_DIST, logger: false });
  const stop = () =>
    void app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`listening on ${(app.server.address() as { port: number }).port}`);
}

if (process.argv[1] && resolve(process.argv[1]) === self) {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
