// Where the server's log lines go by default: standard output, gathered and written from this thread every
// FLUSH_MS, or as soon as FLUSH_BYTES (characters) are waiting. pino's default destination (sonic-boom, asynchronous) handed its
// buffer to libuv's thread pool as lines came, a hand-off between threads and a system call every few requests with
// the access line each request writes: in `npm run bench:read -- --pg` a cached read cost about 4 CPU µs more
// (medians of three alternating runs: 60.9 → 56.1, 60.2 → 58.9, 62.2 → 55.8 µs per request).
// Lines keep their order and reach the output at most FLUSH_MS late. What is waiting when the process exits is written
// then (the 'exit' event: process.exit after a fatal error included); logger.flush(cb) writes at once. A pipe that is
// full blocks the write, as pino's synchronous destination does; a descriptor that answers EAGAIN instead keeps the
// rest for the next flush. Another error (the reader has gone) drops what was to be written, and logging goes on.
import { writeSync } from 'node:fs';

export const FLUSH_MS = 100;
export const FLUSH_BYTES = 16 * 1024;
/** Attempts of the last write at exit on a descriptor that keeps answering EAGAIN. */
const EXIT_ATTEMPTS = 100;

/** What pino needs of a destination, and flush (logger.flush, for the process guards). */
export interface LogDestination {
  write(line: string): boolean;
  /** Writes what is waiting now; calls back once done. */
  flush(cb?: (err?: Error) => void): void;
}

export function gatheredDestination(fd: number, opts: { flushMs?: number; flushBytes?: number } = {}): LogDestination & { close(): void } {
  const flushBytes = opts.flushBytes ?? FLUSH_BYTES;
  let lines: string[] = [];
  let waiting = 0;
  /** Bytes a descriptor answering EAGAIN did not take yet. */
  let rest: Buffer | null = null;

  /** Writes everything waiting; false when the descriptor took only part (EAGAIN: the rest waits). */
  const writeOut = (): boolean => {
    if (!lines.length && !rest) return true;
    const text = lines.length ? Buffer.from(lines.length === 1 ? lines[0]! : lines.join('')) : null;
    let buf = rest && text ? Buffer.concat([rest, text]) : (rest ?? text!);
    lines = [];
    waiting = 0;
    rest = null;
    while (buf.length) {
      try {
        buf = buf.subarray(writeSync(fd, buf));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return true;
        rest = buf;
        return false;
      }
    }
    return true;
  };

  const timer = setInterval(writeOut, opts.flushMs ?? FLUSH_MS);
  timer.unref();

  return {
    write(line: string) {
      lines.push(line);
      waiting += line.length;
      if (waiting >= flushBytes) writeOut();
      return true;
    },
    flush(cb) {
      writeOut();
      cb?.();
    },
    /** Stops the timer and writes what is waiting (retrying a descriptor that answers EAGAIN a bounded number of times). */
    close() {
      clearInterval(timer);
      for (let attempt = 0; attempt < EXIT_ATTEMPTS && !writeOut(); attempt += 1);
    },
  };
}

let stdout: LogDestination | undefined;

/** The one destination on standard output for the process, written out when it exits. */
export function stdoutDestination(): LogDestination {
  if (!stdout) {
    const destination = gatheredDestination(1);
    process.once('exit', () => destination.close());
    stdout = destination;
  }
  return stdout;
}
