import { Worker } from 'node:worker_threads';
import type { Dataset } from '../core/data/import-dataset.js';
import type { Slice } from './json-scanner.js';
import type { ReadSeed } from './read-seed-file.js';

/** What the outline thread posts back: the bytes it read (shared, not copied) and the documents' extents. */
export interface OutlineMessage {
  readonly bytes: SharedArrayBuffer;
  readonly meta: Dataset;
  /** Per content-type key, the documents' extents as [start, end, start, end, …] (one transfer, no object each). */
  readonly documents: [string, Float64Array][];
}

/**
 * Reads a seed file and finds where its documents lie on another thread, started before the server's modules load:
 * on a 10k-article seed both take a few hundred milliseconds, and they no longer queue behind each other. Resolves
 * to undefined if that fails in any way (a file that cannot be read, malformed JSON, no worker threads): the caller
 * then opens the file itself, and says what is wrong with it exactly as without the read ahead.
 */
export function prefetchSeed(file: string): SeedReadAhead {
  return new SeedReadAhead(readAhead(file));
}

/**
 * The read ahead, handed out once: options that hold it live as long as the server, the seed's bytes only until
 * they are imported.
 */
export class SeedReadAhead {
  constructor(private pending: Promise<ReadSeed | undefined> | undefined) {}

  take(): Promise<ReadSeed | undefined> {
    const pending = this.pending;
    this.pending = undefined;
    return pending ?? Promise.resolve(undefined);
  }
}

function readAhead(file: string): Promise<ReadSeed | undefined> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      // No flags of the main thread's (`--input-type`, `--cpu-prof`, …): the thread only reads and scans a file.
      worker = new Worker(new URL('./seed-outline-worker.js', import.meta.url), { workerData: { file }, execArgv: [] });
    } catch {
      return resolve(undefined);
    }
    worker.once('message', (message: OutlineMessage | undefined) => resolve(message && readSeedOf(file, message)));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
}

function readSeedOf(file: string, message: OutlineMessage): ReadSeed {
  const documents = new Map<string, Slice[]>();
  for (const [key, extents] of message.documents) {
    const slices: Slice[] = new Array<Slice>(extents.length / 2);
    for (let i = 0; i < slices.length; i++) slices[i] = { start: extents[2 * i], end: extents[2 * i + 1] };
    documents.set(key, slices);
  }
  return { file, bytes: Buffer.from(message.bytes), outline: { meta: message.meta, documents } };
}
