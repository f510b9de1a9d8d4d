import type { Row, StoreData } from './types.js';

// A write's view of the store: every change to the data goes through the transaction the store hands the write, so
// the store knows what changed (persisting and re-indexing cost follow the change, not the store) and can undo it
// all when the write is refused or cannot be saved. Commit and rollback are the store's job (src/store).

/** A table: a content type uid, or `@media` / `@locales` for the two lists beside the types. */
export type TableName = string;

export const MEDIA_TABLE = '@media';
export const LOCALES_TABLE = '@locales';

/** A row pushed onto (`add`) or spliced out of its table, at position `at`. */
export interface RowMove {
  readonly add: boolean;
  readonly row: Row;
  readonly at: number;
}

/** What a transaction recorded, as the store reads it to commit or roll back. */
export interface ChangeLog {
  /** Per table: each row edited in place, with a copy of it as it was before. */
  readonly rows: Map<TableName, Map<Row, Row>>;
  /** linkOrder keys set or deleted, with their value before (undefined: absent). */
  readonly links: Map<string, number | undefined>;
  /** Per table: rows inserted (pushed at the end) and deleted, in the order it happened. */
  readonly moves: Map<TableName, RowMove[]>;
}

/**
 * The inverse list a link rank key belongs to (`owner\0attribute\0target`: see list-highs.ts) and the owner row
 * version the key names (a key is per document, locale and status, so rows sharing those share it).
 */
export interface RankedLink {
  readonly list: string;
  readonly documentId: string;
  readonly locale: string;
  readonly draft: boolean;
}

export const tableOf = (data: StoreData, table: TableName): Row[] | undefined =>
  table === MEDIA_TABLE ? (data.media as unknown as Row[]) : table === LOCALES_TABLE ? (data.locales as unknown as Row[]) : data.types[table];

/**
 * One write's changes. `edit` a row BEFORE changing it in place (the transaction keeps a copy to restore on
 * rollback; the row is then saved whole, nested values included); `insert` / `remove` rows; `setLink` link ranks.
 * Other top-level records (sequences, plugin state) are small and compared whole by the store.
 */
export class Transaction implements ChangeLog {
  readonly rows = new Map<TableName, Map<Row, Row>>();
  readonly links = new Map<string, number | undefined>();
  readonly moves = new Map<TableName, RowMove[]>();
  /** Per inverse list, the owner row versions whose rank keys this write set or deleted (see setLink). */
  readonly rankedLinks = new Map<string, RankedLink[]>();
  /** A rank key was set without saying which list it belongs to: no kept list high can be trusted. */
  unlistedLinks = false;

  constructor(readonly data: StoreData) {}

  /** Declares that `row` of `table` is about to change in place; returns it. */
  edit<R extends Row>(table: TableName, row: R): R {
    let rows = this.rows.get(table);
    if (!rows) this.rows.set(table, (rows = new Map()));
    // a deep copy: nested values (link locales) are sometimes edited in place
    if (!rows.has(row)) rows.set(row, structuredClone(row));
    return row;
  }

  /** Gives `row` of `table` the members of `next` (in place: the row keeps its place and identity); returns it. */
  replace<R extends Row>(table: TableName, row: R, next: R): R {
    this.edit(table, row);
    for (const key of Object.keys(row)) if (!Object.hasOwn(next, key)) delete row[key];
    return Object.assign(row, next);
  }

  /** Appends `row` to `table` (a type uid, `@media`, `@locales`). */
  insert(table: TableName, row: Row): void {
    const rows = tableOf(this.data, table) ?? (this.data.types[table] = []);
    this.moved(table, { add: true, row, at: rows.push(row) - 1 });
  }

  /** Takes `row` out of `table`; false when it is not there. */
  remove(table: TableName, row: Row): boolean {
    const rows = tableOf(this.data, table);
    const at = rows ? rows.lastIndexOf(row) : -1;
    if (at < 0) return false;
    rows!.splice(at, 1);
    this.moved(table, { add: false, row, at });
    return true;
  }

  /**
   * Sets (or, with undefined, deletes) a linkOrder key. `ranked` names the inverse list whose values the key is one
   * of (null: a key that is no list value, such as a join row's birth); without it, every list counts as changed.
   */
  setLink(key: string, rank: number | undefined, ranked?: RankedLink | null): void {
    if (ranked === undefined) this.unlistedLinks = true;
    else if (ranked !== null) {
      const rows = this.rankedLinks.get(ranked.list);
      if (rows) rows.push(ranked);
      else this.rankedLinks.set(ranked.list, [ranked]);
    }
    const order = (this.data.linkOrder ??= {});
    if (!this.links.has(key)) this.links.set(key, order[key]);
    if (rank === undefined) delete order[key];
    else order[key] = rank;
  }

  private moved(table: TableName, move: RowMove): void {
    const moves = this.moves.get(table);
    if (moves) moves.push(move);
    else this.moves.set(table, [move]);
  }
}

/** What a change added to and removed from a table so far, net (a row removed and added again counts as neither). */
export function netMoves(log: ChangeLog, table: string): { added: Set<Row>; removed: Set<Row> } | undefined {
  const moves = log.moves.get(table);
  if (!moves) return undefined;
  const added = new Set<Row>();
  const removed = new Set<Row>();
  for (const m of moves) {
    if (m.add) {
      if (!removed.delete(m.row)) added.add(m.row);
    } else if (!added.delete(m.row)) removed.add(m.row);
  }
  return { added, removed };
}
