// Image codes (issue 8, finding 4): a raster picture with nothing machine-readable on the wire, single use, 2 minutes;
// the proof-of-work alternative for those who cannot read it; the hourly ceiling per address and the drawing line.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AppError } from '../../server/lib/envelope.ts';
import {
  CAPTCHA_MSG,
  CAPTCHA_SECONDS,
  DRAWING_LINE,
  IMAGE_CODE_CEILING,
  POW_DIFFICULTY,
  createCaptchaService,
  powBits,
} from '../../server/services/captcha.ts';
import { CAPTCHA_ALPHABET, captchaPng } from '../../server/services/captcha-image.ts';
import { createTestApp, demo, nextIp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => t.assertContract());

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
let phoneCounter = 0;
const freshPhone = () => `139${String(10_000_000 + (phoneCounter += 1)).slice(-8)}`;

/** The image code of one of the three operations, from `ip`. */
async function imageCode(url = '/api/registerOrLogin/sendMsgImgCode', ip = nextIp(), token?: string) {
  const res = await t.json({ method: 'GET', url, remoteAddress: ip, ...(token ? { token } : {}) });
  return res;
}

const textOf = async (uuid: string) => (await t.json({ method: 'GET', url: `/__test__/captcha/${uuid}` })).body.data.text as string;

/** verifyImageCode: the operation whose only job is checking the code. */
const verify = (uuid: string, code: string) =>
  t.json({
    method: 'POST',
    url: '/api/registerOrLogin/imgCodeVerify',
    payload: { phone: freshPhone(), uuid, code },
    remoteAddress: nextIp(),
  });

/** The smallest base-36 nonce whose hash has at least `bits` (or, with `below`, fewer than `bits`) leading zero bits. */
function nonceFor(challenge: string, bits: number, below = false): string {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    const got = powBits(challenge, nonce);
    if (below ? got < bits : got >= bits) return nonce;
  }
}

describe('the picture', () => {
  it('is a PNG data URL of pixels only, from each of the three operations, with no vector path or text on the wire', async () => {
    const token = await t.login(demo.master.phone);
    for (const [url, auth] of [
      ['/api/registerOrLogin/sendMsgImgCode', undefined],
      ['/api/admin/captcha', undefined],
      ['/api/qhqt/qtyhfkyzm/yycimg', token],
    ] as const) {
      const res = await t.request({ method: 'GET', url, remoteAddress: nextIp(), ...(auth ? { token: auth } : {}) });
      expect(res.statusCode, url).toBe(200);
      const raw = res.body;
      const { data } = res.json();
      expect(data.img).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      const bytes = Buffer.from(data.img.slice('data:image/png;base64,'.length), 'base64');
      expect(bytes.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
      // Neither the answer around the picture nor the picture's bytes hold markup, outlines or text.
      expect(raw.replace(data.img, '')).not.toMatch(/<path|<svg|svg\+xml|<text|font/i);
      expect(bytes.toString('latin1')).not.toMatch(/<path|<svg|<text|tEXt|iTXt|zTXt/);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 200, height: 80 });
      // The text is nowhere in the answer (the picture's bytes or anything else).
      const text = await textOf(data.uuid);
      expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
      expect(raw).not.toContain(text);
      expect(bytes.toString('latin1')).not.toContain(text);
      expect(data.pow).toEqual({ challenge: expect.any(String), difficulty: POW_DIFFICULTY });
    }
  });

  it('differs every time, even for the same text', async () => {
    const a = (await imageCode()).body.data;
    const b = (await imageCode()).body.data;
    expect(a.uuid).not.toBe(b.uuid);
    expect(a.img).not.toBe(b.img);
    expect(a.pow.challenge).not.toBe(b.pow.challenge);
    expect(await captchaPng('HK9A')).not.toBe(await captchaPng('HK9A'));
  });

  it('never uses a character that could be read as another', () => {
    expect(CAPTCHA_ALPHABET).toMatch(/^[A-Z3-9]+$/);
    for (const ch of '0OQD1ILJ2Z4S6GBUV') expect(CAPTCHA_ALPHABET, ch).not.toContain(ch);
  });
});

describe('the typed text', () => {
  it('passes once and only once, in either case', async () => {
    const { uuid } = (await imageCode()).body.data;
    const text = await textOf(uuid);
    const first = await verify(uuid, ` ${text.toLowerCase()} `);
    expect(first.body).toMatchObject({ code: 200, data: { smsTicket: expect.any(String) } });
    const again = await verify(uuid, text);
    expect(again.body).toMatchObject({ code: 100, msg: '图形验证码错误或已过期' });
  });

  it('fails when wrong, and the code is used up by the failure', async () => {
    const { uuid } = (await imageCode()).body.data;
    const text = await textOf(uuid);
    const wrong = text === 'AAAA' ? 'CCCC' : 'AAAA';
    expect((await verify(uuid, wrong)).body).toMatchObject({ code: 100, msg: '图形验证码错误或已过期' });
    expect((await verify(uuid, text)).body).toMatchObject({ code: 100, msg: '图形验证码错误或已过期' });
  });

  it('fails after 2 minutes', async () => {
    const { uuid } = (await imageCode()).body.data;
    const text = await textOf(uuid);
    t.clock.advance(CAPTCHA_SECONDS + 1);
    expect((await verify(uuid, text)).body).toMatchObject({ code: 100, msg: '图形验证码错误或已过期' });
  });
});

