// `npm run admin:create`: creates a 管理员 (console administrator) in the configured database — the first one of a
// production database, where no demo account exists. Asks the sign-in name, the name and the password twice (the
// password not echoed), or takes ADMIN_USERNAME, ADMIN_NAME and ADMIN_PASSWORD from the environment for automation.
// Same database settings as the server (DATABASE_URL, else the embedded database in DATA_DIR, which a running server
// holds locked: stop it first). Writes an audit entry; never prints the password.
import { staffPasswordProblem } from '../lib/password-strength.ts';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { LockError } from '../db/lock.ts';
import { hashPassword } from '../lib/crypto.ts';
import { createRepositories } from '../repositories/index.ts';

export const USERNAME = /^[A-Za-z0-9_]{3,32}$/;
/** The product's password rule (openapi Password): 8-64 characters with letters and digits. */
export const PASSWORD = /^(?=.*[A-Za-z])(?=.*[0-9]).{8,64}$/;

export interface Io {
  out(line: string): void;
  /** Asks a question; `hidden` answers are not echoed. */
  ask(question: string, hidden?: boolean): Promise<string>;
}

/** Questions on the terminal; a hidden answer is read without echo. */
export function terminalIo(): Io {
  return {
    out: (line) => console.log(line),
    ask: (question, hidden = false) =>
      new Promise((resolve) => {
        const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
        if (hidden) {
          const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
          (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
            write.call(rl, s.startsWith(question) ? s : '');
        }
        rl.question(question, (answer) => {
          rl.close();
          if (hidden) process.stdout.write('\n');
          resolve(answer);
        });
      }),
  };
}

export async function main(env: Record<string, string | undefined> = process.env, io: Io = terminalIo()): Promise<number> {
  const fail = (message: string) => {
    io.out(message);
    return 1;
  };
  let config;
  try {
    config = loadConfig({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR });
  } catch (err) {
    return fail((err as ConfigError).message);
  }
  const automated = env.ADMIN_USERNAME !== undefined || env.ADMIN_PASSWORD !== undefined;
  const username = (automated ? (env.ADMIN_USERNAME ?? '') : await io.ask('登录名 Sign-in name: ')).trim().toLowerCase();
  if (!USERNAME.test(username)) return fail('登录名须为 3-32 位字母、数字或下划线（the sign-in name must be 3-32 letters, digits or _）');
  const name = (automated ? (env.ADMIN_NAME ?? '管理员') : await io.ask('姓名 Name: ')).trim();
  if (name.length < 1 || name.length > 50) return fail('姓名须为 1-50 个字符（the name must be 1-50 characters）');
  const password = automated ? (env.ADMIN_PASSWORD ?? '') : await io.ask('密码 Password: ', true);
  if (!PASSWORD.test(password))
    return fail('密码须为 8-64 位，同时包含字母和数字（the password needs 8-64 characters with letters and digits）');
  const weak = await staffPasswordProblem(password, { username, name });
  if (weak) return fail(`${weak}（the password is too easy to guess: avoid common and demo passwords and your own names）`);
  if (!automated && (await io.ask('再次输入密码 Password again: ', true)) !== password)
    return fail('两次输入的密码不一致（the passwords differ）');

  let handle;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  } catch (err) {
    if (err instanceof LockError) return fail(err.message);
    return fail(`数据库无法打开 Cannot open the database: ${(err as Error).message}`);
  }
  try {
    const repos = createRepositories(handle.db);
    if (await repos.staff.findByUsername(username)) return fail(`登录名已存在：${username}（this sign-in name exists）`);
    const { hash, salt } = await hashPassword(password);
    const created = await handle.db.transaction(async (tx) => {
      const r = createRepositories(tx);
      const row = await r.users.create({
        username,
        name,
        role: 'admin',
        passwordHash: hash,
        passwordSalt: salt,
        personType: '',
        loginType: '1',
      });
      await r.audit.add({
        staffId: row.id,
        staffName: name,
        staffUsername: username,
        action: 'staff.create',
        targetType: 'staff',
        targetId: String(row.id),
        summary: `命令行新建管理员 ${username}（${name}）`,
        ip: 'cli',
      });
      return row;
    });
    io.out(`已创建管理员 Created 管理员 ${username}（${name}）, id ${created.id}. 工作台 Console: /web/admin/login`);
    return 0;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => process.exit(code));
}
