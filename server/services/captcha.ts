// Image codes: 4 characters drawn as a distorted PNG (captcha-image.ts), case-insensitive, stored hashed, valid
// 2 minutes, single use. Each also carries a proof-of-work challenge, the accessible way through for those who
// cannot read the picture: the answer `~<nonce>` in place of the typed text, bound to the same uuid, expiry and
// single use. Neither stops a determined script alone; the ceilings do: each address (or signed-in user) may have
// IMAGE_CODE_CEILING.max codes an hour, on top of the per-minute limits of the routes, and pictures are drawn
// DRAWING_LINE.drawing at a time with at most DRAWING_LINE.waiting in line.
import { randomUUID } from 'node:crypto';
import { BUSY_RETRY_SECONDS, tooMany } from '../lib/envelope.ts';
import { sha256 } from '../lib/crypto.ts';
import type { Repositories } from '../repositories/index.ts';
import { captchaPng, captchaText } from './captcha-image.ts';
import { addSeconds, type Clock } from './clock.ts';

export const CAPTCHA_SECONDS = 120;
/**
 * Leading zero bits the proof of work needs: 2^15 ≈ 33 000 SHA-256 hashes on average. Measured with the app's solver
 * (WebCrypto, 16 hashes at a time) in Chromium on a busy 2-core machine: mean 0.4 s; at 4× CPU slow-down (a phone)
 * mean 0.9–1.2 s, median 0.7–0.9 s, 9 in 10 under 2.4 s (the search is a lottery: now and then it takes a few times
 * the mean). 16 bits would double all of that.
 */
export const POW_DIFFICULTY = 15;
/** The first character of a proof-of-work answer; never one of the picture's characters. */
export const POW_PREFIX = '~';
/** Image codes an address (or a signed-in user) may have in an hour, whichever operation hands them out. */
export const IMAGE_CODE_CEILING = { max: 300, windowSeconds: 3600 };
/** Pictures drawn at once (the machine's cores), and how many may wait in line; beyond that the answer is 429. */
export const DRAWING_LINE = { drawing: 2, waiting: 50 };

export const CAPTCHA_MSG = {
  tooMany: '获取验证码过于频繁，请稍后再试',
  busy: '当前请求人数较多，请稍后再试',
} as const;

const hashCode = (uuid: string, text: string) => sha256(`${uuid}:${text.trim().toLowerCase()}`);

/** The challenge of an image code (its uuid: random, unknown before the code exists, so nothing can be solved ahead). */
export const powChallenge = (uuid: string) => uuid;

/** Leading zero bits of SHA-256(`${challenge}:${nonce}`). */
export function powBits(challenge: string, nonce: string): number {
  const hash = Buffer.from(sha256(`${challenge}:${nonce}`), 'hex');
  let bits = 0;
  for (const b of hash) {
    if (b) return bits + Math.clz32(b) - 24;
    bits += 8;
  }
  return bits;
}

/** True when `answer` is `~<nonce>` (1–7 base-36 digits) solving the code's challenge. */
function powSolves(uuid: string, answer: string): boolean {
  const nonce = answer.slice(POW_PREFIX.length);
  return /^[0-9a-z]{1,7}$/.test(nonce) && powBits(powChallenge(uuid), nonce) >= POW_DIFFICULTY;
}

/** Whom an image code is counted against: the signed-in user, else the client address. */
export const captchaClient = (user: { id: number } | null | undefined, ip: string) => (user ? `u:${user.id}` : `ip:${ip}`);

export function createCaptchaService(repos: Repositories, clock: Clock, opts: { keepPlainText: boolean }) {
  /** Test mode only: the text of each code, for the test hook (the database keeps only hashes). */
  const plainText = new Map<string, string>();
  /** Codes handed out per client key in the current hour (fixed windows, kept in memory like the route limits). */
  const handedOut = new Map<string, { since: number; count: number }>();
  let drawing = 0;
  const waiting: (() => void)[] = [];

  function count(client: string) {
    const now = clock.now().getTime();
    const windowMs = IMAGE_CODE_CEILING.windowSeconds * 1000;
    let entry = handedOut.get(client);
    if (!entry || now - entry.since >= windowMs) {
      if (handedOut.size >= 100_000) for (const [key, e] of handedOut) if (now - e.since >= windowMs) handedOut.delete(key);
      entry = { since: now, count: 0 };
      handedOut.set(client, entry);
    }
    if (entry.count >= IMAGE_CODE_CEILING.max) {
      const retry = Math.max(1, Math.ceil((entry.since + windowMs - now) / 1000));
      throw tooMany(CAPTCHA_MSG.tooMany, retry);
    }
    entry.count += 1;
  }

  /** Draws one picture when a slot is free; a freed slot goes straight to the next in line. */
  async function draw(text: string): Promise<string> {
    if (drawing >= DRAWING_LINE.drawing) {
      if (waiting.length >= DRAWING_LINE.waiting) throw tooMany(CAPTCHA_MSG.busy, BUSY_RETRY_SECONDS);
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else drawing += 1;
    try {
      return await captchaPng(text);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else drawing -= 1;
    }
  }

  return {
    /** A new image code for `client` (`ip:<address>` or `u:<user id>`). */
    async create(client: string): Promise<{ uuid: string; img: string; pow: { challenge: string; difficulty: number } }> {
      count(client);
      const text = captchaText();
      const img = await draw(text);
      const uuid = randomUUID();
      const now = clock.now();
      await repos.imageCodes.create({ uuid, codeHash: hashCode(uuid, text), expiresAt: addSeconds(now, CAPTCHA_SECONDS), createdAt: now });
      if (opts.keepPlainText) plainText.set(uuid, text);
      return { uuid, img, pow: { challenge: powChallenge(uuid), difficulty: POW_DIFFICULTY } };
    },

    /**
     * True when the text matches (or is a proof of work solving this code's challenge) and the code is fresh; the
     * code is used up whatever the outcome.
     */
    async check(uuid: string | undefined, text: string | undefined): Promise<boolean> {
      if (!uuid || !text) return false;
      const now = clock.now();
      const row = await repos.imageCodes.consume(uuid, now);
      plainText.delete(uuid);
      if (!row || row.expiresAt <= now) return false;
      const answer = text.trim();
      return answer.startsWith(POW_PREFIX) ? powSolves(uuid, answer) : row.codeHash === hashCode(uuid, answer);
    },

    peek: (uuid: string) => plainText.get(uuid) ?? null,

    /** Pictures being drawn and waiting (for tests and monitoring). */
    load: () => ({ drawing, waiting: waiting.length }),
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
