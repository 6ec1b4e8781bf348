// `npm run db:backup -- <file>` and `npm run db:restore -- <file> [--force]`: one file holds everything (applications,
// sessions, the roster, uploaded files and vouchers all live in the database). PostgreSQL (DATABASE_URL): pg_dump's
// custom format, restored by pg_restore. The embedded database (DATA_DIR): PGlite's own dump (a gzip tarball of its
// data directory); the server must be stopped (it holds the directory locked). Restore refuses a database that
// already holds tables unless --force. The data-encryption key is not in the backup: keep it apart.
// Beside the file, <file>.manifest.json says what it holds: the migrations applied in the backed-up database, the
// release that made it, its size and SHA-256. Restore checks the file against it (a truncated copy is refused) and
// refuses a backup made by a newer release (more migrations than this release knows) unless --force.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.ts';
import { commandEnvironment, CommandEnvError, productionProblem } from './command-env.ts';
import { releaseMigrations } from '../db/client.ts';
import { acquireDirLock, LockError } from '../db/lock.ts';
import { releaseVersion } from '../lib/paths.ts';

export interface BackupManifest {
  product: 'hukou-campus';
  /** package.json version of the release that made the backup. */
  release: string;
  database: 'postgres' | 'pglite';
  /** Migrations applied in the backed-up database. */
  migrations: number;
  createdAt: string;
  file: string;
  bytes: number;
  sha256: string;
}

export const manifestPath = (file: string) => `${resolve(file)}.manifest.json`;
const MIGRATIONS_SQL = 'select count(*)::int as n from drizzle.__drizzle_migrations';
const sha256File = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

const KEY_REMINDER =
  '提醒：备份中不含数据加密密钥 DATA_ENCRYPTION_KEY，请另行妥善保管（the data-encryption key is not in the backup: keep it apart）';

type Out = (line: string) => void;

function where(env: Record<string, string | undefined>) {
  const config = loadConfig({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR });
  return { databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite'), dataDir: config.dataDir };
}

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });

export async function backup(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  out: Out = console.log,
): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) return (out('用法 usage: npm run db:backup -- <file> [--env-file=/etc/hukou/hukou.env]'), 2);
  const refusal = productionProblem(env);
  if (refusal) return (out(refusal), 1);
  try {
    const w = where(env);
    const target = resolve(file);
    let migrations = 0;
    if (w.databaseUrl) {
      const client = new pg.Client({ connectionString: w.databaseUrl });
      await client.connect();
      try {
        migrations = (await client.query(MIGRATIONS_SQL)).rows[0].n;
      } finally {
        await client.end();
      }
      const r = run('pg_dump', ['--format=custom', '--no-owner', '--file', target, w.databaseUrl]);
      if (r.status !== 0) return (out(`备份失败 pg_dump failed: ${r.stderr.trim() || r.error?.message}`), 1);
    } else {
      if (!existsSync(w.pgliteDir)) return (out(`没有内嵌数据库 No embedded database in ${w.dataDir}`), 1);
      const lock = acquireDirLock(w.dataDir);
      try {
        const { PGlite } = await import('@electric-sql/pglite');
        const db = await PGlite.create(w.pgliteDir);
        migrations = (await db.query<{ n: number }>(MIGRATIONS_SQL)).rows[0]!.n;
        const dump = await db.dumpDataDir('gzip');
        await db.close();
        writeFileSync(target, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      } finally {
        lock.release();
      }
    }
    // A backup holds every person's data: readable by its owner only, whatever the umask (pg_dump too).
    chmodSync(target, 0o600);
    const manifest: BackupManifest = {
      product: 'hukou-campus',
      release: releaseVersion(),
      database: w.databaseUrl ? 'postgres' : 'pglite',
      migrations,
      createdAt: new Date().toISOString(),
      file: basename(target),
      bytes: statSync(target).size,
      sha256: sha256File(target),
    };
    writeFileSync(manifestPath(target), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    out(
      `已备份 Backed up ${w.databaseUrl ? 'PostgreSQL' : 'PGlite'} to ${target} (${migrations} migrations; manifest ${manifestPath(target)})`,
    );
    out(KEY_REMINDER);
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof LockError) return (out(err.message), 1);
    return (out(`备份失败 Backup failed: ${(err as Error).message}`), 1);
  }
}

