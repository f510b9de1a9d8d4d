// The thread store-prefetch.ts starts: reads each file through once, a piece at a time into one buffer, so the
// store's read on the main thread finds it in the page cache. Every error is ignored (the store reports its own).
import { closeSync, openSync, readSync } from 'node:fs';
import { workerData } from 'node:worker_threads';

const PIECE = 16 * 1024 * 1024;
const { files } = workerData as { files: string[] };
const piece = Buffer.allocUnsafe(PIECE);
for (const file of files) {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    while (readSync(fd, piece, 0, PIECE, null) > 0);
  } catch {
    // not there (a first start) or not readable: the store says so
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
