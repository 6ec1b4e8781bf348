import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import pruneCssVars from './scripts/vite-plugin-prune-css-vars.ts';
import precompress from './scripts/vite-plugin-precompress.ts';
import shellHtml from './scripts/vite-plugin-shell-html.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  base: '/web/',
  // shellHtml before precompress: the pages it writes are compressed too.
  plugins: [preact({ reactAliasesEnabled: false }), pruneCssVars(), shellHtml(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      // React as the app uses it, on Preact's core (src/lib/react.ts; preact/compat cost 1.8 kB brotli of the first load).
      { find: /^react(-dom)?$/, replacement: `${src}/lib/react.ts` },
      // useStore without the `keys` option nobody uses (saves listenKeys and deep-map helpers in the entry).
      { find: /^@nanostores\/react$/, replacement: `${src}/lib/use-store.ts` },
      // The part of wouter the app uses, a third of its size (src/app/router.ts).
      { find: /^wouter(\/use-browser-location)?$/, replacement: `${src}/app/router.ts` },
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
              test: /[\\/]src[\\/](components[\\/]ui[\\/](button|form|form-field|error-summary)|app[\\/]app-link|lib[\\/]lazy-schema)\.tsx?$/,
              priority: 1,
            },
            // The staff console's shared code (session, route table, page blocks) in its own chunk next to the
            // console's shell, so each console page loads only itself on top of them.
            {
              name: 'console',
              test: /[\\/]src[\\/](stores[\\/]staff|config[\\/]admin-paths|features[\\/]admin[\\/](ui|transition))\.tsx?$/,
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
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          server: { deps: { inline: ['wouter', '@nanostores/react'] } },
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
