import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import pruneCssVars from './scripts/vite-plugin-prune-css-vars.ts';
import precompress from './scripts/vite-plugin-precompress.ts';
import shellHtml from './scripts/vite-plugin-shell-html.ts';
import bundledPackages from './scripts/vite-plugin-bundled-packages.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const shared = fileURLToPath(new URL('./shared', import.meta.url));

/**
 * A chunk of exactly these modules (paths from the project's root, without the extension): their own imports stay
 * where they are.
 */
function group(name: string, modules: string[]) {
  const names = modules.map((m) => m.replace(/[.]/g, '\\.').split('/').join('[\\\\/]')).join('|');
  return { name, test: new RegExp(`[\\\\/](${names})\\.tsx?$`), includeDependenciesRecursively: false, priority: 1 };
}

export default defineConfig({
  base: '/web/',
  // shellHtml before precompress: the pages it writes are compressed too.
  // The Preact preset resolves react, react-dom and their subpaths to preact/compat, so wouter and @nanostores/react
  // (React libraries) run as themselves on Preact.
  plugins: [preact(), pruneCssVars(), shellHtml(), precompress(), bundledPackages()],
  resolve: {
    alias: [
      { find: '@shared', replacement: shared },
      { find: '@', replacement: src },
    ],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2019',
    cssCodeSplit: true,
    manifest: true,
    // Browsers without <link rel=modulepreload> (iOS < 17) simply fetch chunks on import; the polyfill
    // would cost every user ~0.4 kB gzip of the first-load budget.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // A chunk is named by its hash alone: every chunk that imports lazily lists the file names of what it loads,
        // and the entry lists them all (0.4 kB brotli of /web/login). The manifest still maps sources to files.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            // Everything the first screen needs, in one file: fewer files gzip smaller (size budget).
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // The parts the service screens and forms share, in four files instead of nine: modules that the
            // service routes load together, grouped so that no lazy screen passes its ceiling (npm run size) and the
            // first screens (login, home) load nothing more. Over HTTP/1.1 a phone asks six files at a time: a
            // service form opened from a link waited for five rounds of them (npm run bench:phone, docs/performance.md).
            // The pickup and delivery fields are in none: only the forms that mail fetch them. /feedback/add keeps its
            // draft (form-draft) without the service flow; /address shares form-draft, not the flow.
            // The service flow every service form runs (form, 核对信息, submit), with the contact fields.
            group('service-form', [
              'src/components/service-form/service-flow',
              'src/components/service-form/use-service-form',
              'src/components/service-form/form-names',
              'src/components/service-form/options',
              'src/components/service-fields/contact-fields',
            ]),
            // A service route's screen: its guide, or the refusal told before the form.
            group('service-screen', ['src/components/service-form/service-screen', 'src/components/service-form/service-guide']),
            // Small parts the service forms and the move-in 继续提交 use: the send, the phone and attachment fields, the
            // region values, the dictionaries.
            group('form-parts', [
              'src/api/form-send',
              'src/api/dictionaries',
              'src/components/service-fields/phone-field',
              'src/components/service-fields/region-values',
              'src/components/service-fields/attachments',
              'src/components/service-fields/attachments-lazy',
            ]),
            // A form's draft, its steps and text limits, and what keeps the typing (the guide reads the draft too).
            group('form-draft', [
              'src/components/service-form/draft',
              'src/components/service-form/step',
              'shared/contract/limits',
              'src/components/service-form/use-draft',
              'src/components/service-form/outcome',
              'src/components/ui/paste-notice',
              'src/components/service-form/region',
            ]),
            // Form building blocks shared by the form screens (lazy-schema: every screen that names a schema has a form).
            {
              name: 'forms',
              test: /[\\/]src[\\/](components[\\/]ui[\\/](button|form|form-field|error-summary)|lib[\\/]lazy-schema)\.tsx?$/,
              priority: 1,
            },
            // The staff console's shared code (session, route table, page blocks) in its own chunk next to the
            // console's shell, so each console page loads only itself on top of them.
            {
              name: 'console',
              test: /[\\/]src[\\/]console[\\/](staff|paths|kit|data|dates)\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '^/(api|h5|qhyhlogin|qhyhlogin_false|openapi\\.json|api-docs|cas|common)': 'http://127.0.0.1:8080',
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          alias: [
            // wouter takes useSyncExternalStore from use-sync-external-store's shim, a CommonJS file that hands over
            // to React's own where React has one (compat has). In the build the bundler resolves the shim's
            // require('react') to compat; in tests Node would load it outside Vite and find the real React, so the
            // tests take compat's directly, as the shim would.
            { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
          ],
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // React libraries are inlined so the preset's react → preact/compat aliases apply inside them too.
          server: { deps: { inline: ['wouter', '@nanostores/react', 'regexparam'] } },
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
