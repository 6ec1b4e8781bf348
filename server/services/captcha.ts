// Image codes (svg-captcha): 4 letters/digits, case-insensitive, stored hashed, valid 2 minutes, single use.
import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { sha256 } from '../lib/crypto.ts';
import type { Repositories } from '../repositories/index.ts';
import { addSeconds, type Clock } from './clock.ts';

export const CAPTCHA_SECONDS = 120;

const hashCode = (uuid: string, text: string) => sha256(`${uuid}:${text.trim().toLowerCase()}`);

export function createCaptchaService(repos: Repositories, clock: Clock, opts: { keepPlainText: boolean }) {
  /** Test mode only: the text of each code, for the test hook (the database keeps only hashes). */
  const plainText = new Map<string, string>();

  return {
    async create(): Promise<{ uuid: string; img: string }> {
      const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilIjJ', color: true, background: '#f7f2fb', width: 120, height: 44 });
      const uuid = randomUUID();
      const now = clock.now();
      await repos.imageCodes.create({ uuid, codeHash: hashCode(uuid, captcha.text), expiresAt: addSeconds(now, CAPTCHA_SECONDS), createdAt: now });
      if (opts.keepPlainText) plainText.set(uuid, captcha.text);
      return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
    },

    /** True when the code matches and is fresh; the code is used up whatever the outcome. */
    async check(uuid: string | undefined, text: string | undefined): Promise<boolean> {
      if (!uuid || !text) return false;
      const now = clock.now();
      const row = await repos.imageCodes.consume(uuid, now);
      plainText.delete(uuid);
      return !!row && row.expiresAt > now && row.codeHash === hashCode(uuid, text);
    },

    peek: (uuid: string) => plainText.get(uuid) ?? null,
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
