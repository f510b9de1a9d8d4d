import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parseJsonText } from '../core/model/parse-json-text.js';
import { formatProblem } from '../core/model/schema-errors.js';
import { DatasetError } from '../core/data/import-dataset.js';
import type { StoreData } from '../core/data/types.js';
import { writeAll } from './journal.js';
import { arrayItemsAt, isObjectAt, objectMembersAt, parseSlice, rootSlice, ScanError } from './json-scanner.js';

// The store file is the format of record: `JSON.stringify(data, null, 1)`, which users open, edit and commit. It is
// read and written a row at a time, never as one string: a large store (150k documents is over 600 MB) does not
// fit in V8's largest string, and one big stringify would block the server for seconds.

/** Above this, the file is parsed row by row (less memory at once, no string limit); below, in one JSON.parse. */
const WHOLE_PARSE_LIMIT = 96 * 1024 * 1024;
/** Serialized text is written in pieces of about this size; producing one takes a few ms at most. */
const CHUNK = 256 * 1024;

export const hashBytes = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

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
  if (bytes.length <= wholeParseLimit) return parseStoreText(bytes.toString('utf8'), file);
  const value: Record<string, unknown> = {};
  try {
    const root = rootSlice(bytes);
    if (!isObjectAt(bytes, root)) throw notAStore(file);
    const order: string[] = [];
    let types: Record<string, unknown> | undefined;
    const top = objectMembersAt(bytes, root.start, (key, start) => {
      order.push(key);
      if (key !== 'types' || bytes[start] !== 0x7b) return undefined;
      types = {};
      const into = types;
      const inner = objectMembersAt(bytes, start, (uid, at) => {
        if (bytes[at] !== 0x5b) return undefined;
        const { items, end } = arrayItemsAt(bytes, at);
        into[uid] = items.map((s) => parseSlice(bytes, s));
        return end;
      });
      for (const [uid, slice] of inner.members) into[uid] = parseSlice(bytes, slice);
      return inner.end;
    });
    const members = new Map(top.members);
    // the file's key order, so a round trip rewrites it as it was
    for (const key of order) value[key] = key === 'types' && types ? types : parseSlice(bytes, members.get(key)!);
  } catch (e) {
    if (e instanceof DatasetError) throw e;
    if (!(e instanceof ScanError) && !(e instanceof SyntaxError)) throw e;
    throw new DatasetError(`${file}: invalid JSON: ${e.message}`);
  }
  if (!isStoreData(value)) throw notAStore(file);
  return value;
}

/**
 * The text of `JSON.stringify(data, null, 1) + '\n'`, in pieces: each row (and each other value below the third
 * level) is stringified on its own, so no piece is larger than a row plus CHUNK.
 */
export function* storeTextPieces(data: StoreData): Generator<string> {
  let buffer = '';
  const pad = (depth: number) => ' '.repeat(depth);
  function* value(v: unknown, depth: number): Generator<string> {
    if (depth < 3 && v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function') {
      const isArray = Array.isArray(v);
      const entries: [string | undefined, unknown][] = isArray
        ? (v as unknown[]).map((x) => [undefined, x])
        : Object.entries(v).filter(([, x]) => x !== undefined && typeof x !== 'function' && typeof x !== 'symbol');
      if (entries.length === 0) {
        buffer += isArray ? '[]' : '{}';
        return;
      }
      buffer += isArray ? '[' : '{';
      let first = true;
      for (const [key, item] of entries) {
        buffer += (first ? '\n' : ',\n') + pad(depth + 1);
        first = false;
        if (key !== undefined) buffer += JSON.stringify(key) + ': ';
        yield* value(item, depth + 1);
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
  yield* value(data, 0);
  buffer += '\n';
  yield buffer;
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface WrittenFile {
  readonly hash: string;
  readonly size: number;
}

/**
 * Writes the whole store to `file` atomically (a temp file beside it, synced, then renamed over it), a piece at a
 * time with the event loop free between pieces. `beforeRename` runs once the new content is safe on disk, with its
 * hash (the caller records it so the watcher knows the file as its own, and so a journal may follow it).
 */
export async function writeStoreFile(
  file: string,
  data: StoreData,
  beforeRename?: (written: WrittenFile) => Promise<void> | void,
): Promise<WrittenFile> {
  // unique: a compaction in the background and a whole-store write after a lost journal may overlap
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${++tempCounter}.tmp`);
  const hash = createHash('sha256');
  let size = 0;
  const handle = await open(temp, 'w');
  try {
    for (const piece of storeTextPieces(data)) {
      const bytes = Buffer.from(piece, 'utf8');
      hash.update(bytes);
      size += bytes.length;
      await writeAll(handle, bytes);
    }
    await handle.sync();
  } catch (e) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw e;
  }
  await handle.close();
  const written = { hash: hash.digest('hex'), size };
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
    const hash = createHash('sha256');
    for await (const chunk of handle.createReadStream({ highWaterMark: 1 << 20, autoClose: false })) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } finally {
    await handle.close();
  }
}
