// Untrusted images and vouchers (issue 8): images are refused by their declared size before anything decodes them,
// stored as normalised JPEGs; the vouchers of a finished move-in are made at 已办结, stored, and served from storage;
// old uploads are re-encoded (never handed raw to pdfkit); an error while making a voucher is the request's, not the
// process's.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { databaseStorage } from '../../server/services/files.ts';
import { crc32, deflateRawSync, deflateSync, constants as zlibConstants } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileBlobs } from '../../server/db/schema.ts';
import {
  decodeCost,
  decodeLoad,
  DECODE_BUDGET_PER_MINUTE,
  IMAGE_MSG,
  MAX_DECODING,
  MAX_PER_OWNER,
  MAX_WAITING,
  normaliseImage,
} from '../../server/lib/images.ts';
import type { AppError } from '../../server/lib/envelope.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';
import { createPerson, postdocMoveInReadyToFinish, type Person } from './movement-helpers.ts';
import { readPdf } from './pdf-text.ts';
import { get, staffMoves } from './service-helpers.ts';

// Every sharp pipeline made by the server (or this file) is counted: "never reaches a decoder" is checked, not assumed.
const decoder = vi.hoisted(() => ({ calls: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const real = ((await importOriginal()) as { default: (...args: unknown[]) => unknown }).default;
  const counted = (...args: unknown[]) => {
    decoder.calls += 1;
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
  t.assertContract();
});
afterAll(() => t?.close());

const TOO_LARGE = '图片尺寸过大，请缩小后重新上传';
const BROKEN = '图片文件已损坏，请重新选择';

// ── images made for the tests ──

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number, colorType: number, idat: Buffer) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colorType;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The 65-byte RGBA PNG whose header claims 40000×40000 (it killed the server through the household card). */
const HEADER_ONLY = png(40000, 40000, 6, deflateSync(Buffer.alloc(0)));

/**
 * A real PNG bomb: a valid RGB PNG of width×height black pixels in well under 1 MB. Its zlib stream is one
 * fully-flushed deflate block of 16 zero rows repeated (each block stands alone), then the final block and the
 * Adler-32 of all-zero data, so making it costs milliseconds while decoding it needs width×height×3 bytes.
 */
function pngBomb(width: number, height: number) {
  const rowBytes = 1 + width * 3; // filter byte + RGB
  const rows = 16;
  const block = deflateRawSync(Buffer.alloc(rowBytes * rows), { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH });
  const parts = [Buffer.from([0x78, 0xda])];
  for (let y = 0; y < height; y += rows) parts.push(block);
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((rowBytes * height) % 65521) * 65536 + 1) >>> 0);
  parts.push(adler);
  return png(width, height, 2, Buffer.concat(parts));
}

