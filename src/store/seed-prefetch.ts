import { resolve } from 'node:path';
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
 * then opens the file itself, and says what is wrong with it exactly as without the read ahead. A read ahead of the
 * same file started earlier (prefetchSeedEarly) is taken over; one of another file (or of none) is stopped.
 */
export function prefetchSeed(file: string): SeedReadAhead;
export function prefetchSeed(file: string | undefined): SeedReadAhead | undefined;
export function prefetchSeed(file: string | undefined): SeedReadAhead | undefined {
  const started = early;
  early = undefined;
  if (started && file !== undefined && resolve(started.file) === resolve(file)) {
    started.hold(file);
    return started;
  }
  started?.stop();
  return file === undefined ? undefined : new SeedReadAhead(file, true);
}

/**
 * Starts reading a seed before the command line is parsed (see cli/early-seed-read.ts): yargs and the command
 * modules load meanwhile. It does not keep the process alive until `prefetchSeed` takes it over.
 */
export function prefetchSeedEarly(file: string): void {
  early?.stop();
  early = new SeedReadAhead(file, false);
}

/** The read ahead prefetchSeedEarly started, until prefetchSeed takes it (module state: one command per process). */
let early: SeedReadAhead | undefined;

/**
 * The read ahead, handed out once: options that hold it live as long as the server, the seed's bytes only until
 * they are imported.
 */
export class SeedReadAhead {
  private pending: Promise<ReadSeed | undefined> | undefined;
  private worker: Worker | undefined;

  constructor(
    public file: string,
    held: boolean,
  ) {
    this.pending = new Promise((resolve) => {
      try {
        // No flags of the main thread's (`--input-type`, `--cpu-prof`, …): the thread only reads and scans a file.
        this.worker = new Worker(new URL('./seed-outline-worker.js', import.meta.url), { workerData: { file }, execArgv: [] });
      } catch {
        return resolve(undefined);
      }
      this.worker.once('message', (message: OutlineMessage | undefined) => resolve(message && readSeedOf(this.file, message)));
      this.worker.once('error', () => resolve(undefined));
      this.worker.once('exit', () => resolve(undefined));
      // after the listeners: adding a 'message' listener holds the process again
      if (!held) this.worker.unref();
    });
  }

  /** Keeps the process alive until the thread is done (the server waits for it); `file`: the path as serve names it. */
  hold(file: string): void {
    this.file = file;
    this.worker?.ref();
  }

  /** Stops the thread (its file is not the one served). */
  stop(): void {
    this.pending = undefined;
    void this.worker?.terminate();
  }

  take(): Promise<ReadSeed | undefined> {
    const pending = this.pending;
    this.pending = undefined;
    return pending ?? Promise.resolve(undefined);
  }
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
