// The roster from an Excel workbook: the first worksheet as the text parseRosterCsv reads, line n = row n.
// tests/fixtures/roster.xlsx was saved by LibreOffice Calc 7 from a CSV (columns A and B numbers, C and D text,
// row 3 empty); the hand-made workbooks below (zipped by fflate) use what other writers do (inline strings, rich text).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isXlsx, parseRosterCsv } from '@shared/roster/roster-csv';
import { xlsxToRosterText } from '@shared/roster/roster-xlsx';

/** A zip of the given parts, as a writer makes it (fflate: real CRCs and sizes). */
const zip = (parts: Record<string, string>): Uint8Array =>
  zipSync(Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, strToU8(text)])));

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

const workbook = (sheetXml: string, extra: Record<string, string> = {}) =>
  zip({
    'xl/workbook.xml': `<workbook xmlns:r="${REL.slice(0, -1)}"><sheets><sheet name="名册" sheetId="1" r:id="rId7"/><sheet name="其他" sheetId="2" r:id="rId8"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships><Relationship Id="rId8" Type="${REL}worksheet" Target="worksheets/other.xml"/><Relationship Id="rId7" Type="${REL}worksheet" Target="/xl/worksheets/roster.xml"/><Relationship Id="rId9" Type="${REL}sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/worksheets/roster.xml': sheetXml,
    'xl/worksheets/other.xml':
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>不是这张</t></is></c></row></sheetData></worksheet>',
    ...extra,
  });

describe('roster from Excel (.xlsx)', () => {
  it('reads a workbook saved by LibreOffice: numbers and shared strings, the empty row kept as an empty line', async () => {
    const bytes = new Uint8Array(readFileSync(join(process.cwd(), 'tests/fixtures/roster.xlsx')));
    expect(isXlsx(bytes)).toBe(true);
    const text = await xlsxToRosterText(bytes);
    expect(text.split('\n')).toEqual([
      '学号或工作证号\t人员类别\t姓名\t身份证件号码',
      '2025100001\t0\t张三\t110108200503121233',
      '',
      '2012100099\t3\t欧阳 娜娜\t110108198001014569',
      '2025100003\t0\t王小明\t11010820040101789X',
      '2025100004\t0\t李四\t110108200503121239',
    ]);
    const { rows, lines } = parseRosterCsv(text);
    expect(rows[1]).toEqual({ no: '2012100099', rylb: '3', xm: '欧阳 娜娜', sfzjh: '110108198001014569' });
    // A refused row is named by its row number in Excel.
    expect(lines).toEqual([2, 4, 5, 6]);
  });

  it('takes the first sheet through its relationship; inline strings, rich text without phonetic guides, skipped columns, entities, separators inside a cell', async () => {
    const sheet = `<worksheet><sheetData>
      <row r="2"><c r="A2" t="inlineStr"><is><t>2025100007</t></is></c><c r="B2"><v>1</v></c><c r="C2" t="s"><v>0</v></c><c r="E2" t="inlineStr"><is><t>x</t></is></c></row>
      <row r="3"><c r="A3" t="inlineStr"><is><t>A&amp;B, "C"</t></is></c><c r="C3" t="b"><v>1</v></c></row>
    </sheetData></worksheet>`;
    const shared = '<sst><si><r><t>司马</t></r><r><rPr/><t xml:space="preserve">相如</t></r><rPh><t>しば</t></rPh></si></sst>';
    const text = await xlsxToRosterText(workbook(sheet, { 'xl/sharedStrings.xml': shared }));
    expect(text).toBe('\n2025100007\t1\t司马相如\t\tx\n"A&B, ""C"""\t\tTRUE');
    const { rows, lines } = parseRosterCsv(`学号\t人员类别\n${text.split('\n').slice(1).join('\n')}`);
    expect(rows[0]).toMatchObject({ no: '2025100007', rylb: '1', xm: '司马相如' });
    expect(rows[1]!.no).toBe('A&B, "C"');
    expect(lines).toEqual([2, 3]);
  });

  it('stops a zip bomb before inflating: a workbook whose parts inflate past 64 MB of XML is refused from the zip directory', async () => {
    const bomb = workbook(`<worksheet><sheetData>${'<row/>'.repeat(12 * 1024 * 1024)}</sheetData></worksheet>`);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(xlsxToRosterText(bomb)).rejects.toThrow('Excel 文件解压后过大');
  });

  it('says in Chinese what is wrong with a file that is not an .xlsx workbook', async () => {
    await expect(xlsxToRosterText(new TextEncoder().encode('2025100001,0,张三'))).rejects.toThrow('不是有效的 Excel 文件');
    // An old .xls (OLE compound file) is not a zip either.
    expect(isXlsx(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(false);
    await expect(xlsxToRosterText(zip({ 'word/document.xml': '<w/>' }))).rejects.toThrow('旧版 .xls 请另存为 .xlsx 或 CSV');
  });
});
