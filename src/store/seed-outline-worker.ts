// The thread seed-prefetch.ts starts to outline a seed: it reads a small seed itself first, a large one is read into
// shared memory beside it (seed-read-worker.ts). It
// posts the bytes with the members before "contentTypes" (they name the locales the model needs) as soon as the
// first bytes read hold them, then outlines the documents as they are read (see ReadProgress) and streams their
// extents on its own port as it finds them, so the main thread imports while this one still outlines. Where it
// shrinks snapshots (workerData.shrink, see ReadAheadOptions), the main thread's first word on that port is the plan
// to shrink them by (or null): the outline waits a while for it before the first documents, then shrinks each
// document on its own walk of it, which finds where it ends (see shrink-snapshot.ts). Any failure posts "failed":
// the main thread then reads and outlines the file itself, and reports a problem with file and position.
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { valueEnd, type Slice, type ValueEnd } from './json-scanner.js';
import { outline, outlineHead } from './seed-outline.js';
import type { HeadMessage, StepMessage } from './seed-prefetch.js';
import { SnapshotShrinker, type ShrinkPlan } from './shrink-snapshot.js';
import { wasmCheckedEnd } from './json-check-wasm.js';
import { ReadProgress, type ReadProgressBuffers } from './read-progress.js';
import { readInPieces } from './read-in-pieces.js';

/**
 * How far past a value's start the read must be before the value is walked: documents are far smaller, so the walk
 * follows the read closely. A larger value (or the head, when the file's first bytes do not hold it) fails the walk
 * (UnreadBytes), and the main thread reads and outlines the file itself.
 */
const READ_MARGIN = 8 * 1024 * 1024;
/** How long the outline waits for the main thread's plan (before the documents, then once done) before going on without. */
const PLAN_WAIT_MS = 2000;
/** Documents walked, while no plan has come, between two looks at the port for one. */
const CHUNK_POLL = 256;

const { file, port, signal, shrink, bytes, size, memory, progress, readHere } = workerData as {
  file: string;
  port: MessagePort;
  signal: SharedArrayBuffer;
  shrink: boolean;
  /** The WebAssembly memory `bytes` belong to, if they do (see json-check-wasm.ts). */
  memory?: WebAssembly.Memory;
  /** A seed too small to pay for a reading thread: read here, whole, before its walk (see seed-prefetch.ts). */
  readHere: boolean;
} & ReadProgressBuffers;

/** Bytes read at a time when this thread reads the seed itself. */
const READ_PIECE = 16 * 1024 * 1024;
/**
 * [0]: steps posted (the main thread waits on it, see PortStream.next); [1]: plans posted (this thread waits on it).
 */
const posted = new Int32Array(signal);
let headSent = false;

