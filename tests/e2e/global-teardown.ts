import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

/** Drops the run's embedded database once the server has stopped. */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) rmSync(resolve(import.meta.dirname, '../..', dir), { recursive: true, force: true });
}
