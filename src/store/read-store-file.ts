import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { Row, StoreData } from '../core/data/types.js';
import { packSpan, type FileLayout } from './file-layout.js';
import { ContentHash } from './content-hash.js';
import { fileIdentity, isStoreData } from './store-file.js';

// Reads a store file in the layout content-mock writes (`JSON.stringify(data, null, 1)`) a window at a time: rows are
// found by their separators (native searches) and parsed one by one, the file is hashed on the way, and where each
// row lies is kept (so the next rewrite copies the rows that did not change). At most a window and the part after
// the tables (media, locales, counters) are held as bytes, never the whole file: a 600 MB store does not need 600 MB
// of buffer beside its rows. Anything else (another layout, invalid JSON) answers undefined: the caller then reads
// the file whole, with the general parser and its error messages.

const WINDOW = 16 * 1024 * 1024;
const HEAD = Buffer.from('{\n "format": "content-mock-store/1",\n "types": {');
const ROW_SEPARATOR = Buffer.from('\n   },\n   {');
const LAST_ROW_END = Buffer.from('\n   }\n  ]');
const TABLE_START = Buffer.from('\n  "');

export interface StoreFileContents {
  readonly data: StoreData;
  readonly layout: FileLayout;
  readonly hash: string;
  /** Inode, size and time of the file read (see fileIdentity). */
  readonly identity: string;
}

class Unexpected extends Error {}

class Window {
  /** The bytes read and kept, from file offset `start`: a view of `storage`. */
  buf: Buffer = Buffer.alloc(0);
  start = 0;
  eof = false;
  private readonly hash = new ContentHash();
  /** One buffer for the whole read (kept bytes move to its front): no allocation per window, so no GC pressure. */
  private storage: Buffer;

  constructor(
    private readonly fd: number,
    private readonly size: number,
  ) {
    this.storage = Buffer.allocUnsafe(2 * size);
  }

  /** Drops the bytes before file offset `from` and reads more; false at the end of the file. */
  more(from: number): boolean {
    if (this.eof) return false;
    const keep = this.buf.length - (from - this.start);
    if (keep + this.size > this.storage.length) {
      // a row longer than a window
      const larger = Buffer.allocUnsafe(2 * (keep + this.size));
      this.buf.copy(larger, 0, from - this.start);
      this.storage = larger;
    } else this.storage.copyWithin(0, from - this.start, this.buf.length);
    const n = readSync(this.fd, this.storage, keep, this.size, null);
    if (n === 0) this.eof = true;
    this.hash.update(this.storage.subarray(keep, keep + n));
    this.buf = this.storage.subarray(0, keep + n);
    this.start = from;
    return n > 0;
  }

  /** The byte at file offset `at`, reading on as needed (undefined past the end). */
  byte(at: number): number | undefined {
    while (at - this.start >= this.buf.length) if (!this.more(Math.min(at, this.start + this.buf.length))) return undefined;
    return this.buf[at - this.start];
  }

  /** Whether the bytes at `at` are `pattern`. */
  startsWith(at: number, pattern: Buffer): boolean {
    while (at + pattern.length - this.start > this.buf.length) if (!this.more(Math.min(at, this.start + this.buf.length))) return false;
    const local = at - this.start;
    return this.buf.compare(pattern, 0, pattern.length, local, local + pattern.length) === 0;
  }

  /** File offset of the first `pattern` at or after `at` (reading on as needed), or -1. */
  find(at: number, pattern: Buffer): number {
    let from = at;
    for (;;) {
      const local = this.buf.indexOf(pattern, Math.max(0, from - this.start));
      if (local >= 0) return this.start + local;
      // not in what is read: keep the bytes from `at` (a match may straddle the end) and read on
      from = Math.max(at, this.start + this.buf.length - pattern.length + 1);
      if (!this.more(Math.min(at, this.start + this.buf.length))) return -1;
    }
  }

  text(from: number, to: number): string {
    return this.buf.toString('utf8', from - this.start, to - this.start);
  }

  digest(): string {
    return this.hash.digest();
  }
}

/**
 * Reads a store file written in content-mock's layout; undefined when it is in another (read it whole then).
 * `windowBytes`: how much is read at a time.
 */
