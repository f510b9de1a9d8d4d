import type { Row, StoreData } from './types.js';

// What a running `Store.mutate` changed in place, told by the code that changes it, so persisting and re-indexing
// cost follow the change and not the store. A row changed in place must be declared: call `rowChanged` BEFORE
// changing it (the store keeps a copy of it, to undo the change if it cannot be saved); the row is then saved whole,
// nested values included. Rows added to or removed from a table are best declared too, by adding and removing them
// with `addRow` / `removeRow`: the store then takes the change as told. Otherwise it finds them by comparing the
// table with its previous contents (pointers only, but a pass over the whole table). Tests check every change
// against its journal entry (CM_STORE_VERIFY=1, set by vitest.config.ts), so a forgotten declaration fails loudly.

/** A table: a content type uid, or `@media` / `@locales` for the two lists beside the types. */
export type TableName = string;

export const MEDIA_TABLE = '@media';
export const LOCALES_TABLE = '@locales';

export interface ChangeLog {
  /** Per table: each row declared changed, with a copy of it as it was before. */
  readonly rows: Map<TableName, Map<Row, Row>>;
  /** linkOrder keys set or deleted, with their value before (undefined: absent). */
  readonly links: Map<string, number | undefined>;
  /** Per table: rows added (pushed at the end) and removed with `addRow` / `removeRow`, in the order it happened. */
  readonly moves: Map<TableName, RowMove[]>;
}

/** A row pushed onto (`add`) or spliced out of its table, at position `at`. */
export interface RowMove {
  readonly add: boolean;
  readonly row: Row;
  readonly at: number;
}

const open = new WeakMap<StoreData, ChangeLog>();

/** Starts recording changes to `data` (the store does this around each change it runs). */
export function beginChanges(data: StoreData): ChangeLog {
  const log: ChangeLog = { rows: new Map(), links: new Map(), moves: new Map() };
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

/** The change running against `data`, if any (indexes look at it to see rows a change added or edited so far). */
export function openChanges(data: StoreData): ChangeLog | undefined {
  return open.get(data);
}

const tableOf = (data: StoreData, table: TableName): Row[] | undefined =>
  table === MEDIA_TABLE ? (data.media as unknown as Row[]) : table === LOCALES_TABLE ? (data.locales as unknown as Row[]) : data.types[table];

function moved(data: StoreData, table: TableName, move: RowMove): void {
  const log = open.get(data);
  if (!log) return;
  const moves = log.moves.get(table);
  if (moves) moves.push(move);
  else log.moves.set(table, [move]);
}

/** Appends `row` to `table` (a type uid, `@media`, `@locales`), declared so the store need not look for it. */
export function addRow(data: StoreData, table: TableName, row: Row): void {
  const rows = tableOf(data, table) ?? (data.types[table] = []);
  moved(data, table, { add: true, row, at: rows.push(row) - 1 });
}

/** Takes `row` out of `table`, declared so the store need not look for it; false when it is not there. */
export function removeRow(data: StoreData, table: TableName, row: Row): boolean {
  const rows = tableOf(data, table);
  const at = rows ? rows.lastIndexOf(row) : -1;
  if (at < 0) return false;
  rows!.splice(at, 1);
  moved(data, table, { add: false, row, at });
  return true;
}

/** Declares that a linkOrder key is about to be set or deleted (link-order.ts calls this). */
export function linkChanged(data: StoreData, key: string): void {
  const log = open.get(data);
  if (log && !log.links.has(key)) log.links.set(key, data.linkOrder?.[key]);
}
