import { LOCALES_TABLE, MEDIA_TABLE, type ChangeLog, type RowMove } from '../core/data/transaction.js';
import type { TableChange } from '../core/data/content-index.js';
import type { Row, StoreData } from '../core/data/types.js';

// Turns one change to the data into (1) the journal operations that replay it, (2) what the indexes must patch,
// (3) how to undo it. Cost follows the change: each table's array is compared with its previous contents by
// pointer only (a cheap pass, and only for tables whose array or length changed or that had a row declared
// changed), declared rows are serialized, and the small records (sequences, plugin state) are compared whole.

/** One journal operation; replaying them in order on the file's data gives the data after the change. */
export type JournalOp =
  /** Rows of a table: `del` ids removed, then `put` rows replaced by id in place or appended. */
  | { t: string; del?: number[]; put?: Row[] }
  /** A table's whole contents (a new table, an unusual reordering), or null when the type's table was removed. */
  | { t: string; rows: Row[] | null }
  /** Sequence counters set (null: removed). */
  | { seq: Record<string, number | null> }
  /** linkOrder keys set (null: removed). */
  | { links: Record<string, number | null> }
  /** Any other top-level member set whole (absent value: removed). */
  | { set: string; v?: unknown };

export interface Delta {
  readonly ops: JournalOp[];
  readonly changes: TableChange[];
  /** Owner types whose link order changed. */
  readonly linkOwners: Set<string>;
  /** The linkOrder keys set or deleted; undefined when the whole record was replaced. */
  readonly linkKeys: string[] | undefined;
  readonly undo: () => void;
}

interface Shadow {
  array: Row[];
  copy: Row[];
  /** Small tables only: each row's members as they were ([key, value, key, value, ...]). */
  values?: Map<Row, unknown[]>;
}

/**
 * Tables up to this size are also compared member by member on every change, so an in-place edit nobody declared
 * (plugin state such as users and roles) is still saved; large tables rely on `tx.edit`.
 */
const SMALL_TABLE = 2000;

function membersOf(row: Row): unknown[] {
  const out: unknown[] = [];
  for (const key in row) out.push(key, row[key]);
  return out;
}

function sameMembers(row: Row, was: unknown[]): boolean {
  let i = 0;
  for (const key in row) {
    if (was[i] !== key || was[i + 1] !== row[key]) return false;
    i += 2;
  }
  return i === was.length;
}

function fromMembers(was: unknown[]): Row {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < was.length; i += 2) row[was[i] as string] = was[i + 1];
  return row as Row;
}

function shadowOf(rows: Row[]): Shadow {
  return { array: rows, copy: rows.slice(), values: rows.length <= SMALL_TABLE ? new Map(rows.map((r) => [r, membersOf(r)])) : undefined };
}

const OWN = new Set(['format', 'types', 'media', 'locales', 'sequences', 'linkOrder']);

export class ChangeTracker {
  private shadows = new Map<string, Shadow>();
  private sequences: Record<string, number> = {};
  private linkOrder: Record<string, number> | undefined;
  private others = new Map<string, string>();

  constructor(private data: StoreData) {
    this.reset(data);
  }

  /** Starts over from `data` as it is (after a load or a replace). */
  reset(data: StoreData): void {
    this.data = data;
    this.shadows.clear();
    for (const [table, rows] of this.tables()) this.shadows.set(table, shadowOf(rows));
    this.sequences = { ...data.sequences };
    this.linkOrder = data.linkOrder;
    this.others.clear();
    for (const [key, value] of Object.entries(data)) if (!OWN.has(key)) this.others.set(key, JSON.stringify(value));
  }

  private *tables(): Generator<[string, Row[]]> {
    for (const [uid, rows] of Object.entries(this.data.types)) if (Array.isArray(rows)) yield [uid, rows];
    if (Array.isArray(this.data.media)) yield [MEDIA_TABLE, this.data.media as unknown as Row[]];
    if (Array.isArray(this.data.locales)) yield [LOCALES_TABLE, this.data.locales as unknown as Row[]];
  }

  private setTable(table: string, rows: Row[] | undefined): void {
    const data = this.data as unknown as { media: Row[]; locales: Row[] };
    if (table === MEDIA_TABLE) data.media = rows ?? [];
    else if (table === LOCALES_TABLE) data.locales = rows ?? [];
    else if (rows) this.data.types[table] = rows;
    else delete this.data.types[table];
  }

