// Uploaded files: checked by content (jpg/png/webp/pdf, at most 10 MB) and stored in the database (table file_blobs) by
// content hash, so every instance sees them and one backup holds them; files an earlier release kept under
// DATA_DIR/uploads are still read from there, and moved into the database when first read. Images are checked by their declared dimensions before anything decodes them and stored as the
// normalised JPEG of server/lib/images.ts (never as sent); PDFs are stored as sent. The storage interface leaves
// room for S3-compatible object storage; vouchers are kept in the same storage.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { sha256 } from '../lib/crypto.ts';
import { badRequest, bizError, tooMany } from '../lib/envelope.ts';
import { checkDeclaredSize, IMAGE_MIMES, normaliseImage } from '../lib/images.ts';
import type { Repositories } from '../repositories/index.ts';
import type { UploadRow } from '../repositories/content.ts';
import { startOfChinaDay, type Clock } from './clock.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const DAILY_UPLOADS = 200;
export const ACCEPTED_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export interface FileStorage {
  put(name: string, content: Buffer): Promise<void>;
  get(name: string): Promise<Buffer | null>;
}

export function directoryStorage(dir: string): FileStorage {
  return {
    async put(name, content) {
      const path = join(dir, name);
      if (
        await stat(path).then(
          () => true,
          () => false,
        )
      )
        return; // same content already stored
      await mkdir(dir, { recursive: true });
      const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, content);
      await rename(tmp, path);
    },
    async get(name) {
      try {
        return await readFile(join(dir, name));
      } catch {
        return null;
      }
    },
  };
}

/**
 * The database storage (every instance, one backup). `legacy` is the directory storage of earlier releases: a name
 * missing from the database is looked up there and, when found, copied into the database.
 */
export function databaseStorage(repos: Pick<Repositories, 'fileBlobs'>, legacy?: FileStorage): FileStorage {
  return {
    put: (name, content) => repos.fileBlobs.put(name, content),
    async get(name) {
      const stored = await repos.fileBlobs.get(name);
      if (stored || !legacy) return stored;
      const old = await legacy.get(name);
      if (old) await repos.fileBlobs.put(name, old);
      return old;
    },
  };
}

/** Keeps the last path segment, drops control characters, bounds the length. */
export function cleanFileName(name: string | undefined, ext: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this drops
  const CONTROL = /[\u0000-\u001f\u007f]/g;
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(CONTROL, '').trim();
  return (base || `file.${ext}`).slice(-200);
}

/** The name of a stored image: the sent name with the extension of what is stored (.jpg). */
export const storedImageName = (name: string | undefined) => {
  const clean = cleanFileName(name, 'jpg');
  return `${clean.replace(/\.[^.]*$/, '').slice(0, 195) || 'file'}.jpg`;
};

export function createFileService(repos: Repositories, storage: FileStorage, clock: Clock) {
  async function store(ownerId: number, content: Buffer, mime: string, originalName: string, now: Date): Promise<UploadRow> {
    const hash = sha256(content);
    const storedName = `${hash}.${ACCEPTED_TYPES[mime]}`;
    await storage.put(storedName, content);
    return repos.uploads.create({
      id: `f_${randomBytes(16).toString('hex')}`,
      ownerId,
      sha256: hash,
      storedName,
      originalName,
      mime,
      size: content.length,
      createdAt: now,
    });
  }

  return {
    async save(ownerId: number, content: Buffer, originalName: string | undefined): Promise<UploadRow> {
      if (!content.length) throw badRequest('请选择要上传的文件', [{ field: 'file', message: '请选择要上传的文件' }]);
      if (content.length > MAX_UPLOAD_BYTES) throw bizError('文件大小不能超过10MB');
      const type = await fileTypeFromBuffer(content);
      const ext = type && ACCEPTED_TYPES[type.mime];
      if (!type || !ext) throw bizError('仅支持上传 jpg、png、webp 格式的图片或 pdf 文件');
      const image = IMAGE_MIMES.includes(type.mime);
      // Refused by the header alone, before anything is counted or decoded.
      if (image) checkDeclaredSize(content, type.mime);
      const now = clock.now();
      if ((await repos.uploads.countByOwnerSince(ownerId, startOfChinaDay(now))) >= DAILY_UPLOADS) {
        throw tooMany('上传过于频繁，请稍后再试', (startOfChinaDay(now).getTime() + 86_400_000 - now.getTime()) / 1000);
      }
      if (!image) return store(ownerId, content, type.mime, cleanFileName(originalName, ext), now);
      return store(
        ownerId,
        await normaliseImage(content, type.mime, { owner: `u:${ownerId}` }),
        'image/jpeg',
        storedImageName(originalName),
        now,
      );
    },

    /** A file the server made itself (trusted bytes, e.g. the head-page photo of a voucher), stored as it is. */
    async saveOwn(ownerId: number, content: Buffer, name: string, mime: 'image/jpeg' | 'application/pdf'): Promise<UploadRow> {
      return (await repos.uploads.findByOwnerAndHash(ownerId, sha256(content))) ?? store(ownerId, content, mime, name, clock.now());
    },

    /** The storage of uploads; vouchers are kept there too (under their own names). */
    storage,

    /** The file when the reader owns it or is staff; null otherwise (not told apart from "missing"). */
    async read(id: string, reader: { id: number; role: string }): Promise<{ row: UploadRow; content: Buffer } | null> {
      const row = await repos.uploads.findById(id);
      if (!row || (row.ownerId !== reader.id && reader.role === 'user')) return null;
      const content = await storage.get(row.storedName);
      return content ? { row, content } : null;
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
