import { ContentHash, hashBytes } from './content-hash.js';
import { readdirSync, rmSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parseJsonText } from '../core/model/parse-json-text.js';
import { formatProblem } from '../core/model/schema-errors.js';
import { DatasetError } from '../core/data/import-dataset.js';
import type { Row, StoreData } from '../core/data/types.js';
import { isAlive } from './store-lock.js';
import { LayoutMismatch, OutputFile, packSpan, SourceReader, spanOf, type FileLayout } from './file-layout.js';
import { arrayItemsAt, objectMembersAt, parseSlice, ScanError, skipSpace } from './json-scanner.js';

// The store file is the format of record: `JSON.stringify(data, null, 1)`, which users open, edit and commit. It is
// read and written a row at a time, never as one string: a large store (150k documents is over 600 MB) does not
// fit in V8's largest string, and one big stringify would block the server for seconds.

/** Above this, the file is parsed row by row (less memory at once, no string limit); below, in one JSON.parse. */
const WHOLE_PARSE_LIMIT = 96 * 1024 * 1024;
/** Serialized text is written in pieces of about this size; producing one takes a few ms at most. */
const CHUNK = 256 * 1024;

export { hashBytes } from './content-hash.js';

export function isStoreData(v: unknown): v is StoreData {
  return (
    typeof v === 'object' && v !== null && (v as StoreData).format === 'content-mock-store/1' && typeof (v as StoreData).types === 'object'
  );
}

const notAStore = (file: string) => new DatasetError(`${file}: not a content-mock store (missing "format": "content-mock-store/1")`);

export function parseStoreText(text: string, file: string): StoreData {
  const parsed = parseJsonText(text, file);
  if (!parsed.ok) throw new DatasetError(formatProblem(parsed.problem));
  if (!isStoreData(parsed.value)) throw notAStore(file);
  return parsed.value;
}

/** Parses a store file's bytes; a large one a row at a time. Errors name the file (and line and column if it fits). */
export function parseStoreBytes(bytes: Buffer, file: string, wholeParseLimit = WHOLE_PARSE_LIMIT): StoreData {
  return readStoreBytes(bytes, file, wholeParseLimit).data;
}

/**
 * Parses a store file's bytes, and for a large one in the layout content-mock writes, where each row lies in it (so
 * the next rewrite can copy the rows that did not change). `hash` is the bytes' hash, when the caller has it.
 */
export function readStoreBytes(
  bytes: Buffer,
  file: string,
  wholeParseLimit = WHOLE_PARSE_LIMIT,
  hash?: string,
): { data: StoreData; layout?: FileLayout } {
  if (bytes.length <= wholeParseLimit) return { data: parseStoreText(bytes.toString('utf8'), file) };
  const value: Record<string, unknown> = {};
  const spans = new Map<Row, number>();
  try {
    let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    start = skipSpace(bytes, start);
    if (bytes[start] !== 0x7b) throw notAStore(file);
    const order: string[] = [];
    let types: Record<string, unknown> | undefined;
    const top = objectMembersAt(bytes, start, (key, at) => {
      order.push(key);
      if (key !== 'types' || bytes[at] !== 0x7b) return undefined;
      types = {};
      const into = types;
      const inner = objectMembersAt(bytes, at, (uid, from) => {
        if (bytes[from] !== 0x5b) return undefined;
        const rows = canonicalRows(bytes, from, spans);
        if (rows) {
          into[uid] = rows.rows;
          return rows.end;
        }
        const { items, end } = arrayItemsAt(bytes, from);
        into[uid] = items.map((s) => parseSlice(bytes, s));
        return end;
      });
      for (const [uid, slice] of inner.members) into[uid] = parseSlice(bytes, slice);
      return inner.end;
    });
    if (skipSpace(bytes, top.end) !== bytes.length) throw new ScanError(top.end);
    const members = new Map(top.members);
    // the file's key order, so a round trip rewrites it as it was
    for (const key of order) value[key] = key === 'types' && types ? types : parseSlice(bytes, members.get(key)!);
  } catch (e) {
    if (e instanceof DatasetError) throw e;
    if (!(e instanceof ScanError) && !(e instanceof SyntaxError)) throw e;
    throw new DatasetError(`${file}: invalid JSON: ${e.message}`);
  }
  if (!isStoreData(value)) throw notAStore(file);
  return { data: value, layout: spans.size > 0 ? { hash: hash ?? hashBytes(bytes), size: bytes.length, spans } : undefined };
}