  /**
   * A large table whose rows were inserted and removed through the transaction: the change is taken as told (cost
   * follows the change), the shadow copy replays the same moves. False (nothing done) when the table does not look
   * as told, so something else moved rows too: the caller then compares the whole table.
   */
  private takeMoves(
    table: string,
    shadow: Shadow,
    rows: Row[],
    moves: readonly RowMove[],
    declared: Map<Row, Row> | undefined,
    ops: JournalOp[],
    changes: TableChange[],
    undos: Array<() => void>,
  ): boolean {
    const copy = shadow.copy;
    if (shadow.array !== rows) return false;
    let net = 0;
    for (const m of moves) net += m.add ? 1 : -1;
    if (copy.length + net !== rows.length) return false;
    const replay = (forward: boolean) => {
      for (let k = forward ? 0 : moves.length - 1; forward ? k < moves.length : k >= 0; k += forward ? 1 : -1) {
        const m = moves[k];
        if (m.add === forward) copy.splice(m.at, 0, m.row);
        else copy.splice(m.at, 1);
      }
    };
    replay(true);
    // every place a move touched must now hold the same row in both (a small table: every place)
    const mismatch = shadow.values
      ? copy.some((r, k) => r !== rows[k])
      : moves.some((m) => m.at < rows.length && copy[m.at] !== rows[m.at]);
    if (mismatch) {
      replay(false);
      return false;
    }
    const removed: Row[] = [];
    const removedSet = new Set<Row>();
    const addedSet = new Set<Row>();
    for (const m of moves) {
      if (m.add) addedSet.add(m.row);
      else if (addedSet.has(m.row)) addedSet.delete(m.row);
      else if (!removedSet.has(m.row)) {
        removed.push(m.row);
        removedSet.add(m.row);
      }
    }
    const added = [...addedSet];
    const changed: Row[] = [];
    if (declared) for (const row of declared.keys()) if (!addedSet.has(row) && !removedSet.has(row)) changed.push(row);
    const op: { t: string; del?: number[]; put?: Row[] } = { t: table };
    if (removed.length > 0) op.del = removed.map((r) => r.id);
    if (changed.length > 0 || added.length > 0) op.put = [...changed, ...added];
    if (op.del || op.put) ops.push(op);
    changes.push({
      table,
      added: added.filter((r) => !removedSet.has(r)),
      removed: removed.filter((r) => !addedSet.has(r)),
      changed,
      before: declared,
    });
    const values = shadow.values;
    const valuesBefore = values && new Map(values);
    if (values) {
      for (const row of removed) values.delete(row);
      for (const row of [...changed, ...added]) values.set(row, membersOf(row));
    }
    undos.push(() => {
      if (values && valuesBefore) {
        values.clear();
        for (const [row, was] of valuesBefore) values.set(row, was);
      }
      for (let k = moves.length - 1; k >= 0; k--) {
        const m = moves[k];
        if (m.add) rows.splice(m.at, 1);
        else rows.splice(m.at, 0, m.row);
      }
      replay(false);
      this.setTable(table, rows);
      this.shadows.set(table, shadow);
    });
    if (declared) {
      undos.push(() => {
        for (const [row, was] of declared) {
          for (const key of Object.keys(row)) if (!Object.hasOwn(was, key)) delete row[key];
          Object.assign(row, was);
        }
      });
    }
    return true;
  }

  /** Throws unless every table's shadow matches the table (tests, after each change). */
  assertInSync(): void {
    for (const [table, rows] of this.tables()) {
      const shadow = this.shadows.get(table);
      if (!shadow || shadow.array !== rows || shadow.copy.length !== rows.length || shadow.copy.some((r, k) => r !== rows[k]))
        throw new Error(`content-mock: the change tracker lost track of table ${table}`);
    }
  }

