import type { ContentType } from '../../core/model/types.js';
import type { Row } from '../../core/data/types.js';
import { writeRawRow } from '../../core/write/raw-row-writes.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { hashPassword } from '../auth/password.js';
import type { Runtime } from '../runtime.js';
import { UnsupportedApiError, unsupported } from './unsupported-api.js';

// `strapi.db.connection`: the knex instance behind Strapi's database, as far as view and like counters use it —
// `connection(table).where(...).increment(col, n)`, `update`, `select`, `first` — on a content type's table (its
// `collectionName`: one row per document, locale and status, columns named as Strapi names them). Writes go through
// the store's normal path (journal, indexes) and, as in SQL, stamp nothing (no updated_at). Anything else (raw SQL,
// joins, other tables) throws the UnsupportedApiError that names the project's file and line.

type Value = unknown;
type Test = (row: Row) => boolean;

/** lodash's snakeCase, as Strapi derives a column from an attribute name (`viewCount` → `view_count`, `a2` → `a_2`). */
export function columnName(attribute: string): string {
  const words = attribute.match(/[A-Z]{2,}(?=[A-Z][a-z]|[^A-Za-z]|$)|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/g) ?? [];
  return words.map((w) => w.toLowerCase()).join('_');
}

/** A table's columns → the stored row's keys: Strapi's own columns, then one per scalar attribute. */
function columnsOf(type: ContentType): Map<string, string> {
  const out = new Map<string, string>([
    ['id', 'id'],
    ['document_id', 'documentId'],
  ]);
  for (const a of type.attributes.values()) if (a.kind === 'scalar') out.set(columnName(a.name), a.name);
  for (const [c, k] of [
    ['created_at', 'createdAt'],
    ['updated_at', 'updatedAt'],
    ['published_at', 'publishedAt'],
    ['locale', 'locale'],
  ])
    out.set(c, k);
  return out;
}

/** SQL's comparison of a stored value with a bound one: NULL matches nothing, numbers compare as numbers. */
function compare(stored: Value, bound: Value): number | null {
  if (stored === null || stored === undefined || bound === null || bound === undefined) return null;
  const a = typeof stored === 'boolean' ? Number(stored) : stored;
  const b = typeof bound === 'boolean' ? Number(bound) : bound;
  if ((typeof a === 'number' || typeof b === 'number') && Number.isFinite(Number(a)) && Number.isFinite(Number(b)))
    return Number(a) - Number(b);
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

const OPERATORS: Record<string, (d: number) => boolean> = {
  '=': (d) => d === 0,
  '!=': (d) => d !== 0,
  '<>': (d) => d !== 0,
  '<': (d) => d < 0,
  '<=': (d) => d <= 0,
  '>': (d) => d > 0,
  '>=': (d) => d >= 0,
};

/** `column + by` as SQL computes it: NULL stays NULL; a stored bigint string stays a string. */
function added(value: Value, by: number): Value {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && /^-?\d+$/.test(value) && Number.isInteger(by)) return String(BigInt(value) + BigInt(by));
  const n = Number(value);
  return (Number.isFinite(n) ? n : 0) + by;
}

type Action = { kind: 'select' } | { kind: 'counter'; by: Map<string, number> } | { kind: 'update'; data: Record<string, unknown> };