function multipart(filename: string, content: Buffer) {
  const boundary = '----hukou-upload-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string, filename: string, content: Buffer) =>
  t.json({ method: 'POST', url: '/api/wj/upload', token, ...multipart(filename, content) });

/** Names of the stored files (uploads and vouchers): the database's file_blobs, which every instance shares. */
const storedFiles = async () => (await t.app.db.select({ name: fileBlobs.name }).from(fileBlobs)).map((r) => r.name).sort();
const storedBytes = async (name: string) =>
  Buffer.from((await t.app.db.select().from(fileBlobs).where(eq(fileBlobs.name, name)))[0]!.content);

/** What an upload answers, how long it took, and how many sharp pipelines it made. */
async function timedUpload(token: string, filename: string, content: Buffer) {
  const calls = decoder.calls;
  const started = performance.now();
  const res = await upload(token, filename, content);
  return { res, ms: performance.now() - started, decoded: decoder.calls - calls };
}

describe('images are checked by their declared size before any decode', () => {
  it('refuses the 65-byte PNG that claims 40000×40000: 图片尺寸过大, nothing decoded, nothing stored', async () => {
    expect(HEADER_ONLY.length).toBeLessThanOrEqual(66);
    const token = await t.login(demo.undergraduate.phone);
    const before = await storedFiles();
    const { res, decoded } = await timedUpload(token, 'tiny.png', HEADER_ONLY);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 100, msg: TOO_LARGE });
    expect(decoded, 'sharp never saw it').toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a real 16000×16000 PNG bomb fast, without decoding it', async () => {
    const bomb = pngBomb(16000, 16000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // It is a valid image: the same construction at a small size decodes to black pixels.
    const small = await sharp(pngBomb(64, 32)).raw().toBuffer({ resolveWithObject: true });
    expect(small.info).toMatchObject({ width: 64, height: 32, channels: 3 });
    expect(small.data.every((b) => b === 0)).toBe(true);

    const token = await t.login(demo.undergraduate.phone);
    const rss = process.memoryUsage().rss;
    const { res, ms, decoded } = await timedUpload(token, 'bomb.png', bomb);
    expect(res.body).toEqual({ code: 100, msg: TOO_LARGE });
    expect(decoded).toBe(0);
    expect(ms).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses by pixel count and by side: 8000×6000 (48 MP) and 12001×10 are too large, 6000×6000 is not', async () => {
    const token = await t.login(demo.undergraduate.phone);
    for (const [w, h] of [
      [8000, 6000],
      [12001, 10],
    ] as const) {
      expect((await timedUpload(token, 'big.png', png(w, h, 2, deflateSync(Buffer.alloc(0))))).res.body, `${w}×${h}`).toEqual({
        code: 100,
        msg: TOO_LARGE,
      });
    }
    // A JPEG and a WebP header are read too (no decoder involved).
    const jpegHeader = Buffer.from('ffd8ffc0001108' + 'c350' + 'c350' + '03012200022201032201ffd9', 'hex'); // SOF0 50000×50000
    const { res: jpegRes, decoded } = await timedUpload(token, 'big.jpg', jpegHeader);
    expect(jpegRes.body).toEqual({ code: 100, msg: TOO_LARGE });
    expect(decoded).toBe(0);
    const vp8x = Buffer.alloc(30);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.writeUInt32LE(22, 4);
    vp8x.write('WEBPVP8X', 8, 'latin1');
    vp8x.writeUInt32LE(10, 16);
    vp8x.writeUIntLE(16383, 24, 3);
    vp8x.writeUIntLE(16383, 27, 3);
    expect((await timedUpload(token, 'big.webp', vp8x)).res.body).toEqual({ code: 100, msg: TOO_LARGE });
    // Under the limits a bomb is decoded (in sharp's threads) and stored small.
    const ok = await timedUpload(token, 'black.png', pngBomb(6000, 6000));
    expect(ok.res.body).toMatchObject({ code: 200, data: { mimeType: 'image/jpeg', name: 'black.jpg' } });
    const stored = (await t.request({ method: 'GET', url: ok.res.body.data.url, token })).rawPayload;
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 2000, height: 2000 });
  });

  it('refuses a broken image: 图片文件已损坏，请重新选择', async () => {
    const token = await t.login(demo.undergraduate.phone);
    const good = pngBomb(400, 400);
    const cases = {
      'no pixel data': png(10, 10, 2, Buffer.alloc(0)),
      truncated: good.subarray(0, Math.floor(good.length / 2)),
      'zero width': png(0, 10, 2, deflateSync(Buffer.alloc(0))),
      'JPEG without a frame header': Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
    };
    for (const [what, content] of Object.entries(cases)) {
      expect((await upload(token, 'x.png', content)).body, what).toEqual({ code: 100, msg: BROKEN });
    }
  });

  it('stores jpg, png and webp as a normalised JPEG: upright, EXIF gone, transparency on white, at most 2000 px', async () => {
    const token = await t.login(demo.master.phone);
    const exifJpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { ImageDescription: 'GPS 39.9042N 116.4074E home', Copyright: 'secret place' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(exifJpeg).metadata()).exif).toBeDefined();
    const transparentPng = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const wideWebp = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#00aa00' } })
      .webp()
      .toBuffer();

    const cases = [
      { name: '证件照.jpeg', content: exifJpeg, size: [200, 300] },
      { name: 'scan.PNG', content: transparentPng, size: [40, 30] },
      { name: 'wide.webp', content: wideWebp, size: [2000, 667] },
      { name: 'noext', content: transparentPng, size: [40, 30] },
    ];
    for (const c of cases) {
      const res = await upload(token, c.name, c.content);
      expect(res.body, c.name).toMatchObject({
        code: 200,
        data: { mimeType: 'image/jpeg', name: c.name.replace(/\.[^.]*$/, '') + '.jpg' },
      });
      const file = await t.request({ method: 'GET', url: res.body.data.url, token });
      expect(file.headers['content-type']).toBe('image/jpeg');
      const stored = file.rawPayload;
      expect(stored.length).toBe(res.body.data.size);
      const meta = await sharp(stored).metadata();
      expect(meta, c.name).toMatchObject({ format: 'jpeg', width: c.size[0], height: c.size[1] });
      expect(meta.exif, `${c.name}: no EXIF`).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes('secret place')).toBe(false);
      expect(stored.includes('GPS 39.9042N')).toBe(false);
      if (c.content === transparentPng) {
        const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
        expect(Math.min(...data), 'transparent pixels become white').toBeGreaterThan(245);
      }
    }
  });

  it('decodes at most MAX_DECODING images at once; the rest wait their turn', async () => {
    const inputs = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        sharp({ create: { width: 900 + i, height: 900, channels: 3, background: '#123456' } })
          .png()
          .toBuffer(),
      ),
    );
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, decodeLoad().decoding)), 1);
    try {
      const out = await Promise.all(inputs.map((b) => normaliseImage(b, 'image/png')));
      expect(out.every((b) => b[0] === 0xff && b[1] === 0xd8)).toBe(true);
    } finally {
      clearInterval(watch);
    }
    expect(most).toBeLessThanOrEqual(MAX_DECODING);
    expect(decodeLoad()).toEqual({ decoding: 0, waiting: 0 });
  });

  it('turns an upload away (429) when the line is full; the server’s own work (a voucher photo) waits instead', async () => {
    const image = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#654321' } })
      .png()
      .toBuffer();
    const line = Array.from({ length: MAX_DECODING + MAX_WAITING }, () => normaliseImage(image, 'image/png'));
    expect(decodeLoad()).toEqual({ decoding: MAX_DECODING, waiting: MAX_WAITING });
    await expect(normaliseImage(image, 'image/png')).rejects.toMatchObject({ statusCode: 429, message: '当前上传人数较多，请稍后再试' });
    const patient = normaliseImage(image, 'image/png', { patient: true });
    expect((await Promise.all([...line, patient])).every((b) => b[0] === 0xff)).toBe(true);
    expect(decodeLoad()).toEqual({ decoding: 0, waiting: 0 });
  });
});

