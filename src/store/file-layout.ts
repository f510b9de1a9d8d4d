import { ContentHash } from './content-hash.js';
import type { FileHandle } from 'node:fs/promises';
import type { Row } from '../core/data/types.js';
import { writeAll } from './journal.js';

// Where each row's text lies in the store file on disk, so a rewrite copies the bytes of rows that did not change
// instead of serializing them again: its cost then follows the change (plus a copy of the file), not the store.
// A row's place is forgotten as soon as a change touches it (or removes it); rows without one are serialized.
// The old file is read whole while copying and must hash to what the layout was made for: a file replaced or edited
// behind the server's back is never copied from (the rewrite then serializes everything).

/** A span packed in one number: start × 2^21 + length (rows up to 2 MB, files up to 2^32 bytes). */
const LENGTH_BITS = 2 ** 21;
const MAX_START = 2 ** 32;

export function packSpan(start: number, end: number): number | undefined {
  const length = end - start;
  return length > 0 && length < LENGTH_BITS && start < MAX_START ? start * LENGTH_BITS + length : undefined;
}

export function spanOf(packed: number): { start: number; end: number } {
  const length = packed % LENGTH_BITS;
  const start = (packed - length) / LENGTH_BITS;
  return { start, end: start + length };
}

/** The rows of one store file (known by its content hash and size) and where each one's text lies in it. */
export interface FileLayout {
  readonly hash: string;
  readonly size: number;
  readonly spans: Map<Row, number>;
}

export class LayoutMismatch extends Error {}

/** Bytes of the file a layout describes, read front to back once (hashed on the way) and copied out in order. */
export class SourceReader {
  private readonly block = Buffer.allocUnsafe(1 << 20);
  private blockStart = 0;
  private blockEnd = 0;
  private readonly hash = new ContentHash();

  constructor(
    private readonly handle: FileHandle,
    private readonly layout: FileLayout,
  ) {}

  /** Where the next copy may start: copies go front to back. */
  get position(): number {
    return this.blockStart;
  }

  private async next(): Promise<void> {
    this.blockStart = this.blockEnd;
    const { bytesRead } = await this.handle.read(this.block, 0, this.block.length, this.blockStart);
    if (bytesRead === 0) throw new LayoutMismatch('the store file is shorter than when it was written');
    this.hash.update(this.block.subarray(0, bytesRead));
    this.blockEnd = this.blockStart + bytesRead;
  }

  /** Copies bytes [from, to) of the file to `out`. */
  async copy(out: OutputFile, from: number, to: number): Promise<void> {
    while (from < to) {
      while (from >= this.blockEnd) await this.next();
      if (from < this.blockStart) throw new LayoutMismatch('copies out of order');
      const upTo = Math.min(to, this.blockEnd);
      const pending = out.bytes(this.block.subarray(from - this.blockStart, upTo - this.blockStart));
      if (pending) await pending;
      from = upTo;
    }
  }

  /** Reads the rest of the file; throws unless it is the file the layout was made for. */
  async finish(): Promise<void> {
    while (this.blockEnd < this.layout.size) await this.next();
    const { bytesRead } = await this.handle.read(this.block, 0, 1, this.blockEnd);
    if (bytesRead !== 0 || this.hash.digest() !== this.layout.hash) throw new LayoutMismatch('the store file changed on disk');
  }
}

/** The file being written: bytes gathered into pieces of about 1 MB, hashed, and counted (offsets of rows). */
export class OutputFile {
  private readonly buffer = Buffer.allocUnsafe(1 << 20);
  private used = 0;
  /** Bytes written so far (including those still in the buffer). */
  offset = 0;
  readonly hash = new ContentHash();

  constructor(private readonly handle: FileHandle) {}

  /** Adds text; returns a promise only when the buffer had to be written out. `offset` counts it at once. */
  text(text: string): Promise<void> | undefined {
    // a character takes at most 3 UTF-8 bytes per UTF-16 unit
    if (text.length * 3 <= this.buffer.length - this.used) {
      const n = this.buffer.write(text, this.used, 'utf8');
      this.used += n;
      this.offset += n;
      return this.used > this.buffer.length - 4096 ? this.flush() : undefined;
    }
    return this.bytes(Buffer.from(text, 'utf8'));
  }

  /** Adds bytes (copied before it returns); a promise only when the buffer had to be written out. */
  bytes(bytes: Buffer): Promise<void> | undefined {
    this.offset += bytes.length;
    if (bytes.length <= this.buffer.length - this.used) {
      bytes.copy(this.buffer, this.used);
      this.used += bytes.length;
      return this.used > this.buffer.length - 4096 ? this.flush() : undefined;
    }
    const copy = Buffer.from(bytes);
    return this.flush().then(async () => {
      if (copy.length <= this.buffer.length) {
        copy.copy(this.buffer, 0);
        this.used = copy.length;
      } else {
        this.hash.update(copy);
        await writeAll(this.handle, copy);
      }
    });
  }

  async flush(): Promise<void> {
    if (this.used === 0) return;
    const piece = this.buffer.subarray(0, this.used);
    this.hash.update(piece);
    await writeAll(this.handle, piece);
    this.used = 0;
  }
}
