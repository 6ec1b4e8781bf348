// Exclusive lock on the PGlite data dir: two processes on one data dir corrupt it.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class LockError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DirLock {
  path: string;
  release(): void;
}

/** Takes DATA_DIR/.lock (O_EXCL, holding our pid); a lock left by a dead process is taken over. */
export function acquireDirLock(dataDir: string): DirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new LockError(
          `数据目录 ${dataDir} 正被另一个进程（pid ${pid}）使用，拒绝启动。请先停止该进程，或设置不同的 DATA_DIR。\n` +
            `The data dir ${dataDir} is in use by another process (pid ${pid}); refusing to start. ` +
            `Stop that process or use another DATA_DIR.`,
        );
      }
      if (pid === process.pid) {
        throw new LockError(`数据目录 ${dataDir} 已被本进程打开（The data dir ${dataDir} is already open in this process）`);
      }
      unlinkSync(path); // stale lock from a dead process
    }
  }
  throw new LockError(`无法获取数据目录锁 ${path}（could not take the data-dir lock）`);
}
