// `npm test`: every check of the project, in order, stopping at the first failure.
// Server tests run on embedded PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
// E2E needs Debian's chromium and a CJK font: missing them is a skip with instructions locally,
// and an error when E2E_REQUIRED=1 (set by .ci/run).
import { spawn, spawnSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

const required = process.env.E2E_REQUIRED === '1' || process.env.CI === 'true';
const results: { step: string; status: string; seconds: number }[] = [];
/** The error lines of a failed step (errors, failed tests), repeated above the summary: CI logs are read from the end. */
let failureLines: string[] = [];
// What a failed step's log names its failures with: vitest, playwright, node, tsc, eslint.
const FAILURE_LINE = /\b(FAIL|failed|Unhandled)\b|Error\b|error TS\d+|originated in|latest test that might|✘|×/;
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** Runs a step, its output streamed as it comes and its failure lines kept. */
function run(step: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  console.log(`\n=== ${step}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const colour = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
  const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...colour, ...env } });
  // The last matching lines: a failure's own block (vitest's unhandled errors, the failed tests) comes last.
  const kept: string[] = [];
  const decoder = new StringDecoder('utf8');
  let partial = '';
  const keep = (chunk: Buffer) => {
    const lines = (partial + decoder.write(chunk)).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const plain = line.replace(ANSI, '').trimEnd();
      if (FAILURE_LINE.test(plain)) kept.push(plain.slice(0, 300));
      if (kept.length > 40) kept.shift();
    }
  };
  child.stdout.on('data', (chunk: Buffer) => (process.stdout.write(chunk), keep(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (process.stderr.write(chunk), keep(chunk)));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      results.push({ step, status: status === 0 ? 'passed' : 'FAILED', seconds });
      if (status !== 0) {
        failureLines = kept;
        summary(1);
      }
      resolve();
    });
  });
}

function summary(code: number): never {
  if (failureLines.length) {
    console.log('\n=== what the failed step reported (its error lines, repeated from above)');
    for (const line of failureLines) console.log(line);
  }
  console.log('\n=== summary');
  for (const r of results) console.log(`${r.status.padEnd(8)} ${r.step} (${r.seconds} s)`);
  process.exit(code);
}

function skipOrFail(step: string, why: string, how: string) {
  if (required) {
    console.error(`\n${step} cannot run: ${why}. In CI this is an error.\n${how}`);
    results.push({ step, status: 'FAILED', seconds: 0 });
    summary(1);
  }
  console.warn(`\n!!! ${step} SKIPPED: ${why}.\n${how}`);
  results.push({ step, status: 'SKIPPED', seconds: 0 });
}

const npx = 'npx';
await run('API types fresh', 'npm', ['run', '-s', 'api:check']);
await run('API lint', 'npm', ['run', '-s', 'api:lint']);
// Every user-visible string in one file for a native reader's pass (docs/strings.md), current with the sources.
await run('Strings list current', npx, ['tsx', 'scripts/strings.ts', '--check']);
// Spectral with the OWASP API Security ruleset over the bundled document: no finding, exceptions in .spectral.yaml.
await run('API security rules (Spectral OWASP)', 'npm', ['run', '-s', 'api:owasp']);
await run('Typecheck', npx, ['tsc', '--noEmit']);
// The layering of the architecture sheet, the rules of hooks, typescript-eslint: zero warnings.
await run('Lint', npx, ['eslint', '.', '--max-warnings', '0']);
// No import circle of any kind, type-only imports included (dpdm sees them; ESLint's no-cycle does not).
await run('No import circles (dpdm, type imports included)', 'npm', ['run', '-s', 'circles']);
await run('Format (Prettier)', npx, ['prettier', '--check', '.']);
await run('Unit tests', npx, ['vitest', 'run', '--project', 'unit']);
// Issued documents are checked by tools that are not ours: poppler's pdfsig (signature) and zbar's zbarimg (QR code).
const onPath = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const verifiers = ['pdfsig', 'pdftoppm', 'zbarimg'].filter((tool) => !onPath(tool));
if (verifiers.length)
  skipOrFail(
    'Independent checks of issued documents (in tests/server/documents.test.ts)',
    `${verifiers.join(', ')} missing`,
    'Install them with: sudo apt-get install -y poppler-utils zbar-tools',
  );
await run('Server + contract tests (PGlite)', npx, ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  await run('Server + contract tests (PostgreSQL)', npx, ['vitest', 'run', '--project', 'server']);
} else {
  skipOrFail(
    'Server tests on PostgreSQL',
    'TEST_DATABASE_URL is not set',
    'Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (each test file creates and drops its own database).',
  );
}
await run('Build', 'npm', ['run', '-s', 'build']);
await run('Size budgets', npx, ['tsx', 'scripts/size-check.ts']);
// The release as an operator installs it: npm ci --omit=dev in a copy, then the production start.
await run('Release (npm ci --omit=dev, node dist/server/main.js)', npx, ['tsx', 'scripts/release-check.ts']);

const chromium = existsSync('/usr/bin/chromium');
let cjk: boolean;
try {
  cjk = /wqy|noto sans cjk|noto serif cjk/i.test(execSync('fc-list', { encoding: 'utf8' }));
} catch {
  cjk = false;
}
if (chromium && cjk) {
  await run('E2E (Chromium, 375x812)', npx, ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts']);
} else {
  skipOrFail(
    'E2E tests',
    `${chromium ? '' : 'Debian chromium (/usr/bin/chromium) '}${cjk ? '' : 'a CJK font '}missing`,
    'Install them with: sudo apt-get update && sudo apt-get install -y chromium fonts-wqy-microhei (never `npx playwright install`).',
  );
}
// The deployment of the README tried for real: nginx in front of two production instances on one PostgreSQL and Redis.
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].some((p) => existsSync(p));
const redisUp =
  spawnSync(process.execPath, [
    '-e',
    `require('node:net').connect(6379, '127.0.0.1').on('connect', () => process.exit(0)).on('error', () => process.exit(1))`,
  ]).status === 0;
if (nginx && redisUp && process.env.TEST_DATABASE_URL) {
  await run('Multi-instance (nginx, 2 instances, PostgreSQL, Redis)', npx, ['tsx', 'scripts/multi-instance.ts', '--built'], {
    DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
} else {
  skipOrFail(
    'Multi-instance test',
    `${nginx ? '' : 'nginx '}${redisUp ? '' : 'Redis on 127.0.0.1:6379 '}${process.env.TEST_DATABASE_URL ? '' : 'TEST_DATABASE_URL '}missing`,
    'Install nginx with: sudo apt-get install -y nginx; run Redis on 127.0.0.1:6379; set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres.',
  );
}
summary(0);
