// `npm run db:migrate`: applies this release's migrations to the configured database and exits (a deploy step before
// the instances restart). Same environment as the server: DATABASE_URL, else the embedded database in DATA_DIR (which
// must not be open in a running server: the data-dir lock refuses). On PostgreSQL an advisory lock makes concurrent
// runs and starting instances wait for each other.
import { pathToFileURL } from 'node:url';
import { loadConfig, ConfigError } from '../config.ts';
import { commandEnvironment, CommandEnvError, productionProblem } from './command-env.ts';
import { openDatabase } from '../db/client.ts';
import { LockError } from '../db/lock.ts';
import { releaseMigrations } from '../plugins/health.ts';

export async function main(
  env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = console.log,
): Promise<number> {
  const refusal = productionProblem(env);
  if (refusal) return (out(refusal), 1);
  try {
    // Only where the database is: the migrations need no key and no other setting.
    const config = loadConfig({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR });
    const where = config.databaseUrl
      ? `PostgreSQL ${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname}`
      : `PGlite in ${config.dataDir}`;
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
    await handle.close();
    out(`数据库迁移完成 Migrations applied: ${releaseMigrations()} (${where})`);
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof LockError) out(err.message);
    else out(`迁移失败 Migration failed: ${(err as Error).message}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { env } = commandEnvironment(process.argv.slice(2));
    main(env).then((code) => process.exit(code));
  } catch (err) {
    if (!(err instanceof CommandEnvError)) throw err;
    console.log(err.message);
    process.exit(1);
  }
}
