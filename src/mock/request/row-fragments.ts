import type { ContentIndex } from '../../core/data/content-index.js';
import type { MediaFile, Row } from '../../core/data/types.js';
import type { ContentType } from '../../core/model/types.js';
import type { PopulateNode } from '../../core/query/populate-node.js';
import { ByteSlabs } from './byte-slabs.js';

// A list without `populate` or `fields` shows each row as the same JSON whatever the page, the filters or the
// sort: its scalars. Serializing those rows again for every request was the largest cost of a cold list read
// (JSON.stringify of 25 entries, more than the engine's own work). This keeps each row's JSON text, made by the
// engine's own render and JSON.stringify (so the bytes are the same), until the row's table changes.
//
// A populated row (or one narrowed by `fields`) is kept as parts (populated-rows.ts): its scalars, and each populated
// attribute's value rendered for one populate subtree, whatever else the query asks and in whatever order; valid
// until any write or reload.

const encoder = new TextEncoder();

/** A value's JSON text as UTF-8 bytes: kept rows are written as bytes, so no answer encodes them again. */
export const jsonBytes = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));

/**
 * A list answer as pieces of UTF-8 whose concatenation is what JSON.stringify writes for `{data, meta}`: the rows'
 * own bytes between commas, so no text is built and encoded again (the caller copies them into one buffer).
 */
export function listPieces(rows: readonly (Uint8Array | readonly Uint8Array[])[], meta: unknown): Uint8Array[] {
  const pieces: Uint8Array[] = [LIST_HEAD];
  rows.forEach((row, i) => {
    if (i > 0) pieces.push(COMMA);
    if (row instanceof Uint8Array) pieces.push(row);
    else for (const piece of row) pieces.push(piece);
  });
  pieces.push(encoder.encode(`],"meta":${JSON.stringify(meta)}}`));
  return pieces;
}

/** A findOne answer's pieces, as JSON.stringify writes `{data, meta: {}}`. */
export const onePieces = (row: readonly Uint8Array[]): Uint8Array[] => [ONE_HEAD, ...row, ONE_TAIL];

/** Pieces of bytes copied into one array of their total length (into `into` from its start, when given). */
export function joinPieces(pieces: readonly Uint8Array[], into?: Uint8Array): Uint8Array {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const out = into ?? new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out.subarray(0, length);
}

const LIST_HEAD = encoder.encode('{"data":[');
const COMMA = encoder.encode(',');
const ONE_HEAD = encoder.encode('{"data":');
const ONE_TAIL = encoder.encode(',"meta":{}}');

/** Rows kept per type at most; past it the type's texts start over (bounds the memory to a few MB per type). */
const MAX_ROWS = 25_000;
/** Bytes of populated rows' parts kept at most, all types together; past it they start over. */
const MAX_PART_BYTES = 64 << 20;

interface TypeTexts {
  readonly index: ContentIndex;
  readonly epoch: number;
  readonly generation: number;
  /** The model's type object: a schema reload gives a new one, and the texts are dropped with the old. */
  readonly type: ContentType;
  readonly texts: Map<Row, Uint8Array>;
}

/** A part of a populated row's JSON (UTF-8) and what rendering it spent of the populate budget (see PopulateBudget.spend). */
export interface KeptPart {
  readonly bytes: Uint8Array;
  readonly spent: number;
}

/**
 * The parts kept for rows of one type (see populated-rows.ts), valid until any write or reload: a part shows rows of
 * other tables, and the engine's kept work (parses, row texts) follows the index's generation, not the tables' as the
 * answer cache does (so `Cache-Control: no-cache` always reaches an engine that sees every change).
 */
/** Whether a row's id indexes TypeParts' arrays (a small non-negative integer, as the store numbers rows). */
const byId = (id: number): boolean => id >= 0 && id < 1 << 24 && Number.isInteger(id);

