import type { Dataset } from '../core/data/import-dataset.js';
import { assertDataset, DatasetError } from '../core/data/import-dataset.js';
import { parseJsonText } from '../core/model/parse-json-text.js';
import { formatProblem } from '../core/model/schema-errors.js';
import {
  eachArrayItem,
  isObjectAt,
  objectMembersAt,
  parseSlice,
  rootStart,
  ScanError,
  skipSpace,
  valueEnd,
  type Slice,
  type ValueEnd,
} from './json-scanner.js';
import type { ShrinkPlan } from './shrink-snapshot.js';
import type { ReadProgress } from './read-progress.js';

// The outline of a seed file: everything but its documents parsed, and where each document lies, found without
// building the documents (see json-scanner.ts). The read-ahead thread makes it and streams it as it goes.

export interface Outline {
  /** Everything but the documents, parsed: locales, media, type names. */
  readonly meta: Dataset;
  /** Per content-type key: where each of its document snapshots lies in the buffer. */
  readonly documents: Map<string, Slice[]>;
}

/**
 * Snapshots the read-ahead thread shrank as type `uid`'s (see shrink-snapshot.ts): [start, end, …] in `bytes`, which
 * hold them only until the stream's next step is read (one buffer serves every chunk).
 */
export interface ShrunkDocuments {
  readonly uid: string;
  readonly bytes: Buffer;
  readonly extents: Float64Array;
  /**
   * Members the shrunk snapshots leave out, set aside for a later import (see ShrinkPlan.aside): [document's index
   * in the chunk, key start, value end, …], offsets in the seed's bytes.
   */
  readonly asides?: Uint32Array;
}

/** One step of an outline streamed from the read-ahead thread, in file order (see OutlineListener). */
export type OutlineStep =
  | { readonly kind: 'type'; readonly key: string; readonly members: Record<string, unknown> }
  /** A chunk of documents: their extents as [start, end, start, end, …] (no object per document to keep). */
  | { readonly kind: 'documents'; readonly key: string; readonly extents: Float64Array; readonly shrunk?: ShrunkDocuments }
  | { readonly kind: 'type-end'; readonly key: string; readonly members: Record<string, unknown> }
  | { readonly kind: 'done'; readonly meta: Dataset }
  /** The outline failed: the main thread outlines the bytes itself, which says why with file and position. */
  | { readonly kind: 'failed' };

