import { openSync, readFileSync, rmSync, writeFileSync, closeSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { StoreRefused } from './store-refused.js';

// One process per data file: two servers on one file would each cut the other's journal lines and reload the
// other's rewrites as outside edits, losing acknowledged writes. The lock is a file beside the store
// (`db.json.lock`) naming the process that holds it; a lock whose process is gone (killed) is stale and taken over.

export const lockPath = (file: string): string => `${file}.lock`;

interface Holder {
  readonly pid: number;
  readonly host?: string;
  readonly port?: number;
  readonly url?: string;
  readonly since?: string;
}

/** Another process holds the data file: the store refuses to open (exit 2 for the CLI). */
export class StoreLocked extends StoreRefused {
  override readonly name = 'StoreLocked';
}

/** Whether a process with this id runs on this machine (EPERM: it does, under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): Holder | undefined {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Holder;
    return typeof value?.pid === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The lock a store holds on its file while it is open. */
export class StoreLock {
  private held = true;
  private readonly onExit = () => this.releaseSync();

  private constructor(
    readonly path: string,
    private holder: Holder,
  ) {
    // a process that exits without closing the store (process.exit) leaves no lock behind
    process.on('exit', this.onExit);
  }

  /**
   * Takes the lock on `file`, or throws StoreLocked naming the process (and port) that holds it. A lock left by a
   * process that is gone (kill -9) is taken over, and `warn` says so. The same process may open a file again.
   */
  static acquire(file: string, warn?: (message: string) => void): StoreLock {
    const path = lockPath(file);
    const holder: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
    for (let attempt = 0; ; attempt++) {
      try {
        const fd = openSync(path, 'wx');
        try {
          writeSync(fd, JSON.stringify(holder) + '\n');
        } finally {
          closeSync(fd);
        }
        return new StoreLock(path, holder);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw e;
      }
      const other = readHolder(path);
      const foreignHost = other?.host !== undefined && other.host !== holder.host;
      if (other && other.pid !== process.pid && (foreignHost || isAlive(other.pid))) {
        const where = other.url ? ` serving ${other.url}` : other.port ? ` on port ${other.port}` : '';
        throw new StoreLocked(
          `content-mock: ${file} is in use by another content-mock (pid ${other.pid}${foreignHost ? ` on ${other.host}` : ''}${where}). ` +
            `Stop that one, or give this one another --data file (or --memory). If no such process runs, delete ${path}.`,
        );
      }
      if (other && other.pid !== process.pid)
        warn?.(`content-mock: ${path} was left by pid ${other.pid}, which is no longer running; taking it over`);
      rmSync(path, { force: true });
    }
  }

  /** Adds where the holder serves (the port is known once it listens), for the message a second process prints. */
  describe(where: { port?: number; url?: string }): void {
    if (!this.held) return;
    this.holder = { ...this.holder, ...where };
    try {
      writeFileSync(this.path, JSON.stringify(this.holder) + '\n');
    } catch {
      // the lock still holds; only the message of a second process is poorer
    }
  }

  release(): void {
    process.off('exit', this.onExit);
    this.releaseSync();
  }

  private releaseSync(): void {
    if (!this.held) return;
    this.held = false;
    // only our own lock: one taken over meanwhile (we were thought dead) is not ours to delete
    if (readHolder(this.path)?.pid === process.pid) rmSync(this.path, { force: true });
  }
}
