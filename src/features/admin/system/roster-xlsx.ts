// The roster as an Excel workbook (.xlsx, as the office's student-affairs systems export it): the first worksheet
// turned into the roster text that parseRosterCsv reads (tab-separated, one line per worksheet row, so a refused
// row's line number is its row number in Excel). No library: an .xlsx is a zip of XML parts; the parts are inflated
// with the platform's DecompressionStream (browsers, and Node 18+ for `npm run roster:import`) and read by the few
// patterns of SpreadsheetML that hold cell values (shared strings, inline strings, numbers, booleans).

const decoder = new TextDecoder('utf-8');

/** True when the bytes begin like a zip archive (an .xlsx), not like text. */
export const isXlsx = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

export class XlsxError extends Error {
  override name = 'XlsxError';
}

/** The most XML a workbook's part may inflate to (a zip bomb stops here, not in memory). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

async function inflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > MAX_INFLATED_BYTES) {
      await reader.cancel();
      throw new XlsxError('Excel 文件解压后过大，请拆分后分批导入');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The zip's entries by name (central directory), each read on demand. */
function zipEntries(bytes: Uint8Array): Map<string, () => Promise<Uint8Array>> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new XlsxError('不是有效的 Excel 文件（.xlsx）');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = new Map<string, () => Promise<Uint8Array>>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new XlsxError('Excel 文件已损坏');
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, async () => {
      if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw new XlsxError('Excel 文件已损坏');
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const data = bytes.subarray(start, start + size);
      if (method === 0) return data;
      if (method === 8) return inflateRaw(data);
      throw new XlsxError('Excel 文件使用了不支持的压缩方式');
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e.startsWith('#x')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : ENTITIES[e]!,
  );

/** The text of every <t> of a string item (rich-text runs joined), leaving out phonetic guides (<rPh>). */
const textOf = (xml: string) =>
  [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1]!)).join('');

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** 'B' → 1: a column's index from the letters of a cell reference. */
const columnIndex = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;

/** A field as parseRosterCsv reads it: quoted when it holds a separator, a quote or a line break. */
const field = (value: string) => (/[\t,，"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The first worksheet of the workbook as roster text: line n is worksheet row n, cells separated by tabs. */
export async function xlsxToRosterText(input: ArrayBuffer | Uint8Array): Promise<string> {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (!isXlsx(bytes)) throw new XlsxError('不是有效的 Excel 文件（.xlsx）');
  const entries = zipEntries(bytes);
  const read = async (name: string) => {
    const entry = entries.get(name);
    return entry ? decoder.decode(await entry()) : null;
  };
  const workbook = await read('xl/workbook.xml');
  if (!workbook) throw new XlsxError('不是有效的 Excel 文件（缺少工作簿），旧版 .xls 请另存为 .xlsx 或 CSV');
  // The first sheet in the workbook's order, through its relationship to a part.
  const firstSheet = /<sheet\b[^>]*>/.exec(workbook)?.[0];
  const relId = firstSheet && (attr(firstSheet, 'r:id') ?? /\sr[a-zA-Z0-9]*:id="([^"]*)"/.exec(firstSheet)?.[1]);
  const rels = (await read('xl/_rels/workbook.xml.rels')) ?? '';
  const target = [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => m[0]).find((r) => attr(r, 'Id') === relId);
  const targetPath = target ? attr(target, 'Target')! : 'worksheets/sheet1.xml';
  const sheetPath = targetPath.startsWith('/') ? targetPath.slice(1) : `xl/${targetPath}`;
  const sheet = await read(sheetPath);
  if (!sheet) throw new XlsxError('Excel 文件中没有工作表');
  const shared = [...((await read('xl/sharedStrings.xml')) ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!));

  const lines: string[] = [];
  for (const row of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const rowNumber = Number(attr(row[1]!, 'r') ?? lines.length + 1);
    const cells: string[] = [];
    for (const cell of (row[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const head = cell[1]!;
      const body = cell[2] ?? '';
      const ref = attr(head, 'r');
      const column = ref ? columnIndex(/^[A-Z]+/.exec(ref)?.[0] ?? 'A') : cells.length;
      const type = attr(head, 't');
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value = '';
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') value = textOf(body);
      else if (type === 'b') value = v === '1' ? 'TRUE' : 'FALSE';
      else if (v !== undefined) value = unescapeXml(v);
      while (cells.length < column) cells.push('');
      cells[column] = value;
    }
    while (lines.length < rowNumber - 1) lines.push('');
    lines[rowNumber - 1] = cells.map(field).join('\t');
  }
  return lines.join('\n');
}
