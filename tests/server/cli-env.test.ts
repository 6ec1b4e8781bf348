// The operator commands' environment (issue 26): --env-file loads the production file as Node's own flag does, and
// in production (or with the guide's env file present and not loaded) a command refuses to run without a database
// instead of opening a throwaway embedded one in ./data.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandEnvironment, CommandEnvError, PRODUCTION_ENV_FILE, productionProblem } from '../../server/cli/command-env.ts';

const dir = mkdtempSync(join(tmpdir(), 'hukou-cli-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--env-file', () => {
  it('loads the file under what is already set, and leaves the other arguments', () => {
    const file = join(dir, 'hukou.env');
    writeFileSync(file, '# production\nDATABASE_URL=postgres://hukou@db/hukou\nNODE_ENV=production\nDATA_DIR="/var/lib/hukou"\n');
    const { args, env } = commandEnvironment(['roster.csv', `--env-file=${file}`, '--force'], { DATA_DIR: '/srv/own' });
    expect(args).toEqual(['roster.csv', '--force']);
    expect(env).toMatchObject({ DATABASE_URL: 'postgres://hukou@db/hukou', NODE_ENV: 'production', DATA_DIR: '/srv/own' });
    expect(commandEnvironment(['--env-file', file], {}).env.DATA_DIR).toBe('/var/lib/hukou');
    expect(() => commandEnvironment(['--env-file=/nonexistent/hukou.env'], {})).toThrow(CommandEnvError);
  });
});

describe('the production rules of the commands', () => {
  const none = () => false;
  it('refuses without a database in production, or with the guide’s env file on the host and not loaded', () => {
    expect(productionProblem({ NODE_ENV: 'production' }, { envFileExists: none })).toMatch(/NODE_ENV=production 时须设置 DATABASE_URL/);
    expect(productionProblem({}, { envFileExists: (p) => p === PRODUCTION_ENV_FILE })).toMatch(/本机有 \/etc\/hukou\/hukou.env，但未加载/);
    expect(productionProblem({}, { envFileExists: none })).toBeNull();
    expect(productionProblem({ NODE_ENV: 'production', EMBEDDED_DATABASE: 'true' }, { envFileExists: none })).toBeNull();
    expect(productionProblem({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z' }, { envFileExists: none })).toBeNull();
    // A command that encrypts (roster:import) needs the server's key in production: it never makes one.
    expect(productionProblem({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z' }, { needsKey: true })).toMatch(
      /DATA_ENCRYPTION_KEY/,
    );
  });

  it('each command refuses so, exits 1, and leaves no embedded database behind', () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    const root = process.cwd();
    const roster = join(dir, 'roster.csv');
    writeFileSync(roster, '学号或工作证号,姓名,身份证件号,人员类别\n');
    for (const [script, args] of [
      ['migrate.ts', []],
      ['admin-create.ts', []],
      ['roster-import.ts', [roster]],
      ['backup.ts', ['backup', join(dir, 'x.dump')]],
    ] as const) {
      // tsx resolved from here: the command runs in an empty directory, where ./data would appear.
      const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), join(root, 'server/cli', script), ...args], {
        cwd,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', ADMIN_USERNAME: 'x_admin', ADMIN_PASSWORD: 'Strong2026pw' },
        encoding: 'utf8',
      });
      expect(r.status, `${script}: ${r.stdout}${r.stderr}`).toBe(1);
      expect(r.stdout, script).toContain('--env-file=/etc/hukou/hukou.env');
      expect(existsSync(join(cwd, 'data')), script).toBe(false);
    }
  });
});