describe('one account cannot take the line', () => {
  it('22 images of one student at once: 2 in line, 20 refused at once; another student’s photo goes in without waiting for them', async () => {
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#345678' } })
      .png()
      .toBuffer();
    const burst = Array.from({ length: 22 }, () =>
      normaliseImage(image, 'image/png', { owner: 'u:burst' }).then(
        () => 'done',
        (err: AppError) => `${err.statusCode} ${err.message}`,
      ),
    );
    // Synchronously after the burst: the owner has its share of the line, no more.
    expect(decodeLoad().decoding + decodeLoad().waiting).toBe(MAX_PER_OWNER);
    const other = normaliseImage(image, 'image/png', { owner: 'u:other' });
    expect(decodeLoad().decoding + decodeLoad().waiting).toBe(MAX_PER_OWNER + 1);
    expect((await other)[0]).toBe(0xff);
    const outcomes = await Promise.all(burst);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(MAX_PER_OWNER);
    expect(outcomes.filter((o) => o === `429 ${IMAGE_MSG.ownBusy}`)).toHaveLength(22 - MAX_PER_OWNER);
    expect(decodeLoad()).toEqual({ decoding: 0, waiting: 0 });
  });

  it('prices an image before decoding it: a 16-bit PNG costs twice, an RGBA one more than RGB; a minute’s budget per owner', async () => {
    const png = (depth: 8 | 16, colourType: number) => {
      const b = Buffer.alloc(33);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
      b.write('IHDR', 12, 'latin1');
      b.writeUInt32BE(1000, 16);
      b.writeUInt32BE(1000, 20);
      b[24] = depth;
      b[25] = colourType;
      return b;
    };
    const size = { width: 1000, height: 1000 };
    expect(decodeCost(png(8, 2), 'image/png', size)).toBe(3_000_000);
    expect(decodeCost(png(16, 2), 'image/png', size)).toBe(6_000_000);
    expect(decodeCost(png(16, 6), 'image/png', size)).toBe(8_000_000);
    // A 6000×6000 16-bit RGBA PNG is within the pixel limit but not the decoding limit: refused from its header.
    const heavy = png(16, 6);
    heavy.writeUInt32BE(6000, 16);
    heavy.writeUInt32BE(6000, 20);
    await expect(normaliseImage(heavy, 'image/png', { owner: 'u:heavy' })).rejects.toMatchObject({ message: IMAGE_MSG.tooLarge });
    // The budget: about six full-size photos a minute, then 429 until the minute is over.
    const big = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#101010' } })
      .jpeg()
      .toBuffer();
    const owner = 'u:budget';
    const answers = [];
    for (let i = 0; i < 8; i += 1) {
      answers.push(
        await normaliseImage(big, 'image/jpeg', { owner }).then(
          () => 200,
          (err: AppError) => err.statusCode,
        ),
      );
    }
    expect(answers.filter((a) => a === 200).length).toBe(Math.floor(DECODE_BUDGET_PER_MINUTE / (6000 * 6000 * 3)));
    expect(answers.at(-1)).toBe(429);
  });
});

