// Migrations run once across instances (PostgreSQL advisory lock), and `npm run db:migrate` applies them and exits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { main as migrate } from '../../server/cli/migrate.ts';
import { migrateOnce, openDatabase } from '../../server/db/client.ts';
import { releaseMigrations } from '../../server/plugins/health.ts';
import { scratchDatabase } from './scratch-db.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe('npm run db:migrate', () => {
  it('applies every migration to an embedded database and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hukou-migrate-'));
    const lines: string[] = [];
    try {
      expect(await migrate({ DATA_DIR: dir }, (l) => lines.push(l))).toBe(0);
      expect(lines.join('\n')).toContain(`Migrations applied: ${releaseMigrations()}`);
      const handle = await openDatabase({ dataDir: dir });
      await handle.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says what is wrong with a bad DATABASE_URL and exits 1', async () => {
    const lines: string[] = [];
    expect(await migrate({ DATABASE_URL: 'mysql://x' }, (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toContain('DATABASE_URL must be a postgres:// URL');
  });
});

describe.skipIf(!adminUrl)('migrations on PostgreSQL run once across instances', () => {
  it('two instances starting at once: one migrates while the other waits (never overlapping), both open', async () => {
    const scratch = await scratchDatabase(adminUrl!, 'hukou_migrate');
    const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
    pool.on('error', () => {});
    try {
      let running = 0;
      let overlap = false;
      const fake = async () => {
        running += 1;
        overlap ||= running > 1;
        await new Promise((resolve) => setTimeout(resolve, 150));
        running -= 1;
      };
      await Promise.all([migrateOnce(pool, fake), migrateOnce(pool, fake), migrateOnce(pool, fake)]);
      expect(overlap).toBe(false);
      // The real thing: two handles opened at once on a fresh database both end up migrated.
      const [a, b] = await Promise.all([openDatabase({ databaseUrl: scratch.url }), openDatabase({ databaseUrl: scratch.url })]);
      const { rows } = await pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0].n).toBe(releaseMigrations());
      await a.close();
      await b.close();
    } finally {
      await pool.end();
      await scratch.drop();
    }
  });
});
