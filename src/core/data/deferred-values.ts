import type { Attribute, ContentType } from '../model/types.js';
import type { Row } from './types.js';

/**
 * Whether the import may build an attribute's value after start-up (see DeferredValues): the values no plain read
 * shows unless asked (components, dynamic zones) and the heavy scalars a plain read shows as they are (json, blocks).
 * Together they are over half of what a large seed's rows hold, and of the start-up's work.
 */
export const isDeferrable = (a: Attribute): boolean =>
  a.kind === 'component' || a.kind === 'dynamiczone' || (a.kind === 'scalar' && (a.type === 'json' || a.type === 'blocks'));

/** The deferrable attributes' names of a type (what a query must not name to be answered before they are built). */
export const deferrableNames = (type: ContentType): string[] => [...type.attributes.values()].filter(isDeferrable).map((a) => a.name);

/** One chunk of rows whose deferred values wait as text (read(i): the members of row i's text, parsed). */
interface Chunk {
  readonly type: ContentType;
  readonly rows: readonly Row[];
  readonly read: (i: number) => Record<string, unknown>;
  /** 1 once row i is built. */
  readonly built: Uint8Array;
  /** Rows of the chunk not built yet. */
  left: number;
  /** Rows before it are built (in order; a row built on its own may lie past it). */
  cursor: number;
}

/** Chunk index and row index in one number (no object per row). */
const SPAN = 2 ** 21;

/**
 * The values of imported rows that wait as text until something needs them: a seed's components, dynamic zones,
 * json and blocks, kept by the import as the read-ahead thread set them apart (see shrink-snapshot.ts). Building
 * them is the import's own conversion, run later: row by row (the rows a read shows or its populate gathers), in
 * slices (while the import waits for the read-ahead thread, and while the server is idle after start-up), or all at
 * once (before anything else reads the store: a write, a filter or sort naming one, another route). Until then such
 * a row holds what an absent member gives (null, an empty list).
 */
export class DeferredValues {
  private readonly chunks: Chunk[] = [];
  private readonly where = new Map<Row, number>();
  /** The first chunk that may hold a row not built yet. */
  private next = 0;
  private left = 0;
  private settled = false;
  /** No more chunks come (the import is finished): once every row is built, `done` is told. */
  private sealed = false;

  /**
   * `build`: builds a row's deferred values from its text's members (the import's conversion); `done`: called once
   * every row is built (the import then adds what the values taught it: files). Both are let go then, and the import
   * with them (its maps of every row).
   */
  private hooks: { build: (type: ContentType, row: Row, members: Record<string, unknown>) => void; done: () => void } | undefined;

  constructor(build: (type: ContentType, row: Row, members: Record<string, unknown>) => void, done: () => void) {
    this.hooks = { build, done };
  }

  /** Rows of one type whose deferred values wait as text; `read(i)` parses row i's. */
  add(type: ContentType, rows: readonly Row[], read: (i: number) => Record<string, unknown>): void {
    if (rows.length === 0) return;
    if (rows.length >= SPAN) throw new Error('content-mock: too many rows in one chunk of deferred values');
    const c = this.chunks.length;
    this.chunks.push({ type, rows, read, built: new Uint8Array(rows.length), left: rows.length, cursor: 0 });
    for (let i = 0; i < rows.length; i++) this.where.set(rows[i], c * SPAN + i);
    this.left += rows.length;
  }

  /** Whether some row still waits (or the import has not yet been told they are all built). */
  get pending(): boolean {
    return !this.settled;
  }

  /** The import is finished: no chunk is added any more. */
  seal(): void {
    this.sealed = true;
    this.finish();
  }

  /** Builds these rows' values, where they wait (the rows a read is about to show or gather). */
  rows(rows: readonly Row[]): void {
    if (this.left === 0) return;
    for (const row of rows) {
      const at = this.where.get(row);
      if (at !== undefined) this.one(Math.floor(at / SPAN), at % SPAN);
    }
    if (this.left === 0) this.finish();
  }

  /**
   * Builds rows in order until `stop()` says so (asked every few rows); returns whether some of the chunks added so
   * far still wait (the import builds while it waits for the next chunk, the server while it is idle).
   */
  step(stop: () => boolean): boolean {
    let n = 0;
    while (this.next < this.chunks.length) {
      const chunk = this.chunks[this.next];
      while (chunk.left > 0) {
        const i = chunk.cursor++;
        if (chunk.built[i] === 1) continue;
        this.one(this.next, i);
        if (++n % 32 === 0 && chunk.left > 0 && stop()) return true;
      }
      this.next++;
    }
    this.finish();
    return false;
  }

  /** Builds every row still waiting. */
  all(): void {
    this.step(() => false);
  }

  private one(c: number, i: number): void {
    const chunk = this.chunks[c];
    if (chunk.built[i] === 1) return;
    // marked first: a row whose text fails is not tried again (its values stay as an absent member's)
    chunk.built[i] = 1;
    chunk.left--;
    this.left--;
    this.hooks!.build(chunk.type, chunk.rows[i] as Row, chunk.read(i));
  }

  private finish(): void {
    if (this.settled || this.left > 0 || !this.sealed) return;
    this.settled = true;
    this.chunks.length = 0;
    this.where.clear();
    const { done } = this.hooks!;
    this.hooks = undefined;
    done();
  }
}
