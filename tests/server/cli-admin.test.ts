// `npm run admin:create`: the first 管理员 of a database without demo accounts, then a console sign-in with it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { main as adminCreate, type Io } from '../../server/cli/admin-create.ts';
import { loadConfig } from '../../server/config.ts';
import { TEST_DATA_KEY } from './helpers.ts';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hukou-admin-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Answers the questions in order and keeps what was printed. */
const scripted = (...answers: string[]): Io & { lines: string[]; asked: { question: string; hidden: boolean }[] } => {
  const lines: string[] = [];
  const asked: { question: string; hidden: boolean }[] = [];
  return {
    lines,
    asked,
    out: (l) => lines.push(l),
    ask: async (question, hidden = false) => (asked.push({ question, hidden }), answers.shift() ?? ''),
  };
};

async function consoleSignIn(dir: string, username: string, password: string) {
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DATA_ENCRYPTION_KEY: TEST_DATA_KEY }), { logger: false });
  try {
    const img = (await app.inject({ method: 'GET', url: '/api/admin/captcha' })).json();
    const text = (await app.inject({ method: 'GET', url: `/__test__/captcha/${img.data.uuid}` })).json().data.text;
    const login = (
      await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password, uuid: img.data.uuid, code: text } })
    ).json();
    const audit = login.token
      ? (await app.inject({ method: 'GET', url: '/api/admin/audit', headers: { qhyhAuthorization: `Bearer ${login.token}` } })).json()
      : null;
    return { login, audit };
  } finally {
    await app.close();
  }
}

describe('npm run admin:create', () => {
  it('asks name and password twice (not echoed), creates a 管理员 who signs in to the console; the audit log says so', async () => {
    const dir = scratch();
    const io = scripted('Office_Admin', '王老师', 'Start2026x', 'Start2026x');
    expect(await adminCreate({ DATA_DIR: dir }, io)).toBe(0);
    expect(io.asked.map((a) => a.hidden)).toEqual([false, false, true, true]);
    expect(io.lines.join('\n')).toContain('已创建管理员 Created 管理员 office_admin（王老师）');
    expect(io.lines.join('\n')).not.toContain('Start2026x');
    const { login, audit } = await consoleSignIn(dir, 'office_admin', 'Start2026x');
    expect(login.code).toBe(200);
    expect(JSON.stringify(audit)).toContain('命令行新建管理员 office_admin（王老师）');
  });

  it('refuses a weak password, different passwords, a bad name and an existing sign-in name, creating nothing', async () => {
    const dir = scratch();
    const weak = scripted('someone', '李', 'password', 'password');
    expect(await adminCreate({ DATA_DIR: dir }, weak)).toBe(1);
    expect(weak.lines.join('\n')).toContain('密码须为 8-64 位，同时包含字母和数字');
    const differ = scripted('someone', '李', 'Start2026x', 'Start2026y');
    expect(await adminCreate({ DATA_DIR: dir }, differ)).toBe(1);
    expect(differ.lines.join('\n')).toContain('两次输入的密码不一致');
    const badName = scripted('a b');
    expect(await adminCreate({ DATA_DIR: dir }, badName)).toBe(1);
    expect(badName.lines.join('\n')).toContain('登录名须为 3-32 位字母、数字或下划线');
    expect((await consoleSignIn(dir, 'someone', 'Start2026x')).login.code).toBe(100);

    const env = { DATA_DIR: dir, ADMIN_USERNAME: 'ops', ADMIN_NAME: '运维', ADMIN_PASSWORD: 'Auto2026pass' };
    expect(await adminCreate(env, scripted())).toBe(0);
    const again = scripted();
    expect(await adminCreate(env, again)).toBe(1);
    expect(again.lines.join('\n')).toContain('登录名已存在：ops');
  });

  it('refuses passwords a guesser tries first: common ones, the published demo password, the sign-in name or name in it', async () => {
    const dir = scratch();
    for (const [username, name, password] of [
      ['someone', '李', 'password1'],
      ['someone', '李', 'qwerty123'],
      ['someone', '李', 'Demo@2026'],
      ['zhangwei01', '李', 'zhangwei01'],
      ['zhangwei01', '李', 'Zhangwei01x'],
    ]) {
      const io = scripted(username!, name!, password!, password!);
      expect(await adminCreate({ DATA_DIR: dir }, io), password).toBe(1);
      expect(io.lines.join('\n')).toContain('密码强度不足');
    }
    expect(await adminCreate({ DATA_DIR: dir, ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'password1' }, scripted())).toBe(1);
    expect((await consoleSignIn(dir, 'someone', 'password1')).login.code).toBe(100);
  });

  it('runs as a command from the environment (automation) and exits 0', () => {
    const dir = scratch();
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/admin-create.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: dir, ADMIN_USERNAME: 'first_admin', ADMIN_NAME: '张老师', ADMIN_PASSWORD: 'Strong2026pw' },
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('已创建管理员 Created 管理员 first_admin（张老师）');
    expect(r.stdout + r.stderr).not.toContain('Strong2026pw');
  });

  it('takes its answers from standard input, one a line (a file or a pipe); input that ends early creates nothing and exits 1', async () => {
    const dir = scratch();
    const run = (input: string, env: Record<string, string> = {}) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/admin-create.ts'], {
        env: { PATH: process.env.PATH, DATA_DIR: dir, ...env },
        input,
        encoding: 'utf8',
      });
    const short = run('piped_admin\n李老师\n');
    expect(short.status, short.stdout + short.stderr).toBe(1);
    expect(short.stdout).toContain('输入提前结束');
    const full = run('piped_admin\n李老师\nPiped2026pw\nPiped2026pw\n');
    expect(full.status, full.stdout + full.stderr).toBe(0);
    expect(full.stdout).toContain('已创建管理员 Created 管理员 piped_admin（李老师）');
    expect(full.stdout).not.toContain('Piped2026pw');
    expect((await consoleSignIn(dir, 'piped_admin', 'Piped2026pw')).login.code).toBe(200);
  });
});
