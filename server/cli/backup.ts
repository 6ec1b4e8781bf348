// `npm run db:backup -- <file>` and `npm run db:restore -- <file> [--force]`: one file holds everything (applications,
// sessions, the roster, uploaded files and vouchers all live in the database). PostgreSQL (DATABASE_URL): pg_dump's
// custom format, restored by pg_restore. The embedded database (DATA_DIR): PGlite's own dump (a gzip tarball of its
// data directory); the server must be stopped (it holds the directory locked). Restore refuses a database that
// already holds tables unless --force. The data-encryption key is not in the backup: keep it apart.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.ts';
import { acquireDirLock, LockError } from '../db/lock.ts';

const KEY_REMINDER = '提醒：备份中不含数据加密密钥 DATA_ENCRYPTION_KEY，请另行妥善保管（the data-encryption key is not in the backup: keep it apart）';

type Out = (line: string) => void;

function where(env: Record<string, string | undefined>) {
  const config = loadConfig({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR });
  return { databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite'), dataDir: config.dataDir };
}

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });

export async function backup(args: string[], env: Record<string, string | undefined> = process.env, out: Out = console.log): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) return (out('用法 usage: npm run db:backup -- <file>'), 2);
  try {
    const w = where(env);
    const target = resolve(file);
    if (w.databaseUrl) {
      const r = run('pg_dump', ['--format=custom', '--no-owner', '--file', target, w.databaseUrl]);
      if (r.status !== 0) return (out(`备份失败 pg_dump failed: ${r.stderr.trim() || r.error?.message}`), 1);
    } else {
      if (!existsSync(w.pgliteDir)) return (out(`没有内嵌数据库 No embedded database in ${w.dataDir}`), 1);
      const lock = acquireDirLock(w.dataDir);
      try {
        const db = await PGlite.create(w.pgliteDir);
        const dump = await db.dumpDataDir('gzip');
        await db.close();
        writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
      } finally {
        lock.release();
      }
    }
    out(`已备份 Backed up ${w.databaseUrl ? 'PostgreSQL' : 'PGlite'} to ${target}`);
    out(KEY_REMINDER);
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof LockError) return (out(err.message), 1);
    return (out(`备份失败 Backup failed: ${(err as Error).message}`), 1);
  }
}

export async function restore(args: string[], env: Record<string, string | undefined> = process.env, out: Out = console.log): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  const force = args.includes('--force');
  if (!file || !existsSync(file)) return (out('用法 usage: npm run db:restore -- <existing file> [--force]'), 2);
  try {
    const w = where(env);
    const bytes = readFileSync(file);
    const isPgDump = bytes.subarray(0, 5).toString('latin1') === 'PGDMP';
    if (w.databaseUrl) {
      if (!isPgDump) return (out('这不是 PostgreSQL 备份（not a pg_dump custom-format file）'), 1);
      const client = new pg.Client({ connectionString: w.databaseUrl });
      await client.connect();
      const { rows } = await client.query("select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')");
      await client.end();
      if (rows[0].n > 0 && !force) return (out('目标数据库不为空，拒绝覆盖；确认覆盖请加 --force（the database is not empty: add --force to overwrite）'), 1);
      const r = run('pg_restore', ['--no-owner', '--exit-on-error', ...(rows[0].n > 0 ? ['--clean', '--if-exists'] : []), '--dbname', w.databaseUrl, resolve(file)]);
      if (r.status !== 0) return (out(`恢复失败 pg_restore failed: ${r.stderr.trim() || r.error?.message}`), 1);
    } else {
      if (isPgDump) return (out('这是 PostgreSQL 备份：请设置 DATABASE_URL（a pg_dump file: set DATABASE_URL）'), 1);
      mkdirSync(w.dataDir, { recursive: true });
      const lock = acquireDirLock(w.dataDir);
      try {
        if (existsSync(w.pgliteDir) && readdirSync(w.pgliteDir).length > 0) {
          if (!force) return (out(`目标数据库不为空，拒绝覆盖；确认覆盖请加 --force（${w.pgliteDir} is not empty: add --force to overwrite）`), 1);
          const aside = `${w.pgliteDir}.before-restore-${Date.now()}`;
          renameSync(w.pgliteDir, aside);
          out(`原数据库已移至 The old database was moved to ${aside}`);
        }
        const db = await PGlite.create(w.pgliteDir, { loadDataDir: new Blob([bytes]) });
        await db.close();
      } finally {
        lock.release();
      }
    }
    out(`已恢复 Restored ${resolve(file)} into ${w.databaseUrl ? 'PostgreSQL' : w.pgliteDir}. 启动时需使用原数据加密密钥（start with the same DATA_ENCRYPTION_KEY）`);
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof LockError) return (out(err.message), 1);
    return (out(`恢复失败 Restore failed: ${(err as Error).message}`), 1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, ...rest] = process.argv.slice(2);
  const job = command === 'restore' ? restore : command === 'backup' ? backup : null;
  if (!job) {
    console.log('用法 usage: backup.js backup <file> | restore <file> [--force]');
    process.exit(2);
  }
  job(rest).then((code) => process.exit(code));
}
