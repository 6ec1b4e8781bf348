// Build plugin: the pages a phone loads first.
// - index.html carries the entry's styles inline (no stylesheet request before the first paint) and starts the app
//   with one small inline script once the first frame is painted (src/app/boot-script.ts), from a data block
//   <script type="application/json" id="app-boot">{"entry", "preload"}</script>.
// - For each first-load route of src/app/shells.ts a page of its own (login.html, home.html): its title, the
//   screen's frame pre-rendered in #app and the screen's chunks in "preload", fetched together with the entry instead
//   of after it. The server answers /web/<name> with <name>.html (server/plugins/web.ts).
// Runs when the bundle is written, before the precompression plugin (which must come after it in the plugin list).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { BOOT_SCRIPT } from '../src/app/boot-script.ts';
import { SHELL_PAGES } from '../src/app/shells.ts';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The JS files a chunk loads with it (itself and its static imports, transitively). */
function scripts(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) scripts(manifest, imported, seen);
  return seen;
}

/** Rewrites the built index.html and writes the first-load pages into outDir. */
export function writeShellPages(outDir: string, base: string): string[] {
  const manifest: Manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('shell pages: no entry in the manifest');
  const entry = manifest[entryKey]!;
  let html = readFileSync(join(outDir, 'index.html'), 'utf8');

  // The entry's styles inline, in the order Vite linked them.
  const styles = (entry.css ?? []).map((file) => readFileSync(join(outDir, file), 'utf8')).join('');
  html = html.replace(/\s*<link rel="stylesheet"[^>]*href="[^"]*"[^>]*>/g, '');
  // The entry (and a page's first screen) fetched and run once the first frame is painted.
  const script = new RegExp(`<script type="module" crossorigin src="${base}${entry.file}"></script>`);
  if (!script.test(html)) throw new Error(`shell pages: the entry script ${entry.file} is not in index.html`);
  const boot = (preload: string[]) =>
    `<script type="application/json" id="app-boot">${JSON.stringify({ entry: base + entry.file, preload })}</script>\n    ` +
    `<script type="module">${BOOT_SCRIPT}</script>`;
  html = html.replace(script, '<!--app-boot-->');
  html = html.replace('</head>', `  <style>${styles}</style>\n  </head>`);
  writeFileSync(join(outDir, 'index.html'), html.replace('<!--app-boot-->', boot([])));

  const entryScripts = scripts(manifest, entryKey);
  const written = ['index.html'];
  for (const [name, page] of Object.entries(SHELL_PAGES)) {
    const preload = new Set<string>();
    for (const module of page.modules) {
      if (!manifest[module]) throw new Error(`shell pages: ${module} (${name}) is not a chunk of the build`);
      for (const file of scripts(manifest, module)) if (!entryScripts.has(file)) preload.add(file);
    }
    const pageHtml = html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace('<!--app-boot-->', boot([...preload].map((file) => base + file)))
      .replace('<div id="app"></div>', `<div id="app">${page.html}</div>`);
    if (!pageHtml.includes(page.html)) throw new Error('shell pages: index.html has no <div id="app"></div>');
    writeFileSync(join(outDir, `${name}.html`), pageHtml);
    written.push(`${name}.html`);
  }
  return written;
}

export default function shellHtmlPlugin(): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'shell-html',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (outDir) writeShellPages(outDir, base);
      },
    },
  };
}
