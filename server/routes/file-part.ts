// The one file of a multipart upload (field `file`), read into memory within the upload limit. What it holds is
// checked by content by the caller (files service, announcement files, head pages).
import type { FastifyRequest } from 'fastify';
import { badRequest, bizError } from '../lib/envelope.ts';

const NO_FILE = '请选择要上传的文件';

export async function readFilePart(request: FastifyRequest, maxBytes: number): Promise<{ content: Buffer; filename: string }> {
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw badRequest(NO_FILE, [{ field: 'file', message: NO_FILE }]);
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw bizError('文件大小不能超过10MB');
    throw err;
  }
  if (!content.length) throw badRequest(NO_FILE, [{ field: 'file', message: NO_FILE }]);
  if (content.length > maxBytes) throw bizError('文件大小不能超过10MB');
  return { content, filename: part.filename };
}
