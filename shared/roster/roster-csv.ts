// The campus roster as the office has it: a CSV file (UTF-8 or GBK, as Excel saves it) or rows pasted from a
// spreadsheet (tab-separated). Columns: 学号或工作证号, 人员类别, 姓名, 身份证件号码; a header row is skipped.

export interface RosterCsvRow {
  no: string;
  rylb: string;
  xm: string;
  sfzjh: string;
}

export interface RosterCsv {
  rows: RosterCsvRow[];
  /** The source line of each row (1-based), for the office to find a refused one. */
  lines: number[];
  /**
   * Why the text cannot be read as it is (nothing is imported then): a quote that opens a field and never closes on its
   * line would otherwise swallow the rows after it into one field. Roster values never hold a line break.
   */
  problem?: string;
}

/** True when the bytes begin like a zip archive (an .xlsx workbook, read by roster-xlsx.ts), not like text. */
export const isXlsx = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The largest roster file read (CSV or .xlsx), and the most text an .xlsx may inflate to. */
export const MAX_ROSTER_FILE_BYTES = 10 * 1024 * 1024;
export const ROSTER_TOO_LARGE = '文件过大（名册文件最大 10 MB），请拆分后分批导入';

/** Splits text into records of fields: comma, tab or full-width comma; "quoted" fields may hold them and newlines. */
function records(text: string): { fields: string[]; line: number }[] | { unclosed: number } {
  const out: { fields: string[]; line: number }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (fields.some((f) => f.trim() !== '')) out.push({ fields, line: start });
    fields = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else if (c === '\n' || c === '\r') return { unclosed: line };
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (c === ',' || c === '\t' || c === '，') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else field += c;
  }
  if (quoted) return { unclosed: line };
  endRecord();
  return out;
}

/** Reads the roster text; the first row is a header when its person type is not a digit (e.g. 人员类别). */
export function parseRosterCsv(text: string): RosterCsv {
  const read = records(text.replace(/^\uFEFF/, ''));
  if (!Array.isArray(read)) {
    return { rows: [], lines: [], problem: `第 ${read.unclosed} 行的引号没有配对（"），其后的行无法读取：请改正该行后再导入` };
  }
  const all = read;
  const body = all.length && !/^\s*\d\s*$/.test(all[0]!.fields[1] ?? '') ? all.slice(1) : all;
  return {
    rows: body.map(({ fields }) => {
      const [no = '', rylb = '', xm = '', sfzjh = ''] = fields.map((f) => f.trim());
      return { no, rylb, xm, sfzjh };
    }),
    lines: body.map((r) => r.line),
  };
}

/** A file's text: UTF-8 when it is valid UTF-8, else GB18030 (a CSV saved by Excel on a Chinese system). */
export async function readRosterFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** Rows per request (the server takes at most 5000). */
export const ROSTER_BATCH = 5000;
