// How far the read of a seed got, shared between the thread that reads it (seed-read-worker.ts) and the one that
// outlines it (seed-outline-worker.ts): [0] the bytes read from the start, [1] READING, READ_DONE or READ_FAILED.

export const READING = 0n;
export const READ_DONE = 1n;
export const READ_FAILED = 2n;

/** The shared bytes of a seed being read, and its progress record (two 64-bit slots). */
export interface ReadProgressBuffers {
  /** The seed in its first `size` bytes (a WebAssembly memory's may be longer, see json-check-wasm.ts). */
  readonly bytes: SharedArrayBuffer;
  readonly size: number;
  readonly progress: SharedArrayBuffer;
}

/** How long a read may make no progress before the outline gives up on it. */
const STALL_MS = 10_000;

export const newReadProgress = (): SharedArrayBuffer => new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT);

/**
 * The outline walked to bytes not read yet (a value larger than the margin it waits for), or the read failed: the
 * outline cannot be trusted and the main thread reads and outlines the file itself.
 */
export class UnreadBytes extends Error {
  constructor() {
    super('the seed was outlined ahead of its read');
  }
}

/**
 * Waits for bytes as the outline needs them: each value it walks (a document, a type's members) once `margin` bytes
 * past its start are read (or the whole file). A value that ends past what was read before its walk was walked over
 * bytes still zero, or changing: UnreadBytes then (see `covered`). JSON never holds a zero byte outside a string, so
 * a walk that meets one fails or runs on: it never ends early.
 */
export class ReadProgress {
  private readonly state: BigInt64Array;
  /** Bytes known read: only what `need` saw, so a walk is checked against what was read before it began. */
  private read = 0;

  constructor(
    progress: SharedArrayBuffer,
    private readonly size: number,
    private readonly margin: number,
  ) {
    this.state = new BigInt64Array(progress);
  }

  /**
   * Waits until the bytes up to `pos` plus the margin are read (or all of them); returns how many are. A read that
   * fails, or makes no progress for STALL_MS (its thread could not start, or died), is UnreadBytes: the main thread
   * reads the file itself then, rather than wait for ever.
   */
  need(pos: number): number {
    const want = Math.min(this.size, pos + this.margin);
    let since = Date.now();
    while (this.read < want) {
      const at = Atomics.load(this.state, 0);
      if (Number(at) > this.read) since = Date.now();
      this.read = Number(at);
      if (this.read >= want) break;
      if (Atomics.load(this.state, 1) === READ_FAILED || Date.now() - since > STALL_MS) throw new UnreadBytes();
      // a bounded wait: the reader's last word (failed) may come between the look above and the wait
      Atomics.wait(this.state, 0, at, 50);
    }
    return this.read;
  }

  /**
   * A value's end, walked after `need` returned `read`: UnreadBytes if the walk may have looked at a byte not read
   * before it began (a number's walk looks at the byte after it too).
   */
  covered(read: number, end: number): number {
    if (end >= read && read < this.size) throw new UnreadBytes();
    return end;
  }
}