export async function restore(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  out: Out = console.log,
): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  const force = args.includes('--force');
  if (!file || !existsSync(file))
    return (out('用法 usage: npm run db:restore -- <existing file> [--force] [--env-file=/etc/hukou/hukou.env]'), 2);
  const refusal = productionProblem(env);
  if (refusal) return (out(refusal), 1);
  try {
    const w = where(env);
    const bytes = readFileSync(file);
    const refusal = checkManifest(file, bytes, force, out);
    if (refusal) return (out(refusal), 1);
    const isPgDump = bytes.subarray(0, 5).toString('latin1') === 'PGDMP';
    if (w.databaseUrl) {
      if (!isPgDump) return (out('这不是 PostgreSQL 备份（not a pg_dump custom-format file）'), 1);
      const client = new pg.Client({ connectionString: w.databaseUrl });
      await client.connect();
      const { rows } = await client.query(
        "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
      );
      await client.end();
      if (rows[0].n > 0 && !force)
        return (out('目标数据库不为空，拒绝覆盖；确认覆盖请加 --force（the database is not empty: add --force to overwrite）'), 1);
      const r = run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        ...(rows[0].n > 0 ? ['--clean', '--if-exists'] : []),
        '--dbname',
        w.databaseUrl,
        resolve(file),
      ]);
      if (r.status !== 0) return (out(`恢复失败 pg_restore failed: ${r.stderr.trim() || r.error?.message}`), 1);
    } else {
      if (isPgDump) return (out('这是 PostgreSQL 备份：请设置 DATABASE_URL（a pg_dump file: set DATABASE_URL）'), 1);
      mkdirSync(w.dataDir, { recursive: true });
      const lock = acquireDirLock(w.dataDir);
      try {
        if (existsSync(w.pgliteDir) && readdirSync(w.pgliteDir).length > 0) {
          if (!force)
            return (out(`目标数据库不为空，拒绝覆盖；确认覆盖请加 --force（${w.pgliteDir} is not empty: add --force to overwrite）`), 1);
          const aside = `${w.pgliteDir}.before-restore-${Date.now()}`;
          renameSync(w.pgliteDir, aside);
          out(`原数据库已移至 The old database was moved to ${aside}`);
        }
        const { PGlite } = await import('@electric-sql/pglite');
        const db = await PGlite.create(w.pgliteDir, { loadDataDir: new Blob([bytes]) });
        await db.close();
      } finally {
        lock.release();
      }
    }
    out(
      `已恢复 Restored ${resolve(file)} into ${w.databaseUrl ? 'PostgreSQL' : w.pgliteDir}. 启动时需使用原数据加密密钥（start with the same DATA_ENCRYPTION_KEY）`,
    );
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof LockError) return (out(err.message), 1);
    return (out(`恢复失败 Restore failed: ${(err as Error).message}`), 1);
  }
}

/** Why the file must not be restored, or null. Without a manifest (a backup made by hand) it warns and goes on. */
function checkManifest(file: string, bytes: Buffer, force: boolean, out: Out): string | null {
  const path = manifestPath(file);
  if (!existsSync(path)) {
    out(`注意：没有清单文件 ${path}，无法核对备份的完整性和版本（no manifest: size, checksum and release are not checked）`);
    return null;
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  } catch {
    return `清单文件无法读取 The manifest ${path} is not valid JSON`;
  }
  if (manifest.bytes !== bytes.length || manifest.sha256 !== createHash('sha256').update(bytes).digest('hex')) {
    return `备份文件与清单不符（大小或校验和不同），文件可能不完整或已损坏（${file} does not match its manifest: truncated or damaged）`;
  }
  const known = releaseMigrations();
  if (manifest.migrations > known) {
    const why = `备份来自更新的版本 ${manifest.release}（${manifest.migrations} 个迁移，本版本只有 ${known} 个），请用该版本或更新的版本恢复（the backup was made by a newer release）`;
    if (!force) return `${why}；确认仍要恢复请加 --force`;
    out(`注意：${why}`);
  } else if (manifest.migrations < known) {
    out(
      `备份来自 ${manifest.release}（${manifest.migrations} 个迁移）：启动时将补齐其余 ${known - manifest.migrations} 个迁移（the server applies the newer migrations at start）`,
    );
  }
  return null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let parsed;
  try {
    parsed = commandEnvironment(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof CommandEnvError)) throw err;
    console.log(err.message);
    process.exit(1);
  }
  const [command, ...rest] = parsed.args;
  const job = command === 'restore' ? restore : command === 'backup' ? backup : null;
  if (!job) {
    console.log('用法 usage: backup.js backup <file> | restore <file> [--force]');
    process.exit(2);
  }
  job(rest, parsed.env).then((code) => process.exit(code));
}
