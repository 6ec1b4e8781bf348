// Build plugin: the pages a phone loads first.
// - index.html carries the entry's styles inline (no stylesheet request before the first paint) and starts the app
//   with one small inline script (shared/pages/boot-script.ts) from a data block
//   <script type="application/json" id="app-boot">{"entry", "preload"}</script>, the entry and "preload" also as
//   <link rel="modulepreload"> tags that the browser fetches as it reads the page.
// - For each first-load route of shared/pages/shells.ts a page of its own (login.html, home.html): its title, the
//   screen's frame pre-rendered in #app and the screen's chunks in "preload", fetched together with the entry instead
//   of after it. The server answers /web/<name> with <name>.html (server/plugins/web.ts).
// - For every other route of the screen table a page under routes/ (routes/borrow.html, routes/move-out/graduate.html):
//   index.html with the route's title, its screen's chunks and those of what the screen loads next preloaded, and the
//   screen's first calls (ROUTE_EARLY). The server answers /web/<path> with routes/<path>.html.
// - Those pages inline only the entry's rules their first screen can use (criticalCss: the rules whose classes all
//   occur in the page's markup or in the scripts it loads); the whole stylesheet is listed in the data block as
//   "styles" and the app loads it once that screen is shown (src/app/deferred-styles.ts).
// Runs when the bundle is written, before the precompression plugin (which must come after it in the plugin list).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { BOOT_SCRIPT } from '../shared/pages/boot-script.ts';
import { ROUTE_EARLY, ROUTE_PAGES_DIR, SCREEN_TABLE, SHELL_PAGES } from '../shared/pages/shells.ts';
import { escapeText } from '../shared/pages/html.ts';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

/**
 * Classes of what a first screen does not draw until the whole stylesheet is in: the toast and the loading layer
 * (they wait for it, src/state/ui.ts $stylesLoaded), a button's spinner and the error states (they follow a tap),
 * the header's back button (shown after a navigation). Their rules are not inlined.
 */
const LATER_LAYERS = /toast|loading|spinner|error|_warn|app-header__back/;

/** A chunk and the chunks it imports statically, transitively. */
function chunks(manifest: Manifest, key: string, seen = new Map<string, Chunk>()): Map<string, Chunk> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.set(key, chunk);
  for (const imported of chunk.imports ?? []) chunks(manifest, imported, seen);
  return seen;
}

/**
 * A screen's chunks and those of what it loads next, leaving out what the entry already carries and the console's
 * chunks, which a phone never opens. `first`: the screen and what the screen's own module loads next (a service's
 * form), which a page opened at that step shows at once; `later`: what the screen's other chunks load on a condition (a
 * refusal, the confirmation). Over HTTP/1.1 the browser asks six at a time in the order the page lists
 * them, so `later` comes after everything of `first` has been asked for, and none of it holds `first` back.
 */
function screenChunks(manifest: Manifest, key: string, entry: ReadonlySet<string>): { first: string[]; later: string[] } {
  const beyond = (k: string) => [...chunks(manifest, k).keys()].filter((c) => !entry.has(c));
  const dynamic = (k: string) => (manifest[k]!.dynamicImports ?? []).filter((d) => !d.startsWith('src/console/'));
  const own = beyond(key);
  const first = [...new Set([...own, ...dynamic(key).flatMap(beyond)])];
  const later = [...new Set(own.flatMap(dynamic).flatMap(beyond))].filter((k) => !first.includes(k));
  return { first, later };
}

/** The JS files a chunk loads with it (itself and its static imports, transitively). */
const scripts = (manifest: Manifest, key: string) => new Set([...chunks(manifest, key).values()].map((c) => c.file));

/** The stylesheets a chunk loads with it (its own and its static imports', transitively). */
const styleFiles = (manifest: Manifest, key: string) => [...chunks(manifest, key).values()].flatMap((c) => c.css ?? []);

/** The class names of one selector, leaving out those a :not() names (they need not occur). */
const selectorClasses = (selector: string) =>
  [...selector.replace(/:not\([^)]*\)/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!);

/** The top-level blocks of a minified stylesheet (rules and at-rules), each with its braces. */
function blocks(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      out.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return out;
}

