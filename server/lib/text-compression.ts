// The compressed copies a phone receives of a text file the server sends as it is: brotli at its highest quality and
// gzip at level 9, computed once (at build time for the built files, scripts/vite-plugin-precompress.ts; once per list
// of banners for /web/home, server/plugins/web.ts), never per request.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export function brotli(data: Buffer): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

export const gzip = (data: Buffer): Buffer => gzipSync(data, { level: 9 });