  /** What the change just run did, given what it declared. Call once per change, right after it ran. */
  collect(log: ChangeLog): Delta {
    const ops: JournalOp[] = [];
    const changes: TableChange[] = [];
    const undos: Array<() => void> = [];
    const seen = new Set<string>();
    for (const [table, rows] of this.tables()) {
      seen.add(table);
      const shadow = this.shadows.get(table);
      let declared = log.rows.get(table);
      if (shadow?.values) {
        // small table: find rows edited in place without a word, with what they were
        for (const [row, was] of shadow.values) {
          if (declared?.has(row) || sameMembers(row, was)) continue;
          if (!declared) log.rows.set(table, (declared = new Map()));
          declared.set(row, fromMembers(was));
        }
      }
      const moves = log.moves.get(table);
      if (shadow && shadow.array === rows && shadow.copy.length === rows.length && !declared && !moves) continue;
      if (!shadow) {
        ops.push({ t: table, rows });
        changes.push({ table, added: rows, removed: [], changed: [] });
        this.shadows.set(table, shadowOf(rows));
        undos.push(() => this.setTable(table, undefined));
        continue;
      }
      if (moves && this.takeMoves(table, shadow, rows, moves, declared, ops, changes, undos)) continue;
      const old = shadow.copy;
      const removed: Row[] = [];
      const added: Row[] = [];
      let i = 0;
      let j = 0;
      // Kept rows stay in order; a row missing at its place is taken as removed, and everything after the old
      // rows run out as added (a move is then a removal and an addition: replay puts it where it is now).
      while (i < rows.length && j < old.length) {
        if (rows[i] === old[j]) i++;
        else removed.push(old[j]);
        j++;
      }
      while (j < old.length) removed.push(old[j++]);
      while (i < rows.length) added.push(rows[i++]);
      const addedSet = added.length > 0 ? new Set(added) : undefined;
      const changed: Row[] = [];
      if (declared) {
        const removedSet = removed.length > 0 ? new Set(removed) : undefined;
        for (const row of declared.keys()) if (!addedSet?.has(row) && !removedSet?.has(row)) changed.push(row);
      }
      const op: { t: string; del?: number[]; put?: Row[] } = { t: table };
      if (removed.length > 0) op.del = removed.map((r) => r.id);
      if (changed.length > 0 || added.length > 0) op.put = [...changed, ...added];
      if (op.del || op.put) ops.push(op);
      // For the indexes, a row removed and added again (moved) did neither.
      const netRemoved = addedSet ? removed.filter((r) => !addedSet.has(r)) : removed;
      const removedSet = new Set(removed);
      const netAdded = removed.length > 0 ? added.filter((r) => !removedSet.has(r)) : added;
      changes.push({ table, added: netAdded, removed: netRemoved, changed, before: declared });
      const before: Shadow = { array: shadow.array, copy: shadow.copy, values: shadow.values && new Map(shadow.values) };
      if (rows !== shadow.array || removed.length > 0 || added.length > 0) this.shadows.set(table, shadowOf(rows));
      else if (shadow.values) for (const row of changed) shadow.values.set(row, membersOf(row));
      undos.push(() => {
        before.array.length = before.copy.length;
        for (let k = 0; k < before.copy.length; k++) before.array[k] = before.copy[k];
        this.setTable(table, before.array);
        this.shadows.set(table, before);
      });
      if (declared) {
        undos.push(() => {
          for (const [row, was] of declared) {
            for (const key of Object.keys(row)) if (!Object.hasOwn(was, key)) delete row[key];
            Object.assign(row, was);
          }
        });
      }
    }
    for (const [table, shadow] of this.shadows) {
      if (seen.has(table)) continue;
      ops.push({ t: table, rows: null });
      changes.push({ table, added: [], removed: shadow.copy, changed: [] });
      this.shadows.delete(table);
      undos.push(() => {
        this.setTable(table, shadow.array);
        this.shadows.set(table, shadow);
      });
    }

    // sequences: a few counters per table
    const seq: Record<string, number | null> = {};
    let seqChanged = false;
    const now = this.data.sequences ?? {};
    for (const [k, v] of Object.entries(now)) if (this.sequences[k] !== v) ((seq[k] = v), (seqChanged = true));
    for (const k of Object.keys(this.sequences)) if (!Object.hasOwn(now, k)) ((seq[k] = null), (seqChanged = true));
    if (seqChanged) {
      ops.push({ seq });
      const was = this.sequences;
      this.sequences = { ...now };
      undos.push(() => {
        this.data.sequences = { ...was };
        this.sequences = was;
      });
    }

    // linkOrder: the keys link-order.ts declared, or the whole record when it was replaced
    const linkOwners = new Set<string>();
    let linkKeys: string[] | undefined = [];
    const order = this.data.linkOrder;
    if (order !== this.linkOrder) {
      ops.push(order === undefined ? { set: 'linkOrder' } : { set: 'linkOrder', v: order });
      for (const key of Object.keys(order ?? {})) linkOwners.add(key.slice(0, key.indexOf('|')));
      for (const key of Object.keys(this.linkOrder ?? {})) linkOwners.add(key.slice(0, key.indexOf('|')));
      linkKeys = undefined;
      const was = this.linkOrder;
      this.linkOrder = order;
      undos.push(() => {
        this.data.linkOrder = was;
        this.linkOrder = was;
      });
    }
    if (log.links.size > 0 && order) {
      const links: Record<string, number | null> = {};
      for (const key of log.links.keys()) {
        links[key] = order[key] ?? null;
        linkOwners.add(key.slice(0, key.indexOf('|')));
        linkKeys?.push(key);
      }
      ops.push({ links });
      undos.push(() => {
        for (const [key, was] of log.links) {
          if (was === undefined) delete order[key];
          else order[key] = was;
        }
      });
    }

    // anything else at the top (plugin state): small, compared whole
    const present = new Set<string>();
    for (const [key, value] of Object.entries(this.data)) {
      if (OWN.has(key)) continue;
      present.add(key);
      const text = JSON.stringify(value);
      const was = this.others.get(key);
      if (text === was) continue;
      ops.push({ set: key, v: value });
      this.others.set(key, text);
      undos.push(() => {
        if (was === undefined) delete (this.data as unknown as Record<string, unknown>)[key];
        else (this.data as unknown as Record<string, unknown>)[key] = JSON.parse(was);
        this.others.set(key, was as string);
        if (was === undefined) this.others.delete(key);
      });
    }
    for (const [key, was] of [...this.others]) {
      if (present.has(key)) continue;
      ops.push({ set: key });
      this.others.delete(key);
      undos.push(() => {
        (this.data as unknown as Record<string, unknown>)[key] = JSON.parse(was);
        this.others.set(key, was);
      });
    }

    return {
      ops,
      changes,
      linkOwners,
      linkKeys,
      undo: () => {
        for (let k = undos.length - 1; k >= 0; k--) undos[k]();
      },
    };
  }
}