// ── vouchers ──

/** A 博士后迁入 with the given ID-photo upload, taken up to the step before 已办结 (status 4, stage 2). */
const readyToFinish = (p: Person, photoId: string) => postdocMoveInReadyToFinish(t, p, { photoId });

/** An upload as the code before normalisation stored it: the bytes as sent, under their own type. */
async function rawUpload(ownerId: number, content: Buffer, mime: string) {
  const name = `raw-${Math.random().toString(36).slice(2)}.${mime.split('/')[1]}`;
  await t.app.services.files.storage.put(name, content);
  const row = await t.app.repos.uploads.create({
    id: `f_raw${Math.random().toString(36).slice(2)}`,
    ownerId,
    sha256: 'r'.repeat(64),
    storedName: name,
    originalName: name,
    mime,
    size: content.length,
    createdAt: t.clock.now(),
  });
  return row.id;
}

/** The filter of every image in a PDF (DCTDecode: a JPEG, embedded without decoding). */
const imageFilters = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\d+ 0 obj\s*(<<[\s\S]*?)stream/g)]
    .map((m) => m[1]!)
    .filter((dict) => dict.includes('/Subtype /Image'))
    .map((dict) => /\/Filter \/(\w+)/.exec(dict)?.[1] ?? 'none');

const vouchersOf = async (id: number) => (await storedFiles()).filter((f) => f.startsWith(`voucher-${id}-`));
const download = (p: Person, what: 'downloadhkkPdf' | 'downloadHzsyzpPdf', id: number) =>
  t.request({ method: 'GET', url: `/api/qianru/${what}?id=${id}`, token: p.token });

