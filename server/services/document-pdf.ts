// The layout every issued document shares (pdfkit, the CJK font subset): the document itself is drawn by its maker;
// this module adds the verification block (QR code to the public check page, the verification code, the document
// number) at the foot of every page, and the signature field that the office's signature fills.
import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import QRCode from 'qrcode';
import { cjkFontFile } from '../lib/fonts.ts';
import { chinaDate } from './clock.ts';

export type Doc = PDFKit.PDFDocument;

export const OFFICE_NAME = '示范大学户籍办公室';
/** Room for the CMS signature (certificate chain included): 16 KiB of bytes, written as hex. */
const SIGNATURE_BYTES = 16_384;

/** What an issued document carries to be checked: drawn on every page. */
export interface DocumentStamp {
  number: string;
  /** The verification code as printed (groups of four). */
  code: string;
  /** The check page's address, which the QR code holds. */
  url: string;
  issuedAt: Date;
  /** Signed with the server's self-signed certificate (demo or unconfigured): the document says so. */
  selfSigned: boolean;
  /** The signing certificate's holder. */
  signer: string;
}

let fontBytes: Promise<Buffer> | null = null;
/** Read once (8 MB) and kept: every document embeds a subset of it. */
const font = () => (fontBytes ??= readFile(cjkFontFile()));

/**
 * A PDF from `draw`: every error on the way (thrown by `draw`, or emitted by the document's stream) rejects the
 * promise, so it ends the request, never the process. With a stamp, every page gets the verification block and the
 * document a signature field (to be filled by signWith).
 */
export function render(title: string, generatedAt: Date, draw: (doc: Doc) => Promise<void> | void, stamp?: DocumentStamp): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    void (async () => {
      const doc = new PDFDocument({
        size: 'A4',
        margin: 50,
        bufferPages: !!stamp,
        info: { Title: title, Author: OFFICE_NAME, Creator: 'hukou-campus', CreationDate: generatedAt },
      });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      doc.registerFont('cjk', await font());
      doc.font('cjk');
      await draw(doc);
      if (stamp) {
        const range = doc.bufferedPageRange();
        for (let i = range.start; i < range.start + range.count; i++) {
          doc.switchToPage(i);
          verificationBlock(doc, stamp, i - range.start + 1, range.count);
        }
        pdfkitAddPlaceholder({
          pdf: doc,
          pdfBuffer: Buffer.alloc(0),
          reason: `${OFFICE_NAME}签发 ${stamp.number}`,
          contactInfo: stamp.url,
          name: stamp.signer,
          location: '示范大学',
          signingTime: stamp.issuedAt,
          signatureLength: SIGNATURE_BYTES,
          appName: 'hukou-campus',
        });
        doc.flushPages();
      }
      doc.end();
    })().catch(reject);
  });
}

const STAMP = '#c8102e';

/** The office's mark on an electronic document (not a seal of the police). */
export function officeMark(doc: Doc, x: number, y: number, day: string) {
  doc.save().lineWidth(1.5).roundedRect(x, y, 150, 54, 6).stroke(STAMP);
  doc
    .fillColor(STAMP)
    .fontSize(11)
    .text(OFFICE_NAME, x, y + 8, { width: 150, align: 'center' });
  doc.fontSize(9).text(`电子凭证 ${day}`, x, y + 30, { width: 150, align: 'center' });
  doc.restore();
}

/** The QR code as filled squares (vector: sharp at any zoom, nothing decoded). */
function qr(doc: Doc, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(c, r)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.02, cell + 0.02);
  doc.fill('#000000').restore();
}

/** Bottom of the page: the QR code, the code, the number, the page, how to check. */
function verificationBlock(doc: Doc, stamp: DocumentStamp, page: number, pages: number) {
  const top = 696;
  // Drawn inside the page's bottom margin: text there must not start a new page.
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.save();
  doc
    .moveTo(50, top - 8)
    .lineTo(545, top - 8)
    .lineWidth(0.5)
    .stroke('#bbbbbb');
  qr(doc, stamp.url, 50, top, 92);
  const x = 154;
  doc.fillColor('#000000').fontSize(9.5);
  doc.text(`文件编号：${stamp.number}`, x, top + 4, { width: 390 });
  doc.text(`核验码：${stamp.code}`, x, top + 19, { width: 390 });
  doc.fillColor('#555555').fontSize(8.5);
  doc.text(`扫描左侧二维码或访问 ${stamp.url} 核验本文件真伪与状态。`, x, top + 35, { width: 390 });
  doc.text(
    stamp.selfSigned
      ? '本文件带有电子签名，签名证书为系统自签名证书（演示用途），请以核验页面显示的结果为准。'
      : `本文件带有${OFFICE_NAME}的电子签名，修改任何内容都会使签名失效。`,
    x,
    top + 58,
    { width: 390 },
  );
  doc.text(`签发日期 ${chinaDate(stamp.issuedAt)} · 第 ${page} 页，共 ${pages} 页`, x, top + 81, { width: 390 });
  doc.restore();
  doc.page.margins.bottom = margin;
}
