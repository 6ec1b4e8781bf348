// Untrusted images, handled once at the edge: their DECLARED dimensions are read from the header in plain code (no
// decoder runs) and refused beyond a pixel and a side limit; what passes is decoded by sharp (libvips, in its own
// thread pool, never on the event loop) with the same limits, turned upright from EXIF, flattened on white, scaled to
// at most 2000 px and re-encoded as a JPEG without any metadata. Only such JPEGs are embedded in vouchers.
import sharp from 'sharp';
import { AppError, BUSY_RETRY_SECONDS, bizError, tooMany } from './envelope.ts';

/** At most 40 megapixels (a 48 MP phone photo is compressed on the phone before it is sent). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** At most 12000 px a side (a long strip is refused even under the pixel limit). */
export const MAX_IMAGE_SIDE = 12_000;
/** The long side of a stored image. */
export const STORED_IMAGE_SIDE = 2000;
export const STORED_JPEG_QUALITY = 80;
/** Images decoded at once (the machine's cores); more wait in line, and beyond MAX_WAITING are turned away. */
export const MAX_DECODING = 2;
export const MAX_WAITING = 20;
const DECODE_TIMEOUT_SECONDS = 20;

export const IMAGE_MSG = {
  tooLarge: '图片尺寸过大，请缩小后重新上传',
  broken: '图片文件已损坏，请重新选择',
  busy: '当前上传人数较多，请稍后再试',
  ownBusy: '您上传的图片较多，请等前面的图片处理完成后再试',
} as const;

/**
 * One account's share of the line: images of one owner decoding or waiting at once. The rest of an owner's burst is
 * turned away at once (429) instead of filling the line, so one student cannot make everyone else's photo wait.
 */
export const MAX_PER_OWNER = 2;
/**
 * What one owner may have decoded per minute, in bytes of decoded pixels (width × height × channels × bytes per
 * sample, from the header): six 40 MP RGB photos' worth. A per-instance window, like the line itself.
 */
export const DECODE_BUDGET_PER_MINUTE = 6 * MAX_IMAGE_PIXELS * 3;
/** The most decoded bytes one image may cost (a 40 MP RGBA picture at 8 bits); a 16-bit PNG counts twice. */
export const MAX_DECODED_BYTES = MAX_IMAGE_PIXELS * 4;

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';
export const IMAGE_MIMES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

const SHARP_FORMAT: Record<ImageMime, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/** The width and height a PNG, JPEG or WebP header declares, or null when the header cannot be read. */
export function declaredSize(buf: Buffer, mime: string): { width: number; height: number } | null {
  if (mime === 'image/png') {
    // Signature, then the IHDR chunk first: length, "IHDR", width, height (big-endian).
    if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (mime === 'image/webp') {
    if (buf.length < 30 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') return null;
    const chunk = buf.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
    if (chunk === 'VP8L') {
      if (buf[20] !== 0x2f) return null;
      const bits = buf.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ') {
      if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return null;
      return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
    }
    return null;
  }
  if (mime === 'image/jpeg') {
    // Walk the markers up to the first frame header (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC).
    if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return null;
    let at = 2;
    while (at + 4 <= buf.length) {
      if (buf[at] !== 0xff) return null;
      const marker = buf[at + 1]!;
      if (marker === 0xff) {
        at += 1; // fill byte
        continue;
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2; // markers without a length
        continue;
      }
      if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
      const length = buf.readUInt16BE(at + 2);
      if (length < 2) return null;
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        if (at + 9 > buf.length) return null;
        return { width: buf.readUInt16BE(at + 7), height: buf.readUInt16BE(at + 5) };
      }
      at += 2 + length;
    }
    return null;
  }
  return null;
}

/** Refuses an image by its declared size alone: code 100 图片尺寸过大, or 图片文件已损坏 when there is none. */
export function checkDeclaredSize(buf: Buffer, mime: string): { width: number; height: number } {
  const size = declaredSize(buf, mime);
  if (!size || size.width < 1 || size.height < 1) throw bizError(IMAGE_MSG.broken);
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS)
    throw bizError(IMAGE_MSG.tooLarge);
  return size;
}

/**
 * What decoding an image costs, in bytes of pixels, from its header alone: a PNG says its bit depth and colour type
 * (16-bit RGBA costs 8 bytes a pixel); JPEG and WebP decode to at most 4 bytes of 8 bits a pixel.
 */
export function decodeCost(buf: Buffer, mime: string, size: { width: number; height: number }): number {
  const pixels = size.width * size.height;
  if (mime === 'image/png' && buf.length >= 26) {
    const depth = buf[24]!;
    const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[buf[25]!] ?? 4;
    return Math.ceil(pixels * channels * Math.max(1, depth / 8));
  }
  return pixels * (mime === 'image/webp' ? 4 : 3);
}