// A table as content-mock writes it: `[`, then rows at three spaces, one after another, each `{` ... `}` on lines of
// their own. The rows are found by these separators (native searches, no byte-by-byte scan), and each is parsed on
// its own: a separator that is not one (another layout) leaves a piece that does not parse, and the table is then
// read by the general scanner instead.
const ROW_SEPARATOR = Buffer.from('\n   },\n   {');
const LAST_ROW_END = Buffer.from('\n   }\n  ]');

function canonicalRows(bytes: Buffer, at: number, spans: Map<Row, number>): { rows: Row[]; end: number } | undefined {
  if (bytes.toString('latin1', at, at + 6) !== '[\n   {') return undefined;
  const close = bytes.indexOf(LAST_ROW_END, at);
  if (close < 0) return undefined;
  // separators are looked for before the table's end only
  const table = bytes.subarray(0, close);
  const rows: Row[] = [];
  const found: Array<[Row, number]> = [];
  let pos = at + 5;
  for (;;) {
    const separator = table.indexOf(ROW_SEPARATOR, pos);
    const last = separator < 0 || separator > close;
    const end = (last ? close : separator) + 5;
    let row: Row;
    try {
      row = JSON.parse(bytes.toString('utf8', pos, end)) as Row;
    } catch {
      return undefined;
    }
    rows.push(row);
    const span = packSpan(pos, end);
    if (span !== undefined && typeof row === 'object' && row !== null) found.push([row, span]);
    if (last) break;
    pos = end + 5;
  }
  for (const [row, span] of found) spans.set(row, span);
  return { rows, end: close + LAST_ROW_END.length };
}

/** A row of a table in the file: its text, or the bytes [from, to) of the file its layout describes. */
export interface RowPart {
  readonly row: Row;
  readonly text?: string;
  readonly from?: number;
  readonly to?: number;
}

/**
 * The text of `JSON.stringify(data, null, 1) + '\n'`, in pieces: each row (and each other value below the third
 * level) is stringified on its own, so no piece is larger than a row plus CHUNK. With a layout, a row it places is
 * given as a copy of its bytes in that file instead (in file order; a row out of order is serialized).
 */
export function* storeParts(data: StoreData, layout?: FileLayout): Generator<string | RowPart> {
  let buffer = '';
  let copiedUpTo = 0;
  const pad = (depth: number) => ' '.repeat(depth);
  const omitted = (x: unknown) => x === undefined || typeof x === 'function' || typeof x === 'symbol';
  function* value(v: unknown, depth: number, table: boolean): Generator<string | RowPart> {
    if (depth < 3 && v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function') {
      const isArray = Array.isArray(v);
      // a snapshot: the data may change between pieces (the journal holds what changed meanwhile)
      const items: unknown[] = isArray ? (v as unknown[]).slice() : [];
      const keys = isArray ? [] : Object.keys(v).filter((k) => !omitted((v as Record<string, unknown>)[k]));
      const values = isArray ? items : keys.map((k) => (v as Record<string, unknown>)[k]);
      if (values.length === 0) {
        buffer += isArray ? '[]' : '{}';
        return;
      }
      buffer += isArray ? '[' : '{';
      const rows = isArray && table && depth === 2;
      for (let i = 0; i < values.length; i++) {
        buffer += (i === 0 ? '\n' : ',\n') + pad(depth + 1);
        if (!isArray) buffer += JSON.stringify(keys[i]) + ': ';
        const item = values[i];
        if (rows && item !== null && typeof item === 'object' && typeof (item as { toJSON?: unknown }).toJSON !== 'function') {
          if (buffer) yield buffer;
          buffer = '';
          const row = item as Row;
          const span = layout?.spans.get(row);
          const at = span === undefined ? undefined : spanOf(span);
          if (at && at.start >= copiedUpTo) {
            copiedUpTo = at.end;
            yield { row, from: at.start, to: at.end };
          } else yield { row, text: JSON.stringify(row, null, 1).replace(/\n/g, '\n' + pad(depth + 1)) };
          continue;
        }
        yield* value(item, depth + 1, depth === 0 ? keys[i] === 'types' : table);
        if (buffer.length >= CHUNK) {
          yield buffer;
          buffer = '';
        }
      }
      buffer += '\n' + pad(depth) + (isArray ? ']' : '}');
      return;
    }
    const text = JSON.stringify(v, null, 1) ?? 'null';
    buffer += depth === 0 ? text : text.replace(/\n/g, '\n' + pad(depth));
  }
  yield* value(data, 0, false);
  buffer += '\n';
  yield buffer;
}

