// Backup → wipe → restore finds the same applications, files and sessions, on the embedded database and on PostgreSQL.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { backup, manifestPath, restore, type BackupManifest } from '../../server/cli/backup.ts';
import { releaseMigrations } from '../../server/db/client.ts';
import { loadConfig } from '../../server/config.ts';
import { applications } from '../../server/db/schema.ts';
import { DEMO_PASSWORD, demo, TEST_DATA_KEY } from './helpers.ts';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hukou-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const appOn = (env: Record<string, string>) =>
  buildApp(loadConfig({ NODE_ENV: 'test', DEMO: 'true', DATA_ENCRYPTION_KEY: TEST_DATA_KEY, ...env }), { logger: false });

/** What a user and the office have: a session, an uploaded file, the applications. */
async function makeState(env: Record<string, string>) {
  const app = await appOn(env);
  try {
    const login = (
      await app.inject({
        method: 'POST',
        url: '/qhyhlogin_false',
        payload: { username: demo.undergraduate.phone, password: DEMO_PASSWORD },
      })
    ).json();
    const token = login.token as string;
    const pdf = Buffer.from(`%PDF-1.4\n% backup ${Date.now()}\n%%EOF\n`);
    const boundary = 'b0undary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = (
      await app.inject({
        method: 'POST',
        url: '/api/wj/upload',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, qhyhAuthorization: `Bearer ${token}` },
      })
    ).json();
    const [apps] = await app.db.select({ n: count() }).from(applications);
    return { token, fileId: up.data.fileId as string, pdf, applications: apps!.n };
  } finally {
    await app.close();
  }
}

async function expectState(env: Record<string, string>, state: Awaited<ReturnType<typeof makeState>>) {
  const app = await appOn(env);
  try {
    const auth = { qhyhAuthorization: `Bearer ${state.token}` };
    expect((await app.inject({ method: 'POST', url: '/api/userinfo', payload: {}, headers: auth })).json().code, 'the session').toBe(200);
    const file = await app.inject({ method: 'GET', url: `/api/wj/file/${state.fileId}`, headers: auth });
    expect(file.statusCode, 'the file').toBe(200);
    expect(file.rawPayload.equals(state.pdf)).toBe(true);
    const [apps] = await app.db.select({ n: count() }).from(applications);
    expect(apps!.n, 'the applications').toBe(state.applications);
  } finally {
    await app.close();
  }
}

describe('npm run db:backup / db:restore', () => {
  it('the embedded database: back up, wipe, restore; a second restore over it needs --force', async () => {
    const dir = scratch();
    const env = { DATA_DIR: dir };
    const state = await makeState(env);
    expect(state.applications).toBeGreaterThan(0);
    const file = join(scratch(), 'hukou.tgz');
    const lines: string[] = [];
    expect(await backup([file], env, (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toContain('备份中不含数据加密密钥');
    // Every person's data: the backup, its manifest and the data directory are their owner's only.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}.manifest.json`).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    rmSync(join(dir, 'pglite'), { recursive: true, force: true });
    expect(await restore([file], env, (l) => lines.push(l))).toBe(0);
    await expectState(env, state);
    const refused: string[] = [];
    expect(await restore([file], env, (l) => refused.push(l))).toBe(1);
    expect(refused.join('\n')).toContain('目标数据库不为空');
    expect(await restore([file, '--force'], env, () => {})).toBe(0);
    await expectState(env, state);
  });

  it('writes a manifest; restore refuses a damaged file and a backup of a newer release (unless --force)', async () => {
    const dir = scratch();
    const env = { DATA_DIR: dir };
    await makeState(env);
    const file = join(scratch(), 'hukou.tgz');
    expect(await backup([file], env, () => {})).toBe(0);
    const manifest = JSON.parse(readFileSync(manifestPath(file), 'utf8')) as BackupManifest;
    expect(manifest).toMatchObject({ product: 'hukou-campus', database: 'pglite', migrations: releaseMigrations(), file: 'hukou.tgz' });
    expect(manifest.sha256).toMatch(/^[0-9a-f]{64}$/);
    const target = { DATA_DIR: scratch() };

    // A copy cut short in transfer.
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 100));
    const damaged: string[] = [];
    expect(await restore([file], target, (l) => damaged.push(l))).toBe(1);
    expect(damaged.join('\n')).toContain('备份文件与清单不符');
    writeFileSync(file, whole);

    // Made by a release with one more migration than this one knows.
    writeFileSync(manifestPath(file), JSON.stringify({ ...manifest, release: '9.9.9', migrations: releaseMigrations() + 1 }));
    const newer: string[] = [];
    expect(await restore([file], target, (l) => newer.push(l))).toBe(1);
    expect(newer.join('\n')).toContain('备份来自更新的版本 9.9.9');
    expect(await restore([file, '--force'], target, () => {})).toBe(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: pg_dump, drop, pg_restore into an empty database', async () => {
    const admin = process.env.TEST_DATABASE_URL!;
    const name = `hukou_backup_${Date.now().toString(36)}`;
    const sql = async (q: string) => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(q);
      await c.end();
    };
    await sql(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), DATA_DIR: scratch() };
    try {
      const state = await makeState(env);
      const file = join(scratch(), 'hukou.dump');
      expect(await backup([file], env, () => {})).toBe(0);
      expect(JSON.parse(readFileSync(manifestPath(file), 'utf8'))).toMatchObject({ database: 'postgres', migrations: releaseMigrations() });
      await sql(`DROP DATABASE ${name} WITH (FORCE)`);
      await sql(`CREATE DATABASE ${name}`);
      expect(await restore([file], env, () => {})).toBe(0);
      await expectState(env, state);
      const refused: string[] = [];
      expect(await restore([file], env, (l) => refused.push(l))).toBe(1);
      expect(refused.join('\n')).toContain('目标数据库不为空');
    } finally {
      await sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