interface ReplayTable {
  rows: (Row | undefined)[];
  at: Map<number, number>;
}

/**
 * Replays journal operations onto data read from the store file. Each table gets an id map once, removed rows
 * leave a hole until `finish`, so replaying thousands of entries over a large table stays linear.
 */
export class Replayer {
  private readonly tables = new Map<string, ReplayTable>();

  constructor(private readonly data: StoreData) {}

  private table(t: string): ReplayTable {
    let table = this.tables.get(t);
    if (!table) {
      const rows = ((t === MEDIA_TABLE ? this.data.media : t === LOCALES_TABLE ? this.data.locales : this.data.types[t]) ?? []) as Row[];
      const at = new Map<number, number>();
      rows.forEach((r, k) => at.set((r as Row).id, k));
      table = { rows: rows.slice(), at };
      this.tables.set(t, table);
    }
    return table;
  }

  apply(ops: readonly JournalOp[]): void {
    const data = this.data;
    for (const op of ops) {
      if ('rows' in op) {
        if (op.rows || op.t === MEDIA_TABLE || op.t === LOCALES_TABLE) {
          const at = new Map<number, number>();
          const rows = op.rows ?? [];
          rows.forEach((r, k) => at.set(r.id, k));
          this.tables.set(op.t, { rows: rows.slice(), at });
        } else {
          this.tables.delete(op.t);
          delete data.types[op.t];
        }
      } else if ('t' in op) {
        const table = this.table(op.t);
        for (const id of op.del ?? []) {
          const k = table.at.get(id);
          if (k === undefined) continue;
          table.rows[k] = undefined;
          table.at.delete(id);
        }
        for (const row of op.put ?? []) {
          const k = table.at.get(row.id);
          if (k === undefined) table.at.set(row.id, table.rows.push(row) - 1);
          else table.rows[k] = row;
        }
      } else if ('seq' in op) {
        const seq = (data.sequences ??= {});
        for (const [k, v] of Object.entries(op.seq)) {
          if (v === null) delete seq[k];
          else seq[k] = v;
        }
      } else if ('links' in op) {
        const order = (data.linkOrder ??= {});
        for (const [k, v] of Object.entries(op.links)) {
          if (v === null) delete order[k];
          else order[k] = v;
        }
      } else {
        const record = data as unknown as Record<string, unknown>;
        if ('v' in op) record[op.set] = op.v;
        else delete record[op.set];
      }
    }
  }

  /** Puts the replayed tables into the data. */
  finish(): StoreData {
    for (const [t, table] of this.tables) {
      const rows = table.rows.filter((r): r is Row => r !== undefined);
      if (t === MEDIA_TABLE) this.data.media = rows as unknown as StoreData['media'];
      else if (t === LOCALES_TABLE) this.data.locales = rows as unknown as StoreData['locales'];
      else this.data.types[t] = rows;
    }
    this.tables.clear();
    return this.data;
  }
}
