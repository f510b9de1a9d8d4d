import type { ContentIndex } from '../../core/data/content-index.js';
import type { Row } from '../../core/data/types.js';
import type { ContentType } from '../../core/model/types.js';
import { nodeKey, type PopulateNode } from '../../core/query/populate-node.js';
import {
  batchDependent,
  partsJoinable,
  renderMedia,
  renderScalars,
  type Entry,
  type PartRows,
  type PopulateBudget,
} from '../../core/query/render-entry.js';
import type { ListPage, RowParts } from '../../core/query/run-query.js';
import type { KeptPart, RowFragments, TypeParts } from './row-fragments.js';
import type { ByteSlabs } from './byte-slabs.js';

// Populated rows written from parts kept between requests (RowFragments.partsOf). A row's JSON is its scalars' JSON
// without the closing brace, then `,"name":value` for each populated attribute in the order the query asks, then
// `}`: what JSON.stringify writes for the entry renderRows makes (its scalars, then each populated attribute set
// after them). Each part is the engine's render of the row alone (the same as in its page whenever the page is
// `renderedApart`) through JSON.stringify, kept by what decides it: the attribute, its populate subtree (nodeKey:
// two parses of the same populate name it alike, so a new URL asking the same subtree in another order, page or
// document finds it), the status and the publication filter. The populate budget sees the same total: a kept part
// spends what it spent when it was rendered, and a page past the budget is refused with the budget's own error.

/** A page of rows to write from kept parts, with the request's budget. */
export interface PopulatedPage {
  readonly fragments: RowFragments;
  readonly index: ContentIndex;
  readonly type: ContentType;
  readonly budget: PopulateBudget | undefined;
  /** How the page renders its rows a part at a time. */
  readonly parts: RowParts;
  readonly rows: readonly Row[];
}

/**
 * Whether each row of the page renders alone as it does in its page. It does unless the populate depends on the
 * batch (`localizations` leaves out every row of the batch, see batchDependent); at the top level only, it still
 * does when no two rows of the page are versions of the same document (the batch then leaves out only the row).
 */
export function renderedApart(page: ListPage): boolean {
  if (!partsJoinable(page.node)) return false;
  if (page.sliceable) return true;
  const { node } = page;
  for (const sub of node.populate.values()) if (batchDependent(sub)) return false;
  for (const sub of node.zone?.values() ?? []) if (batchDependent(sub)) return false;
  const documents = new Set<unknown>();
  for (const row of page.rows) {
    if (documents.has(row.documentId)) return false;
    documents.add(row.documentId);
  }
  return true;
}

/** A populated attribute's part: its name, and its id among kept parts (undefined: never kept). */
interface AttributePart {
  readonly name: string;
  readonly id: number | undefined;
}

/** The ids of a row's parts for a populate tree: its scalars' (by `fields`), then each populated attribute's. */
interface PartKeys {
  readonly scalars: number;
  readonly attributes: readonly AttributePart[];
}

function partKeys(store: TypeParts, node: PopulateNode, partsKey: string): PartKeys {
  const attributes: AttributePart[] = [];
  for (const [name, sub] of node.populate) {
    const key = nodeKey(sub);
    attributes.push({ name, id: key === undefined ? undefined : store.idOf(`${partsKey}\u0000${name}\u0000${key}`) });
  }
  return { scalars: store.idOf(`s${JSON.stringify(node.fields)}`), attributes };
}

const encoder = new TextEncoder();
const CLOSE = encoder.encode('}');
const NOTHING = new Uint8Array(0);
const OPEN_LIST = encoder.encode('[');
const CLOSE_LIST = encoder.encode(']');
const COMMA = encoder.encode(',');
const NULL = encoder.encode('null');

/** A row's pieces (UTF-8, in order) and what its parts spent of the populate budget. */
interface RowPieces {
  readonly pieces: Uint8Array[];
  readonly spent: number;
}