/** Posts the bytes with the head to the main thread (once). */
function sendHead(head: Record<string, unknown>): void {
  if (headSent) return;
  headSent = true;
  const message: HeadMessage = { kind: 'head', bytes, size, head };
  parentPort?.postMessage(message);
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

/** A step for the main thread, which waits on `posted` (see PortStream.next). */
const send = (step: StepMessage, transfer: ArrayBuffer[] = []) => {
  port.postMessage(step, transfer);
  Atomics.add(posted, 0, 1);
  Atomics.notify(posted, 0);
};

type Held =
  | { kind: 'type' | 'type-end'; key: string; members: Record<string, unknown> }
  | {
      kind: 'documents';
      key: string;
      slices: Slice[];
      shrunk?: { uid: string; bytes: Buffer; extents: Float64Array; asides?: Uint32Array };
    };

/**
 * The steps of the outline, held until the main thread's plan says how to post them, and the shrinking of each
 * document on the outline's own walk of it (SnapshotShrinker.document): shrinking then costs this thread about half
 * of what its outline does, and saves the main thread about a third of its import (see ReadAheadOptions.shrink).
 */
class Steps {
  /** The main thread's plan; null (not to shrink) from the start when told so. */
  private plan: ShrinkPlan | null | undefined = shrink ? undefined : null;
  private shrinker: SnapshotShrinker | undefined;
  private held: Held[] = [];
  /** The type whose documents are walked, until the shrinker knows it (see startShrinking). */
  private pending: { key: string; members: Record<string, unknown> } | undefined;
  /** The uid its documents are shrunk as, while they are. */
  private shrinking: string | undefined;
  /** Documents walked since the port was last looked at for a plan. */
  private sincePoll = 0;
  private planDeadline: number | undefined;

  add(step: Held): void {
    if (this.plan === undefined) this.poll();
    if (this.plan === undefined) this.held.push(step);
    else this.post(step);
  }

  /**
   * How the outline walks a type's documents: shrinking each as it goes once a plan says how. The main thread sends
   * its plan as its import starts, so a plan not yet come is waited for a while (nothing is posted before it).
   */
  walker(key: string, members: Record<string, unknown>): ValueEnd | undefined {
    this.shrinking = undefined;
    if (this.plan === null) return undefined;
    this.pending = { key, members };
    if (this.plan === undefined) this.waitForPlan();
    this.startShrinking();
    return this.walk;
  }

  private readonly walk: ValueEnd = (buf, start) => {
    if (this.shrinking !== undefined) return this.shrinker!.document(buf, start);
    if (this.plan === undefined && ++this.sincePoll >= CHUNK_POLL) {
      this.sincePoll = 0;
      this.poll();
      this.startShrinking();
    }
    return valueEnd(buf, start);
  };

  private startShrinking(): void {
    if (!this.shrinker || !this.pending) return;
    const { key, members } = this.pending;
    this.pending = undefined;
    this.shrinking = this.shrinker.typeOf(key, members);
    if (this.shrinking !== undefined) this.shrinker.begin(this.shrinking);
  }

  /** A chunk of documents found, with their shrunk copies when the walk shrank exactly these. */
  documents(key: string, slices: Slice[]): void {
    const uid = this.shrinking;
    const shrunk = uid === undefined ? undefined : this.shrinker!.take(slices);
    this.add({ kind: 'documents', key, slices, shrunk: uid === undefined || !shrunk ? undefined : { uid, ...shrunk } });
  }

  typeEnd(key: string, members: Record<string, unknown>): void {
    this.shrinking = undefined;
    this.pending = undefined;
    this.add({ kind: 'type-end', key, members });
  }

  /** The outline is done: waits a while for a plan not yet come, then posts what is held. */
  finish(): void {
    this.waitForPlan();
    if (this.plan === undefined) this.take(null);
  }

  /** Waits for the plan until PLAN_WAIT_MS after the first wait (a thread never waits longer for it in all). */
  private waitForPlan(): void {
    const deadline = (this.planDeadline ??= Date.now() + PLAN_WAIT_MS);
    while (this.plan === undefined && Date.now() < deadline) {
      const seen = Atomics.load(posted, 1);
      this.poll();
      if (this.plan === undefined) Atomics.wait(posted, 1, seen, Math.max(1, deadline - Date.now()));
    }
  }

  private poll(): void {
    const received = receiveMessageOnPort(port);
    if (received) this.take(received.message as ShrinkPlan | null);
  }

  private take(plan: ShrinkPlan | null): void {
    this.plan = plan;
    // members set aside are posted as offsets in a Uint32Array
    this.shrinker = plan ? new SnapshotShrinker(plan, size < 2 ** 32, (memory && wasmCheckedEnd(memory, size)) || undefined) : undefined;
    const held = this.held;
    this.held = [];
    for (const step of held) this.post(step);
  }

  private post(step: Held): void {
    if (step.kind !== 'documents') return send(step);
    const extents = extentsOf(step.slices);
    const { shrunk } = step;
    if (!shrunk) return send({ kind: 'documents', key: step.key, extents }, [extents.buffer as ArrayBuffer]);
    const message = { uid: shrunk.uid, bytes: shrunk.bytes.buffer as ArrayBuffer, extents: shrunk.extents, asides: shrunk.asides };
    send({ kind: 'documents', key: step.key, extents, shrunk: message }, [
      extents.buffer as ArrayBuffer,
      shrunk.extents.buffer as ArrayBuffer,
      shrunk.bytes.buffer as ArrayBuffer,
      ...(shrunk.asides ? [shrunk.asides.buffer as ArrayBuffer] : []),
    ]);
  }
}

try {
  const buf = Buffer.from(bytes, 0, size);
  let read: ReadProgress | undefined;
  if (readHere)
    // the head as soon as the first piece holds it (the model is read meanwhile)
    readInPieces(file, buf, READ_PIECE, (at) => {
      if (at > READ_PIECE || at === buf.length) return;
      const head = outlineHead(buf.subarray(0, at));
      if (head) sendHead(head);
    });
  else {
    read = new ReadProgress(progress, buf.length, READ_MARGIN);
    // the head as soon as the first bytes are read (the model is read meanwhile); else when the outline reaches it
    const head = outlineHead(buf.subarray(0, read.need(0)));
    if (head) sendHead(head);
  }
  const steps = new Steps();
  const { meta } = outline(
    buf,
    file,
    {
      head: (members) => sendHead(members),
      typeStart: (key, members) => steps.add({ kind: 'type', key, members }),
      walker: (key, members) => steps.walker(key, members),
      documents: (key, slices) => steps.documents(key, slices),
      typeEnd: (key, members) => steps.typeEnd(key, members),
    },
    read,
  );
  if (!headSent) throw new Error('no "contentTypes"');
  steps.finish();
  send({ kind: 'done', meta });
} catch {
  if (headSent) send({ kind: 'failed' });
  else parentPort?.postMessage({ kind: 'failed' });
}
