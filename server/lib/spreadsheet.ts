// Tables for people: an Excel workbook (write-excel-file) or CSV that Excel opens as it is (UTF-8 with a BOM, CRLF).
// Every cell is text as shown in the console (labels, not codes); a cell that a spreadsheet would read as a formula
// (= + - @, or a tab or carriage return first) is prefixed with ' (CSV injection).
import writeXlsxFile from 'write-excel-file/node';

export interface Table {
  /** Worksheet name (at most 31 characters). */
  sheet: string;
  head: string[];
  rows: (string | number | null | undefined)[][];
  /** Column widths in characters. */
  widths?: number[];
}

export type SheetFormat = 'xlsx' | 'csv';

/**
 * What a spreadsheet may read as a formula: = + - @ (also their full-width forms, which WPS and Excel accept as the
 * ASCII ones in East Asian input), a tab or carriage return, after any invisible characters (zero-width spaces and
 * joiners, the byte-order mark, other spaces) that the program skips.
 */
const FORMULA = /^[\s\u200b-\u200f\u2060\ufeff\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20\t\r]/;
const safe = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA.test(text) ? `'${text}` : text;
};

export function toCsv(table: Table): Buffer {
  const line = (cells: (string | number | null | undefined)[]) => cells.map((c) => `"${safe(c).replace(/"/g, '""')}"`).join(',');
  return Buffer.from(`\uFEFF${[line(table.head), ...table.rows.map(line)].join('\r\n')}\r\n`, 'utf8');
}

export async function toXlsx(table: Table): Promise<Buffer> {
  const header = table.head.map((value) => ({ value, fontWeight: 'bold' as const, type: String }));
  const body = table.rows.map((row) => row.map((cell) => ({ value: safe(cell), type: String })));
  return writeXlsxFile([header, ...body], {
    sheet: table.sheet.slice(0, 31),
    stickyRowsCount: 1,
    columns: (table.widths ?? table.head.map(() => 16)).map((width) => ({ width })),
  }).toBuffer();
}

export const MIME: Record<SheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export const renderTable = (table: Table, format: SheetFormat): Promise<Buffer> =>
  format === 'csv' ? Promise.resolve(toCsv(table)) : toXlsx(table);
