// The picture of an image code: a PNG whose pixels alone carry the characters. Each glyph is drawn from a mask that
// sharp rendered once from Noto Sans Hans (the vouchers' font, server/lib/fonts.ts, so no system font is needed), in
// one of three faces (regular, bold, outline), turned, scaled, sheared and placed by a random advance after the one
// before, so neighbours touch or overlap and no character has a fixed place; curves in the characters' own colours
// cross them; the whole picture is then warped by sine displacements of its rows and columns and speckled with noise,
// and sharp encodes it (in its own threads). No vector outline or text ever leaves the server. A trained solver
// (scripts/captcha-solver.ts) measures the drawing; what stops a script in the end is the server's ceilings (single
// use, 2 minutes, per-address limits, the sign-in guard, SMS limits per phone).
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { cjkFontFile } from '../lib/fonts.ts';

/** No 0/O/Q/D, 1/I/L/J, 2/Z, 4/A, 5/S, 6/G, 8/B or U/V pairs: turned and warped, every character still reads as itself. */
export const CAPTCHA_ALPHABET = 'ACEFHKMNPRTWXY35789';
export const CAPTCHA_LENGTH = 4;
/** Pixels of the picture: twice its 100 × 40 CSS size, sharp on a phone's screen. */
export const CAPTCHA_WIDTH = 200;
export const CAPTCHA_HEIGHT = 80;

/** The glyph masks' cap height in pixels, before the per-character scale. */
const GLYPH_PX = 44;

interface Glyph {
  w: number;
  h: number;
  /** Coverage 0–1, row by row, cropped to the ink. */
  a: Float32Array;
}

/** The faces a character may be drawn in: two stroke weights, and an outline one can read through. (A lighter weight
 * was tried: crossed by the curves it was hard for a person to read.) */
type Face = 'regular' | 'bold' | 'outline';
const FACES: Face[] = ['regular', 'bold', 'outline'];

let glyphs: Promise<Map<string, Record<Face, Glyph>>> | null = null;

/** How far each face's strokes are grown, in pixels of the 80 px rendering (3 is about the Bold weight's stems). */
const GROW: Record<Exclude<Face, 'outline'>, number> = { regular: 3, bold: 5 };
/** The outline face: the bold face with its inside taken out, leaving a ring this many pixels wide. */
const RING = 5;

/** A grey mask grown by r pixels in every direction (a (2r+1)² maximum filter, row pass then column pass), on a
 * canvas r pixels wider on each side so the grown ink is not clipped. */
export function thicken(src: Uint8Array, width: number, height: number, r: number): { data: Uint8Array; width: number; height: number } {
  const w = width + 2 * r;
  const h = height + 2 * r;
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < w; x++) {
      let max = 0;
      for (let k = Math.max(0, x - 2 * r); k <= Math.min(width - 1, x); k++) max = Math.max(max, src[y * width + k]!);
      rows[(y + r) * w + x] = max;
    }
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let max = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++) max = Math.max(max, rows[k * w + x]!);
      data[y * w + x] = max;
    }
  return { data, width: w, height: h };
}

/** A grey mask shrunk by r pixels (the grown mask of its complement, complemented), same size. */
function erode(src: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const inverse = src.map((v) => 255 - v);
  const grown = thicken(inverse, width, height, r);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[y * width + x] = 255 - grown.data[(y + r) * grown.width + x + r]!;
  return out;
}

/** A mask cropped to its ink, as coverage 0–1. */
function crop(data: Uint8Array, width: number, height: number, ch: string): Glyph {
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[y * width + x]! > 24) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
  if (bottom < 0) throw new Error(`the captcha font has no glyph for ${ch}`);
  const w = right - left + 1;
  const h = bottom - top + 1;
  const a = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) a[y * w + x] = data[(top + y) * width + left + x]! / 255;
  return { w, h, a };
}

async function renderGlyph(ch: string): Promise<Record<Face, Glyph>> {
  const raw = await sharp({ text: { text: ch, fontfile: cjkFontFile(), font: 'Noto Sans Hans 80', dpi: 72 } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grown = (r: number) => thicken(raw.data, raw.info.width, raw.info.height, r);
  const regular = grown(GROW.regular);
  const bold = grown(GROW.bold);
  const inside = erode(bold.data, bold.width, bold.height, RING);
  const ring = bold.data.map((v, i) => Math.max(0, v - inside[i]!));
  return {
    regular: crop(regular.data, regular.width, regular.height, ch),
    bold: crop(bold.data, bold.width, bold.height, ch),
    outline: crop(ring, bold.width, bold.height, ch),
  };
}

/** The glyph masks of every face, rendered once (about 0.2 s) and kept; a failure is not kept, so the next call tries again. */
export function captchaGlyphs(): Promise<Map<string, Record<Face, Glyph>>> {
  glyphs ??= Promise.all([...CAPTCHA_ALPHABET].map(async (ch) => [ch, await renderGlyph(ch)] as const)).then(
    (list) => new Map(list),
    (err: unknown) => {
      glyphs = null;
      throw err;
    },
  );
  return glyphs;
}

/** A new code: CAPTCHA_LENGTH characters of the alphabet, from the system's secure random source. */
export const captchaText = () =>
  Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]!).join('');

