// Where the server's log lines go by default: standard output through pino's own destination (sonic-boom) in
// synchronous mode, gathering lines until MIN_LENGTH characters wait or FLUSH_MS has passed (`minLength`,
// `periodicFlush`). pino's default destination (asynchronous) handed its buffer to libuv's thread pool as lines came, a
// hand-off between threads and a system call every few requests with the access line each request writes: in
// `npm run bench:read -- --pg` a cached read cost about 4 CPU µs more. Standard output is a pipe or a socket
// (journald, a container runtime, a supervisor) that Node makes non-blocking, so a reader that falls behind answers
// EAGAIN: sonic-boom's default then slept 100 ms with the whole process stopped, and again until it could write (23% of
// a 2,000-request booking rush asleep in bench:booking, whose reader is busy with its own clients). Here the write
// gives up for now instead (`retryEAGAIN`): the lines wait in memory, in order, and go with the next write or flush;
// past MAX_LENGTH waiting characters (a reader stuck for good) new lines are dropped and counted (the metric
// hukou_log_dropped_characters_total) rather than growing the heap. Lines reach the output at most FLUSH_MS late while
// the reader keeps up; what waits when the process exits is written then, waiting for the reader if it must (the
// 'exit' event: process.exit after a fatal error included), and logger.flush(cb) writes at once.
import pino from 'pino';

export const FLUSH_MS = 100;
/** Characters gathered before a write (below sonic-boom's maxWrite of 16 K). */
export const MIN_LENGTH = 8 * 1024;
/** Characters that may wait for a reader that does not read (about 40,000 access lines), then lines are dropped. */
export const MAX_LENGTH = 16 * 1024 * 1024;

let dropped = 0;
/** Characters of log lines dropped so far because the output did not take them (metrics). */
export const droppedLogCharacters = () => dropped;

export type LogDestination = ReturnType<typeof pino.destination> & { flushAll(): void };

/** A gathering destination on a descriptor (tests pass a file's). */
export function gatheredDestination(fd: number, opts: { flushMs?: number; minLength?: number; maxLength?: number } = {}): LogDestination {
  let exiting = false;
  const destination = pino.destination({
    dest: fd,
    sync: true,
    minLength: opts.minLength ?? MIN_LENGTH,
    maxLength: opts.maxLength ?? MAX_LENGTH,
    periodicFlush: opts.flushMs ?? FLUSH_MS,
    // A full output (EAGAIN): sonic-boom would sleep 100 ms and try again, the process stopped. Instead the write
    // gives up for now: the lines stay waiting, in order, and go with the next write or the next periodic flush. Only
    // on the way out (flushSync at exit) does it wait for the reader.
    retryEAGAIN: () => exiting,
  });
  // pino's own handler takes a closed reader (EPIPE) and hands anything else on, once, to the next listener: this one
  // takes the full output too, and a closed reader after that; anything else is thrown, as pino would have.
  destination.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EAGAIN' && err.code !== 'EBUSY' && err.code !== 'EPIPE') throw err;
  });
  destination.on('drop', (data: string) => (dropped += data.length));
  return Object.assign(destination, {
    /** Writes everything that waits, waiting for the reader if it must (at exit). */
    flushAll() {
      exiting = true;
      destination.flushSync();
    },
  });
}

let stdout: LogDestination | undefined;

/** The one destination on standard output for the process, written out when it exits. */
export function stdoutDestination(): LogDestination {
  if (!stdout) {
    const destination = gatheredDestination(1);
    process.once('exit', () => {
      try {
        destination.flushAll();
      } catch {
        // The reader has gone: nothing more can be written.
      }
    });
    stdout = destination;
  }
  return stdout;
}
