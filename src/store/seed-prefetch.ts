import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { ReadSeed } from './read-seed-file.js';
import { slicesOf, type Outline, type OutlineStep, type OutlineStream } from './seed-outline.js';
import type { ShrinkPlan } from './shrink-snapshot.js';
import { newReadProgress } from './read-progress.js';
import { seedBytes } from './json-check-wasm.js';

/** The outline thread's first message: the bytes it read (shared, not copied) and the members before "contentTypes". */
export interface HeadMessage {
  readonly kind: 'head';
  /** The seed in its first `size` bytes (see ReadProgressBuffers). */
  readonly bytes: SharedArrayBuffer;
  readonly size: number;
  readonly head: Record<string, unknown>;
}

/**
 * An outline step as posted: a chunk of documents' extents as [start, end, start, end, …], with the same documents
 * shrunk when the thread could (their bytes in a buffer of their own, transferred).
 */
export type StepMessage =
  | Exclude<OutlineStep, { kind: 'documents' }>
  | {
      readonly kind: 'documents';
      readonly key: string;
      readonly extents: Float64Array;
      readonly shrunk?: {
        readonly uid: string;
        readonly bytes: ArrayBuffer;
        readonly extents: Float64Array;
        readonly asides?: Uint32Array;
      };
    };

/**
 * Reads a seed file and finds where its documents lie on another thread, started before the server's modules load:
 * on a 10k-article seed both take a few hundred milliseconds, and they no longer queue behind each other. Resolves
 * to undefined if that fails in any way (a file that cannot be read, malformed JSON, no worker threads): the caller
 * then opens the file itself, and says what is wrong with it exactly as without the read ahead. A read ahead of the
 * same file started earlier (prefetchSeedEarly) is taken over; one of another file (or of none) is stopped.
 */
export function prefetchSeed(file: string, options?: ReadAheadOptions): SeedReadAhead;
export function prefetchSeed(file: string | undefined, options?: ReadAheadOptions): SeedReadAhead | undefined;
export function prefetchSeed(file: string | undefined, options: ReadAheadOptions = {}): SeedReadAhead | undefined {
  const started = early;
  early = undefined;
  if (
    started &&
    file !== undefined &&
    resolve(started.file) === resolve(file) &&
    options.shrink === undefined &&
    options.readThreadFrom === undefined
  ) {
    started.hold(file);
    return started;
  }
  started?.stop();
  return file === undefined ? undefined : new SeedReadAhead(file, true, options.shrink, options.readThreadFrom);
}

export interface ReadAheadOptions {
  /**
   * Whether the thread shrinks the snapshots to what the import reads (see shrink-snapshot.ts), on its own walk of
   * each document: its outline then costs about half as much again (100k articles: 1.3 → 2.0 s), and the main
   * thread's import a third less (100k: 4.1–4.2 → 2.9–3.0 s to the first answer; 10k: 0.67 → 0.55 s). On by default.
   */
  readonly shrink?: boolean;
  /** The size from which the seed is read on a thread of its own beside its outline (default SEPARATE_READ_BYTES). */
  readonly readThreadFrom?: number;
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

/** From this size on a seed is read on a thread of its own while it is outlined (see seed-read-worker.ts). */
const SEPARATE_READ_BYTES = 256 * 1024 * 1024;

/**
 * The read ahead, handed out once: options that hold it live as long as the server, the seed's bytes only until
 * they are imported.
 */
export class SeedReadAhead {
  private pending: Promise<{ message: HeadMessage; stream: PortStream } | undefined> | undefined;
  private worker: Worker | undefined;
  /** The thread reading the file while `worker` outlines what it has read (seed-read-worker.ts). */
  private reader: Worker | undefined;

