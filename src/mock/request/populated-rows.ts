import type { ContentIndex } from '../../core/data/content-index.js';
import type { Row } from '../../core/data/types.js';
import type { ContentType } from '../../core/model/types.js';
import { nodeKey, type PopulateNode } from '../../core/query/populate-node.js';
import { batchDependent, partsJoinable, type Entry, type PopulateBudget } from '../../core/query/render-entry.js';
import type { ListPage, RowParts } from '../../core/query/run-query.js';
import { jsonBytes, type KeptPart, type RowFragments, type TypeParts } from './row-fragments.js';

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

/** A populated attribute's part: its name, and its key among kept parts (undefined: never kept). */
interface AttributePart {
  readonly name: string;
  readonly key: string | undefined;
}

/** The keys of a row's parts for a populate tree: its scalars' (by `fields`), then each populated attribute's. */
interface PartKeys {
  readonly scalars: string;
  readonly attributes: readonly AttributePart[];
}

function partKeys(node: PopulateNode, partsKey: string): PartKeys {
  const attributes: AttributePart[] = [];
  for (const [name, sub] of node.populate) {
    const key = nodeKey(sub);
    attributes.push({ name, key: key === undefined ? undefined : `${partsKey}\u0000${name}\u0000${key}` });
  }
  return { scalars: `s${JSON.stringify(node.fields)}`, attributes };
}

const encoder = new TextEncoder();
const CLOSE = encoder.encode('}');
const NOTHING = new Uint8Array(0);

/** A row's pieces (UTF-8, in order) and what its parts spent of the populate budget. */
interface RowPieces {
  readonly pieces: Uint8Array[];
  readonly spent: number;
}

/** The row's pieces when every part is kept, else undefined. */
function keptPieces(store: TypeParts, keys: PartKeys, row: Row): RowPieces | undefined {
  const head = store.get(row, keys.scalars);
  if (!head) return undefined;
  const pieces = [head.bytes];
  let spent = 0;
  for (const { key } of keys.attributes) {
    const part = key === undefined ? undefined : store.get(row, key);
    if (!part) return undefined;
    pieces.push(part.bytes);
    spent += part.spent;
  }
  pieces.push(CLOSE);
  return { pieces, spent };
}

/**
 * A row's parts, kept or rendered now (after the budget's first pass) as values; `spent` counts the kept ones only
 * (rendering spends as it goes), `fresh` what each rendered part spent.
 */
interface RenderedParts {
  readonly values: unknown[];
  readonly kept: (KeptPart | undefined)[];
  readonly fresh: number[];
  readonly spent: number;
}

function renderParts(page: PopulatedPage, store: TypeParts | undefined, keys: PartKeys, row: Row): RenderedParts {
  const values: unknown[] = [];
  const kept: (KeptPart | undefined)[] = [];
  const fresh: number[] = [];
  let spent = 0;
  const parts = [{ name: undefined, key: keys.scalars }, ...keys.attributes];
  for (const { name, key } of parts) {
    const part = key === undefined ? undefined : store?.get(row, key);
    kept.push(part);
    if (part) {
      spent += part.spent;
      values.push(undefined);
      fresh.push(0);
      continue;
    }
    const before = page.budget?.used ?? 0;
    values.push(page.parts.renderPart(row, name));
    fresh.push((page.budget?.used ?? 0) - before);
  }
  return { values, kept, fresh, spent };
}

/** The rendered parts as bytes, keeping those rendered now. */
function piecesOf(store: TypeParts, keys: PartKeys, row: Row, parts: RenderedParts): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  parts.kept.forEach((kept, i) => {
    if (kept) return void pieces.push(kept.bytes);
    const key = i === 0 ? keys.scalars : keys.attributes[i - 1].key;
    const bytes = i === 0 ? headBytes(parts.values[0]) : memberBytes(keys.attributes[i - 1].name, parts.values[i]);
    if (key !== undefined) store.keep(row, key, { bytes, spent: parts.fresh[i] });
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

/** The scalars' JSON without its closing brace. */
const headBytes = (scalars: unknown): Uint8Array => jsonBytes(scalars).subarray(0, -1);

/** `,"name":value`, or nothing for a value JSON.stringify leaves out. */
const memberBytes = (name: string, value: unknown): Uint8Array =>
  value === undefined ? NOTHING : encoder.encode(`,${JSON.stringify(name)}:${JSON.stringify(value)}`);

/** What a page's rows are written from: its kept parts' store and keys. */
export interface PageParts {
  readonly store: TypeParts;
  readonly keys: PartKeys;
}

export function pageParts(page: PopulatedPage): PageParts {
  return { store: page.fragments.partsOf(page.index, page.type), keys: partKeys(page.parts.node, page.parts.partsKey) };
}

/**
 * The JSON of the page's rows (pieces of UTF-8 per row), in order. Without `render`: only when every part is kept
 * and together they spent at most `most` (a bigger answer is written in slices elsewhere), else undefined and
 * nothing is spent. With `render` (the budget's first pass runs before the first part is rendered): parts not kept
 * are rendered and kept.
 */
export function textsOfRows(page: PopulatedPage, most: number, render = false): Uint8Array[][] | undefined {
  const parts = pageParts(page);
  const out: Uint8Array[][] = [];
  let spent = 0;
  for (const row of page.rows) {
    const kept = keptPieces(parts.store, parts.keys, row);
    if (!kept && !render) return undefined;
    if (kept) {
      spent += kept.spent;
      out.push(kept.pieces);
      continue;
    }
    const rendered = renderParts(page, parts.store, parts.keys, row);
    spent += rendered.spent;
    out.push(piecesOf(parts.store, parts.keys, row, rendered));
  }
  if (!render && spent > most) return undefined;
  // the kept parts' share of the budget (parts rendered now spent theirs while rendering)
  page.budget?.spend(spent);
  return out;
}

/** Whether every part of every row of the page is kept. */
export function allKept(page: PopulatedPage): boolean {
  const parts = pageParts(page);
  return page.rows.every((row) => keptPieces(parts.store, parts.keys, row) !== undefined);
}

/** A row's pieces: kept, or rendered now and kept; `spent` is the kept parts' share of the budget (not spent yet). */
export function rowPieces(page: PopulatedPage, parts: PageParts, row: Row): RowPieces {
  const kept = keptPieces(parts.store, parts.keys, row);
  if (kept) return kept;
  const rendered = renderParts(page, parts.store, parts.keys, row);
  return { pieces: piecesOf(parts.store, parts.keys, row, rendered), spent: rendered.spent };
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
  // every part rendered now (none read from the kept ones: a big entry is built from values)
  const before = page.budget?.used ?? 0;
  const rendered = renderParts(page, undefined, parts.keys, row);
  if ((page.budget?.used ?? 0) - before <= most) return piecesOf(parts.store, parts.keys, row, rendered);
  const entry = rendered.values[0] as Entry;
  parts.keys.attributes.forEach((part, i) => (entry[part.name] = rendered.values[i + 1]));
  return entry;
}