/** The row's pieces when every part is kept, else undefined. */
function keptPieces(store: TypeParts, keys: PartKeys, row: Row): RowPieces | undefined {
  const parts = store.partsOf(row);
  const head = parts?.[keys.scalars];
  if (!head) return undefined;
  const pieces = [head.bytes];
  let spent = 0;
  for (const { id } of keys.attributes) {
    const part = id === undefined ? undefined : parts![id];
    if (!part) return undefined;
    pieces.push(part.bytes);
    spent += part.spent;
  }
  pieces.push(CLOSE);
  return { pieces, spent };
}

/**
 * One part of a row: kept (its share of the budget not spent yet), or made now (after the budget's first pass) as
 * bytes or as a value, with what making it spent.
 */
type MadePart =
  | { readonly kept: KeptPart }
  | { readonly bytes: Uint8Array; readonly spent: number }
  | { readonly value: unknown; readonly spent: number };

/**
 * A row's parts in order (its scalars first). `asValues`: every part rendered now as a value (none read from the kept
 * ones); else kept parts are read, and a part that is rows' or files' own fields is written from their kept texts.
 */
function makeParts(page: PopulatedPage, store: TypeParts, keys: PartKeys, row: Row, asValues = false): MadePart[] {
  const kept = asValues ? undefined : store.partsOf(row);
  const ids = [{ name: undefined, id: keys.scalars }, ...keys.attributes];
  return ids.map(({ name, id }) => {
    const part = id === undefined ? undefined : kept?.[id];
    if (part) return { kept: part };
    const before = page.budget?.used ?? 0;
    const spent = () => (page.budget?.used ?? 0) - before;
    const rows = asValues || name === undefined ? undefined : page.parts.partRows(row, name);
    if (rows) {
      const { slabs } = page.fragments;
      const bytes = slabs.join([slabs.constant(`,${JSON.stringify(name)}:`), ...rowsPieces(page, rows)]);
      return { bytes, spent: spent() };
    }
    const value = page.parts.renderPart(row, name);
    return { value, spent: spent() };
  });
}

/** The JSON of a part that is rows' or files' own fields, as pieces: each row's or file's kept text. */
function rowsPieces(page: PopulatedPage, part: PartRows): Uint8Array[] {
  const texts =
    part.kind === 'rows'
      ? page.fragments.texts(page.index, part.type, part.rows, (missing) => missing.map((r) => renderScalars(part.type, r)))
      : page.fragments.fileTexts(page.index, part.files, (file) => renderMedia(page.index.model, file, null));
  if (!part.many) return [texts[0] ?? NULL];
  const pieces: Uint8Array[] = [OPEN_LIST];
  texts.forEach((text, i) => (i === 0 ? pieces.push(text) : pieces.push(COMMA, text)));
  pieces.push(CLOSE_LIST);
  return pieces;
}

