// `npm run release:pack` (after `npm run build`): the release an operator installs, as one file with its checksum:
// release/hukou-<version>.tar.gz and .sha256. It holds what the production server reads and nothing else: dist/
// (the web app, the built server with its source maps and font, the API reference), the migrations, the seed's files,
// the bundled contract, package.json and package-lock.json pruned to the production packages (for `npm ci --omit=dev`), .nvmrc, the deployment files and
// guide, README, CHANGELOG, LICENSE and SECURITY (dist/ holds THIRD-PARTY-NOTICES.md). `npm run release:check` installs and starts this very file.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** What a release holds, relative to the project root. */
export const RELEASE_CONTENTS = [
  'dist',
  'server/db/migrations',
  'server/db/seed-data/files',
  'openapi/dist/openapi.json',
  'package.json',
  'package-lock.json',
  '.nvmrc',
  'deploy',
  'docs',
  'UPGRADING.md',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  'SECURITY.md',
] as const;

type Lock = { packages: Record<string, { version?: string; integrity?: string }> };

/**
 * The release's package.json and lockfile name the production packages only. Without this, a package that is both a
 * devDependency and an optional peer of a dependency (TypeScript, through valibot) is marked devOptional in the
 * lockfile, and `npm ci --omit=dev` installs it (23 MB). The pruned lockfile is made offline from the full one and must
 * pin every package it keeps to the very version and integrity the full one pins.
 */
function pruneToProduction(dir: string): void {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  delete manifest.devDependencies;
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const full = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as Lock;
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pruned = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as Lock;
  for (const [path, entry] of Object.entries(pruned.packages))
    if (path && (full.packages[path]?.version !== entry.version || full.packages[path]?.integrity !== entry.integrity))
      throw new Error(`the production lockfile changed ${path}: ${full.packages[path]?.version} → ${entry.version}`);
}

export function pack(): { file: string; sha256: string; name: string } {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const name = `hukou-${version}`;
  for (const needed of ['dist/server/main.js', 'dist/web/index.html', 'dist/api-docs/index.html'])
    if (!existsSync(join(root, needed))) throw new Error(`${needed} is missing: run npm run build first`);
  const staging = mkdtempSync(join(tmpdir(), 'hukou-pack-'));
  try {
    for (const item of RELEASE_CONTENTS) {
      mkdirSync(dirname(join(staging, name, item)), { recursive: true });
      cpSync(join(root, item), join(staging, name, item), { recursive: true });
    }
    pruneToProduction(join(staging, name));
    mkdirSync(join(root, 'release'), { recursive: true });
    const file = join(root, 'release', `${name}.tar.gz`);
    // Owner and times fixed: the same build packs to the same bytes.
    execFileSync('tar', ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '--mtime=@0', '-czf', file, '-C', staging, name]);
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
    writeFileSync(`${file}.sha256`, `${sha256}  ${name}.tar.gz\n`);
    return { file, sha256, name };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { file, sha256 } = pack();
  const mb = (readFileSync(file).length / 1024 / 1024).toFixed(1);
  console.log(`${file.slice(root.length)} (${mb} MB), sha256 ${sha256}`);
  console.log('Check it: sha256sum -c release/*.sha256; install: docs/deploy.md.');
}