function builder(current: () => Runtime, type: ContentType, table: string): unknown {
  const columns = columnsOf(type);
  const tests: Test[] = [];
  let selected: string[] = [];
  let first = false;
  let action: Action = { kind: 'select' };
  const name = `strapi.db.connection('${table}')`;
  const keyOf = (column: unknown): string => {
    const bare = typeof column === 'string' ? column.replace(/^.*\./, '') : undefined;
    const key = bare === undefined ? undefined : columns.get(bare);
    if (key === undefined) throw new Error(`select from \`${table}\` - SQLITE_ERROR: no such column: ${String(column)}`);
    return key;
  };
  /** `where(col, value)` (a null value: IS NULL) or `where(col, op, value)`. */
  const where = (column: unknown, rest: readonly unknown[]): void => {
    const key = keyOf(column);
    if (rest.length < 2 && (rest[0] === null || rest[0] === undefined)) tests.push((r) => r[key] === null || r[key] === undefined);
    else if (rest.length < 2) tests.push((r) => compare(r[key], rest[0]) === 0);
    else {
      const [op, value] = rest;
      const test = typeof op === 'string' ? OPERATORS[op.toLowerCase()] : undefined;
      if (!test) throw new UnsupportedApiError(`${name}.where() with the operator ${String(op)}`);
      tests.push((r) => {
        const d = compare(r[key], value);
        return d !== null && test(d);
      });
    }
  };
  const run = async (): Promise<unknown> => {
    const rt = current();
    const rows = rt.store.index
      .rows(type.uid)
      .filter((r) => tests.every((t) => t(r)))
      .sort((a, b) => a.id - b.id);
    if (action.kind === 'select') {
      const wanted = selected.length === 0 || selected.includes('*') ? [...columns.keys()] : selected;
      const keys = wanted.map((c) => [c.replace(/^.*\./, ''), keyOf(c)] as const);
      const out = rows.map((r) => Object.fromEntries(keys.map(([c, k]) => [c, r[k] ?? null])));
      return first ? out[0] : out;
    }
    const change = action;
    await rt.store.mutate((tx) => {
      for (const row of rows) {
        const data = change.kind === 'update' ? change.data : Object.fromEntries([...change.by].map(([k, by]) => [k, added(row[k], by)]));
        writeRawRow(tx, rt.store.index, type, row, data, hashPassword);
      }
    });
    // the number of rows changed, as knex answers an update on SQLite and Postgres
    return rows.length;
  };
  const counter =
    (sign: number) =>
    (column: unknown, amount: unknown = 1) => {
      const pairs = isPlainObject(column) ? Object.entries(column) : [[column, amount] as const];
      const by = new Map<string, number>();
      for (const [c, n] of pairs) {
        if (typeof n !== 'number' || !Number.isFinite(n)) throw new TypeError(`Expected a number for ${String(c)}, got ${String(n)}`);
        by.set(keyOf(c), sign * n);
      }
      action = { kind: 'counter', by };
      return self;
    };
  const methods: Record<string, (...args: unknown[]) => unknown> = {
    where(column, ...rest) {
      if (isPlainObject(column)) for (const [c, v] of Object.entries(column)) where(c, [v]);
      else if (typeof column === 'string') where(column, rest);
      else throw new UnsupportedApiError(`${name}.where() with a ${typeof column}`);
      return self;
    },
    andWhere: (...a) => methods.where(...a),
    whereIn(column, values) {
      if (!Array.isArray(values)) throw new UnsupportedApiError(`${name}.whereIn() with a subquery`);
      const key = keyOf(column);
      tests.push((r) => values.some((v) => compare(r[key], v) === 0));
      return self;
    },
    whereNull(column) {
      where(column, [null]);
      return self;
    },
    whereNotNull(column) {
      const key = keyOf(column);
      tests.push((r) => r[key] !== null && r[key] !== undefined);
      return self;
    },
    select(...cols) {
      selected = cols.flat().map(String);
      for (const c of selected) if (c !== '*') keyOf(c);
      return self;
    },
    first(...cols) {
      if (cols.length > 0) methods.select(...cols);
      first = true;
      return self;
    },
    increment: counter(1),
    decrement: counter(-1),
    update(data) {
      if (!isPlainObject(data)) throw new UnsupportedApiError(`${name}.update() with a ${typeof data}`);
      action = { kind: 'update', data: Object.fromEntries(Object.entries(data).map(([c, v]) => [keyOf(c), v])) };
      return self;
    },
    then: (onFulfilled, onRejected) => run().then(onFulfilled as (v: unknown) => unknown, onRejected as (e: unknown) => unknown),
    catch: (onRejected) => run().catch(onRejected as (e: unknown) => unknown),
    finally: (onFinally) => run().finally(onFinally as () => void),
  };
  // any other knex method (joins, raw, insert, delete, …) names itself and the project's line that called it
  const self: unknown = new Proxy(methods, {
    get: (t, key) =>
      typeof key === 'symbol'
        ? undefined
        : (t[key] ??
          (() => {
            throw new UnsupportedApiError(`${name}.${key}()`);
          })),
  });
  return self;
}

/** The `strapi.db.connection` of project code: `connection(table)` (also `.table(t)`, `.from(t)`) on content type tables. */
export function knexConnection(current: () => Runtime): unknown {
  const open = (table: unknown) => {
    const type = [...current().model.contentTypes.values()].find((t) => !t.builtIn && (t.collectionName ?? t.singularName) === table);
    if (!type || typeof table !== 'string')
      throw new UnsupportedApiError(`strapi.db.connection(${JSON.stringify(table)}) (only content type tables are mocked)`);
    return builder(current, type, table);
  };
  const fallback = unsupported('strapi.db.connection') as Record<string, unknown>;
  return new Proxy(open, {
    get: (_t, key) => (key === 'table' || key === 'from' ? open : typeof key === 'symbol' ? undefined : fallback[key]),
  });
}
