// 电子证明: every document the office issues is signed with the office's key, numbered, and carries a verification
// code (100 random bits) whose check page anyone can open. A document is issued when its maker stores a new edition
// (services/vouchers.ts: at 已办结, or on a download when none is stored); the office can revoke it (audited) and
// issue it again. The check reads the database every time: a revocation shows at once on every instance.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { sha256 } from '../lib/crypto.ts';
import { bizError } from '../lib/envelope.ts';
import { fieldCipher } from '../lib/field-crypto.ts';
import { identityFromP12, selfSignedP12, signWith, type SigningIdentity } from '../lib/pdf-signing.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { DocumentKind, DocumentRow } from '../repositories/documents.ts';
import type { Repositories } from '../repositories/index.ts';
import { chinaDate, type Clock } from './clock.ts';
import { OFFICE_NAME, type DocumentStamp } from './document-pdf.ts';
import type { FileService } from './files.ts';

/** Crockford's base32: no I, L, O, U; what people misread is mapped back on input. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 20;
const CODE = /^[0-9A-HJKMNP-TV-Z]{20}$/;

/** A new verification code: 20 characters of 5 random bits each (100 bits; 256 is a multiple of 32, so uniform). */
export const newCode = () => [...randomBytes(CODE_LENGTH)].map((b) => ALPHABET[b & 31]).join('');

/** ABCD-EFGH-…: the code as printed and shown. */
export const printedCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

/** The code in what someone typed or scanned (any case, dashes and blanks, O for 0, I or L for 1), or null. */
export function parseCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CODE.test(code) ? code : null;
}

/** 张三远 → 张*远, 张三 → 张*, 欧阳小明 → 欧**明. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('') || '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars.at(-1)}`;
}

export type DocumentStatus = 'valid' | 'revoked' | 'replaced' | 'expired';

export function statusOf(row: Pick<DocumentRow, 'revokedAt' | 'replacedBy' | 'expiresAt'>, now: Date): DocumentStatus {
  if (row.revokedAt) return 'revoked';
  if (row.replacedBy) return 'replaced';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

const NUMBER_PREFIX: Record<DocumentKind, string> = { hjzm: 'HJZM', hkk: 'HKK', hzsy: 'HZSY' };

/** A document to issue: its maker draws it with the stamp it is given. */
export interface Issue {
  app: ApplicationRow;
  kind: DocumentKind;
  title: string;
  holderName: string;
  expiresAt: Date | null;
  /** The storage name of this edition (application, kind and a fingerprint of the content). */
  storedName: string;
  make: (stamp: DocumentStamp) => Promise<Buffer>;
}

/** What a document shows: an edition is one content, issued once and served from storage after. */
export interface Edition extends Omit<Issue, 'storedName'> {
  /** Everything the document shows (a changed value makes a new edition that replaces the one before). */
  content: unknown;
  /** Issue even though the office revoked the last edition (the office's 重新签发). */
  reissue?: boolean;
  /**
   * Once issued, the edition in force stands whatever changes after (a certificate of facts on its date): a new one
   * is issued only after a revocation. Otherwise (the vouchers) changed data make a new edition.
   */
  fixed?: boolean;
}

/** What the holder is told when the office has revoked the document (until it issues it again). */
export const revokedMessage = (reason: string | null) =>
  `该文件已被户籍办公室作废${reason ? `（${reason}）` : ''}，如有疑问请联系户籍办公室`;

const STORED_PREFIX: Record<DocumentKind, string> = { hjzm: 'proof', hkk: 'voucher', hzsy: 'voucher' };