/**
 * The rules of a stylesheet that can apply to markup whose class names are all among `words`: a rule is kept when one
 * of its selectors names only such classes. Media and support blocks are filtered inside; other at-rules are kept.
 * Class names the scripts compose at run time from pieces would be missed: the app writes every class name whole.
 */
export function criticalCss(css: string, words: ReadonlySet<string>): string {
  return blocks(css)
    .map((block) => {
      const open = block.indexOf('{');
      const head = block.slice(0, open);
      if (head.startsWith('@media') || head.startsWith('@supports')) {
        const inner = criticalCss(block.slice(open + 1, -1), words);
        return inner ? `${head}{${inner}}` : '';
      }
      if (head.startsWith('@')) return block;
      return head.split(',').some((selector) => selectorClasses(selector).every((c) => words.has(c))) ? block : '';
    })
    .join('');
}

/**
 * A stylesheet without the custom properties that nothing reads: neither its own rules, nor `referencing` (the
 * scripts and the other stylesheets of the page), nor the properties that are read (transitively).
 */
export function withoutUnreadProperties(css: string, referencing: string): string {
  const declarations = [...css.matchAll(/(--[\w-]+):([^;}]*)/g)];
  const read = new Set<string>();
  const reads = (text: string) => {
    for (const m of text.matchAll(/var\((--[\w-]+)/g)) read.add(m[1]!);
  };
  reads(css.replace(/(--[\w-]+):[^;}]*/g, '') + referencing);
  for (let size = -1; size !== read.size;) {
    size = read.size;
    for (const [, name, value] of declarations) if (read.has(name!)) reads(value!);
  }
  let out = css
    .replace(/(--[\w-]+):[^;}]*(;|(?=\}))/g, (declaration, name: string) => (read.has(name) ? declaration : ''))
    .replace(/;}/g, '}');
  // Rules left empty, then the media blocks they emptied.
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/[^{}]+\{\}/g, '');
  }
  return out;
}

/**
 * Rewrites the built index.html and writes the first-load pages into outDir. `rendered`: the markup of each page that
 * has none written in shared/pages/shells.ts, by page name (the app's own render, renderPages). `routes`: the module of
 * each other route's screen by path (/borrow → src/features/borrow/borrow-page.tsx, renderPages): each gets a page
 * of its own, index.html with the route's title and its screen's chunks preloaded (a form opened from a link or the
 * WeChat menu comes in one round trip with the entry, not in three after it).
 */