export function readStoreFile(file: string, windowBytes = WINDOW): StoreFileContents | undefined {
  const fd = openSync(file, 'r');
  try {
    const identity = fileIdentity(fstatSync(fd));
    return read(new Window(fd, windowBytes), identity);
  } catch (e) {
    if (e instanceof Unexpected || e instanceof SyntaxError) return undefined;
    throw e;
  } finally {
    closeSync(fd);
  }
}

function read(w: Window, identity: string): StoreFileContents {
  if (!w.startsWith(0, HEAD)) throw new Unexpected();
  const spans = new Map<Row, number>();
  const types: Record<string, Row[]> = {};
  let pos = HEAD.length;
  if (w.byte(pos) === 0x7d)
    pos++; // "types": {}
  else {
    for (;;) {
      // `\n  "<uid>": [`
      if (!w.startsWith(pos, TABLE_START)) throw new Unexpected();
      const keyStart = pos + TABLE_START.length - 1;
      const keyEnd = w.find(keyStart, Buffer.from('": ['));
      if (keyEnd < 0) throw new Unexpected();
      const uid = JSON.parse(w.text(keyStart, keyEnd + 1)) as string;
      pos = keyEnd + 3;
      const rows: Row[] = (types[uid] = []);
      if (w.startsWith(pos, Buffer.from('[]'))) pos += 2;
      else pos = readRows(w, pos, rows, spans);
      const next = w.byte(pos);
      if (next === 0x2c) pos++;
      else if (next === 0x0a && w.startsWith(pos, Buffer.from('\n }'))) {
        pos += 3;
        break;
      } else throw new Unexpected();
    }
  }
  // the rest (media, locales, counters, plugin state): small, parsed whole
  let rest: Buffer = Buffer.alloc(0);
  if (w.byte(pos) !== undefined) {
    while (w.more(w.start)) {
      // read to the end
    }
    rest = w.buf.subarray(pos - w.start);
  }
  const size = w.start + w.buf.length;
  const text = rest.toString('utf8');
  if (!/^(,\n "|\n}\s*$)/.test(text)) throw new Unexpected();
  const tail = text.startsWith(',') ? (JSON.parse('{' + text.slice(1)) as Record<string, unknown>) : {};
  const data = { format: 'content-mock-store/1', types, ...tail } as unknown as StoreData;
  if (!isStoreData(data) || Object.hasOwn(tail, 'format') || Object.hasOwn(tail, 'types')) throw new Unexpected();
  const hash = w.digest();
  return { data, layout: { hash, size, spans }, hash, identity };
}

/** Reads the rows of a table from its `[` at `at`; returns where the table ends. */
function readRows(w: Window, at: number, rows: Row[], spans: Map<Row, number>): number {
  if (!w.startsWith(at, Buffer.from('[\n   {'))) throw new Unexpected();
  let pos = at + 5;
  for (;;) {
    // A row ends at the next separator, unless the table ends before it: then the text up to that separator does
    // not parse (it holds the table's end), and the row is the table's last.
    let row: Row | undefined;
    let end = -1;
    let last = false;
    for (;;) {
      const separator = w.buf.indexOf(ROW_SEPARATOR, pos - w.start);
      if (separator >= 0) {
        end = w.start + separator + 5;
        row = parseRow(w.text(pos, end));
        if (row) break;
      }
      const close = w.buf.subarray(0, separator >= 0 ? separator : w.buf.length).indexOf(LAST_ROW_END, pos - w.start);
      if (close >= 0) {
        end = w.start + close + 5;
        row = parseRow(w.text(pos, end));
        last = true;
        break;
      }
      if (separator >= 0 || !w.more(pos)) throw new Unexpected();
    }
    if (!row) throw new Unexpected();
    rows.push(row);
    const span = packSpan(pos, end);
    if (span !== undefined) spans.set(row, span);
    if (last) return end - 5 + LAST_ROW_END.length;
    pos = end + 5;
  }
}

function parseRow(text: string): Row | undefined {
  let row: unknown;
  try {
    row = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof row === 'object' && row !== null && !Array.isArray(row) ? (row as Row) : undefined;
}