export class TypeParts {
  /**
   * Per row, its kept parts by part id: by the row's id (a page reads 25 rows' parts: an array read each, where a
   * Map's hash lookups over tens of thousands of rows missed the cache), with the row itself beside them so a row
   * that took another's id is never read as it; rows whose id is no small integer in a Map.
   */
  private rowsById: (Row | undefined)[] = [];
  private partsById: ((KeptPart | undefined)[] | undefined)[] = [];
  private readonly byRow = new Map<Row, (KeptPart | undefined)[]>();
  /** Per populate tree (a kept parse's is the same object from one request to the next), what keysOf made for it. */
  private readonly keysByNode = new WeakMap<PopulateNode, { readonly partsKey: string; readonly keys: unknown }>();
  /** Part ids by key (what part, rendered for which populate subtree and request: see populated-rows.ts). */
  private readonly ids = new Map<string, number>();
  private readonly epoch: number;
  private readonly generation: number;
  /** Bytes kept here. */
  bytes = 0;
  constructor(
    /** Whether `bytes` more may be kept (the owner's bound over every type). */
    private readonly room: (parts: TypeParts, bytes: number) => boolean,
    readonly index: ContentIndex,
    readonly type: ContentType,
  ) {
    this.epoch = index.epoch;
    this.generation = index.generation;
  }

  /** The id of the part a key names (looked up once per request, not once per row). */
  idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size));
    return id;
  }

  /** What `make` gives for a populate tree and parts key (the ids of its parts), made once per tree. */
  keysOf<T>(node: PopulateNode, partsKey: string, make: () => T): T {
    const kept = this.keysByNode.get(node);
    if (kept?.partsKey === partsKey) return kept.keys as T;
    const keys = make();
    this.keysByNode.set(node, { partsKey, keys });
    return keys;
  }

  /**
   * What `make` gives for a populated attribute `name`, its subtree and parts key, made once per subtree: a tree put
   * in another order (a new URL asking the same populate in another order) holds the same subtrees.
   */
  attributeOf<T>(sub: PopulateNode, name: string, partsKey: string, make: () => T): T {
    const kept = this.attributesByNode.get(sub);
    if (kept?.partsKey === partsKey && kept.name === name) return kept.keys as T;
    const keys = make();
    this.attributesByNode.set(sub, { partsKey, name, keys });
    return keys;
  }

  private readonly attributesByNode = new WeakMap<
    PopulateNode,
    { readonly partsKey: string; readonly name: string; readonly keys: unknown }
  >();

  /** A row's kept parts, by part id. */
  partsOf(row: Row): readonly (KeptPart | undefined)[] | undefined {
    const { id } = row;
    if (byId(id)) return this.rowsById[id] === row ? this.partsById[id] : undefined;
    return this.byRow.get(row);
  }

  /** Keeps a row's part `id` (made by the engine's render and JSON.stringify). */
  keep(row: Row, id: number, part: KeptPart): void {
    if (this.index.transaction !== undefined) return; // a write in progress: what it shows may be undone
    // (big answers alike made at the same time make the same parts: kept and counted once)
    if (this.partsOf(row)?.[id] !== undefined) return;
    if (!this.room(this, part.bytes.length)) return;
    this.bytes += part.bytes.length;
    let parts = this.partsOf(row) as (KeptPart | undefined)[] | undefined;
    if (!parts) {
      parts = [];
      if (!byId(row.id)) this.byRow.set(row, parts);
      else {
        this.fit(row.id);
        this.rowsById[row.id] = row;
        this.partsById[row.id] = parts;
      }
    }
    parts[id] = part;
  }

  /**
   * Room in the by-id arrays for `id`: grown filled, at least twice as long, so V8 keeps them as fast arrays (a write
   * far past an array's end turns it into a dictionary until it fills up).
   */
  private fit(id: number): void {
    const length = this.rowsById.length;
    if (id < length) return;
    const size = Math.max(id + 1, length * 2, 1024);
    const grow = <T>(list: (T | undefined)[]) => {
      const out = new Array<T | undefined>(size).fill(undefined);
      list.forEach((item, i) => (out[i] = item));
      return out;
    };
    this.rowsById = grow(this.rowsById);
    this.partsById = grow(this.partsById);
  }

  /** Whether nothing changed since the parts were made. */
  current(index: ContentIndex, type: ContentType): boolean {
    return this.index === index && this.epoch === index.epoch && this.generation === index.generation && this.type === type;
  }
}

