// `npm run roster:import -- <file.csv|file.xlsx>`: loads the office's roster of students and staff (学号或工作证号, 人员类别,
// 姓名, 身份证件号码; a header row is skipped): a CSV in UTF-8 or GBK as Excel saves it, or an Excel workbook's first sheet that registration and single sign-on bind
// to — the same parsing and the same import as the console's 校园身份名册 page, in one transaction. Same settings as
// the server (DATABASE_URL or DATA_DIR, and DATA_ENCRYPTION_KEY: ID numbers are stored encrypted). Prints each
// refused row with its reason (never an ID number) and a summary; exits 1 when rows were refused.
import { readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.ts';
import { commandEnvironment, CommandEnvError, productionProblem } from './command-env.ts';
import { openDatabase } from '../db/client.ts';
import { prepareFieldEncryption } from '../db/field-encryption.ts';
import { LockError } from '../db/lock.ts';
import { FieldCipher, installFieldCipher, resolveDataKey } from '../lib/field-crypto.ts';
import { createRepositories } from '../repositories/index.ts';
import { importRoster, lastRosterImport, MAX_ROSTER_ROWS, ROSTER_LAST_IMPORT } from '../services/roster.ts';
import { isXlsx, MAX_ROSTER_FILE_BYTES, parseRosterCsv, ROSTER_TOO_LARGE } from '../../shared/roster/roster-csv.ts';
import { xlsxToRosterText } from '../../shared/roster/roster-xlsx.ts';

/** UTF-8 when the bytes are valid UTF-8, else GB18030 (Excel on a Chinese system). */
const decode = (bytes: Buffer) => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
};

export async function main(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = console.log,
): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) return (out('用法 usage: npm run roster:import -- <roster.csv | roster.xlsx> [--env-file=/etc/hukou/hukou.env]'), 2);
  const refusal = productionProblem(env, { needsKey: true });
  if (refusal) return (out(refusal), 1);
  let text: string;
  try {
    if (statSync(file).size > MAX_ROSTER_FILE_BYTES) return (out(`${ROSTER_TOO_LARGE}（the file is over 10 MB）`), 1);
    const bytes = readFileSync(file);
    text = isXlsx(bytes) ? await xlsxToRosterText(bytes) : decode(bytes);
  } catch (err) {
    return (out(`无法读取 Cannot read ${file}: ${(err as Error).message}`), 1);
  }
  const { rows, lines, problem } = parseRosterCsv(text);
  if (problem) return (out(`${problem}（a quote opens a field and never closes: nothing was imported）`), 1);
  if (!rows.length) return (out('文件中没有名册行（no roster rows in the file）'), 1);
  if (rows.length > MAX_ROSTER_ROWS)
    return (out(`一次最多导入 ${MAX_ROSTER_ROWS} 行，请拆分文件（at most ${MAX_ROSTER_ROWS} rows at a time: split the file）`), 1);
  let handle;
  try {
    // Only the database and its key matter here; in production the key must be given (no key file is made).
    const config = loadConfig({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR, DATA_ENCRYPTION_KEY: env.DATA_ENCRYPTION_KEY });
    const key = resolveDataKey({ ...config, nodeEnv: env.NODE_ENV === 'production' ? 'production' : 'development' });
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
    const cipher = new FieldCipher(key);
    await prepareFieldEncryption(handle.db, cipher);
    installFieldCipher(cipher);
  } catch (err) {
    await handle?.close();
    if (err instanceof ConfigError || err instanceof LockError) return (out(err.message), 1);
    return (out(`数据库无法打开 Cannot open the database: ${(err as Error).message}`), 1);
  }
  try {
    const now = new Date();
    const result = await handle.db.transaction(async (tx) => {
      const r = createRepositories(tx);
      const done = await importRoster(r, rows, now);
      await r.settings.set(ROSTER_LAST_IMPORT, lastRosterImport(done, now, '命令行导入'));
      return done;
    });
    for (const r of result.refused) out(`  第 ${lines[r.row - 1] ?? r.row} 行 line ${lines[r.row - 1] ?? r.row}  ${r.no}  ${r.reason}`);
    out(
      `导入完成 Imported: 共 ${result.total} 行，新增 ${result.imported}，更新 ${result.updated}，未变 ${result.unchanged}，拒绝 ${result.refused.length}，核验绑定账号 ${result.bound}`,
    );
    return result.refused.length ? 1 : 0;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { args, env } = commandEnvironment(process.argv.slice(2));
    main(args, env).then((code) => process.exit(code));
  } catch (err) {
    if (!(err instanceof CommandEnvError)) throw err;
    console.log(err.message);
    process.exit(1);
  }
}
