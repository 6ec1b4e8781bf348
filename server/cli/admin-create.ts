// `npm run admin:create`: creates a 管理员 (console administrator) in the configured database — the first one of a
// production database, where no demo account exists. Asks the sign-in name, the name and the password twice (the
// password not echoed), or takes ADMIN_USERNAME, ADMIN_NAME and ADMIN_PASSWORD from the environment for automation.
// Same database settings as the server (DATABASE_URL, else the embedded database in DATA_DIR, which a running server
// holds locked: stop it first). Writes an audit entry; never prints the password.
import { staffPasswordProblem } from '../lib/password-strength.ts';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.ts';
import { commandEnvironment, CommandEnvError, productionProblem } from './command-env.ts';
import { openDatabase } from '../db/client.ts';
import { LockError } from '../db/lock.ts';
import { hashPassword } from '../lib/crypto.ts';
import { createRepositories } from '../repositories/index.ts';

export const USERNAME = /^[A-Za-z0-9_]{3,32}$/;
/** The product's password rule (openapi Password): 8-64 characters with letters and digits. */
export const PASSWORD = /^(?=.*[A-Za-z])(?=.*[0-9]).{8,64}$/;

export interface Io {
  out(line: string): void;
  /** Asks a question; `hidden` answers are not echoed; null when the input has ended. */
  ask(question: string, hidden?: boolean): Promise<string | null>;
  /** Stops reading (the terminal is given back). */
  close?(): void;
}

/** Standard input ended before every question was answered (a file or pipe with too few lines). */
export const INPUT_ENDED =
  '输入提前结束：请依次提供登录名、姓名、密码和再次输入的密码，每行一项（standard input ended before every answer）';

/**
 * Questions on the terminal, a hidden answer read without echo; or, from a file or a pipe, one answer per line. One
 * reader for all questions (issue 26: a reader per question lost the lines the first had buffered, and the command
 * exited 0 having created nothing); input that ends early answers null.
 */
export function terminalIo(input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Io {
  const tty = (input as { isTTY?: boolean }).isTTY === true;
  const rl = createInterface({ input, output: tty ? output : undefined, terminal: tty });
  const lines: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let ended = false;
  rl.on('line', (line) => (waiting.length ? waiting.shift()!(line) : lines.push(line)));
  rl.on('close', () => {
    ended = true;
    for (const w of waiting.splice(0)) w(null);
  });
  let hiding = false;
  if (tty) {
    const self = rl as unknown as { _writeToOutput: (s: string) => void };
    const write = self._writeToOutput.bind(rl);
    self._writeToOutput = (s: string) => (hiding ? undefined : write(s));
  }
  return {
    out: (line) => console.log(line),
    close: () => rl.close(),
    ask: (question, hidden = false) => {
      if (lines.length) return Promise.resolve(lines.shift()!);
      if (ended) return Promise.resolve(null);
      output.write(question);
      hiding = hidden;
      return new Promise((resolve) =>
        waiting.push((line) => {
          hiding = false;
          if (hidden || !tty) output.write('\n');
          resolve(line);
        }),
      );
    },
  };
}

export async function main(env: Record<string, string | undefined> = process.env, io: Io = terminalIo()): Promise<number> {
  const fail = (message: string) => {
    io.out(message);
    return 1;
  };
  const refusal = productionProblem(env);
  if (refusal) return fail(refusal);
  let config;
  try {
    config = loadConfig({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR });
  } catch (err) {
    return fail((err as ConfigError).message);
  }
  const automated = env.ADMIN_USERNAME !== undefined || env.ADMIN_PASSWORD !== undefined;
  /** The answer to a question, or the environment's value when automated; null when the input ended first. */
  const answer = async (question: string, fromEnv: string, hidden = false) => (automated ? fromEnv : await io.ask(question, hidden));
  const typedName = await answer('登录名 Sign-in name: ', env.ADMIN_USERNAME ?? '');
  if (typedName === null) return fail(INPUT_ENDED);
  const username = typedName.trim().toLowerCase();
  if (!USERNAME.test(username)) return fail('登录名须为 3-32 位字母、数字或下划线（the sign-in name must be 3-32 letters, digits or _）');
  const typedFullName = await answer('姓名 Name: ', env.ADMIN_NAME ?? '管理员');
  if (typedFullName === null) return fail(INPUT_ENDED);
  const name = typedFullName.trim();
  if (name.length < 1 || name.length > 50) return fail('姓名须为 1-50 个字符（the name must be 1-50 characters）');
  const password = await answer('密码 Password: ', env.ADMIN_PASSWORD ?? '', true);
  if (password === null) return fail(INPUT_ENDED);
  if (!PASSWORD.test(password))
    return fail('密码须为 8-64 位，同时包含字母和数字（the password needs 8-64 characters with letters and digits）');
  const weak = await staffPasswordProblem(password, { username, name });
  if (weak) return fail(`${weak}（the password is too easy to guess: avoid common and demo passwords and your own names）`);
  if (!automated) {
    const again = await io.ask('再次输入密码 Password again: ', true);
    if (again === null) return fail(INPUT_ENDED);
    if (again !== password) return fail('两次输入的密码不一致（the passwords differ）');
  }
  io.close?.();

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
  try {
    const { env } = commandEnvironment(process.argv.slice(2));
    const io = terminalIo();
    main(env, io).then((code) => {
      io.close?.();
      process.exit(code);
    });
  } catch (err) {
    if (!(err instanceof CommandEnvError)) throw err;
    console.log(err.message);
    process.exit(1);
  }
}