describe('vouchers are made at 已办结, stored, and served from storage', () => {
  it('makes the household card and head page at 已办结; two downloads a day apart serve the stored bytes, nothing decoded', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const photo = await sharp({ create: { width: 330, height: 480, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const photoId = (await upload(p.token, '证件照.jpg', photo)).body.data.fileId as string;
    const id = await readyToFinish(p, photoId);
    expect(await vouchersOf(id)).toEqual([]);

    await staffMoves(t, id, 7);
    const made = await vouchersOf(id);
    expect(made).toHaveLength(2);
    expect(made.some((f) => f.startsWith(`voucher-${id}-hkk-`))).toBe(true);
    expect(made.some((f) => f.startsWith(`voucher-${id}-hzsy-`))).toBe(true);
    const storedCard = await storedBytes(made.find((f) => f.includes('-hkk-'))!);
    const storedHead = await storedBytes(made.find((f) => f.includes('-hzsy-'))!);

    const calls = decoder.calls;
    const first = await download(p, 'downloadhkkPdf', id);
    t.clock.advance(2 * 86400);
    const second = await download(p, 'downloadhkkPdf', id);
    const head = await download(p, 'downloadHzsyzpPdf', id);
    expect(decoder.calls - calls, 'no image decoded on a download').toBe(0);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.equals(storedCard)).toBe(true);
    expect(second.rawPayload.equals(storedCard), 'served from storage, not made again (a new one would carry a new date)').toBe(true);
    expect(head.rawPayload.equals(storedHead)).toBe(true);
    expect(await vouchersOf(id)).toEqual(made);

    const pdf = readPdf(storedCard);
    expect(pdf.text).toContain(p.name);
    expect(pdf.images, 'the ID photo').toBe(1);
    expect(imageFilters(storedCard), 'the photo is a JPEG').toEqual(['DCTDecode']);
    // The head-page photo is made at 已办结 too; asking for it again gives the same file.
    const url = (await get(t, `/api/qianru/getHzsyzpdz?id=${id}`, p.token)).body.data.url;
    expect((await get(t, `/api/qianru/getHzsyzpdz?id=${id}`, p.token)).body.data.url).toBe(url);
  });

  it('is made again only when its data change', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const photoId = (
      await upload(
        p.token,
        'p.png',
        await sharp({ create: { width: 60, height: 80, channels: 3, background: '#eeeeee' } })
          .png()
          .toBuffer(),
      )
    ).body.data.fileId;
    const id = await readyToFinish(p, photoId);
    await staffMoves(t, id, 7);
    const before = (await download(p, 'downloadhkkPdf', id)).rawPayload;
    expect((await download(p, 'downloadhkkPdf', id)).rawPayload.equals(before)).toBe(true);

    await t.app.repos.users.update(p.id, { nativePlace: '江苏南京' });
    const after = await download(p, 'downloadhkkPdf', id);
    expect(after.rawPayload.equals(before)).toBe(false);
    expect(readPdf(after.rawPayload).text).toContain('江苏南京');
    expect((await vouchersOf(id)).filter((f) => f.includes('-hkk-'))).toHaveLength(2);
    expect((await download(p, 'downloadhkkPdf', id)).rawPayload.equals(after.rawPayload)).toBe(true);
  });

  it('old uploads are never handed raw to pdfkit: an old RGBA photo is re-encoded, the 40000×40000 header and a bomb are left off', async () => {
    for (const [what, content, images] of [
      ['the 65-byte 40000×40000 header', HEADER_ONLY, 0],
      ['a 16000×16000 bomb', pngBomb(16000, 16000), 0],
      [
        'an ordinary RGBA PNG',
        await sharp({ create: { width: 50, height: 70, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } })
          .png()
          .toBuffer(),
        1,
      ],
    ] as const) {
      const p = await createPerson(t, { rylb: '3' });
      const id = await readyToFinish(p, await rawUpload(p.id, content, 'image/png'));
      await staffMoves(t, id, 7);
      // (Before: pdfkit decoded the PNG on this download and a RangeError in a zlib callback ended the process.)
      const card = await download(p, 'downloadhkkPdf', id);
      expect(card.statusCode, what).toBe(200);
      expect(await vouchersOf(id), what).toHaveLength(2);
      const pdf = readPdf(card.rawPayload);
      expect(pdf.images, what).toBe(images);
      expect(imageFilters(card.rawPayload), what).toEqual(Array(images).fill('DCTDecode'));
      if (!images) expect(pdf.text).toContain('照片');
    }
    // Still answering.
    expect((await t.json({ method: 'GET', url: '/api/system/banner/list' })).status).toBe(200);
  });

  it('a finished move-in of before (no stored voucher) gets its voucher on the first download, once for concurrent downloads', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const id = await readyToFinish(
      p,
      await rawUpload(
        p.id,
        await sharp({ create: { width: 30, height: 40, channels: 3, background: '#dddddd' } })
          .webp()
          .toBuffer(),
        'image/webp',
      ),
    );
    // Finished without the work after the transition (as before vouchers were stored).
    const afterMove = vi.spyOn(t.app.services.vouchers, 'afterMove').mockResolvedValue();
    await staffMoves(t, id, 7);
    expect(await vouchersOf(id)).toEqual([]);
    afterMove.mockRestore();
    const [a, b] = await Promise.all([download(p, 'downloadhkkPdf', id), download(p, 'downloadhkkPdf', id)]);
    expect(a.statusCode).toBe(200);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(readPdf(a.rawPayload).images, 'the old webp photo, re-encoded').toBe(1);
    expect(await vouchersOf(id)).toHaveLength(1);
  });
});

