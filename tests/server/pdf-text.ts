// Reads what a PDF made by pdfkit says: its pages, fonts, images and text (content-stream glyphs mapped through
// the font's ToUnicode CMap), so tests check a voucher's content without a PDF library.
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): PdfObject[] {
  const text = pdf.toString('latin1');
  const out: PdfObject[] = [];
  const re = /\d+ 0 obj\b/g;
  const starts: number[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) starts.push(m.index);
  for (const [i, start] of starts.entries()) {
    const body = text.slice(start, starts[i + 1] ?? text.length);
    const at = body.indexOf('stream\n');
    if (at < 0) {
      out.push({ dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const end = body.indexOf('\nendstream', at);
    let data = Buffer.from(body.slice(at + 'stream\n'.length, end), 'latin1');
    if (dict.includes('/FlateDecode')) data = inflateSync(data);
    out.push({ dict, stream: data });
  }
  return out;
}

/** glyph id (hex) → text, from every ToUnicode CMap of the document. */
function unicodeMap(objs: PdfObject[]): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const o of objs) {
    const s = o.stream?.toString('latin1') ?? '';
    if (!s.includes('begincmap')) continue;
    for (const [, from, to, list] of s.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
      const values = [...list!.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]!);
      for (let g = Number.parseInt(from!, 16), i = 0; g <= Number.parseInt(to!, 16) && i < values.length; g++, i++)
        map.set(g, hexText(values[i]!));
    }
    for (const [, glyph, value] of s.matchAll(/^<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>\s*$/gm))
      map.set(Number.parseInt(glyph!, 16), hexText(value!));
  }
  return map;
}

export interface PdfInfo {
  header: string;
  pages: number;
  /** BaseFont names of the embedded fonts. */
  fonts: string[];
  /** Whether a font program is embedded (FontFile, FontFile2 or FontFile3). */
  embeddedFont: boolean;
  images: number;
  /** The text of every text-showing operation, one per line. */
  text: string;
}

export function readPdf(pdf: Buffer): PdfInfo {
  const objs = objects(pdf);
  const map = unicodeMap(objs);
  const lines: string[] = [];
  for (const o of objs) {
    const s = o.stream?.toString('latin1') ?? '';
    if (!/\bBT\b/.test(s)) continue;
    for (const [, array] of s.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const glyphs = [...array!.matchAll(/<([0-9a-fA-F]+)>/g)].flatMap((m) => m[1]!.match(/.{4}/g) ?? []);
      lines.push(glyphs.map((g) => map.get(Number.parseInt(g, 16)) ?? '').join(''));
    }
  }
  const all = pdf.toString('latin1');
  return {
    header: all.slice(0, 8),
    pages: objs.filter((o) => /\/Type \/Page\b(?!s)/.test(o.dict)).length,
    fonts: [...all.matchAll(/\/BaseFont \/([^\s/>]+)/g)].map((m) => m[1]!),
    embeddedFont: /\/FontFile[23]? \d+ 0 R/.test(all),
    images: objs.filter((o) => o.dict.includes('/Subtype /Image')).length,
    text: lines.join('\n'),
  };
}
