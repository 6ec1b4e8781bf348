// Personal data encrypted at rest: ID numbers (身份证件号码) are stored as AES-256-GCM ciphertext with a random 12-byte IV,
// `v1:<base64 iv|ciphertext|tag>`, and found through a keyed hash (HMAC-SHA256). Both keys are derived with HKDF from
// the one secret DATA_ENCRYPTION_KEY; the version prefix names the key, so a later key can be added beside it.
// Repositories seal on write and open on read: services only ever see plain values.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, parseDataKey, type Config } from '../config.ts';

const VERSION = 'v1';
const PREFIX = `${VERSION}:`;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = 'hukou field encryption';

/** The file that keeps a generated key outside production (DATA_DIR/data-encryption.key, mode 0600). */
export const KEY_FILE = 'data-encryption.key';

/** A value this module sealed (a clear ID number never starts so). */
export const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX);

/** A stored value that cannot be opened with the configured key (wrong key or damaged data). */
export class FieldCryptoError extends Error {}

/** ID numbers are compared without surrounding blanks, with an upper-case check character X. */
export const normaliseIdNumber = (id: string) => id.trim().toUpperCase();

export class FieldCipher {
  readonly #encryptionKey: Buffer;
  readonly #hashKey: Buffer;
  readonly #linkKey: Buffer;

  constructor(secret: Buffer) {
    if (secret.length !== 32) throw new Error('the data encryption key must be 32 bytes');
    this.#encryptionKey = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, `aes-256-gcm ${VERSION}`, 32));
    this.#hashKey = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, 'hmac-sha256 id-number', 32));
    this.#linkKey = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, 'hmac-sha256 signed links', 32));
  }

  /** The signature of a link the server hands out (a voucher opened outside the app), base64url. */
  signLink(payload: string): string {
    return createHmac('sha256', this.#linkKey).update(payload).digest('base64url');
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#encryptionKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
  }

  decrypt(sealed: string): string {
    if (!isSealed(sealed)) throw new FieldCryptoError('unknown ciphertext format');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new FieldCryptoError('ciphertext too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#encryptionKey, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new FieldCryptoError('ciphertext does not open with this key');
    }
  }

  /** The look-up and uniqueness key of an ID number (hex). */
  hash(idNumber: string): string {
    return createHmac('sha256', this.#hashKey).update(normaliseIdNumber(idNumber)).digest('hex');
  }

  /** The stored form of an ID number: ciphertext and hash (both null for none). */
  sealIdNumber(idNumber: string | null | undefined): { idNumber: string | null; idNumberHash: string | null } {
    if (idNumber === null || idNumber === undefined || idNumber === '') return { idNumber: null, idNumberHash: null };
    if (isSealed(idNumber)) throw new Error('ID number is already sealed');
    const plain = normaliseIdNumber(idNumber);
    return { idNumber: this.encrypt(plain), idNumberHash: this.hash(plain) };
  }

  /** A copy of a JSON value with every string field named sfzjh or …sfzjh (at any depth) sealed. */
  sealAnswers<T>(value: T): T {
    return mapSfzjh(value, (v) => (isSealed(v) ? v : this.encrypt(v)));
  }

  /** A copy of a JSON value with every sealed field named sfzjh (at any depth) opened. */
  openAnswers<T>(value: T): T {
    return mapSfzjh(value, (v) => (isSealed(v) ? this.decrypt(v) : v));
  }
}

/** Fields of answers that hold an ID number: sfzjh, and names ending so (hzsfzjh, the household head's). */
export const isIdNumberField = (key: string) => /sfzjh$/i.test(key);

/** True when some string field named sfzjh (at any depth) is not sealed yet. */
export function hasClearIdNumber(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasClearIdNumber);
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) =>
    isIdNumberField(k) && typeof v === 'string' && v !== '' ? !isSealed(v) : hasClearIdNumber(v),
  );
}

function mapSfzjh<T>(value: T, f: (v: string) => string): T {
  if (Array.isArray(value)) return value.map((v) => mapSfzjh(v, f)) as T;
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isIdNumberField(k) && typeof v === 'string' && v !== '' ? f(v) : mapSfzjh(v, f)]),
  ) as T;
}

/**
 * Replaces a stored property by a getter that opens it on first read and remembers the result: one decryption per
 * value read, none for rows whose value is never looked at (lists). Assigning a plain value replaces it.
 */
export function openLazily<T extends object, K extends keyof T>(row: T, key: K, open: (stored: T[K]) => T[K]): T {
  const stored = row[key];
  let opened: { value: T[K] } | null = null;
  Object.defineProperty(row, key, {
    enumerable: true,
    configurable: true,
    get: () => (opened ??= { value: open(stored) }).value,
    set: (value: T[K]) => {
      opened = { value };
    },
  });
  return row;
}

let installed: FieldCipher | null = null;

/** Makes the cipher the one the repositories use (at start, once its key opened the database's check value). */
export function installFieldCipher(cipher: FieldCipher) {
  installed = cipher;
}

/** The cipher of the running server. */
export function fieldCipher(): FieldCipher {
  if (!installed) throw new Error('field encryption is not set up (the database plugin installs it at start)');
  return installed;
}

export interface KeyLog {
  warn(msg: string): void;
  info(msg: string): void;
}

/**
 * The data key: DATA_ENCRYPTION_KEY; required in production. Elsewhere without it, a key generated once and kept in
 * DATA_DIR/data-encryption.key (mode 0600), so a fresh machine starts — with a warning, since losing that file
 * makes the ID numbers unreadable.
 */
export function resolveDataKey(config: Pick<Config, 'dataEncryptionKey' | 'nodeEnv' | 'dataDir'>, log?: KeyLog): Buffer {
  if (config.dataEncryptionKey) return config.dataEncryptionKey;
  if (config.nodeEnv === 'production') {
    throw new ConfigError(
      '配置错误（invalid configuration）:\n  - DATA_ENCRYPTION_KEY: 生产环境必须配置数据加密密钥（DATA_ENCRYPTION_KEY is required with NODE_ENV=production）',
    );
  }
  const file = join(config.dataDir, KEY_FILE);
  let text: string | null = null;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (text === null) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
      log?.warn(
        `DATA_ENCRYPTION_KEY not set: generated a data encryption key in ${file}; back it up apart from the database (without it the ID numbers cannot be read)`,
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    text = readFileSync(file, 'utf8');
  } else {
    log?.warn(`DATA_ENCRYPTION_KEY not set: using the data encryption key in ${file}`);
  }
  const key = parseDataKey(text);
  if (!key)
    throw new ConfigError(
      `配置错误（invalid configuration）:\n  - ${file}: 数据加密密钥文件无效，应为 64 个十六进制字符（the key file must hold 64 hex characters）`,
    );
  return key;
}