/** The text of `JSON.stringify(data, null, 1) + '\n'`, in pieces. */
export function* storeTextPieces(data: StoreData): Generator<string> {
  for (const part of storeParts(data)) yield typeof part === 'string' ? part : (part.text as string);
}

let tempCounter = 0;

/** Temp files a killed server left beside the store (`.db.json.<pid>.<n>.tmp`, its process gone): never renamed, removed. */
export function removeStaleTempFiles(file: string): void {
  const prefix = `.${basename(file)}.`;
  for (const name of readdirSync(dirname(file))) {
    const m = name.startsWith(prefix) ? /^(\d+)\.\d+\.tmp$/.exec(name.slice(prefix.length)) : null;
    if (!m || isAlive(Number(m[1]))) continue;
    rmSync(join(dirname(file), name), { force: true });
  }
}

export interface WrittenFile {
  readonly hash: string;
  readonly size: number;
  /** Inode, size and modification time of the file written (see fileIdentity). */
  readonly identity: string;
}

/**
 * What tells a file on disk from another without reading it: its inode, size and modification time. The watcher
 * skips a file with the identity of one the store wrote, before reading 400 MB to hash it.
 */
export const fileIdentity = (stats: { ino: number; size: number; mtimeMs: number }): string =>
  `${stats.ino}:${stats.size}:${stats.mtimeMs}`;

/**
 * Writes the whole store to `file` atomically (a temp file beside it, synced, then renamed over it), a piece at a
 * time with the event loop free between pieces. `beforeRename` runs once the new content is safe on disk, with its
 * hash (the caller records it so the watcher knows the file as its own, and so a journal may follow it).
 *
 * With `layout` (the file as it is on disk), rows it places are copied from that file rather than serialized; if
 * the file is no longer the one it describes, everything is serialized. `spans` receives where each row lies in the
 * new file (the caller forgets rows changed meanwhile: the next layout).
 */
export async function writeStoreFile(
  file: string,
  data: StoreData,
  beforeRename?: (written: WrittenFile) => Promise<void> | void,
  layout?: FileLayout,
  spans: Map<Row, number> = new Map(),
): Promise<WrittenFile> {
  if (layout) {
    try {
      return await writeStoreFileFrom(file, data, beforeRename, layout, spans);
    } catch (e) {
      if (!(e instanceof LayoutMismatch)) throw e;
      spans.clear();
    }
  }
  return writeStoreFileFrom(file, data, beforeRename, undefined, spans);
}

async function writeStoreFileFrom(
  file: string,
  data: StoreData,
  beforeRename: ((written: WrittenFile) => Promise<void> | void) | undefined,
  layout: FileLayout | undefined,
  spans: Map<Row, number>,
): Promise<WrittenFile> {
  // unique: a compaction in the background and a whole-store write after a lost journal may overlap
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${++tempCounter}.tmp`);
  let source: FileHandle | undefined;
  let identity = '';
  const handle = await open(temp, 'w');
  let out: OutputFile;
  try {
    if (layout) {
      source = await open(file, 'r').catch(() => undefined);
      if (!source || (await source.stat()).size !== layout.size) throw new LayoutMismatch('the store file changed on disk');
    }
    const reader = source && layout ? new SourceReader(source, layout) : undefined;
    out = new OutputFile(handle);
    for (const part of storeParts(data, reader && layout)) {
      if (typeof part === 'string') {
        const pending = out.text(part);
        if (pending) await pending;
        continue;
      }
      const start = out.offset;
      const pending = part.text === undefined ? reader!.copy(out, part.from!, part.to!) : out.text(part.text);
      // recorded before waiting: a change to the row meanwhile must find it to forget it
      const span = packSpan(start, part.text === undefined ? start + part.to! - part.from! : out.offset);
      if (span !== undefined) spans.set(part.row, span);
      if (pending) await pending;
    }
    await out.flush();
    await reader?.finish();
    await handle.sync();
    identity = fileIdentity(await handle.stat());
  } catch (e) {
    await handle.close().catch(() => undefined);
    await source?.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw e;
  }
  await handle.close();
  await source?.close();
  const written = { hash: out.hash.digest(), size: out.offset, identity };
  try {
    await beforeRename?.(written);
    await rename(temp, file);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
  return written;
}

/** The hash of a file's content, read in pieces. */
export async function hashFile(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const hash = new ContentHash();
    for await (const chunk of handle.createReadStream({ highWaterMark: 1 << 20, autoClose: false })) hash.update(chunk as Buffer);
    return hash.digest();
  } finally {
    await handle.close();
  }
}
