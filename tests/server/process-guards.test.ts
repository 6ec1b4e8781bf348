// The process guards: an uncaught exception or unhandled rejection outside any request is logged with its detail and
// the process exits with code 1 (for its supervisor to restart it). Checked with a stand-in process, then with a
// real child process whose log is read back.
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { installProcessGuards, type GuardedProcess } from '../../server/lib/process-guards.ts';

function standIn() {
  const emitter = new EventEmitter();
  const exit = vi.fn();
  const proc = Object.assign(emitter, { exit }) as unknown as GuardedProcess & EventEmitter;
  const fatal = vi.fn();
  const flush = vi.fn((cb?: (err?: Error) => void) => cb?.());
  return { proc, exit, log: { fatal, flush }, fatal, flush };
}

describe('installProcessGuards', () => {
  it('logs an uncaught exception with the error and its origin, flushes, and exits with code 1 once', () => {
    const s = standIn();
    installProcessGuards(s.log, s.proc);
    const err = new RangeError('Invalid typed array length: 6400000000');
    s.proc.emit('uncaughtException', err, 'uncaughtException');
    expect(s.fatal).toHaveBeenCalledTimes(1);
    expect(s.fatal.mock.calls[0]![0]).toEqual({ err, origin: 'uncaughtException' });
    expect(s.flush).toHaveBeenCalledTimes(1);
    expect(s.exit).toHaveBeenCalledTimes(1);
    expect(s.exit).toHaveBeenCalledWith(1);
    // A second error while exiting changes nothing.
    s.proc.emit('unhandledRejection', new Error('later'));
    expect(s.fatal).toHaveBeenCalledTimes(1);
    expect(s.exit).toHaveBeenCalledTimes(1);
  });

  it('logs an unhandled rejection (whatever its reason) and exits with code 1', () => {
    const s = standIn();
    installProcessGuards(s.log, s.proc);
    s.proc.emit('unhandledRejection', 'not even an Error');
    expect(s.fatal.mock.calls[0]![0]).toEqual({ err: 'not even an Error', origin: 'unhandledRejection' });
    expect(s.exit).toHaveBeenCalledWith(1);
  });

  it('exits even when the logger throws or never flushes', () => {
    vi.useFakeTimers();
    try {
      const s = standIn();
      s.fatal.mockImplementation(() => {
        throw new Error('log stream closed');
      });
      s.flush.mockImplementation(() => {}); // never calls back
      installProcessGuards(s.log, s.proc);
      s.proc.emit('uncaughtException', new Error('boom'), 'uncaughtException');
      expect(s.exit).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1000);
      expect(s.exit).toHaveBeenCalledWith(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('removes its listeners when uninstalled', () => {
    const s = standIn();
    const uninstall = installProcessGuards(s.log, s.proc);
    expect(s.proc.listenerCount('uncaughtException')).toBe(1);
    expect(s.proc.listenerCount('unhandledRejection')).toBe(1);
    uninstall();
    expect(s.proc.listenerCount('uncaughtException')).toBe(0);
    expect(s.proc.listenerCount('unhandledRejection')).toBe(0);
  });

  it('in a real process: an exception thrown in a callback is logged with its stack by pino and the exit code is 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hukou-guards-'));
    try {
      const guards = fileURLToPath(new URL('../../server/lib/process-guards.ts', import.meta.url));
      const pino = pathToFileURL(createRequire(import.meta.url).resolve('pino')).href;
      const script = join(dir, 'crash.ts');
      for (const [name, crash] of [
        ['exception', "setTimeout(() => { throw new RangeError('Invalid typed array length: 6400000000'); }, 5);"],
        ['rejection', "setTimeout(() => { void Promise.reject(new RangeError('Invalid typed array length: 6400000000')); }, 5);"],
      ]) {
        writeFileSync(
          script,
          `import pino from ${JSON.stringify(pino)};\nimport { installProcessGuards } from ${JSON.stringify(guards)};\n` +
            `installProcessGuards(pino());\n${crash}\nsetTimeout(() => process.exit(0), 5000);\n`,
        );
        const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), encoding: 'utf8', timeout: 20_000 });
        expect(run.status, `${name}: ${run.stderr}`).toBe(1);
        const line = JSON.parse(run.stdout.trim().split('\n').pop()!);
        expect(line, name).toMatchObject({
          level: 60,
          origin: name === 'exception' ? 'uncaughtException' : 'unhandledRejection',
          err: { type: 'RangeError', message: 'Invalid typed array length: 6400000000' },
        });
        expect(line.err.stack, name).toContain('crash.ts');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
