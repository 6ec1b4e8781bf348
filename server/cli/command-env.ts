// The environment of an operator command (db:migrate, admin:create, roster:import, db:backup, db:restore), as the
// server's: `--env-file=<path>` loads the production file the way Node's own --env-file does (variables already set
// win), so `npm run db:migrate -- --env-file=/etc/hukou/hukou.env` works through npm. Then the production rules:
// without a database to work on, a command refuses instead of silently opening a throwaway embedded database in
// ./data (issue 26: roster:import even made a new encryption key there).
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

export type Env = Record<string, string | undefined>;

/** Where the deployment guide puts the production environment (docs/deploy.md). */
export const PRODUCTION_ENV_FILE = '/etc/hukou/hukou.env';

export class CommandEnvError extends Error {}

/** The arguments without `--env-file`, and the environment with the file's variables under those already set. */
export function commandEnvironment(argv: readonly string[], env: Env = process.env): { args: string[]; env: Env } {
  const args: string[] = [];
  let merged: Env = { ...env };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const file = arg.startsWith('--env-file=') ? arg.slice('--env-file='.length) : arg === '--env-file' ? argv[(i += 1)] : null;
    if (file === null) {
      args.push(arg);
      continue;
    }
    if (!file) throw new CommandEnvError('--env-file 需要文件路径（--env-file needs a path）');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new CommandEnvError(`无法读取环境文件 Cannot read the env file ${file}: ${(err as Error).message}`);
    }
    merged = { ...parseEnv(text), ...merged, HUKOU_ENV_FILE: file };
  }
  return { args, env: merged };
}

const yes = (v: string | undefined) => v === 'true' || v === '1';

/**
 * Why the command must not run in this environment, or null: in production (NODE_ENV=production, or the guide's env
 * file present on this host and not loaded) a database must be named, and a command that encrypts (roster:import)
 * needs the key. EMBEDDED_DATABASE=true says the embedded database is meant.
 */
export function productionProblem(env: Env, opts: { needsKey?: boolean; envFileExists?: (path: string) => boolean } = {}): string | null {
  if (env.DATABASE_URL || yes(env.EMBEDDED_DATABASE)) {
    if (opts.needsKey && env.NODE_ENV === 'production' && !env.DATA_ENCRYPTION_KEY)
      return 'NODE_ENV=production 时须设置 DATA_ENCRYPTION_KEY（与服务器相同的数据加密密钥）。 DATA_ENCRYPTION_KEY is required in production: the key the server uses.';
    return null;
  }
  const fileHere = !env.HUKOU_ENV_FILE && (opts.envFileExists ?? existsSync)(PRODUCTION_ENV_FILE);
  if (env.NODE_ENV === 'production' || fileHere)
    return [
      fileHere && env.NODE_ENV !== 'production'
        ? `本机有 ${PRODUCTION_ENV_FILE}，但未加载，也未设置 DATABASE_URL。`
        : 'NODE_ENV=production 时须设置 DATABASE_URL。',
      `请加载生产环境：npm run <命令> -- --env-file=${PRODUCTION_ENV_FILE}（或设置 DATABASE_URL；确要使用内嵌数据库请设置 EMBEDDED_DATABASE=true）。`,
      `No database named: load the production environment with --env-file=${PRODUCTION_ENV_FILE} (or set DATABASE_URL;`,
      'EMBEDDED_DATABASE=true for the embedded database on purpose). Nothing was done.',
    ].join('\n');
  return null;
}
