// The server's default log destination (server/lib/log-stream.ts, pino's asynchronous destination with minLength and
// periodicFlush): lines gathered and written to standard output every 100 ms or once enough characters wait, in order,
// none lost when the process exits (a fatal error included), and a reader that stops reading never stops the process.
import { spawn, spawnSync } from 'node:child_process';
import { constants, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { droppedLogCharacters, gatheredDestination } from '../../server/lib/log-stream.ts';

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
      const written = once(d, 'write');
      d.write('two 0123456789\n');
      // Enough waits: one write, handed to the thread pool (the process goes on meanwhile).
      await written;
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

  it('an output that takes nothing more (a full pipe) never blocks a write; past the ceiling whole lines are dropped and counted', () => {
    // A pipe nobody reads (a FIFO opened for reading and writing, non-blocking): it takes 64 kB, then EAGAIN.
    const fifo = join(scratch(), 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    const d = gatheredDestination(fd, { flushMs: 60_000, minLength: 0, maxLength: 100_000 });
    const before = droppedLogCharacters();
    const lines = Array.from({ length: 3000 }, (_, i) => `line ${String(i).padStart(4, '0')} ${'x'.repeat(88)}\n`);
    try {
      // Each write returns (a synchronous destination that waited for the reader would never come back here).
      for (const line of lines) d.write(line);
      const dropped = droppedLogCharacters() - before;
      expect(dropped).toBeGreaterThan(0);
      expect(dropped % lines[0]!.length).toBe(0);
      // The reader reads again: what waited follows, in order.
      let kept = '';
      const chunk = Buffer.alloc(65536);
      for (let idle = 0, turns = 0; idle < 2 && turns < 1000; turns += 1) {
        let n = 0;
        try {
          n = readSync(fd, chunk);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        }
        kept += chunk.subarray(0, n).toString();
        idle = n === 0 ? idle + 1 : 0;
        d.write(''); // the next line to log: the waiting ones are tried again
      }
      expect(kept.length + dropped).toBe(lines.join('').length);
      expect(lines.join('').startsWith(kept)).toBe(true);
    } finally {
      d.destroy();
    }
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
          `for (let i = 0; i < 20000; i += 1) log.info({ i }, 'line');\n${end}\n`,
      );
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: process.cwd(),
        encoding: 'utf8',
        timeout: 20_000,
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(run.status, `${name}: ${run.stderr}`).toBe(code);
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { i?: number; level: number });
      expect(lines.filter((l) => l.i !== undefined).map((l) => l.i)).toEqual(Array.from({ length: 20000 }, (_, i) => i));
      if (name === 'fatal') expect(lines.at(-1)).toMatchObject({ level: 60, err: { type: 'RangeError', message: 'boom' } });
    }
  });

  it('a reader that stops reading does not stop the process: the lines wait, then arrive in order', async () => {
    const dir = scratch();
    const app = pathToFileURL(fileURLToPath(new URL('../../server/app.ts', import.meta.url))).href;
    const fastify = pathToFileURL(createRequire(import.meta.url).resolve('fastify')).href;
    const script = join(dir, 'run.ts');
    // 5,000 access-sized lines (about 600 kB): many times what a pipe holds while nobody reads it. The process says on
    // standard error when it has logged them all, then waits to be told to exit.
    writeFileSync(
      script,
      `import Fastify from ${JSON.stringify(fastify)};\nimport { loggerOptions } from ${JSON.stringify(app)};\n` +
        `const log = Fastify({ logger: loggerOptions() }).log;\n` +
        `for (let i = 0; i < 5000; i += 1) log.info({ i, url: '/api/daily/sfzbl/add', pad: 'x'.repeat(40) }, 'request completed');\n` +
        `setImmediate(() => process.stderr.write('logged\\n'));\nprocess.stdin.once('data', () => process.exit(0));\n`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      child.stdout.pause(); // nobody reads standard output: the pipe fills
      const logged = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 15_000);
        child.stderr.on('data', (chunk: Buffer) => chunk.toString().includes('logged') && (clearTimeout(timer), resolve(true)));
        child.once('exit', () => (clearTimeout(timer), resolve(false)));
      });
      // With a synchronous destination the process sleeps in its write, 100 ms at a time, until someone reads.
      expect(logged).toBe(true);
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stdout.resume();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.write('go\n');
      expect(await exited).toBe(0);
      const lines = out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { i?: number });
      expect(lines.filter((l) => l.i !== undefined).map((l) => l.i)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    } finally {
      child.kill();
    }
  });
});
