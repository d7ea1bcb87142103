import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A second server on the same DATA_DIR (a refusal, not a crash: one line for the operator). */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by another server (pid ${pid}); stop it or give this one another DATA_DIR`);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** The previous holder was dead: its lock (and PGlite's postmaster.pid) were removed. */
  tookOver: boolean;
  release(): void;
}

export const LOCK_FILE = 'server.lock';

/** The pid in a lock file; 0 when unreadable (gone meanwhile, or garbage). */
export function holder(path: string): number {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch {
    return 0;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `DATA_DIR/server.lock` (created exclusively, holding our pid). One embedded PGlite per
 * folder: two servers writing the same files lose data. A lock left by a process that is gone is
 * taken over, and PGlite's own stale `postmaster.pid` removed with it.
 */
export function lockDataDir(dataDir: string, pgdata: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  let tookOver = false;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = holder(path);
    // Alive, or another server took the stale lock between our two attempts.
    if ((pid > 0 && alive(pid)) || attempt > 0) throw new DataDirLockedError(dataDir, pid);
    rmSync(path, { force: true });
    rmSync(join(pgdata, 'postmaster.pid'), { force: true });
    tookOver = true;
  }
  let held = true;
  return {
    tookOver,
    release: () => {
      if (!held) return;
      held = false;
      rmSync(path, { force: true });
    },
  };
}
