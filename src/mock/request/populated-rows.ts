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
// without the closing brace, then `,"name":value` for each populated attribute in the order they land (populateOrder), then
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
  const { rows } = page;
  // (a page is a few dozen rows: compared pairwise, no set built per request)
  if (rows.length > 64) return new Set(rows.map((row) => row.documentId)).size === rows.length;
  for (let i = 1; i < rows.length; i++) for (let j = 0; j < i; j++) if (rows[i].documentId === rows[j].documentId) return false;
  return true;
}

/** A populated attribute's part: its name, `,"name":` as bytes, and its id among kept parts (undefined: never kept). */
interface AttributePart {
  readonly name: string;
  readonly prefix: Uint8Array;
  readonly id: number | undefined;
}

/**
 * The ids of a row's parts for a populate tree: its scalars' (by `fields`), then each populated attribute's; and
 * whether the scalars are the row's own fields alone (written from the row's kept text, see headOf).
 */
interface PartKeys {
  readonly scalars: number;
  readonly ownFields: boolean;
  readonly attributes: readonly AttributePart[];
}

function partKeys(store: TypeParts, slabs: ByteSlabs, node: PopulateNode, partsKey: string): PartKeys {
  const attributes: AttributePart[] = [];
  for (const [name, sub] of node.populate) {
    attributes.push(
      store.attributeOf(sub, name, partsKey, () => {
        const key = nodeKey(sub);
        const id = key === undefined ? undefined : store.idOf(`${partsKey}\u0000${name}\u0000${key}`);
        return { name, prefix: slabs.constant(`,${JSON.stringify(name)}:`), id };
      }),
    );
  }
  const lead = node.lead ? JSON.stringify(node.lead) : '';
  return { scalars: store.idOf(`s${JSON.stringify(node.fields)}${lead}`), ownFields: node.fields === null && !node.lead, attributes };
}

const encoder = new TextEncoder();
const CLOSE = encoder.encode('}');
const OPEN_LIST = encoder.encode('[');
const CLOSE_LIST = encoder.encode(']');
const COMMA = encoder.encode(',');
const NULL = encoder.encode('null');

/** A row's pieces (UTF-8, in order) and what its kept parts spent of the populate budget (not spent yet). */
interface RowPieces {
  readonly pieces: Uint8Array[];
  readonly spent: number;
}

/**
 * Appends the row's kept pieces to `out` and returns what they spent, when every part is kept; else leaves `out` as
 * it was and returns -1.
 */
function keptInto(store: TypeParts, keys: PartKeys, row: Row, out: Uint8Array[]): number {
  const parts = store.partsOf(row);
  const head = parts?.[keys.scalars];
  if (!head) return -1;
  const from = out.length;
  out.push(head.bytes);
  let spent = 0;
  for (const { id } of keys.attributes) {
    const part = id === undefined ? undefined : parts![id];
    if (!part) {
      out.length = from;
      return -1;
    }
    out.push(part.bytes);
    spent += part.spent;
  }
  withoutLeadingComma(out, from);
  out.push(CLOSE);
  return spent;
}

/**
 * The scalars' part of a row, without its closing brace. The row's own fields alone (no `fields`) are what a plain
 * list shows of it: the row's kept text (row-fragments.ts, valid while its table is unchanged), shared with plain
 * lists and with every populated part that shows the row as a related row; else rendered now.
 */
function headOf(page: PopulatedPage, keys: PartKeys, row: Row): Uint8Array {
  const { fragments, index, type } = page;
  if (!keys.ownFields) return headBytes(fragments.slabs, page.parts.renderPart(row));
  const [text] = fragments.texts(index, type, [row], (missing) => missing.map((r) => renderScalars(type, r)));
  return text.subarray(0, text.length - 1);
}

/**
 * A populated attribute's part of a row, made now (after the budget's first pass): written from its rows' or files'
 * kept texts when it is their own fields, else rendered; with what making it spent.
 */
function madePart(page: PopulatedPage, part: AttributePart, row: Row): KeptPart {
  const { budget, fragments } = page;
  const before = budget?.used ?? 0;
  const rows = page.parts.partRows(row, part.name);
  const bytes = rows
    ? fragments.slabs.join(rowsPieces(page, rows, [part.prefix]))
    : memberBytes(fragments.slabs, part.prefix, page.parts.renderPart(row, part.name));
  return { bytes, spent: (budget?.used ?? 0) - before };
}

/** The JSON of a part that is rows' or files' own fields, as pieces after `pieces`: each row's or file's kept text. */
function rowsPieces(page: PopulatedPage, part: PartRows, pieces: Uint8Array[]): Uint8Array[] {
  const texts =
    part.kind === 'rows'
      ? page.fragments.texts(page.index, part.type, part.rows, (missing) => missing.map((r) => renderScalars(part.type, r)))
      : page.fragments.fileTexts(page.index, part.files, (file) => renderMedia(page.index.model, file, null));
  if (!part.many) {
    pieces.push(texts[0] ?? NULL);
    return pieces;
  }
  pieces.push(OPEN_LIST);
  texts.forEach((text, i) => (i === 0 ? pieces.push(text) : pieces.push(COMMA, text)));
  pieces.push(CLOSE_LIST);
  return pieces;
}

/** The scalars' JSON without its closing brace. */
const headBytes = (slabs: ByteSlabs, scalars: unknown): Uint8Array => slabs.text(JSON.stringify(scalars)).subarray(0, -1);

/** `,"name":value` (`prefix` is `,"name":`), or nothing for a value JSON.stringify leaves out. */
const memberBytes = (slabs: ByteSlabs, prefix: Uint8Array, value: unknown): Uint8Array =>
  value === undefined ? NOTHING : slabs.after(prefix, JSON.stringify(value));
