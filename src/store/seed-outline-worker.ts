// The thread seed-prefetch.ts starts: reads the seed into shared memory, posts the bytes with the members before
// "contentTypes" (they name the locales the model needs) as soon as the first piece read holds them, then outlines
// the documents and streams their extents on its own port as it finds them, so the main thread imports while this
// one still outlines. Where it shrinks snapshots (workerData.shrink, see ReadAheadOptions), the main thread's first
// word on that port is the plan to shrink them by (or null): the documents are held until it comes, then a chunk is
// shrunk here before it is posted while the main thread has others to import (see shrink-snapshot.ts).
// Any failure posts "failed": the main thread then outlines the file itself and reports the problem with file and
// position.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import type { Slice } from './json-scanner.js';
import { outline, outlineHead } from './seed-outline.js';
import type { HeadMessage, StepMessage } from './seed-prefetch.js';
import { SnapshotShrinker, type ShrinkPlan } from './shrink-snapshot.js';

const READ_PIECE = 16 * 1024 * 1024;
/** How long the outline, once done, waits for the main thread's plan before it posts its documents as they are. */
const PLAN_WAIT_MS = 2000;
/** Chunks of documents posted and not yet taken by the main thread, at least, before one is shrunk. */
const CHUNKS_AHEAD = 2;

const { file, port, signal, shrink } = workerData as { file: string; port: MessagePort; signal: SharedArrayBuffer; shrink: boolean };
/**
 * [0]: steps posted (the main thread waits on it, see PortStream.next); [1]: plans posted (this thread waits on it);
 * [2]: chunks of documents the main thread has taken.
 */
const posted = new Int32Array(signal);
let headSent = false;

/** Posts the bytes with the head to the main thread (once). */
function sendHead(bytes: SharedArrayBuffer, head: Record<string, unknown>): void {
  if (headSent) return;
  headSent = true;
  const message: HeadMessage = { kind: 'head', bytes, head };
  parentPort?.postMessage(message);
}

function readShared(): SharedArrayBuffer {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const shared = new SharedArrayBuffer(size);
    const view = Buffer.from(shared);
    // In pieces: a thread stopped (the command did not want the seed after all) stops between two of them, not after
    // reading a whole large file. The head goes as soon as it is read: the model is read meanwhile.
    for (let at = 0; at < size;) {
      const n = readSync(fd, view, at, Math.min(size - at, READ_PIECE), at);
      if (n === 0) throw new Error(`${file}: shorter than its size`);
      at += n;
      // once, on the first piece: a head larger than that waits for the whole file, as before
      if (at === n && at < size) {
        const head = outlineHead(view.subarray(0, at));
        if (head) sendHead(shared, head);
      }
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

/** A step for the main thread, which waits on `posted` (see PortStream.next). */
const send = (step: StepMessage, transfer: ArrayBuffer[] = []) => {
  port.postMessage(step, transfer);
  Atomics.add(posted, 0, 1);
  Atomics.notify(posted, 0);
};

type Held =
  { kind: 'type' | 'type-end'; key: string; members: Record<string, unknown> } | { kind: 'documents'; key: string; slices: Slice[] };

/** The steps of the outline, held until the main thread's plan says how to post them. */
class Steps {
  /** The main thread's plan; null (not to shrink) from the start when this machine has no core to spare for it. */
  private plan: ShrinkPlan | null | undefined = shrink ? undefined : null;
  private shrinker: SnapshotShrinker | undefined;
  private held: Held[] = [];
  /** The type whose documents come next, as the shrinker names it. */
  private uid: string | undefined;
  /** Chunks of documents posted. */
  private chunks = 0;

  constructor(private readonly buf: Buffer) {}

  add(step: Held): void {
    if (this.plan === undefined) this.poll();
    if (this.plan === undefined) this.held.push(step);
    else this.post(step);
  }

  /** The outline is done: waits a while for a plan not yet come, then posts what is held. */
  finish(): void {
    const deadline = Date.now() + PLAN_WAIT_MS;
    while (this.plan === undefined && Date.now() < deadline) {
      const seen = Atomics.load(posted, 1);
      this.poll();
      if (this.plan === undefined) Atomics.wait(posted, 1, seen, Math.max(1, deadline - Date.now()));
    }
    if (this.plan === undefined) this.take(null);
  }

  private poll(): void {
    const received = receiveMessageOnPort(port);
    if (received) this.take(received.message as ShrinkPlan | null);
  }

  private take(plan: ShrinkPlan | null): void {
    this.plan = plan;
    this.shrinker = plan ? new SnapshotShrinker(plan) : undefined;
    const held = this.held;
    this.held = [];
    for (const step of held) this.post(step);
  }

  private post(step: Held): void {
    if (step.kind === 'type') this.uid = this.shrinker?.typeOf(step.key, step.members);
    if (step.kind !== 'documents') return send(step);
    const extents = extentsOf(step.slices);
    // Shrinking costs this thread more than it saves the main one: a chunk is shrunk only while the main thread has
    // others to import meanwhile, so it never waits for one.
    const ahead = this.chunks++ - Atomics.load(posted, 2);
    if (!this.shrinker || this.uid === undefined || ahead < CHUNKS_AHEAD) {
      return send({ kind: 'documents', key: step.key, extents }, [extents.buffer as ArrayBuffer]);
    }
    const shrunk = this.shrinker.shrink(this.buf, step.slices, this.uid);
    const message = { uid: this.uid, bytes: shrunk.bytes.buffer as ArrayBuffer, extents: shrunk.extents };
    send({ kind: 'documents', key: step.key, extents, shrunk: message }, [
      extents.buffer as ArrayBuffer,
      shrunk.extents.buffer as ArrayBuffer,
      shrunk.bytes.buffer as ArrayBuffer,
    ]);
  }
}

try {
  const bytes = readShared();
  const buf = Buffer.from(bytes);
  const steps = new Steps(buf);
  const { meta } = outline(buf, file, {
    head: (members) => sendHead(bytes, members),
    typeStart: (key, members) => steps.add({ kind: 'type', key, members }),
    documents: (key, slices) => steps.add({ kind: 'documents', key, slices }),
    typeEnd: (key, members) => steps.add({ kind: 'type-end', key, members }),
  });
  if (!headSent) throw new Error('no "contentTypes"');
  steps.finish();
  send({ kind: 'done', meta });
} catch {
  if (headSent) send({ kind: 'failed' });
  else parentPort?.postMessage({ kind: 'failed' });
}