export function writeShellPages(
  outDir: string,
  base: string,
  rendered: Record<string, string> = {},
  routes: Record<string, { title: string; module: string }> = {},
): string[] {
  for (const [name, page] of Object.entries(SHELL_PAGES))
    if (page.html === undefined && rendered[name] === undefined) throw new Error(`shell pages: no markup for ${name}.html`);
  const manifest: Manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('shell pages: no entry in the manifest');
  const entry = manifest[entryKey]!;
  let html = readFileSync(join(outDir, 'index.html'), 'utf8');

  // The entry's styles inline, in the order Vite linked them.
  const styles = (entry.css ?? []).map((file) => readFileSync(join(outDir, file), 'utf8')).join('');
  html = html.replace(/\s*<link rel="stylesheet"[^>]*href="[^"]*"[^>]*>/g, '');
  // Neither the template's comments nor its indentation travel (no element of it depends on white space).
  html = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .trim();
  // The entry and a page's first screen: preloaded from the HTML (the browser fetches them as it reads the page) and
  // run at once by the boot script.
  const script = new RegExp(`<script type="module" crossorigin src="${base}${entry.file}"></script>`);
  if (!script.test(html)) throw new Error(`shell pages: the entry script ${entry.file} is not in index.html`);
  // The entry's own imports right after it, before any screen's chunks: over HTTP/1.1 a browser fetches six at a time
  // in the order of the page, and nothing runs until the entry and its imports are in (Vite's own tags for them, after
  // the entry's script, are replaced).
  const entryImports = [...scripts(manifest, entryKey)].filter((file) => file !== entry.file).map((file) => base + file);
  html = html.replace(/<link rel="modulepreload"[^>]*>/g, '');
  /**
   * The page's boot: `preload` its screen's scripts, `later` those it may need next (asked for at low priority, so
   * that they wait behind the first screen's scripts and the early calls), `styles` the whole stylesheet for after
   * the first screen, `preloadStyles` stylesheets its lazy chunks wait for, `early` the first screen's own calls
   * (boot-script.ts).
   */
  const boot = ({
    preload,
    later = [],
    styles = [],
    preloadStyles = [],
    early = [],
  }: {
    preload: string[];
    later?: string[];
    styles?: string[];
    preloadStyles?: string[];
    early?: string[];
  }) =>
    [base + entry.file, ...entryImports, ...preload].map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('') +
    later.map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`).join('') +
    preloadStyles.map((href) => `<link rel="preload" as="style" href="${href}">`).join('') +
    `<script type="application/json" id="app-boot">${JSON.stringify({ entry: base + entry.file, preload, ...(styles.length ? { styles } : {}), ...(early.length ? { early } : {}) })}</script>` +
    `<script>${BOOT_SCRIPT}</script>`;
  html = html.replace(script, '<!--app-boot-->');
  const entryChunks = new Set(chunks(manifest, entryKey).keys());
  const entryScripts = scripts(manifest, entryKey);
  const beyondEntry = (module: string) => [...scripts(manifest, module)].filter((file) => !entryScripts.has(file));
  // index.html answers every other path, whose first screen could be any: it carries all the entry's rules, and
  // fetches the table of the other screens (src/app/screen-table.ts) with the entry.
  const table = manifest[SCREEN_TABLE] ? beyondEntry(SCREEN_TABLE) : [];
  writeFileSync(
    join(outDir, 'index.html'),
    html
      .replace('</head>', `<style>${styles}</style></head>`)
      .replace('<!--app-boot-->', boot({ preload: table.map((file) => base + file) })),
  );

  const written = ['index.html'];
  for (const [path, route] of Object.entries(routes)) {
    if (!manifest[route.module]) throw new Error(`shell pages: ${route.module} (${path}) is not a chunk of the build`);
    // The table, the feature's list of screens it goes through (features/<name>/screens.ts), the screen and its lazy parts.
    const through = Object.keys(manifest).filter(
      (k) =>
        k.endsWith('/screens.ts') &&
        manifest[k]!.dynamicImports?.includes(route.module) &&
        manifest[SCREEN_TABLE]?.dynamicImports?.includes(k),
    );
    const preload = new Set(table);
    for (const k of through) for (const file of beyondEntry(k)) preload.add(file);
    const { first, later } = screenChunks(manifest, route.module, entryChunks);
    for (const k of first) preload.add(manifest[k]!.file);
    const next = [...new Set(later.map((k) => manifest[k]!.file))].filter((file) => !preload.has(file));
    // The stylesheets the first chunks bring: a lazy import waits for its chunk's stylesheet before the screen can
    // draw. (A stylesheet preload is asked for before every script: the later chunks' wait for their turn.)
    const css = new Set(first.flatMap((k) => manifest[k]!.css ?? []).map((file) => base + file));
    // Under routes/: a folder named as a route (move-out/) beside move-out.html would make /web/move-out a directory.
    const name = `${ROUTE_PAGES_DIR}/${path.replace(/^\//, '')}`;
    mkdirSync(dirname(join(outDir, `${name}.html`)), { recursive: true });
    writeFileSync(
      join(outDir, `${name}.html`),
      html
        .replace('</head>', `<style>${styles}</style></head>`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(route.title)}</title>`)
        .replace(
          '<!--app-boot-->',
          boot({
            preload: [...preload].map((file) => base + file),
            later: next.map((file) => base + file),
            preloadStyles: [...css],
            early: ROUTE_EARLY[path],
          }),
        ),
    );
    written.push(`${name}.html`);
  }
  for (const [name, shell] of Object.entries(SHELL_PAGES)) {
    const page = { ...shell, html: shell.html ?? rendered[name]! };
    const preload = new Set<string>();
    for (const module of page.modules) {
      if (!manifest[module]) throw new Error(`shell pages: ${module} (${name}) is not a chunk of the build`);
      for (const file of beyondEntry(module)) preload.add(file);
    }
    // The words of everything the first screen can draw: its pre-rendered markup and the scripts it loads.
    const words = new Set<string>(page.html.match(/[\w-]+/g));
    let referencing = page.html;
    for (const file of new Set([...entryScripts, ...preload])) {
      const text = readFileSync(join(outDir, file), 'utf8');
      referencing += text;
      for (const word of text.match(/[\w-]+/g) ?? []) if (!LATER_LAYERS.test(word)) words.add(word);
    }
    // The screens' own stylesheets read the theme's properties too.
    for (const module of page.modules)
      for (const file of styleFiles(manifest, module)) referencing += readFileSync(join(outDir, file), 'utf8');
    const critical = withoutUnreadProperties(criticalCss(styles, words), referencing);
    const pageHtml = html
      .replace('</head>', `<style>${critical}</style></head>`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`)
      .replace(
        '<!--app-boot-->',
        boot({
          preload: [...preload].map((file) => base + file),
          styles: (entry.css ?? []).map((file) => base + file),
          early: page.early,
        }),
      )
      // data-hydrate: the app's own markup, which main.tsx hydrates instead of rendering anew.
      .replace('<div id="app"></div>', `<div id="app"${shell.html ? '' : ' data-hydrate'}>${page.html}</div>`);
    if (!pageHtml.includes(page.html)) throw new Error('shell pages: index.html has no <div id="app"></div>');
    writeFileSync(join(outDir, `${name}.html`), pageHtml);
    written.push(`${name}.html`);
  }
  return written;
}

/** Modules the app's render at build time runs inside Node: React libraries go through the Preact preset's aliases. */
const SSR_INLINE = ['wouter', '@nanostores/react', 'regexparam'];

/**
 * The app's first render of each page of shared/pages/shells.ts that has no markup written there, by page name: the app's
 * modules loaded through Vite's SSR loader with the project's own configuration (aliases, the Preact preset), nobody
 * signed in (src/app/prerender.tsx).
 */
export async function renderPages(
  configFile: string | undefined,
): Promise<{ rendered: Record<string, string>; routes: Record<string, { title: string; module: string }> }> {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    ssr: { noExternal: SSR_INLINE },
    // wouter's useSyncExternalStore shim, a CommonJS file, would load the real React in Node: compat has its own.
    resolve: { alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' }] },
  });
  try {
    const { prerender } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as typeof import('../src/app/prerender.tsx');
    const rendered: Record<string, string> = {};
    for (const [name, page] of Object.entries(SHELL_PAGES)) if (page.html === undefined) rendered[name] = await prerender(page.path);
    return { rendered, routes: await screenModules(server) };
  } finally {
    await server.close();
  }
}

