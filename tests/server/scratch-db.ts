// A PostgreSQL database of its own for a test, created on the server TEST_DATABASE_URL names and dropped after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function onAdmin<T>(adminUrl: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

export async function scratchDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // pg's pool.end() resolves before its connections have closed; dropping WITH (FORCE) at once would terminate
    // them mid-goodbye and hand their owners a FATAL 57P01 'error' event. So: wait (up to 3 s) for them to leave.
    drop: () =>
      onAdmin(adminUrl, async (c) => {
        for (let i = 0; i < 60; i += 1) {
          const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