export function createDocumentService(deps: {
  repos: Repositories;
  files: FileService;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'signingP12File' | 'signingP12Passphrase' | 'nodeEnv'>;
  log?: FastifyBaseLogger;
}) {
  const { repos, files, clock, config, log } = deps;
  let identity: Promise<SigningIdentity> | null = null;

  /** The server's self-signed identity, made by the first instance that needs one and kept (sealed) for all. */
  async function selfSigned(): Promise<SigningIdentity> {
    const open = (kept: unknown) => {
      const { p12, passphrase } = kept as { p12: string; passphrase: string };
      return { ...identityFromP12(Buffer.from(fieldCipher().decrypt(p12), 'base64'), fieldCipher().decrypt(passphrase)), selfSigned: true };
    };
    const kept = await repos.documents.selfSignedKey();
    if (kept) return open(kept);
    const made = selfSignedP12(`${OFFICE_NAME}（系统自签名证书）`, '示范大学', clock.now());
    await repos.documents.keepSelfSignedKey({
      p12: fieldCipher().encrypt(made.p12.toString('base64')),
      passphrase: fieldCipher().encrypt(made.passphrase),
    });
    return open(await repos.documents.selfSignedKey());
  }

  async function loadIdentity(): Promise<SigningIdentity> {
    if (config.signingP12File) return identityFromP12(await readFile(config.signingP12File), config.signingP12Passphrase ?? '');
    if (config.nodeEnv === 'production')
      log?.warn('SIGNING_P12_FILE is not set: documents are signed with a self-signed certificate kept by the server');
    return selfSigned();
  }

  /** The signing identity (read once; a failure is retried on the next use). */
  const signer = () =>
    (identity ??= loadIdentity().catch((err: unknown) => {
      identity = null;
      throw err;
    }));

  const checkUrl = (code: string) => `${config.publicUrl}/web/verify/${code}`;

  /**
   * Issues one edition: numbers it, draws it with its stamp, signs it and stores it under `storedName`. Of makers
   * at once (other instances), the first stored file is the one recorded and answered.
   */
  async function issue(input: Issue): Promise<Buffer> {
    const id = await signer();
    const now = clock.now();
    const year = chinaDate(now).slice(0, 4);
    const seq = await repos.counters.increment(`document:${input.kind}:${year}`);
    const number = `${NUMBER_PREFIX[input.kind]}${year}${String(seq).padStart(6, '0')}`;
    const code = newCode();
    const stamp: DocumentStamp = {
      number,
      code: printedCode(code),
      url: checkUrl(code),
      issuedAt: now,
      selfSigned: id.selfSigned,
      signer: id.holder,
    };
    const pdf = await signWith(id, await input.make(stamp), now);
    await files.storage.put(input.storedName, pdf);
    const kept = (await files.storage.get(input.storedName)) ?? pdf;
    if (!kept.equals(pdf)) return kept;
    const row = await repos.documents.insert({
      code,
      number,
      applicationId: input.app.id,
      userId: input.app.userId,
      kind: input.kind,
      title: input.title,
      holderMasked: maskName(input.holderName),
      storedName: input.storedName,
      sha256: sha256(pdf),
      certificate: id.fingerprint,
      selfSigned: id.selfSigned,
      issuedAt: now,
      expiresAt: input.expiresAt,
    });
    if (row) {
      await repos.documents.replaceEarlier(input.app.id, input.kind, row.id);
      log?.info({ applicationId: input.app.id, documentId: row.id, kind: input.kind }, 'document issued');
    }
    return kept;
  }

  /** Editions being made in this process, by stored name: concurrent downloads share one. */
  const making = new Map<string, Promise<Buffer>>();

  return {
    signer,
    checkUrl,

    /**
     * The current edition of a document: the stored file for this content, issued now when there is none (the data
     * changed, or it was never made). Refused (code 100) while the office's revocation of the last edition stands.
     */
    async edition(input: Edition): Promise<Buffer> {
      const editions = (await repos.documents.ofApplication(input.app.id)).filter((d) => d.kind === input.kind);
      const latest = editions[0];
      if (latest?.revokedAt && !input.reissue) throw bizError(revokedMessage(latest.revokeReason));
      if (input.fixed && latest && !latest.revokedAt) {
        const issued = await files.storage.get(latest.storedName);
        if (issued) return issued;
      }
      // The file of this content is named by its fingerprint. A name whose edition is no longer in force (revoked, or
      // replaced because the data changed and later changed back) is not served again: the next name is the new edition.
      const nameOf = (n: number) =>
        `${STORED_PREFIX[input.kind]}-${input.app.id}-${input.kind}-${sha256(JSON.stringify({ content: input.content, signed: 1, ...(n ? { n } : {}) })).slice(0, 32)}.pdf`;
      const byName = new Map(editions.map((d) => [d.storedName, d]));
      let n = 0;
      for (let d = byName.get(nameOf(n)); d && (d.revokedAt || d.replacedBy); d = byName.get(nameOf(n))) n += 1;
      const storedName = nameOf(n);
      const kept = await files.storage.get(storedName);
      if (kept) return kept;
      let pending = making.get(storedName);
      if (!pending) {
        pending = issue({ ...input, storedName }).finally(() => making.delete(storedName));
        making.set(storedName, pending);
      }
      return pending;
    },

    /** The public check of a code: the document, or null for no such document. */
    check: (code: string) => repos.documents.findByCode(code),
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
