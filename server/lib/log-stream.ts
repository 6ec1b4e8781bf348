// Where the server's log lines go by default: standard output through pino's own destination (sonic-boom) in
// synchronous mode, gathering lines until MIN_LENGTH characters wait or FLUSH_MS has passed (`minLength`,
// `periodicFlush`). pino's default destination (asynchronous) handed its buffer to libuv's thread pool as lines came, a
// hand-off between threads and a system call every few requests with the access line each request writes: in
// `npm run bench:read -- --pg` a cached read cost about 4 CPU µs more. Lines keep their order and reach the output at
// most FLUSH_MS late; what waits when the process exits is written then (the 'exit' event: process.exit after a fatal
// error included), and logger.flush(cb) writes at once. A descriptor answering EAGAIN is retried (sonic-boom's
// `retryEAGAIN`).
import pino from 'pino';

export const FLUSH_MS = 100;
/** Characters gathered before a write (below sonic-boom's maxWrite of 16 K). */
export const MIN_LENGTH = 8 * 1024;

export type LogDestination = ReturnType<typeof pino.destination>;

/** A gathering destination on a descriptor (tests pass a file's). */
export function gatheredDestination(fd: number, opts: { flushMs?: number; minLength?: number } = {}): LogDestination {
  return pino.destination({ dest: fd, sync: true, minLength: opts.minLength ?? MIN_LENGTH, periodicFlush: opts.flushMs ?? FLUSH_MS });
}

let stdout: LogDestination | undefined;

/** The one destination on standard output for the process, written out when it exits. */
export function stdoutDestination(): LogDestination {
  if (!stdout) {
    const destination = gatheredDestination(1);
    process.once('exit', () => {
      try {
        destination.flushSync();
      } catch {
        // The reader has gone: nothing more can be written.
      }
    });
    stdout = destination;
  }
  return stdout;
}
