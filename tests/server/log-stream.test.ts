// The server's default log destination (server/lib/log-stream.ts, pino's destination with minLength and periodicFlush):
// lines gathered and written to standard output every 100 ms or once enough characters wait, in order, and none lost when the process exits, a fatal error included.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { gatheredDestination } from '../../server/lib/log-stream.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hukou-log-stream-'));
  dirs.push(dir);
  return dir;
};

describe('gatheredDestination', () => {
  it('writes the lines in order: when enough wait, on flush, and on flushSync', async () => {
    const file = join(scratch(), 'log');
    const d = gatheredDestination(openSync(file, 'w'), { flushMs: 60_000, minLength: 30 });
    try {
      d.write('one 0123456789\n');
      expect(readFileSync(file, 'utf8')).toBe('');
      d.write('two 0123456789\n');
      expect(readFileSync(file, 'utf8')).toBe('one 0123456789\ntwo 0123456789\n');
      d.write('three\n');
      d.write('four\n');
      await new Promise<void>((resolve, reject) => d.flush((err) => (err ? reject(err) : resolve())));
      expect(readFileSync(file, 'utf8')).toBe('one 0123456789\ntwo 0123456789\nthree\nfour\n');
      d.write('five\n');
      d.flushSync();
    } finally {
      d.destroy();
    }
    expect(readFileSync(file, 'utf8')).toBe('one 0123456789\ntwo 0123456789\nthree\nfour\nfive\n');
  });

  it('writes what waits after its interval', async () => {
    const file = join(scratch(), 'log');
    const d = gatheredDestination(openSync(file, 'w'), { flushMs: 20 });
    try {
      d.write('later\n');
      expect(readFileSync(file, 'utf8')).toBe('');
      const until = Date.now() + 2000;
      while (!readFileSync(file, 'utf8') && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      expect(readFileSync(file, 'utf8')).toBe('later\n');
    } finally {
      d.destroy();
    }
  });

  it('in a real process: every line reaches standard output, through process.exit and through a fatal error', () => {
    const dir = scratch();
    const app = pathToFileURL(fileURLToPath(new URL('../../server/app.ts', import.meta.url))).href;
    const guards = pathToFileURL(fileURLToPath(new URL('../../server/lib/process-guards.ts', import.meta.url))).href;
    const fastify = pathToFileURL(createRequire(import.meta.url).resolve('fastify')).href;
    const script = join(dir, 'run.ts');
    for (const [name, end, code] of [
      ['exit', 'process.exit(0);', 0],
      ['fatal', "setTimeout(() => { throw new RangeError('boom'); }, 1);", 1],
    ] as const) {
      writeFileSync(
        script,
        `import Fastify from ${JSON.stringify(fastify)};\nimport { loggerOptions } from ${JSON.stringify(app)};\n` +
          `import { installProcessGuards } from ${JSON.stringify(guards)};\n` +
          `const log = Fastify({ logger: loggerOptions() }).log;\ninstallProcessGuards(log);\n` +
          `for (let i = 0; i < 1000; i += 1) log.info({ i }, 'line');\n${end}\n`,
      );
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), encoding: 'utf8', timeout: 20_000 });
      expect(run.status, `${name}: ${run.stderr}`).toBe(code);
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { i?: number; level: number });
      expect(lines.filter((l) => l.i !== undefined).map((l) => l.i)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
      if (name === 'fatal') expect(lines.at(-1)).toMatchObject({ level: 60, err: { type: 'RangeError', message: 'boom' } });
    }
  });
});