/** The parts as bytes, keeping those made now. */
function piecesOf(slabs: ByteSlabs, store: TypeParts, keys: PartKeys, row: Row, parts: readonly MadePart[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  parts.forEach((part, i) => {
    if ('kept' in part) return void pieces.push(part.kept.bytes);
    const id = i === 0 ? keys.scalars : keys.attributes[i - 1].id;
    const bytes =
      'bytes' in part ? part.bytes : i === 0 ? headBytes(slabs, part.value) : memberBytes(slabs, keys.attributes[i - 1].name, part.value);
    if (id !== undefined) store.keep(row, id, { bytes, spent: part.spent });
    pieces.push(bytes);
  });
  // an entry with no scalar key (no id): its first member has no comma before it
  if (pieces[0].length === 1) {
    const first = pieces.findIndex((p, i) => i > 0 && p.length > 0);
    if (first > 0) pieces[first] = pieces[first].subarray(1);
  }
  pieces.push(CLOSE);
  return pieces;
}

/** What the kept parts among `parts` spent (made ones spent theirs while being made). */
const keptSpent = (parts: readonly MadePart[]): number => parts.reduce((n, p) => n + ('kept' in p ? p.kept.spent : 0), 0);

/** The scalars' JSON without its closing brace. */
const headBytes = (slabs: ByteSlabs, scalars: unknown): Uint8Array => slabs.text(JSON.stringify(scalars)).subarray(0, -1);

/** `,"name":value`, or nothing for a value JSON.stringify leaves out. */
const memberBytes = (slabs: ByteSlabs, name: string, value: unknown): Uint8Array =>
  value === undefined ? NOTHING : slabs.text(`,${JSON.stringify(name)}:${JSON.stringify(value)}`);

/** What a page's rows are written from: its kept parts' store and their ids. */
export interface PageParts {
  readonly store: TypeParts;
  readonly keys: PartKeys;
}

export function pageParts(page: PopulatedPage): PageParts {
  const store = page.fragments.partsOf(page.index, page.type);
  return { store, keys: partKeys(store, page.parts.node, page.parts.partsKey) };
}

/**
 * The JSON of the page's rows (pieces of UTF-8 per row), in order. Without `render`: only when every part is kept
 * and together they spent at most `most` (a bigger answer is written in slices elsewhere), else undefined and
 * nothing is spent. With `render` (the budget's first pass runs before the first part is made): parts not kept
 * are made and kept.
 */
export function textsOfRows(page: PopulatedPage, most: number, render = false): Uint8Array[][] | undefined {
  const parts = pageParts(page);
  const out: Uint8Array[][] = [];
  let spent = 0;
  for (const row of page.rows) {
    const kept = keptPieces(parts.store, parts.keys, row);
    if (!kept && !render) return undefined;
    const pieces = kept ?? rowPieces(page, parts, row);
    spent += pieces.spent;
    out.push(pieces.pieces);
  }
  if (!render && spent > most) return undefined;
  // the kept parts' share of the budget (parts made now spent theirs while being made)
  page.budget?.spend(spent);
  return out;
}

/** Whether every part of every row of the page is kept. */
export function allKept(page: PopulatedPage): boolean {
  const parts = pageParts(page);
  return page.rows.every((row) => keptPieces(parts.store, parts.keys, row) !== undefined);
}

/** A row's pieces: kept, or made now and kept; `spent` is the kept parts' share of the budget (not spent yet). */
export function rowPieces(page: PopulatedPage, parts: PageParts, row: Row): RowPieces {
  const kept = keptPieces(parts.store, parts.keys, row);
  if (kept) return kept;
  const made = makeParts(page, parts.store, parts.keys, row);
  return { pieces: piecesOf(page.fragments.slabs, parts.store, parts.keys, row, made), spent: keptSpent(made) };
}

/**
 * A findOne's document: its pieces when every part is kept and spent at most `most`, or when rendering it now spent
 * at most `most` (its parts are then kept); else the entry as renderRows makes it, for the caller to serialize a
 * slice at a time.
 */
export function oneDocument(page: PopulatedPage, most: number): Uint8Array[] | Entry {
  const parts = pageParts(page);
  const [row] = page.rows;
  const kept = keptPieces(parts.store, parts.keys, row);
  if (kept && kept.spent <= most) {
    page.budget?.spend(kept.spent);
    return kept.pieces;
  }
  // every part rendered now as a value (none read from the kept ones), as the entry is when it is too big
  const before = page.budget?.used ?? 0;
  const made = makeParts(page, parts.store, parts.keys, row, true);
  if ((page.budget?.used ?? 0) - before <= most) return piecesOf(page.fragments.slabs, parts.store, parts.keys, row, made);
  const value = (part: MadePart) => ('value' in part ? part.value : undefined);
  const entry = value(made[0]) as Entry;
  parts.keys.attributes.forEach((part, i) => (entry[part.name] = value(made[i + 1])));
  return entry;
}