/**
 * The source module of each route's screen in the screen table (src/app/screen-table.ts), by the route's path: the
 * table's loaders run in the SSR loader and each module they resolve to is found in its module graph. Routes with a
 * page of their own in shared/pages/shells.ts, and routes with parameters, are left out.
 */
async function screenModules(server: import('vite').ViteDevServer): Promise<Record<string, { title: string; module: string }>> {
  const { screens } = (await server.ssrLoadModule(`/${SCREEN_TABLE}`)) as typeof import('../src/app/screen-table.ts');
  const { paths } = (await server.ssrLoadModule('/shared/pages/paths.ts')) as typeof import('../shared/pages/paths.ts');
  const own = new Set(Object.values(SHELL_PAGES).map((page) => page.path));
  const graph = server.environments.ssr.moduleGraph;
  const root = server.config.root + '/';
  const routes: Record<string, { title: string; module: string }> = {};
  for (const [key, load] of Object.entries(screens)) {
    const { path, title } = paths[key as keyof typeof screens];
    if (own.has(path) || /[:\s]/.test(path)) continue;
    const loaded = await (load as () => Promise<unknown>)();
    const node = [...graph.idToModuleMap.values()].find((n) => n.ssrModule === loaded);
    if (!node?.file?.startsWith(root)) throw new Error(`shell pages: the screen of ${path} was not found in the module graph`);
    routes[path] = { title, module: node.file.slice(root.length) };
  }
  return routes;
}

export default function shellHtmlPlugin(): Plugin {
  let outDir = '';
  let base = '/';
  let configFile: string | undefined;
  return {
    name: 'shell-html',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
      configFile = config.configFile;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!outDir) return;
        const { rendered, routes } = await renderPages(configFile);
        writeShellPages(outDir, base, rendered, routes);
      },
    },
  };
}
