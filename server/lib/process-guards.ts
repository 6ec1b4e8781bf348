// The last line of defence of the server process. An error inside a request is the request's: Fastify answers it
// with a 500 and the process goes on. An error that escapes every request (an uncaught exception, e.g. thrown in a
// callback, or a promise rejection nobody handles) leaves the process in an unknown state: it is logged with its
// detail (kind, message, stack; personal data masked by the logger's error serializer) and the process exits with
// code 1, for its supervisor (systemd, Docker, Kubernetes) to start a clean one.

/** What the guards need of a logger (pino's, e.g. app.log). */
export interface GuardLogger {
  fatal(obj: object, msg: string): void;
  flush?: (cb?: (err?: Error) => void) => void;
}

/** What the guards need of the process (the real one by default; tests pass their own). */
export interface GuardedProcess {
  on(event: 'uncaughtException', listener: (err: Error, origin: string) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  off(event: 'uncaughtException', listener: (err: Error, origin: string) => void): unknown;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  exit(code: number): never | void;
}

export const EXIT_CODE = 1;
/** How long the log gets to flush before the process exits anyway. */
const FLUSH_TIMEOUT_MS = 1000;

/**
 * Logs an uncaught exception or unhandled rejection and exits with code 1 (once, whatever comes after).
 * Returns a function that removes the guards.
 */
export function installProcessGuards(log: GuardLogger, proc: GuardedProcess = process as unknown as GuardedProcess): () => void {
  let exiting = false;
  const die = (err: unknown, origin: string) => {
    if (exiting) return;
    exiting = true;
    try {
      log.fatal({ err, origin }, 'uncaught error outside any request; exiting with code 1 for the supervisor to restart');
    } catch {
      // A failing logger must not keep the process alive.
    }
    const exit = () => proc.exit(EXIT_CODE);
    if (!log.flush) return exit();
    const timer = setTimeout(exit, FLUSH_TIMEOUT_MS);
    try {
      log.flush(() => {
        clearTimeout(timer);
        exit();
      });
    } catch {
      clearTimeout(timer);
      exit();
    }
  };
  const onException = (err: Error, origin: string) => die(err, origin);
  const onRejection = (reason: unknown) => die(reason, 'unhandledRejection');
  proc.on('uncaughtException', onException);
  proc.on('unhandledRejection', onRejection);
  return () => {
    proc.off('uncaughtException', onException);
    proc.off('unhandledRejection', onRejection);
  };
}
