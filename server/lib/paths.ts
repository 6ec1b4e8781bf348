// Where the server's own files are, the same from the sources (server/…, run by tsx) and from the build (dist/server/…):
// the project root is the nearest directory up with a package.json, and every data path starts there.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('package.json not found above the server');
    dir = up;
  }
  return dir;
}

export const projectRoot = findRoot();
/** A path inside the project (e.g. 'server/db/migrations'). */
export const fromRoot = (...parts: string[]) => join(projectRoot, ...parts);

/** package.json's version of this release (the backup manifest, hukou_build_info). */
export const releaseVersion = (): string => (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
