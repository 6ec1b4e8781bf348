// One check for text no request may carry: a NUL character (PostgreSQL cannot store it in text or jsonb) or a lone
// UTF-16 surrogate (not a character; it would be stored as U+FFFD). Every request's query, path parameters and JSON
// body, keys included, at any depth, are checked before validation; a multipart upload's field names and values and
// its file name as the handler reads them. Either answers 400 请求包含非法字符 naming the field, and nothing reaches a
// handler or the database. A multipart body the parser cannot read is answered 400 上传内容格式不正确.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/envelope.ts';

export const ILLEGAL_TEXT = '请求包含非法字符';

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- a NUL is exactly what this refuses
const ILLEGAL = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds a NUL or a lone surrogate. */
export const isIllegalText = (text: string): boolean => ILLEGAL.test(text);

/** The dotted path of the first illegal string or key in a value ('' for the value itself), else undefined. */
export function findIllegalText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isIllegalText(value) ? path : undefined;
  if (typeof value !== 'object' || value === null || depth > 64 || Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findIllegalText(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (isIllegalText(key)) return at;
    const found = findIllegalText(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A field name fit for the answer (a key holding NUL is not echoed as it is). */
const printable = (field: string, fallback: string) => (field && !isIllegalText(field) ? field : fallback);

export const illegalText = (field: string, fallback = '请求') => {
  const name = printable(field, fallback);
  return new AppError(400, ILLEGAL_TEXT, { errors: [{ field: name, message: ILLEGAL_TEXT }] });
};

interface MultipartPart {
  fieldname: string;
  toBuffer?: () => Promise<Buffer>;
  filename?: string;
  file?: NodeJS.ReadableStream;
  fields?: Record<string, unknown>;
}

/**
 * The parser's own words for a body that is no multipart form (no boundary, broken part headers, cut short) carry no
 * code: 400 上传内容格式不正确. @fastify/multipart's limits (FST_*) and our own errors go to the error handler as they are.
 */
function malformedMultipart(err: unknown): unknown {
  const e = err as { code?: unknown; statusCode?: unknown };
  if (err instanceof AppError || e.statusCode !== undefined || typeof e.code === 'string') return err;
  return new AppError(400, '上传内容格式不正确');
}

function checkPart(part: MultipartPart) {
  if (isIllegalText(part.fieldname)) throw illegalText('', '文件');
  if (typeof part.filename === 'string' && isIllegalText(part.filename)) throw illegalText(part.fieldname, '文件');
  for (const [name, entry] of Object.entries(part.fields ?? {})) {
    if (isIllegalText(name)) throw illegalText('', '表单字段');
    for (const field of Array.isArray(entry) ? entry : [entry]) {
      const value = (field as { value?: unknown })?.value;
      if (typeof value === 'string' && isIllegalText(value)) throw illegalText(name, '表单字段');
    }
  }
}

export default fp(async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findIllegalText(value);
      if (found !== undefined) throw illegalText(found, part === 'body' ? '请求体' : part === 'params' ? '路径参数' : '查询参数');
    }
  });

  // Multipart parts are read by the handler (request.file()): the part it gets is checked first.
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const original = request.file.bind(request);
    request.file = (async (...args: Parameters<typeof original>) => {
      let part: MultipartPart | undefined;
      try {
        part = (await original(...args)) as unknown as MultipartPart | undefined;
      } catch (err) {
        throw malformedMultipart(err);
      }
      if (!part) return part;
      try {
        checkPart(part);
      } catch (err) {
        part.file?.resume();
        throw err;
      }
      // A body cut short shows only while the file is read: the same 400.
      const toBuffer = part.toBuffer?.bind(part);
      if (toBuffer) {
        part.toBuffer = async () => {
          try {
            return await toBuffer();
          } catch (err) {
            throw malformedMultipart(err);
          }
        };
      }
      return part;
    }) as typeof request.file;
  });
});