/** An outline still being made on the read-ahead thread. */
export interface OutlineStream {
  /** The top-level members before "contentTypes", parsed: they hold the locales the model needs. */
  readonly head: Record<string, unknown>;
  /**
   * Says how to shrink the documents (or not to: null). A thread that shrinks them holds them until it is told, so
   * call it before the first `next`.
   */
  plan(plan: ShrinkPlan | null): void;
  /** The next step; waits for the thread while it has none. */
  next(): OutlineStep;
  /** The next step if the thread has posted one, else undefined (no wait). */
  poll?(): OutlineStep | undefined;
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;

/** Documents reported to an outline listener at a time (a chunk of extents, not one message per document). */
const CHUNK = 2048;

/**
 * What an outline reports as it goes (the read-ahead thread streams it, so the import starts before the outline
 * ends): the top-level members before "contentTypes", each type's members before its "documents", its documents'
 * extents in file order, and its other members once its object ends.
 */
export interface OutlineListener {
  head(members: Record<string, unknown>): void;
  typeStart(key: string, members: Record<string, unknown>): void;
  documents(key: string, slices: Slice[]): void;
  typeEnd(key: string, members: Record<string, unknown>): void;
  /**
   * Told right after `typeStart`: a walk of each of the type's documents in lists (objects) that says where it ends,
   * in place of the outline's own (the read-ahead thread shrinks them on it), or undefined.
   */
  walker?(key: string, members: Record<string, unknown>): ValueEnd | undefined;
}

/**
 * Walks a type's `documents` (per locale, per status: a list, one document or null; or a plain list) once, passing
 * each snapshot's extent to `keep`; returns where `documents` ends. `end` finds where any value in it ends (a value
 * read as it is walked, see ReadProgress); `walk`, where a document (an object in a list) ends.
 */
function walkDocuments(buf: Buffer, start: number, keep: (s: Slice) => void, walk: ValueEnd | undefined, end: ValueEnd): number {
  const keepObject = (s: Slice) => {
    if (isObjectAt(buf, s)) keep(s);
  };
  // a listener's walk of a document (an object in a list) finds where it ends; anything else is passed over
  const itemEnd: ValueEnd = walk ? (b, at) => (b[at] === OPEN_BRACE ? walk(b, at) : end(b, at)) : end;
  // each document as it is found: a list of 100,000 streams from its first chunk, not after its last
  const list = (at: number) => eachArrayItem(buf, at, keepObject, itemEnd);
  if (buf[start] === OPEN_BRACKET) return list(start);
  if (buf[start] !== OPEN_BRACE) return end(buf, start);
  return objectMembersAt(buf, start, (_locale, localeStart) => {
    if (buf[localeStart] !== OPEN_BRACE) return end(buf, localeStart);
    // a status's one document is told after the locale's lists, as it always was
    const singles: Slice[] = [];
    const statuses = objectMembersAt(buf, localeStart, (_status, at) => {
      if (buf[at] === OPEN_BRACKET) return list(at);
      const single = { start: at, end: end(buf, at) };
      singles.push(single);
      return single.end;
    });
    for (const single of singles) keepObject(single);
    return statuses.end;
  }).end;
}

/**
 * Parses all of the seed but its documents, and finds where each document lies (told to `listener` as it goes).
 * `progress`: the file is still being read into `buf` (the read-ahead threads): each value waits for its bytes.
 */
export function outline(buf: Buffer, file: string, listener?: OutlineListener, progress?: ReadProgress): Outline {
  const guarded = (walk: ValueEnd): ValueEnd => (progress ? (b, at) => progress.covered(progress.need(at), walk(b, at)) : walk);
  const anyEnd = guarded(valueEnd);
  try {
    progress?.need(0);
    const root = { start: rootStart(buf), end: buf.length };
    if (!isObjectAt(buf, root)) throw new DatasetError(`${file}: a seed file must be a JSON object`);
    const documents = new Map<string, Slice[]>();
    const types: Record<string, unknown> = {};
    const meta: Record<string, unknown> = {};
    // members are parsed as they are passed, so a listener hears those before "contentTypes" (and "documents") first
    const top = objectMembersAt(buf, root.start, (key, start) => {
      if (key !== 'contentTypes' || buf[start] !== OPEN_BRACE) return parseMember(buf, meta, key, start, anyEnd);
      listener?.head({ ...meta });
      const typesEnd = objectMembersAt(buf, start, (typeKey, typeStart) => {
        if (buf[typeStart] !== OPEN_BRACE) return anyEnd(buf, typeStart);
        const slices: Slice[] = [];
        const entry: Record<string, unknown> = {};
        let told = 0;
        const tell = () => {
          if (listener && slices.length > told) listener.documents(typeKey, slices.slice(told));
          told = slices.length;
        };
        const members = objectMembersAt(buf, typeStart, (k, at) => {
          if (k !== 'documents') return parseMember(buf, entry, k, at, anyEnd);
          listener?.typeStart(typeKey, { ...entry });
          const walker = listener?.walker?.(typeKey, { ...entry });
          const walk = walker && guarded(walker);
          // A placeholder of the same kind keeps the outline checkable without the documents themselves.
          const placeholder = buf[at] === OPEN_BRACKET ? [] : {};
          const end = walkDocuments(
            buf,
            at,
            (s) => {
              slices.push(s);
              if (slices.length - told >= CHUNK) tell();
            },
            walk,
            anyEnd,
          );
          tell();
          entry.documents = placeholder;
          return end;
        });
        documents.set(typeKey, slices);
        types[typeKey] = entry;
        listener?.typeEnd(typeKey, { ...entry });
        return members.end;
      }).end;
      meta.contentTypes = types;
      return typesEnd;
    });
    // anything after the object is malformed JSON (the full parser then says where)
    progress?.need(top.end);
    if (skipSpace(buf, top.end) !== buf.length) throw new ScanError(top.end);
    assertDataset(meta, file);
    return { meta, documents };
  } catch (e) {
    // a thread outlining as it reads leaves what went wrong to the main thread, which reads the file whole
    if (progress || (!(e instanceof ScanError) && !(e instanceof SyntaxError))) throw e;
    // Malformed JSON: the full parser says where, with line and column.
    const parsed = parseJsonText(buf.toString('utf8'), file);
    if (!parsed.ok) throw new DatasetError(formatProblem(parsed.problem));
    throw new DatasetError(`${file}: ${(e as Error).message}`);
  }
}

/** Found "contentTypes": the members before it are the head. */
class HeadFound extends Error {}

/**
 * The members before "contentTypes" when the first bytes of a seed hold them all (the read-ahead thread posts them
 * before the rest of the file is read); else undefined.
 */
export function outlineHead(buf: Buffer): Record<string, unknown> | undefined {
  const head: Record<string, unknown> = {};
  try {
    const start = rootStart(buf);
    if (buf[start] !== OPEN_BRACE) return undefined;
    objectMembersAt(buf, start, (key, at) => {
      if (key === 'contentTypes' && buf[at] === OPEN_BRACE) throw new HeadFound();
      return parseMember(buf, head, key, at);
    });
    return undefined;
  } catch (e) {
    return e instanceof HeadFound ? head : undefined;
  }
}

/** Extents [start, end, …] as slices. */
export function slicesOf(chunks: readonly Float64Array[]): Slice[] {
  const slices: Slice[] = [];
  for (const extents of chunks) for (let i = 0; i < extents.length; i += 2) slices.push({ start: extents[i], end: extents[i + 1] });
  return slices;
}

/** Parses the member value at `start` into `into[key]` (a later duplicate wins, as in JSON.parse); returns its end. */
function parseMember(buf: Buffer, into: Record<string, unknown>, key: string, start: number, endOf: ValueEnd = valueEnd): number {
  const end = endOf(buf, start);
  // the key order of JSON.parse: a duplicate keeps its first place
  into[key] = parseSlice(buf, { start, end });
  return end;
}
