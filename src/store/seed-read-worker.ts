// The thread seed-prefetch.ts starts beside the outline thread: reads the seed into the shared bytes, piece by
// piece, and says how far it got after each piece (see ReadProgress), so the outline walks what is read while the
// rest is still coming from the disk. A seed not in the page cache reads at disk speed (866 MB: ~2 s here), about
// as long as the outline's walk of it: one after the other they added up, side by side the longer one counts.
import { workerData } from 'node:worker_threads';
import { READ_DONE, READ_FAILED, type ReadProgressBuffers } from './read-progress.js';
import { readInPieces } from './read-in-pieces.js';

/** Bytes read between two reports: large enough that a report costs nothing, small enough to start the walk early. */
const READ_PIECE = 4 * 1024 * 1024;

const { file, bytes, size, progress } = workerData as { file: string } & ReadProgressBuffers;
const state = new BigInt64Array(progress);
const view = Buffer.from(bytes, 0, size);

try {
  readInPieces(file, view, READ_PIECE, (read) => {
    Atomics.store(state, 0, BigInt(read));
    Atomics.notify(state, 0);
  });
  Atomics.store(state, 1, READ_DONE);
} catch {
  Atomics.store(state, 1, READ_FAILED);
} finally {
  Atomics.notify(state, 0);
}
