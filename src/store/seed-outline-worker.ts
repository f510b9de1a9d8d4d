// The thread seed-prefetch.ts starts: reads the seed into shared memory, posts the bytes with the members before
// "contentTypes" (they name the locales the model needs), then outlines the documents and streams their extents on
// its own port as it finds them, so the main thread imports while this one still outlines. Any failure posts
// "failed": the main thread then outlines the file itself and reports the problem with file and position.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { Slice } from './json-scanner.js';
import { outline } from './seed-outline.js';
import type { HeadMessage, StepMessage } from './seed-prefetch.js';

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

/** Extents as [start, end, start, end, …]: one transfer per chunk, no object per document. */
function extentsOf(slices: readonly Slice[]): Float64Array {
  const flat = new Float64Array(slices.length * 2);
  for (let i = 0; i < slices.length; i++) {
    flat[2 * i] = slices[i].start;
    flat[2 * i + 1] = slices[i].end;
  }
  return flat;
}

const { file, port, signal } = workerData as { file: string; port: MessagePort; signal: SharedArrayBuffer };
const posted = new Int32Array(signal);
/** A step for the main thread, which waits on `posted` (see PortStream.next). */
const send = (step: StepMessage, transfer: ArrayBuffer[] = []) => {
  port.postMessage(step, transfer);
  Atomics.add(posted, 0, 1);
  Atomics.notify(posted, 0);
};
let headSent = false;
try {
  const bytes = readShared(file);
  const { meta } = outline(Buffer.from(bytes), file, {
    head(members) {
      if (headSent) return;
      headSent = true;
      const message: HeadMessage = { kind: 'head', bytes, head: members };
      parentPort?.postMessage(message);
    },
    typeStart: (key, members) => send({ kind: 'type', key, members }),
    documents(key, slices) {
      const extents = extentsOf(slices);
      send({ kind: 'documents', key, extents }, [extents.buffer as ArrayBuffer]);
    },
    typeEnd: (key, members) => send({ kind: 'type-end', key, members }),
  });
  if (!headSent) throw new Error('no "contentTypes"');
  send({ kind: 'done', meta });
} catch {
  if (headSent) send({ kind: 'failed' });
  else parentPort?.postMessage({ kind: 'failed' });
}