  constructor(
    public file: string,
    held: boolean,
    shrink = true,
    readThreadFrom = SEPARATE_READ_BYTES,
  ) {
    this.pending = new Promise((resolve) => {
      const { port1, port2 } = new MessageChannel();
      const signal = new SharedArrayBuffer(8);
      try {
        // the bytes are shared by both threads and, once the head is posted, the main thread
        const size = statSync(file).size;
        const { bytes, memory } = seedBytes(size);
        const progress = newReadProgress();
        // A thread of its own reads a large seed while the outline walks it; a small one is read by the outline
        // thread first (a thread costs ~50 ms of CPU to start: 10k articles, 87 MB, started 45 ms later with one).
        const readHere = size < readThreadFrom;
        // No flags of the main thread's (`--input-type`, `--cpu-prof`, …): the threads only read and scan a file.
        if (!readHere) {
          this.reader = new Worker(new URL('./seed-read-worker.js', import.meta.url), {
            workerData: { file, bytes, size, progress },
            execArgv: [],
          });
          this.reader.unref();
        }
        this.worker = new Worker(new URL('./seed-outline-worker.js', import.meta.url), {
          workerData: { file, port: port2, signal, shrink, bytes, size, memory, progress, readHere },
          transferList: [port2],
          execArgv: [],
        });
      } catch {
        void this.reader?.terminate();
        return resolve(undefined);
      }
      this.worker.once('message', (message: HeadMessage | { kind: 'failed' }) =>
        resolve(message.kind === 'head' ? { message, stream: new PortStream(message.head, port1, signal) } : undefined),
      );
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
    void this.reader?.terminate();
  }

  take(): Promise<ReadSeed | undefined> {
    const pending = this.pending;
    this.pending = undefined;
    // read here, not when the head arrives: waiting for a whole outline must not hold the modules still loading
    return (pending ?? Promise.resolve(undefined)).then((head) => head && readSeedOf(this.file, head.message, head.stream));
  }
}

/**
 * The bytes with the streaming outline, when its head names the locales for sure (both "locales" and
 * "defaultLocale" come before "contentTypes", as `pull` and `seed` write them); else the whole outline, waited for.
 */
function readSeedOf(file: string, message: HeadMessage, stream: PortStream): ReadSeed | undefined {
  const bytes = Buffer.from(message.bytes, 0, message.size);
  const { head } = message;
  if (Array.isArray(head.locales) && 'defaultLocale' in head) return { file, bytes, outline: stream };
  const whole = wholeOutline(stream);
  return whole && { file, bytes, outline: whole };
}

/** Waits for the rest of a streaming outline; undefined if it failed. */
function wholeOutline(stream: OutlineStream): Outline | undefined {
  const documents = new Map<string, Float64Array[]>();
  stream.plan(null);
  for (;;) {
    const step = stream.next();
    if (step.kind === 'failed') return undefined;
    if (step.kind === 'done')
      return { meta: step.meta, documents: new Map([...documents].map(([key, chunks]) => [key, slicesOf(chunks)])) };
    if (step.kind === 'type') documents.set(step.key, []);
    if (step.kind === 'documents') documents.get(step.key)!.push(step.extents);
  }
}

/**
 * The main thread's end of the outline thread's port, read synchronously: the import is synchronous, and waits
 * (Atomics.wait, no CPU) only when it has caught up with the outline.
 */
class PortStream implements OutlineStream {
  private readonly posted: Int32Array;
  /** The last chunk's shrunk documents (see stepOf); valid until the next step is read. */
  private chunk = Buffer.alloc(0);

  constructor(
    readonly head: Record<string, unknown>,
    private readonly port: MessagePort,
    signal: SharedArrayBuffer,
  ) {
    this.posted = new Int32Array(signal);
  }

  plan(plan: ShrinkPlan | null): void {
    this.port.postMessage(plan);
    Atomics.add(this.posted, 1, 1);
    Atomics.notify(this.posted, 1);
  }

  next(): OutlineStep {
    for (;;) {
      const seen = Atomics.load(this.posted, 0);
      const received = receiveMessageOnPort(this.port);
      if (received) return this.stepOf(received.message as StepMessage);
      Atomics.wait(this.posted, 0, seen);
    }
  }

  poll(): OutlineStep | undefined {
    const received = receiveMessageOnPort(this.port);
    return received ? this.stepOf(received.message as StepMessage) : undefined;
  }

  private stepOf(message: StepMessage): OutlineStep {
    if (message.kind === 'done' || message.kind === 'failed') this.port.close();
    if (message.kind !== 'documents') return message;
    const { extents, shrunk } = message;
    if (!shrunk) return { kind: 'documents', key: message.key, extents };
    // The chunk is copied into one buffer kept for every chunk (each is imported before the next is read), so the
    // posted buffer dies at once. Kept until imported, a posted buffer outlived a young collection or two and was
    // promoted, and what promoted buffers held (about 350 MB at 100k articles, freed only by a full collection)
    // soon started one for "external memory pressure": at 100k, a 260–300 ms pause at 410 MB (--trace-gc).
    const size = shrunk.bytes.byteLength;
    if (this.chunk.length < size) this.chunk = Buffer.allocUnsafeSlow(Math.max(size, 2 * this.chunk.length));
    this.chunk.set(new Uint8Array(shrunk.bytes), 0);
    return { kind: 'documents', key: message.key, extents, shrunk: { ...shrunk, bytes: this.chunk.subarray(0, size) } };
  }
}
