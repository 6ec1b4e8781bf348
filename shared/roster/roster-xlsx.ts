// The roster as an Excel workbook (.xlsx, as the office's student-affairs systems export it, or WPS): the first
// worksheet turned into the roster text that parseRosterCsv reads (tab-separated, one line per worksheet row, so a
// refused row's line number is its row number in Excel). Read by read-excel-file (the writer's author's reader: zip64,
// shared and inline strings, rich text); numbers are kept as the text the sheet holds, so an 18-digit number stays whole.
// Before it reads, the zip's directory (fflate) says how large each part inflates to: a workbook whose parts would
// inflate past MAX_INFLATED_BYTES is refused without inflating anything. The console loads this file only when an
// .xlsx is picked (its own budget in scripts/size-check.ts).
import { unzip } from 'fflate';
import { readSheet } from 'read-excel-file/universal';
import { isXlsx } from './roster-csv';

export class XlsxError extends Error {
  override name = 'XlsxError';
}

/** The most XML a workbook's parts may inflate to together (a zip bomb stops here, not in memory). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** The names of the zip's parts and what they inflate to, from its directory; nothing is inflated. */
function zipDirectory(bytes: Uint8Array): Promise<{ names: string[]; inflated: number }> {
  return new Promise((resolve, reject) => {
    const names: string[] = [];
    let inflated = 0;
    unzip(
      bytes,
      {
        filter(file) {
          names.push(file.name);
          inflated += file.originalSize;
          return false;
        },
      },
      (err) => (err ? reject(new XlsxError('Excel 文件已损坏')) : resolve({ names, inflated })),
    );
  });
}

/** A field as parseRosterCsv reads it: quoted when it holds a separator, a quote or a line break. */
const field = (value: string) => (/[\t,，"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
};

/** The first worksheet of the workbook as roster text: line n is worksheet row n, cells separated by tabs. */
export async function xlsxToRosterText(input: ArrayBuffer | Uint8Array): Promise<string> {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (!isXlsx(bytes)) throw new XlsxError('不是有效的 Excel 文件（.xlsx）');
  const { names, inflated } = await zipDirectory(bytes);
  if (!names.includes('xl/workbook.xml')) throw new XlsxError('不是有效的 Excel 文件（缺少工作簿），旧版 .xls 请另存为 .xlsx 或 CSV');
  if (inflated > MAX_INFLATED_BYTES) throw new XlsxError('Excel 文件解压后过大，请拆分后分批导入');
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let rows: unknown[][];
  try {
    rows = await readSheet(buffer, 1, { parseNumber: (text: string) => text, trim: false });
  } catch {
    throw new XlsxError('Excel 文件已损坏，请另存为 .xlsx 或 CSV 后重试');
  }
  return rows
    .map((row) =>
      row
        .map((cell) => field(cellText(cell)))
        .join('\t')
        .replace(/\t+$/, ''),
    )
    .join('\n');
}