export class RowFragments {
  /** Where the kept texts' bytes are. */
  readonly slabs = new ByteSlabs();
  private readonly byType = new Map<string, TypeTexts>();
  private readonly parts = new Map<string, TypeParts>();
  /** Bytes kept by every type's parts. */
  private partBytes = 0;

  /**
   * The JSON texts of `rows` of `type`, in order; `render` renders the rows not kept yet (in order, as the engine
   * renders a page). Valid while the type's table has the generation it had when the texts were made.
   */
  texts(index: ContentIndex, type: ContentType, rows: readonly Row[], render: (rows: readonly Row[]) => unknown[]): Uint8Array[] {
    const kept = this.current(index, type);
    const out: Uint8Array[] = new Array<Uint8Array>(rows.length);
    let missing: Row[] | undefined;
    rows.forEach((row, i) => {
      const text = kept.texts.get(row);
      if (text) out[i] = text;
      else (missing ??= []).push(row);
    });
    if (!missing) return out;
    if (kept.texts.size + missing.length > MAX_ROWS) {
      kept.texts.clear();
      missing = [...rows];
    }
    const rendered = render(missing);
    missing.forEach((row, i) => kept.texts.set(row, this.slabs.text(JSON.stringify(rendered[i]))));
    return rows.map((row) => kept.texts.get(row)!);
  }

  /** The JSON texts of `files` (as `render` renders them), kept until any write or reload. */
  fileTexts(index: ContentIndex, files: readonly MediaFile[], render: (file: MediaFile) => unknown): Uint8Array[] {
    const kept = this.files;
    const texts =
      kept && kept.index === index && kept.epoch === index.epoch && kept.generation === index.generation ? kept.texts : new Map();
    if (texts !== kept?.texts) this.files = { index, epoch: index.epoch, generation: index.generation, texts };
    return files.map((file) => {
      let text = texts.get(file);
      if (!text) texts.set(file, (text = this.slabs.text(JSON.stringify(render(file)))));
      return text;
    });
  }

  // (a Map, not a WeakMap: it is dropped at the next write or reload, and a WeakMap costs the collector more)
  private files: { index: ContentIndex; epoch: number; generation: number; texts: Map<MediaFile, Uint8Array> } | undefined;

  /** The parts kept for rows of `type` (populated-rows.ts), still valid. */
  partsOf(index: ContentIndex, type: ContentType): TypeParts {
    const kept = this.parts.get(type.uid);
    if (kept?.current(index, type)) return kept;
    if (kept) this.partBytes -= kept.bytes;
    const fresh = new TypeParts(this.room, index, type);
    this.parts.set(type.uid, fresh);
    return fresh;
  }

  /** Past the bound, every type's parts start over (and the part asked for is not kept). */
  private readonly room = (parts: TypeParts, bytes: number): boolean => {
    if (this.parts.get(parts.type.uid) !== parts) return false;
    if (this.partBytes + bytes > MAX_PART_BYTES) {
      this.parts.clear();
      this.partBytes = 0;
      return false;
    }
    this.partBytes += bytes;
    return true;
  };

  private current(index: ContentIndex, type: ContentType): TypeTexts {
    const generation = index.tableGeneration(type.uid);
    const kept = this.byType.get(type.uid);
    if (kept && kept.index === index && kept.epoch === index.epoch && kept.generation === generation && kept.type === type) return kept;
    const fresh: TypeTexts = { index, epoch: index.epoch, generation, type, texts: new Map() };
    this.byType.set(type.uid, fresh);
    return fresh;
  }
}
