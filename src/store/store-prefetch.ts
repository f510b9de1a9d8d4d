import { Worker } from 'node:worker_threads';

/**
 * Reads a store file and its journal once on another thread, started before the server's modules load
 * (cli/early-seed-read.ts): the store's own read (read-store-file.ts) goes a window at a time on the main thread,
 * parsing as it goes, and would otherwise wait for the disk at each window of a store not yet in the page cache.
 * Only the page cache is filled (no bytes are handed over: the store keeps at most a window in memory); a file that
 * does not exist or cannot be read is left to the store, which says what is wrong. The thread never holds the
 * process: a server that stops early stops it.
 */
export function prefetchStoreFiles(files: readonly string[]): void {
  try {
    const worker = new Worker(new URL('./store-prefetch-worker.js', import.meta.url), { workerData: { files }, execArgv: [] });
    worker.on('error', () => {});
    worker.unref();
  } catch {
    // no worker threads: the store reads its file itself, as it always does
  }
}