describe('an error while making a voucher is the request’s, not the process’s', () => {
  it('answers 500 (generic message) and the app keeps answering; the next download makes it', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const id = await readyToFinish(p, await rawUpload(p.id, pngBomb(64, 64), 'image/png'));
    // The storage fails when the vouchers are made at 已办结: the move still finishes (logged, made later).
    const put = vi
      .spyOn(t.app.services.files.storage, 'put')
      .mockRejectedValue(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    const finished = await staffMoves(t, id, 7);
    expect(finished.status).toBe(7);
    expect(await vouchersOf(id)).toEqual([]);

    // …and on the download, asynchronously (in a later turn of the event loop): a 500, not a crash.
    put.mockImplementation(() => new Promise((_, reject) => setTimeout(() => reject(new Error('storage went away')), 5)));
    const failed = await t.json({ method: 'GET', url: `/api/qianru/downloadhkkPdf?id=${id}`, token: p.token });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ code: 500, msg: '系统繁忙，请稍后再试' });
    expect((await t.json({ method: 'GET', url: '/api/system/banner/list' })).body.code).toBe(200);

    put.mockRestore();
    const card = await download(p, 'downloadhkkPdf', id);
    expect(card.statusCode).toBe(200);
    expect(readPdf(card.rawPayload).images).toBe(1);
  });
});

describe('stored files live in the database, shared by every instance', () => {
  it('a file uploaded through one app downloads through a second app on the same database, with another DATA_DIR', async () => {
    const p = await createPerson(t, { rylb: '3' });
    const pdf = Buffer.from(`%PDF-1.4\n% shared ${Date.now()}\n%%EOF\n`);
    const up = await upload(p.token, '接收证明.pdf', pdf);
    expect(up.body.code).toBe(200);
    const other = await buildApp(
      { ...t.app.config, dataDir: mkdtempSync(join(tmpdir(), 'hukou-other-')) },
      { db: { db: t.app.db, kind: 'pglite', close: async () => {} }, logger: false },
    );
    try {
      const res = await other.inject({
        method: 'GET',
        url: `/api/wj/file/${up.body.data.fileId}`,
        headers: { qhyhAuthorization: `Bearer ${p.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('reads a file an earlier release kept under DATA_DIR/uploads and moves it into the database', async () => {
    const legacy = new Map([['abc.pdf', Buffer.from('%PDF-1.4 old')]]);
    const dir = { put: async () => {}, get: async (name: string) => legacy.get(name) ?? null };
    const storage = databaseStorage(t.app.repos, dir);
    expect(await storage.get('abc.pdf')).toEqual(Buffer.from('%PDF-1.4 old'));
    legacy.clear();
    expect(await storage.get('abc.pdf'), 'now from the database').toEqual(Buffer.from('%PDF-1.4 old'));
    expect(await storage.get('missing.pdf')).toBeNull();
  });
});