let decoding = 0;
const waiting: (() => void)[] = [];
/** Images of each owner in line (decoding or waiting), and what each owner had decoded this minute. */
const ownersInLine = new Map<string, number>();
const budgets = new Map<string, { since: number; used: number }>();

/** Takes an owner's place in line and budget, or refuses (429); answers how to give the place back. */
function claimShare(owner: string, cost: number, now: number): () => void {
  if ((ownersInLine.get(owner) ?? 0) >= MAX_PER_OWNER) throw tooMany(IMAGE_MSG.ownBusy, BUSY_RETRY_SECONDS);
  let budget = budgets.get(owner);
  if (!budget || now - budget.since >= 60_000) {
    budget = { since: now, used: 0 };
    budgets.set(owner, budget);
    // Forget windows that ended (the map never grows past the owners of the last minute).
    if (budgets.size > 10_000) for (const [k, b] of budgets) if (now - b.since >= 60_000) budgets.delete(k);
  }
  if (budget.used + cost > DECODE_BUDGET_PER_MINUTE) throw tooMany('上传过于频繁，请稍后再试', (budget.since + 60_000 - now) / 1000);
  budget.used += cost;
  ownersInLine.set(owner, (ownersInLine.get(owner) ?? 0) + 1);
  return () => {
    const n = (ownersInLine.get(owner) ?? 1) - 1;
    if (n > 0) ownersInLine.set(owner, n);
    else ownersInLine.delete(owner);
  };
}

/**
 * Runs `work` when fewer than MAX_DECODING images are being decoded (a slot is handed straight to the next in line);
 * with a full line an upload is turned away (429), other work (`patient`) waits anyway.
 */
async function inLine<T>(work: () => Promise<T>, patient: boolean): Promise<T> {
  if (decoding >= MAX_DECODING) {
    if (!patient && waiting.length >= MAX_WAITING) throw tooMany(IMAGE_MSG.busy, BUSY_RETRY_SECONDS);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    decoding += 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

/** Images being decoded and waiting (for tests and monitoring). */
export const decodeLoad = () => ({ decoding, waiting: waiting.length });

export interface NormaliseOptions {
  /** The long side of the result (default 2000 px). */
  maxSide?: number;
  quality?: number;
  /** Wait in line however long it is (work of the server, e.g. a voucher's photo) instead of 429 for a full line. */
  patient?: boolean;
  /** Whose upload this is (`u:<id>`): its share of the line and its budget of decoding per minute. */
  owner?: string;
}

/**
 * The normalised JPEG of an untrusted jpg/png/webp: declared size checked first (nothing decoded when too large),
 * then decoded with the same limits, upright, flattened on white, sRGB, scaled down to `maxSide`, no metadata.
 * Throws code 100 图片尺寸过大 / 图片文件已损坏.
 */
export async function normaliseImage(buf: Buffer, mime: string, opts: NormaliseOptions = {}): Promise<Buffer> {
  if (!IMAGE_MIMES.includes(mime)) throw bizError(IMAGE_MSG.broken);
  const size = checkDeclaredSize(buf, mime);
  const cost = decodeCost(buf, mime, size);
  if (cost > MAX_DECODED_BYTES) throw bizError(IMAGE_MSG.tooLarge);
  const side = opts.maxSide ?? STORED_IMAGE_SIDE;
  const giveBack = opts.owner ? claimShare(opts.owner, cost, Date.now()) : () => {};
  return inLine(async () => {
    try {
      const image = sharp(buf, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true });
      const meta = await image.metadata();
      // The decoder's own reading of the header must agree with what was checked.
      if (meta.format !== SHARP_FORMAT[mime as ImageMime]) throw bizError(IMAGE_MSG.broken);
      if (
        !meta.width ||
        !meta.height ||
        meta.width > MAX_IMAGE_SIDE ||
        meta.height > MAX_IMAGE_SIDE ||
        meta.width * meta.height > MAX_IMAGE_PIXELS
      ) {
        throw bizError(IMAGE_MSG.tooLarge);
      }
      return await image
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: opts.quality ?? STORED_JPEG_QUALITY })
        .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
        .toBuffer();
    } catch (err) {
      if (err instanceof AppError) throw err;
      // libvips: "Input image exceeds pixel limit", truncated or invalid data, a timeout: the file cannot be used.
      throw bizError(/pixel limit/i.test(String((err as Error)?.message)) ? IMAGE_MSG.tooLarge : IMAGE_MSG.broken);
    }
  }, opts.patient ?? false).finally(giveBack);
}

/** Whether bytes are a JPEG (what pdfkit embeds without decoding pixels). */
export const isJpeg = (buf: Buffer) => buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff;
