import { watch, type FSWatcher } from 'chokidar';
import type { Stats } from 'node:fs';

export interface FileWatch {
  /** Resolves once the initial scan is done: edits made before that may be missed. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export interface WatchFilesOptions {
  /** Files or folders to watch. */
  readonly paths: readonly string[];
  /** Which files count; folders are always walked. */
  readonly accept: (file: string) => boolean;
  /** Called once per burst of events, after `settleMs` of quiet, with the files that changed. */
  readonly onChange: (files: readonly string[]) => Promise<void> | void;
  readonly settleMs?: number;
  readonly depth?: number;
  readonly onError?: (error: unknown) => void;
}

/**
 * chokidar with a debounce: an editor's save, a `git checkout` or a formatter touching many files gives one call,
 * not one per file. Calls never overlap: changes arriving during a call are delivered in the next one.
 * `awaitWriteFinish` with a small threshold is not only about half-written files: without it chokidar drops a
 * second `change` of the same file within 50 ms (a save followed by a format-on-save), and the last state is lost.
 */
export function watchFiles(options: WatchFilesOptions): FileWatch {
  const settleMs = options.settleMs ?? 20;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const fire = () => {
    timer = undefined;
    if (running) return; // the running call schedules the next one when it ends
    const files = [...pending];
    pending.clear();
    running = Promise.resolve()
      .then(() => options.onChange(files))
      .catch((e: unknown) => options.onError?.(e))
      .finally(() => {
        running = undefined;
        if (pending.size > 0 && !closed) schedule();
      });
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(fire, settleMs);
  };

  const watcher: FSWatcher = watch([...options.paths], {
    ignoreInitial: true,
    depth: options.depth,
    awaitWriteFinish: { stabilityThreshold: 25, pollInterval: 10 },
    ignored: (path: string, stats?: Stats) => stats?.isFile() === true && !options.accept(path),
  });
  watcher.on('all', (event, path) => {
    // A removed or added folder (a whole api/<name>/) matters even though it is not a file we accept.
    const folder = event === 'addDir' || event === 'unlinkDir';
    if (closed || (!folder && !options.accept(path))) return;
    pending.add(path);
    schedule();
  });
  watcher.on('error', (e) => options.onError?.(e));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}
