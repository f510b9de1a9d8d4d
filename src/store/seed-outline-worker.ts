// The thread seed-prefetch.ts starts: reads the seed into shared memory and outlines it, then posts both back. Any
// failure posts nothing: the main thread then opens the file itself and reports the problem with file and position.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { outline } from './read-seed-file.js';
import type { OutlineMessage } from './seed-prefetch.js';

const READ_PIECE = 16 * 1024 * 1024;

function readShared(file: string): SharedArrayBuffer {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const shared = new SharedArrayBuffer(size);
    const view = Buffer.from(shared);
    // In pieces: a thread stopped (the command did not want the seed after all) stops between two of them, not after
    // reading a whole large file.
    for (let at = 0; at < size;) {
      const n = readSync(fd, view, at, Math.min(size - at, READ_PIECE), at);
      if (n === 0) throw new Error(`${file}: shorter than its size`);
      at += n;
    }
    return shared;
  } finally {
    closeSync(fd);
  }
}

const { file } = workerData as { file: string };
const bytes = readShared(file);
const { meta, documents } = outline(Buffer.from(bytes), file);
const extents: [string, Float64Array][] = [...documents].map(([key, slices]) => {
  const flat = new Float64Array(slices.length * 2);
  slices.forEach((s, i) => {
    flat[2 * i] = s.start;
    flat[2 * i + 1] = s.end;
  });
  return [key, flat];
});
const message: OutlineMessage = { bytes, meta, documents: extents };
parentPort?.postMessage(
  message,
  extents.map(([, flat]) => flat.buffer as ArrayBuffer),
);