describe('the proof of work (the accessible way through)', () => {
  it('passes once for its own uuid, in place of the typed text', async () => {
    const { uuid, pow } = (await imageCode()).body.data;
    const answer = `~${nonceFor(pow.challenge, pow.difficulty)}`;
    expect(answer.length).toBeLessThanOrEqual(8);
    expect((await verify(uuid, answer)).body).toMatchObject({ code: 200, data: { smsTicket: expect.any(String) } });
    expect((await verify(uuid, answer)).body).toMatchObject({ code: 100, msg: '图形验证码错误或已过期' });
  });

  it('fails for another uuid', async () => {
    const a = (await imageCode()).body.data;
    const b = (await imageCode()).body.data;
    const forA = `~${nonceFor(a.pow.challenge, a.pow.difficulty)}`;
    // Unless it happens to solve b's challenge too (1 in 2^15), it must fail there.
    if (powBits(b.pow.challenge, forA.slice(1)) < POW_DIFFICULTY) {
      expect((await verify(b.uuid, forA)).body).toMatchObject({ code: 100, msg: '图形验证码错误或已过期' });
    }
    // And b, used up by that try, stays used; a still takes its own answer.
    expect((await verify(a.uuid, forA)).body.code).toBe(200);
  });

  it('fails when the work is not enough, or the answer is malformed', async () => {
    const answers = [
      (c: string) => `~${nonceFor(c, POW_DIFFICULTY, true)}`,
      () => '~',
      () => '~ABC',
      () => '~-1',
      () => '~zzzzzzz',
      () => '~~1',
    ];
    for (const make of answers) {
      const { uuid, pow } = (await imageCode()).body.data;
      const answer = make(pow.challenge);
      // (A format-valid nonce that happens to solve the challenge — 1 in 32 768 — is not a failure case.)
      if (/^~[0-9a-z]{1,7}$/.test(answer) && powBits(pow.challenge, answer.slice(1)) >= POW_DIFFICULTY) continue;
      expect((await verify(uuid, answer)).body, answer).toMatchObject({ code: 100, msg: '图形验证码错误或已过期' });
    }
  });

  it('fails after 2 minutes', async () => {
    const { uuid, pow } = (await imageCode()).body.data;
    const answer = `~${nonceFor(pow.challenge, pow.difficulty)}`;
    t.clock.advance(CAPTCHA_SECONDS + 1);
    expect((await verify(uuid, answer)).body).toMatchObject({ code: 100, msg: '图形验证码错误或已过期' });
  });

  it('signs a staff member in like the typed text', async () => {
    const ip = nextIp();
    const { uuid, pow } = (await imageCode('/api/admin/captcha', ip)).body.data;
    const res = await t.json({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'staff01', password: 'Demo@2026', uuid, code: `~${nonceFor(pow.challenge, pow.difficulty)}` },
      remoteAddress: ip,
    });
    expect(res.body).toMatchObject({ code: 200, token: expect.any(String) });
  });
});

describe('the ceilings', () => {
  it('an address gets at most IMAGE_CODE_CEILING.max codes an hour, whichever operation; a signed-in user is counted alone', async () => {
    const saved = IMAGE_CODE_CEILING.max;
    IMAGE_CODE_CEILING.max = 3;
    try {
      const ip = nextIp();
      expect((await imageCode('/api/registerOrLogin/sendMsgImgCode', ip)).status).toBe(200);
      expect((await imageCode('/api/admin/captcha', ip)).status).toBe(200);
      expect((await imageCode('/api/registerOrLogin/sendMsgImgCode', ip)).status).toBe(200);
      const over = await imageCode('/api/admin/captcha', ip);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: 429, msg: CAPTCHA_MSG.tooMany });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(3500);
      // Another address, and a signed-in user at the same address, have their own count.
      expect((await imageCode('/api/registerOrLogin/sendMsgImgCode', nextIp())).status).toBe(200);
      const token = await t.login(demo.doctoral.phone);
      expect((await imageCode('/api/qhqt/qtyhfkyzm/yycimg', ip, token)).status).toBe(200);
      // An hour later the address may again.
      t.clock.advance(IMAGE_CODE_CEILING.windowSeconds);
      expect((await imageCode('/api/admin/captcha', ip)).status).toBe(200);
    } finally {
      IMAGE_CODE_CEILING.max = saved;
    }
  });

  it('pictures are drawn a few at a time; beyond the line the answer is 429 当前请求人数较多', async () => {
    const saved = { ...DRAWING_LINE };
    DRAWING_LINE.waiting = 3;
    try {
      const service = createCaptchaService(t.app.repos, t.clock, { keepPlainText: false });
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => service.create(`ip:192.0.2.${i}`)));
      const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(DRAWING_LINE.drawing + 3);
      expect(refused).toHaveLength(10 - DRAWING_LINE.drawing - 3);
      for (const err of refused) {
        expect(err).toBeInstanceOf(AppError);
        expect(err).toMatchObject({ statusCode: 429, message: CAPTCHA_MSG.busy });
      }
      expect(service.load()).toEqual({ drawing: 0, waiting: 0 });
    } finally {
      Object.assign(DRAWING_LINE, saved);
    }
  });
});