const NOTHING = new Uint8Array(0);

/** An entry with no scalar key (no id): its first member has no comma before it. */
function withoutLeadingComma(pieces: Uint8Array[], from: number): void {
  if (pieces[from].length !== 1) return;
  for (let i = from + 1; i < pieces.length; i++)
    if (pieces[i].length > 0) {
      pieces[i] = pieces[i].subarray(1);
      return;
    }
}

/** What a page's rows are written from: its kept parts' store and their ids. */
export interface PageParts {
  readonly store: TypeParts;
  readonly keys: PartKeys;
}

export function pageParts(page: PopulatedPage): PageParts {
  const { fragments, parts } = page;
  const store = fragments.partsOf(page.index, page.type);
  // (a kept parse's tree is the same object from one request to the next: its ids are looked up once)
  const keys = store.keysOf(parts.node, parts.partsKey, () => partKeys(store, fragments.slabs, parts.node, parts.partsKey));
  return { store, keys: inOrder(keys, parts.populateOrder()) };
}

/** The parts' keys with the populated attributes in the order they land on the page's rows (see populateOrder). */
function inOrder(keys: PartKeys, order: readonly string[]): PartKeys {
  if (keys.attributes.every((part, i) => part.name === order[i])) return keys;
  const byName = new Map(keys.attributes.map((part) => [part.name, part]));
  return { ...keys, attributes: order.map((name) => byName.get(name)!) };
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
    const pieces: Uint8Array[] = [];
    let rowSpent = keptInto(parts.store, parts.keys, row, pieces);
    if (rowSpent < 0) {
      if (!render) return undefined;
      rowSpent = madeInto(page, parts, row, pieces);
    }
    spent += rowSpent;
    out.push(pieces);
  }
  if (!render && spent > most) return undefined;
  // the kept parts' share of the budget (parts made now spent theirs while being made)
  page.budget?.spend(spent);
  return out;
}

/** Whether every part of every row of the page is kept. */
export function allKept(page: PopulatedPage): boolean {
  const { store, keys } = pageParts(page);
  for (const row of page.rows) {
    const parts = store.partsOf(row);
    if (!parts?.[keys.scalars]) return false;
    for (const { id } of keys.attributes) if (id === undefined || !parts[id]) return false;
  }
  return true;
}

/** A row's pieces: kept, or made now and kept; `spent` is the kept parts' share of the budget (not spent yet). */
export function rowPieces(page: PopulatedPage, parts: PageParts, row: Row): RowPieces {
  const pieces: Uint8Array[] = [];
  const spent = keptInto(parts.store, parts.keys, row, pieces);
  return { pieces, spent: spent >= 0 ? spent : madeInto(page, parts, row, pieces) };
}

/**
 * Appends the row's pieces to `out`, each part kept or made now (and kept); returns what the kept ones spent (the
 * made ones spent theirs while being made).
 */
function madeInto(page: PopulatedPage, { store, keys }: PageParts, row: Row, out: Uint8Array[]): number {
  const kept = store.partsOf(row);
  const from = out.length;
  let head = kept?.[keys.scalars];
  if (!head) store.keep(row, keys.scalars, (head = { bytes: headOf(page, keys, row), spent: 0 }));
  out.push(head.bytes);
  let spent = 0;
  for (const part of keys.attributes) {
    let made = part.id === undefined ? undefined : kept?.[part.id];
    if (made) spent += made.spent;
    else {
      made = madePart(page, part, row);
      if (part.id !== undefined) store.keep(row, part.id, made);
    }
    out.push(made.bytes);
  }
  withoutLeadingComma(out, from);
  out.push(CLOSE);
  return spent;
}

/**
 * A findOne's document: its pieces when every part is kept and spent at most `most`, or when rendering it now spent
 * at most `most` (its parts are then kept); else the entry as renderRows makes it, for the caller to serialize a
 * slice at a time. Parts kept by other reads (a list's, another findOne's asking the same subtrees) are reused.
 */
export function oneDocument(page: PopulatedPage, most: number): Uint8Array[] | Entry {
  const { store, keys } = pageParts(page);
  const [row] = page.rows;
  const { budget, fragments } = page;
  const used = () => budget?.used ?? 0;
  const kept = store.partsOf(row);
  // each part kept (what it spent, not spent yet) or rendered now as a value (spending as it renders)
  const start = used();
  let keptSpent = 0;
  const made = keys.attributes.map((part) => {
    const have = part.id === undefined ? undefined : kept?.[part.id];
    if (have) {
      keptSpent += have.spent;
      return have;
    }
    const before = used();
    const value = page.parts.renderPart(row, part.name);
    return { value, spent: used() - before };
  });
  if (keptSpent + used() - start > most) {
    // too big to write at once: the entry as values, the kept parts rendered now too (and spent so)
    const entry = page.parts.renderPart(row) as Entry;
    keys.attributes.forEach((part, i) => {
      const m = made[i];
      entry[part.name] = 'value' in m ? m.value : page.parts.renderPart(row, part.name);
    });
    return entry;
  }
  budget?.spend(keptSpent);
  let head = kept?.[keys.scalars];
  if (!head) store.keep(row, keys.scalars, (head = { bytes: headOf(page, keys, row), spent: 0 }));
  const pieces = [head.bytes];
  keys.attributes.forEach((part, i) => {
    const m = made[i];
    if ('bytes' in m) return void pieces.push(m.bytes);
    const bytes = memberBytes(fragments.slabs, part.prefix, m.value);
    if (part.id !== undefined) store.keep(row, part.id, { bytes, spent: m.spent });
    pieces.push(bytes);
  });
  withoutLeadingComma(pieces, 0);
  pieces.push(CLOSE);
  return pieces;
}
