// `npm run roster:import`: the office's roster from an Excel workbook or a CSV file (UTF-8 or GBK), as the console imports it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main as rosterImport } from '../../server/cli/roster-import.ts';
import { openDatabase } from '../../server/db/client.ts';
import { campusRoster } from '../../server/db/schema.ts';
import { idNumberCheckDigit } from '../../server/domain/id-number.ts';
import { TEST_DATA_KEY } from './helpers.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const id = (birth: string, seq: string) => `110108${birth}${seq}${idNumberCheckDigit(`110108${birth}${seq}`)}`;

describe('npm run roster:import', () => {
  it('imports good rows, names each refused one by its line (no ID number printed), exits 1 when any was refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hukou-roster-'));
    dirs.push(dir);
    const good = id('20050312', '123');
    const file = join(dir, 'roster.csv');
    writeFileSync(file, `学号或工作证号,人员类别,姓名,身份证件号码\n2025100001,0,张三,${good}\n2025100002,0,李四,110108200503121239\n`);
    const lines: string[] = [];
    const env = { DATA_DIR: dir, DATA_ENCRYPTION_KEY: TEST_DATA_KEY };
    expect(await rosterImport([file], env, (l) => lines.push(l))).toBe(1);
    const text = lines.join('\n');
    expect(text).toMatch(/第 3 行 line 3 {2}2025100002 {2}\S+/);
    expect(text).toContain('共 2 行，新增 1');
    expect(text).not.toContain(good);
    expect(text).not.toContain('110108200503121239');
    const handle = await openDatabase({ dataDir: dir });
    try {
      const rows = await handle.db.select().from(campusRoster);
      expect(rows.map((r) => r.campusNo)).toEqual(['2025100001']);
    } finally {
      await handle.close();
    }
    // The same file again: nothing new, the good row unchanged.
    const again: string[] = [];
    expect(await rosterImport([file], env, (l) => again.push(l))).toBe(1);
    expect(again.join('\n')).toContain('新增 0，更新 0，未变 1');
  });

  it('reads an Excel workbook (.xlsx): refused rows named by their row in the worksheet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hukou-roster-'));
    dirs.push(dir);
    // Saved by LibreOffice Calc (tests/unit/roster-xlsx.test.ts reads it cell by cell): row 3 empty, row 6 a wrong check digit.
    const lines: string[] = [];
    expect(
      await rosterImport([join(process.cwd(), 'tests/fixtures/roster.xlsx')], { DATA_DIR: dir, DATA_ENCRYPTION_KEY: TEST_DATA_KEY }, (l) =>
        lines.push(l),
      ),
    ).toBe(1);
    const text = lines.join('\n');
    expect(text).toMatch(/第 6 行 line 6 {2}2025100004 {2}\S+/);
    expect(text).toContain('共 4 行，新增 3');
    const handle = await openDatabase({ dataDir: dir });
    try {
      const rows = await handle.db.select().from(campusRoster);
      expect(rows.map((r) => r.campusNo).sort()).toEqual(['2012100099', '2025100001', '2025100003']);
    } finally {
      await handle.close();
    }
  });

  it('refuses a stray quote (naming its line) and a file over 10 MB, importing nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hukou-roster-'));
    dirs.push(dir);
    const env = { DATA_DIR: dir, DATA_ENCRYPTION_KEY: TEST_DATA_KEY };
    const quoted = join(dir, 'quote.csv');
    writeFileSync(quoted, `2025100011,0,张三,${id('20050312', '123')}\n2025100012,0,"李四,${id('20050312', '131')}\n2025100013,0,王五,x\n`);
    const lines: string[] = [];
    expect(await rosterImport([quoted], env, (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toContain('第 2 行的引号没有配对');
    const big = join(dir, 'big.csv');
    writeFileSync(big, Buffer.alloc(10 * 1024 * 1024 + 1, 0x41));
    const bigLines: string[] = [];
    expect(await rosterImport([big], env, (l) => bigLines.push(l))).toBe(1);
    expect(bigLines.join('\n')).toContain('文件过大');
  });

  it('reads a GBK file as Excel saves it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hukou-roster-'));
    dirs.push(dir);
    const file = join(dir, 'roster-gbk.csv');
    // 王五 in GBK: CD F5 CE E5.
    writeFileSync(
      file,
      Buffer.concat([Buffer.from(`2012100099,3,`), Buffer.from([0xcd, 0xf5, 0xce, 0xe5]), Buffer.from(`,${id('19800101', '456')}\n`)]),
    );
    const lines: string[] = [];
    expect(await rosterImport([file], { DATA_DIR: dir, DATA_ENCRYPTION_KEY: TEST_DATA_KEY }, (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toContain('共 1 行，新增 1');
  });
});
