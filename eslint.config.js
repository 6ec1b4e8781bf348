// Lint: typescript-eslint, the rules of hooks, and the layering of docs/architecture (import-x no-restricted-paths
// and no-cycle). Part of `npm test`, zero warnings allowed (`eslint --max-warnings 0`).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The contract's types (src/api/types.ts over shared/contract/) are the bottom layer: every layer may import them. */
const apiCalls = (target, message) => ({ target, from: 'src/api', except: ['./types.ts'], message });

/**
 * The floor both sides stand on: shared/ holds what the app and the server both read (the contract's generated types,
 * the route table, the page shells and boot script, the roster parsers) and imports neither side.
 */
const floorZones = [
  { target: 'src', from: 'server', message: 'The app never imports the server: what both read lives in shared/.' },
  {
    target: 'server',
    from: 'src',
    message: 'The server reads the app only through shared/ (contract types, page shells, roster parsers).',
  },
  { target: 'shared', from: ['src', 'server'], message: 'shared/ is the floor under both sides: it imports neither.' },
];

/** What each client layer may not import (the layers of the architecture sheet, bottom up). */
const clientZones = [
  apiCalls('src/lib', 'lib/ holds pure helpers: no calls (the contract types of src/api/types.ts are fine).'),
  apiCalls(
    'src/components/ui',
    'components/ui are WeUI widgets: they take props, never call the API (types of src/api/types.ts are fine).',
  ),
  {
    target: 'src/lib',
    from: ['src/stores', 'src/components', 'src/app', 'src/features', 'src/console'],
    except: [],
    message: 'lib/ holds pure helpers: no calls, stores, components or screens (types from src/api/types.ts are fine).',
  },
  {
    target: 'src/state',
    from: ['src/api', 'src/stores', 'src/components', 'src/app', 'src/features', 'src/console', 'src/lib'],
    except: ['./types.ts'],
    message: 'state/ is the session and feedback atoms under the API client: it imports only the contract types.',
  },
  {
    target: 'src/api',
    from: ['src/components', 'src/app', 'src/features', 'src/console', 'src/stores'],
    message: 'api/ is the client: it may read the session and feedback atoms (state/), nothing above.',
  },
  {
    target: 'src/stores',
    from: ['src/components', 'src/app', 'src/features', 'src/console'],
    message: 'stores/ hold state and the calls that fill it: no components or screens.',
  },
  {
    target: 'src/components/ui',
    from: [
      'src/app',
      'src/features',
      'src/console',
      'src/components/service-form',
      'src/components/service-fields',
      'src/stores/auth.ts',
      'src/stores/sectors.ts',
      'src/stores/client-ip.ts',
      'src/state/session.ts',
    ],
    message: 'components/ui are WeUI widgets: they take props (and the feedback atoms of state/ui), never the API, the shell or a feature.',
  },
  {
    target: ['src/components/service-form', 'src/components/service-fields'],
    from: ['src/app', 'src/features', 'src/console'],
    message: 'The service-form engine serves features; it imports neither the shell nor a feature.',
  },
  ...features.map((feature) => ({
    target: `src/features/${feature}`,
    from: ['src/app', 'src/console', ...features.filter((f) => f !== feature).map((f) => `src/features/${f}`)],
    message: 'A feature imports shared code only: not another feature, not the shell (app/), not the console.',
  })),
  {
    target: 'src/console',
    from: ['src/app', 'src/features'],
    message:
      "The console is an app of its own beside app/: it stands on the floors below (api, state, stores, components, lib), never on the phone's shell or features.",
  },
];

/** Server layers: routes → services → repositories → db; lib is pure; seed data never runs services. */
const serverZones = [
  {
    target: 'server/lib',
    from: ['server/routes', 'server/services', 'server/repositories', 'server/plugins', 'server/db', 'server/app.ts'],
    message: 'server/lib holds pure helpers: no database, services or routes.',
  },
  {
    target: 'server/db',
    from: ['server/routes', 'server/services', 'server/repositories', 'server/plugins', 'server/app.ts'],
    message: 'db/ is the schema, client, migrations and seed data: it never calls services or repositories.',
  },
  {
    target: 'server/repositories',
    from: ['server/routes', 'server/services', 'server/plugins', 'server/app.ts'],
    message: 'Repositories read and write tables; rules live in services.',
  },
  {
    target: 'server/services',
    from: ['server/routes', 'server/plugins', 'server/app.ts'],
    message: 'Services hold the rules; they never import routes or plugins.',
  },
  {
    target: ['server/services', 'server/routes', 'server/repositories', 'server/plugins', 'server/lib', 'server/domain', 'server/app.ts'],
    from: 'server/db/seed-data',
    message: 'The seed data is what the seed writes (server/seed); the running server reads the database, never the seed.',
  },
  {
    target: 'server/domain',
    from: ['server/routes', 'server/services', 'server/repositories', 'server/plugins', 'server/db', 'server/app.ts'],
    message: 'The domain module is rules as data and pure functions: it imports nothing of the server.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'openapi/dist/**',
      'shared/contract/schema.d.ts',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', destructuredArrayIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...floorZones, ...clientZones, ...serverZones] }],
    },
  },
  {
    // Tests read answers loosely on purpose (a malformed answer is what some of them look for).
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
