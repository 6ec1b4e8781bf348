import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  base: '/web/',
  plugins: [preact()],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      // The shim only back-fills React 17; preact/compat has the real hook (saves ~2.3 kB gzip).
      { find: 'use-sync-external-store/shim/index.js', replacement: 'preact/compat' },
      { find: 'use-sync-external-store/shim', replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2019',
    cssCodeSplit: true,
    manifest: true,
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