const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
type Rgb = [number, number, number];

/** An HSL colour as RGB 0–255. */
function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return [f(0), f(8), f(4)];
}

/** Bilinear sample of a single-channel image, 0 outside. (No inner functions: this runs some 100 000 times a picture.) */
function sample(a: Float32Array, w: number, h: number, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < -1 || y0 < -1 || x0 >= w || y0 >= h) return 0;
  const fx = x - x0;
  const fy = y - y0;
  const inX0 = x0 >= 0;
  const inX1 = x0 + 1 < w;
  const i = y0 * w + x0;
  let top = 0;
  let bottom = 0;
  if (y0 >= 0) top = (inX0 ? a[i]! : 0) * (1 - fx) + (inX1 ? a[i + 1]! : 0) * fx;
  if (y0 + 1 < h) bottom = (inX0 ? a[i + w]! : 0) * (1 - fx) + (inX1 ? a[i + w + 1]! : 0) * fx;
  return top * (1 - fy) + bottom * fy;
}

/** Paints `colour` over the RGB canvas with coverage `alpha` at one pixel. */
function blend(px: Float32Array, i: number, colour: Rgb, alpha: number) {
  if (alpha <= 0) return;
  const k = Math.min(1, alpha);
  px[i] = px[i]! + (colour[0] - px[i]!) * k;
  px[i + 1] = px[i + 1]! + (colour[1] - px[i + 1]!) * k;
  px[i + 2] = px[i + 2]! + (colour[2] - px[i + 2]!) * k;
}

/** A curve across the picture (a sum of two sines), anti-aliased, `width` pixels thick. */
function curve(px: Float32Array, colour: Rgb, width: number) {
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const y0 = rand(0.25, 0.75) * H;
  const a1 = rand(6, 16);
  const l1 = rand(60, 160);
  const p1 = rand(0, 2 * Math.PI);
  const a2 = rand(2, 6);
  const l2 = rand(20, 45);
  const p2 = rand(0, 2 * Math.PI);
  const slope = rand(-0.25, 0.25);
  const from = rand(0, 0.2) * W;
  const to = rand(0.8, 1) * W;
  const r = width / 2;
  for (let x = Math.floor(from); x < to; x++) {
    const yc = y0 + slope * (x - W / 2) + a1 * Math.sin((2 * Math.PI * x) / l1 + p1) + a2 * Math.sin((2 * Math.PI * x) / l2 + p2);
    for (let y = Math.max(0, Math.floor(yc - r - 1)); y <= Math.min(H - 1, Math.ceil(yc + r + 1)); y++) {
      blend(px, (y * W + x) * 3, colour, r + 0.5 - Math.abs(y - yc));
    }
  }
}

/** The raw RGB pixels of a picture of `text`; `layout`, when given, receives each character's left and right edge (for
 * the solver that measures the drawing, scripts/captcha-solver.ts). */
