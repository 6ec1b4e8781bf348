import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import pruneCssVars from './scripts/vite-plugin-prune-css-vars.ts';
import precompress from './scripts/vite-plugin-precompress.ts';
import shellHtml from './scripts/vite-plugin-shell-html.ts';
import bundledPackages from './scripts/vite-plugin-bundled-packages.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const shared = fileURLToPath(new URL('./shared', import.meta.url));

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
            // The shared form experience, one chunk for every service form; its own dependencies stay where
            // they are (the /address screen shares some of them and must not pull in the whole flow). The pickup
            // and delivery fields are not in it: the forms that mail fetch them. Nor is use-draft: /feedback/add
            // keeps its draft without the service flow.
            {
              name: 'service-form',
              test: /[\\/]src[\\/]components[\\/]service-form[\\/](service-flow|use-service-form|form-names|options)\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // A service form's draft and step rules: the guide reads them (继续办理), the form and /feedback/add too.
            {
              name: 'draft',
              test: /[\\/]src[\\/]components[\\/]service-form[\\/](draft|step)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // Small parts every service form uses (its send, the phone field, the region values) as one file, not three.
            {
              name: 'form-parts',
              test: /[\\/]src[\\/](api[\\/]form-send|components[\\/]service-fields[\\/](phone-field|region-values))\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
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
