import type { ContentIndex } from '../../core/data/content-index.js';
import type { Row } from '../../core/data/types.js';
import type { ContentType } from '../../core/model/types.js';

// A list without `populate` or `fields` shows each row as the same JSON whatever the page, the filters or the
// sort: its scalars. Serializing those rows again for every request was the largest cost of a cold list read
// (JSON.stringify of 25 entries, more than the engine's own work). This keeps each row's JSON text, made by the
// engine's own render and JSON.stringify (so the bytes are the same), until the row's table changes.
//
// A populated row (or one narrowed by `fields`) is the same JSON too, for the same populate tree, as long as no
// table changes: rendering and serializing it was most of a populate=* page's cost. Those texts are kept by the
// shape of a kept parse (a token per type, route, caller and query without its pagination: see content-request),
// with the populate budget the row spent, and all dropped on any write or reload.

const encoder = new TextEncoder();

/** A value's JSON text as UTF-8 bytes: kept rows are written as bytes, so no answer encodes them again. */
export const jsonBytes = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));

/**
 * A list answer as pieces of UTF-8 whose concatenation is what JSON.stringify writes for `{data, meta}`: the rows'
 * own bytes between commas, so no text is built and encoded again (the caller copies them into one buffer).
 */
export function listPieces(rows: readonly Uint8Array[], meta: unknown): Uint8Array[] {
  const pieces: Uint8Array[] = [LIST_HEAD];
  rows.forEach((row, i) => (i === 0 ? pieces.push(row) : pieces.push(COMMA, row)));
  pieces.push(encoder.encode(`],"meta":${JSON.stringify(meta)}}`));
  return pieces;
}

/** A findOne answer's pieces, as JSON.stringify writes `{data, meta: {}}`. */
export const onePieces = (row: Uint8Array): Uint8Array[] => [ONE_HEAD, row, ONE_TAIL];

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
const MAX_ROWS = 10_000;
/** Bytes of populated rows kept at most, all shapes together; past it they start over. */
const MAX_POPULATED_BYTES = 64 << 20;

interface TypeTexts {
  readonly index: ContentIndex;
  readonly epoch: number;
  readonly generation: number;
  /** The model's type object: a schema reload gives a new one, and the texts are dropped with the old. */
  readonly type: ContentType;
  readonly texts: Map<Row, Uint8Array>;
}

/** A populated row's JSON (UTF-8) and what rendering it spent of the populate budget (see PopulateBudget.spend). */
export interface KeptRow {
  readonly bytes: Uint8Array;
  readonly spent: number;
}

interface PopulatedTexts {
  readonly index: ContentIndex;
  readonly epoch: number;
  /** The index's generation: any write drops every populated text (a row shows other tables' rows). */
  readonly generation: number;
  readonly byShape: WeakMap<object, Map<Row, KeptRow>>;
  bytes: number;
}

export class RowFragments {
  private readonly byType = new Map<string, TypeTexts>();
  private populated: PopulatedTexts | undefined;

  /**
   * The JSON texts of `rows` of `type`, in order; `render` renders the rows not kept yet (in order, as the engine
   * renders a page). Valid while the type's table has the generation it had when the texts were made.
   */
  texts(index: ContentIndex, type: ContentType, rows: readonly Row[], render: (rows: readonly Row[]) => unknown[]): Uint8Array[] {
    const kept = this.current(index, type);
    let missing = rows.filter((row) => !kept.texts.has(row));
    if (missing.length > 0) {
      if (kept.texts.size + missing.length > MAX_ROWS) {
        kept.texts.clear();
        missing = [...rows];
      }
      const rendered = render(missing);
      missing.forEach((row, i) => kept.texts.set(row, jsonBytes(rendered[i])));
    }
    return rows.map((row) => kept.texts.get(row)!);
  }

  /** The kept texts of `rows` rendered for a query `shape` (undefined for a row not kept), valid until any write. */
  keptRows(index: ContentIndex, shape: object, rows: readonly Row[]): (KeptRow | undefined)[] {
    const byRow = this.currentPopulated(index).byShape.get(shape);
    return rows.map((row) => byRow?.get(row));
  }

  /** Keeps a row's text rendered for a query `shape` (made by the engine's render and JSON.stringify). */
  keep(index: ContentIndex, shape: object, row: Row, kept: KeptRow): void {
    if (index.transaction !== undefined) return; // a write in progress: what it shows may be undone
    let populated = this.currentPopulated(index);
    if (populated.bytes + kept.bytes.length > MAX_POPULATED_BYTES) populated = this.currentPopulated(index, true);
    let byRow = populated.byShape.get(shape);
    if (!byRow) populated.byShape.set(shape, (byRow = new Map()));
    byRow.set(row, kept);
    populated.bytes += kept.bytes.length;
  }

  private currentPopulated(index: ContentIndex, fresh = false): PopulatedTexts {
    const kept = this.populated;
    if (!fresh && kept && kept.index === index && kept.epoch === index.epoch && kept.generation === index.generation) return kept;
    this.populated = { index, epoch: index.epoch, generation: index.generation, byShape: new WeakMap(), bytes: 0 };
    return this.populated;
  }

  private current(index: ContentIndex, type: ContentType): TypeTexts {
    const generation = index.tableGeneration(type.uid);
    const kept = this.byType.get(type.uid);
    if (kept && kept.index === index && kept.epoch === index.epoch && kept.generation === generation && kept.type === type) return kept;
    const fresh: TypeTexts = { index, epoch: index.epoch, generation, type, texts: new Map() };
    this.byType.set(type.uid, fresh);
    return fresh;
  }
}
