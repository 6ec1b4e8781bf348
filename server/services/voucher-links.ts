// Short-lived, single-purpose links to one voucher of one application, for WeChat's file viewer and 在浏览器打开 (which
// cannot open blob: addresses nor send the token): `<base64url(app.kind.user.expiry)>.<HMAC>`, keyed from the data key,
// so every instance sharing the key accepts them. Nothing is stored: a link stops working after 5 minutes, or as soon
// as the session that asked for it ends (sign-out, a new password, 强制退出): the route checks that session.
import { timingSafeEqual } from 'node:crypto';
import { fieldCipher } from '../lib/field-crypto.ts';
import type { Clock } from './clock.ts';

export const LINK_SECONDS = 300;
export type VoucherKind = 'hkk' | 'hzsy' | 'hjzm';

export interface VoucherLink {
  applicationId: number;
  kind: VoucherKind;
  userId: number;
  /** The session that asked for the link. */
  sessionId: number;
}

export function createVoucherLinks(clock: Clock) {
  return {
    /** A link to `path` (the move-in vouchers' route, or the documents' one) that opens this one document. */
    issue(link: VoucherLink, path = '/api/qianru/voucher'): { url: string; expiresIn: number } {
      const expires = Math.floor(clock.now().getTime() / 1000) + LINK_SECONDS;
      const payload = Buffer.from(`${link.applicationId}.${link.kind}.${link.userId}.${expires}.${link.sessionId}`).toString('base64url');
      return { url: `${path}?t=${payload}.${fieldCipher().signLink(payload)}`, expiresIn: LINK_SECONDS };
    },

    /** The link's voucher, or null when the signature is wrong or the link has expired. */
    verify(token: string): VoucherLink | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(fieldCipher().signLink(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const m = /^(\d{1,10})\.(hkk|hzsy|hjzm)\.(\d{1,10})\.(\d{1,12})\.(\d{1,10})$/.exec(Buffer.from(payload, 'base64url').toString());
      if (!m || Number(m[4]) * 1000 <= clock.now().getTime()) return null;
      return { applicationId: Number(m[1]), kind: m[2] as VoucherKind, userId: Number(m[3]), sessionId: Number(m[5]) };
    },
  };
}

export type VoucherLinks = ReturnType<typeof createVoucherLinks>;
