// Opens the database: node-postgres when DATABASE_URL is set, else embedded PGlite (data dir with a lock file,
// or in memory for tests). Both are drizzle's pg dialect; migrations run on open.
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDirLock } from './lock.ts';
import { fromRoot } from '../lib/paths.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or a transaction: repositories accept either. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool (metrics); absent on PGlite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL: LISTEN on a channel over a connection of its own, reconnecting after a loss (every second); `onState`
   * says when it is listening and when it is not (notifications may be missed meanwhile). Returns a stop function.
   * Absent on PGlite (one process).
   */
  listen?: (channel: string, onMessage: (payload: string) => void, onState: (listening: boolean) => void) => () => Promise<void>;
}

/** LISTEN with reconnection, for DatabaseHandle.listen. */
function listener(connectionString: string): NonNullable<DatabaseHandle['listen']> {
  return (channel, onMessage, onState) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const lost = () => {
      onState(false);
      client?.removeAllListeners();
      void client?.end().catch(() => {});
      client = null;
      if (!stopped) timer = setTimeout(connect, 1000);
    };
    const connect = async () => {
      const c = new pg.Client({ connectionString });
      client = c;
      c.on('error', lost);
      c.on('end', () => client === c && lost());
      c.on('notification', (n) => n.channel === channel && onMessage(n.payload ?? ''));
      try {
        await c.connect();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        if (stopped) return void c.end().catch(() => {});
        onState(true);
      } catch {
        if (client === c) lost();
      }
    };
    void connect();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      onState(false);
      const c = client;
      client = null;
      c?.removeAllListeners();
      await c?.end().catch(() => {});
    };
  };
}

export const migrationsFolder = fromRoot('server', 'db', 'migrations');

/** Migrations this release ships (drizzle's journal). */
export const releaseMigrations = (): number =>
  (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** The advisory lock key that serialises migrations across instances (any constant of our own). */
export const MIGRATION_LOCK = 7_243_915_001;

/**
 * Runs the migrations while holding a PostgreSQL advisory lock on a connection of its own: of several instances
 * starting at once, one migrates and the others wait, then find nothing left to do.
 */
export async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Connections each instance's pool holds at most (docs/deploy.md sizes max_connections by it, plus one that listens). */
export const POOL_SIZE = 10;

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data dir; absent => in-memory PGlite. */
  dataDir?: string;
}

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: POOL_SIZE });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema });
    try {
      await migrateOnce(pool, () => migratePg(db, { migrationsFolder }));
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: listener(opts.databaseUrl),
    };
  }

  // The data directory holds every person's data (and the key file): its owner only.
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    try {
      chmodSync(opts.dataDir, 0o700);
    } catch {
      // Not ours to change (a volume mounted by another user): left as the operator set it.
    }
  }
  const lock = opts.dataDir ? acquireDirLock(opts.dataDir) : undefined;
  try {
    // Loaded only here: a PostgreSQL host never reads PGlite's 27 MB (scripts/build-server.ts checks it).
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = await PGlite.create(opts.dataDir ? join(opts.dataDir, 'pglite') : undefined);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}
