import type { Row, StoreData } from './types.js';

// What a running `Store.mutate` changed in place, told by the code that changes it, so persisting and re-indexing
// cost follow the change and not the store. Rows added to or removed from a table need no word: the store finds
// them by comparing the table with its previous contents (pointers only). A row changed in place does: call
// `rowChanged` BEFORE changing it (the store keeps a copy of it, to undo the change if it cannot be saved); the row
// is then saved whole, nested values included. Tests check every change against its journal entry
// (CM_STORE_VERIFY=1, set by vitest.config.ts), so a forgotten declaration fails loudly there.

/** A table: a content type uid, or `@media` / `@locales` for the two lists beside the types. */
export type TableName = string;

export const MEDIA_TABLE = '@media';
export const LOCALES_TABLE = '@locales';

export interface ChangeLog {
  /** Per table: each row declared changed, with a copy of it as it was before. */
  readonly rows: Map<TableName, Map<Row, Row>>;
  /** linkOrder keys set or deleted, with their value before (undefined: absent). */
  readonly links: Map<string, number | undefined>;
}

const open = new WeakMap<StoreData, ChangeLog>();

/** Starts recording changes to `data` (the store does this around each change it runs). */
export function beginChanges(data: StoreData): ChangeLog {
  const log: ChangeLog = { rows: new Map(), links: new Map() };
  open.set(data, log);
  return log;
}

export function endChanges(data: StoreData): void {
  open.delete(data);
}

/** Declares that `row` of `table` is about to change in place. Outside a mutation (a test's own data) it does nothing. */
export function rowChanged(data: StoreData, table: TableName, row: Row): void {
  const log = open.get(data);
  if (!log) return;
  let rows = log.rows.get(table);
  if (!rows) log.rows.set(table, (rows = new Map()));
  // a deep copy: nested values (link locales) are sometimes edited in place
  if (!rows.has(row)) rows.set(row, structuredClone(row));
}

/** Declares that a linkOrder key is about to be set or deleted (link-order.ts calls this). */
export function linkChanged(data: StoreData, key: string): void {
  const log = open.get(data);
  if (log && !log.links.has(key)) log.links.set(key, data.linkOrder?.[key]);
}
