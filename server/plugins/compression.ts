// Compression of the answers built per request (JSON, the API reference page, /openapi.json), cheap on CPU:
// only text types, only above 1 kB (smaller answers fit one packet anyway), brotli at quality 4 (about gzip's speed,
// smaller output) or gzip at level 6. Built files of the web app are compressed once at build time and sent as they are
// (server/plugins/web.ts). Other types follow mime-db's compressible flag (@fastify/compress), which is false for PDFs,
// images and archives: those are never compressed. Request bodies are not decompressed: the API takes plain JSON and
// multipart only.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

export const COMPRESS_THRESHOLD = 1024;
/** Text answers only: JSON (also application/problem+json), HTML, CSS, JavaScript, plain text, XML and SVG. */
export const COMPRESSIBLE =
  /^(?:application\/(?:[\w.-]+\+)?json|application\/(?:javascript|xml)|text\/(?:html|css|javascript|plain|xml)|image\/svg\+xml)\s*(?:;|$)/i;

export default fp(async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
  });
});