export async function drawCaptcha(text: string, layout?: [number, number][]): Promise<Float32Array> {
  const masks = await captchaGlyphs();
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const px = new Float32Array(W * H * 3);

  // A light background: a gradient between two pastel hues with a grain.
  const hue = rand(0, 360);
  const bgA = hsl(hue, 0.6, 0.93);
  const bgB = hsl((hue + rand(60, 180)) % 360, 0.6, 0.9);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const t = (x + y) / (W + H);
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) px[i + c] = bgA[c]! + (bgB[c]! - bgA[c]!) * t;
    }

  // Faint curves behind the characters.
  for (let n = 0; n < 3; n++) curve(px, hsl(rand(0, 360), 0.5, rand(0.6, 0.75)), rand(1, 2.5));

  // The characters, each dark in its own hue and in a face of its own (light, regular, bold or outline), turned,
  // scaled and sheared at random. No fixed places: each advances by a random part of its width, so neighbours touch
  // or overlap, the string starts anywhere it fits and its baseline wanders.
  const colours: Rgb[] = [];
  const placed = [...text].map((ch) => {
    const faces = masks.get(ch);
    if (!faces) throw new Error(`no glyph for ${ch}`);
    const g = faces[FACES[randomInt(FACES.length)]!];
    const scale = (rand(0.9, 1.08) * GLYPH_PX) / faces.regular.h;
    return { g, scale, width: g.w * scale, advance: g.w * scale * rand(0.8, 0.98) };
  });
  const span = placed.reduce((sum, p, k) => sum + (k === placed.length - 1 ? p.width : p.advance), 0);
  // Too wide for the picture (bold, large, little overlap): every character a little smaller.
  const fit = Math.min(1, (W - 12) / span);
  let left = 6 + rand(0, Math.max(0, W - 12 - span * fit));
  const wave = { a: rand(4, 9), l: rand(90, 180), p: rand(0, 2 * Math.PI) };
  // Neighbours in hues at least 80° apart, so a person sees where one ends and the next begins.
  let inkHue = rand(0, 360);
  for (const { g, scale: s0, width, advance } of placed) {
    const scale = s0 * fit;
    inkHue = (inkHue + rand(80, 280)) % 360;
    const colour = hsl(inkHue, rand(0.55, 0.85), rand(0.2, 0.32));
    colours.push(colour);
    const angle = rand(-0.35, 0.35);
    const shear = rand(-0.25, 0.25);
    const cx = left + (width * fit) / 2;
    const cy = H / 2 + wave.a * Math.sin((2 * Math.PI * cx) / wave.l + wave.p) + rand(-3, 3);
    layout?.push([Math.round(left), Math.round(left + width * fit)]);
    left += advance * fit;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const reach = Math.ceil(Math.hypot(g.w, g.h) * scale * 0.65) + 2;
    for (let y = Math.max(0, Math.floor(cy - reach)); y < Math.min(H, cy + reach); y++)
      for (let x = Math.max(0, Math.floor(cx - reach)); x < Math.min(W, cx + reach); x++) {
        // Destination → glyph: undo the move, the turn, the shear and the scale.
        const dx = x - cx;
        const dy = y - cy;
        const rx = cos * dx + sin * dy;
        const ry = -sin * dx + cos * dy;
        const u = (rx - shear * ry) / scale + g.w / 2;
        const v = ry / scale + g.h / 2;
        blend(px, (y * W + x) * 3, colour, sample(g.a, g.w, g.h, u - 0.5, v - 0.5));
      }
  }

  // Curves in the characters' own colours across them (a colour filter cannot take them out).
  for (let n = 0; n < 2; n++) curve(px, colours[randomInt(colours.length)]!, rand(1.4, 2.2));

  // The warp: rows shifted sideways and columns up and down by sine waves of random phase.
  const out = new Float32Array(px.length);
  const ax = rand(2.5, 4.5);
  const lx = rand(35, 70);
  const phx = rand(0, 2 * Math.PI);
  const ay = rand(3, 6);
  const ly = rand(70, 140);
  const phy = rand(0, 2 * Math.PI);
  const colShift = new Float32Array(W);
  for (let x = 0; x < W; x++) colShift[x] = ay * Math.sin((2 * Math.PI * x) / ly + phy);
  for (let y = 0; y < H; y++) {
    const sx = ax * Math.sin((2 * Math.PI * y) / lx + phx);
    for (let x = 0; x < W; x++) {
      // Clamped inside the picture, so the border keeps the background.
      const fx = Math.min(W - 1.001, Math.max(0, x + sx));
      const fy = Math.min(H - 1.001, Math.max(0, y + colShift[x]!));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const tx = fx - x0;
      const ty = fy - y0;
      const i00 = (y0 * W + x0) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + W * 3;
      const i11 = i01 + 3;
      const o = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = px[i00 + c]! + (px[i10 + c]! - px[i00 + c]!) * tx;
        const bottom = px[i01 + c]! + (px[i11 + c]! - px[i01 + c]!) * tx;
        out[o + c] = top + (bottom - top) * ty;
      }
    }
  }

  // Speckles: single pixels and small dots, dark and light.
  for (let n = 0; n < 260; n++) {
    const i = randomInt(W * H) * 3;
    blend(out, i, Math.random() < 0.5 ? hsl(rand(0, 360), 0.6, 0.3) : [255, 255, 255], rand(0.5, 1));
  }
  for (let n = 0; n < 24; n++) {
    const x0 = rand(2, W - 2);
    const y0 = rand(2, H - 2);
    const r = rand(0.8, 1.8);
    const colour = hsl(rand(0, 360), 0.6, rand(0.25, 0.6));
    for (let y = Math.floor(y0 - r - 1); y <= y0 + r + 1; y++)
      for (let x = Math.floor(x0 - r - 1); x <= x0 + r + 1; x++)
        if (x >= 0 && y >= 0 && x < W && y < H) blend(out, (y * W + x) * 3, colour, r + 0.5 - Math.hypot(x - x0, y - y0));
  }
  return out;
}

/** The picture of `text` as a PNG data URL (drawn here in about 1 ms, encoded by sharp in its own threads). */
export async function captchaPng(text: string): Promise<string> {
  const pixels = await drawCaptcha(text);
  // 32 levels a channel: invisible at this size, and the PNG is some 9 kB instead of 16.
  const bytes = Buffer.alloc(pixels.length);
  for (let i = 0; i < pixels.length; i++) bytes[i] = Math.max(0, Math.min(255, Math.round(pixels[i]! / 8) * 8));
  const png = await sharp(bytes, { raw: { width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
