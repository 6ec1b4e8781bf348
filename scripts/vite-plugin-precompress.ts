// Build plugin: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file of the build
// (HTML, JS, CSS, SVG, JSON), once, at build time. The server sends them as they are (@fastify/static preCompressed),
// so a phone receives the smallest form at no CPU cost per request. Images and fonts are already compressed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { brotli, gzip } from '../server/lib/text-compression.ts';

export const PRECOMPRESSED = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/** Every file under dir (relative paths), skipping Vite's own .vite/ folder. */
function files(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : files(dir, path);
    return [path];
  });
}

/** Writes file.br and file.gz for every compressible file under dir; returns how many files were compressed. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of files(dir).filter((f) => PRECOMPRESSED.test(f))) {
    const data = readFileSync(join(dir, file));
    // Always both copies, even for a tiny file: the server then never compresses a built file on the fly.
    writeFileSync(join(dir, `${file}.br`), brotli(data));
    writeFileSync(join(dir, `${file}.gz`), gzip(data));
    count++;
  }
  return count;
}

export default function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every file is written, the public folder's copies included.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (outDir) precompressDir(outDir);
      },
    },
  };
}
