// Hashing helpers: sha256 for tokens and codes, scrypt (per-user salt) for passwords.
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** An unguessable random string (base64url). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const randomDigits = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join('');

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<{ hash: string; salt: string }> {
  const salt = randomBytes(16).toString('hex');
  return { hash: (await derive(password, salt)).toString('hex'), salt };
}

export async function verifyPassword(password: string, hash: string, salt: string): Promise<boolean> {
  const expected = Buffer.from(hash, 'hex');
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Spends the same time as a real check, so a missing account cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<false> {
  await derive(password, 'no-such-account-salt');
  return false;
}
