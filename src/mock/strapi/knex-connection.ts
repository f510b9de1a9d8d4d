import { tableName } from '../../core/model/table-name.js';
import type { ContentType, ScalarType } from '../../core/model/types.js';
import type { Row } from '../../core/data/types.js';
import { writeRawRow } from '../../core/write/raw-row-writes.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { hashPassword } from '../auth/password.js';
import type { Runtime } from '../runtime.js';
import { UnsupportedApiError, unsupported } from './unsupported-api.js';

// `strapi.db.connection`: the knex instance behind Strapi's database, as far as view and like counters use it —
// `connection(table).where(...).increment(col, n)`, `update`, `select`, `first`, `count` with `groupBy` — on a content type's table (its
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

/** How a column's values come out of the database (SQLite's, as the reference runs: see `encode`). */
type Encoding = 'plain' | 'boolean' | 'datetime' | 'json' | 'bigint';
interface Column {
  /** The stored row's key; none for columns the store does not keep (created_by_id: always null here). */
  readonly key?: string;
  readonly encoding: Encoding;
}

const ENCODINGS: Partial<Record<ScalarType, Encoding>> = {
  boolean: 'boolean',
  datetime: 'datetime',
  timestamp: 'datetime',
  json: 'json',
  blocks: 'json',
  biginteger: 'bigint',
};

/** A table's columns in Strapi's order: id, document_id, one per scalar attribute, the timestamps, the creators, locale. */
function columnsOf(type: ContentType): Map<string, Column> {
  const out = new Map<string, Column>([
    ['id', { key: 'id', encoding: 'plain' }],
    ['document_id', { key: 'documentId', encoding: 'plain' }],
  ]);
  for (const a of type.attributes.values())
    if (a.kind === 'scalar') out.set(columnName(a.name), { key: a.name, encoding: ENCODINGS[a.type] ?? 'plain' });
  out.set('created_at', { key: 'createdAt', encoding: 'datetime' });
  out.set('updated_at', { key: 'updatedAt', encoding: 'datetime' });
  out.set('published_at', { key: 'publishedAt', encoding: 'datetime' });
  out.set('created_by_id', { encoding: 'plain' });
  out.set('updated_by_id', { encoding: 'plain' });
  out.set('locale', { key: 'locale', encoding: 'plain' });
  return out;
}

/** A stored value as SQLite hands it back: booleans 1/0, datetimes in epoch ms, JSON as text, bigints as numbers. */
function encode(column: Column, value: Value): Value {
  if (value === null || value === undefined) return null;
  if (column.encoding === 'boolean') return value === true ? 1 : value === false ? 0 : value;
  if (column.encoding === 'datetime' && typeof value === 'string') return Number.isNaN(Date.parse(value)) ? value : Date.parse(value);
  if (column.encoding === 'json') return JSON.stringify(value);
  if (column.encoding === 'bigint' && typeof value === 'string') return Number(value);
  return value;
}

/** A value the project writes, in the store's form (the inverse of `encode`; Dates as knex binds them). */
function decode(column: Column, value: Value): Value {
  if (value === null || value === undefined) return null;
  if (column.encoding === 'boolean' && typeof value === 'number') return value !== 0;
  if (column.encoding === 'datetime' && (value instanceof Date || typeof value === 'number')) return new Date(value).toISOString();
  if (column.encoding === 'json' && typeof value === 'string') {
    try {
      return JSON.parse(value) as Value;
    } catch {
      return value;
    }
  }
  if (column.encoding === 'bigint' && typeof value === 'number') return String(value);
  return value instanceof Date ? value.toISOString() : value;
}

/** A bound value as knex hands it to the driver. */
const bind = (value: Value): Value => (value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value);

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
  // `count(...)` outputs (alias, the column counted or '*') in call order among the selected columns, and `groupBy`
  const outputs: ({ column: string } | { alias: string; counted: string })[] = [];
  const grouped: string[] = [];
  let first = false;
  let action: Action = { kind: 'select' };
  const api = `strapi.db.connection('${table}')`;
  const columnOf = (name: unknown): Column => {
    const bare = typeof name === 'string' ? name.replace(/^.*\./, '') : undefined;
    const column = bare === undefined ? undefined : columns.get(bare);
    if (column === undefined) throw new Error(`${table} - SQLITE_ERROR: no such column: ${String(name)}`);
    return column;
  };
  /** The column's value in a stored row, as the database holds it. */
  const valueIn = (row: Row, name: unknown): Value => {
    const column = columnOf(name);
    return column.key === undefined ? null : encode(column, row[column.key]);
  };
  /** The row key a write goes to. */
  const keyOf = (name: unknown): string => {
    const key = columnOf(name).key;
    if (key === undefined) throw new UnsupportedApiError(`${api}: writing ${String(name)}`);
    return key;
  };
  /** `where(col, value)` (a null value: IS NULL) or `where(col, op, value)`. */
  const where = (column: unknown, rest: readonly unknown[]): void => {
    columnOf(column);
    // knex refuses an undefined value (`where('document_id', ctx.params.missing)`) when the query runs: a 500 in Strapi
    if (rest.length === 0 || rest[rest.length - 1] === undefined)
      throw new Error(`Undefined binding(s) detected when compiling a query on ${table}. Undefined column(s): [${String(column)}]`);
    if (rest.length < 2 && rest[0] === null) tests.push((r) => valueIn(r, column) === null);
    else if (rest.length < 2) tests.push((r) => compare(valueIn(r, column), bind(rest[0])) === 0);
    else {
      const [op, value] = rest;
      const test = typeof op === 'string' ? OPERATORS[op.toLowerCase()] : undefined;
      if (!test) throw new UnsupportedApiError(`${api}.where() with the operator ${String(op)}`);
      tests.push((r) => {
        const d = compare(valueIn(r, column), bind(value));
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
    if (action.kind === 'select' && outputs.some((o) => 'counted' in o)) {
      const out = aggregate(rows);
      return first ? out[0] : out;
    }
    if (action.kind === 'select') {
      const wanted = selected.length === 0 || selected.includes('*') ? [...columns.keys()] : selected;
      const out = rows.map((r) => Object.fromEntries(wanted.map((c) => [c.replace(/^.*\./, ''), valueIn(r, c)])));
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
  /**
   * The rows an aggregate select answers, as SQLite does: one per group of `groupBy` columns (ordered by the group's
   * values, NULL first), or one for the whole table; `count(*)` counts rows, `count(col)` the rows where col is not
   * NULL (numbers, as better-sqlite3 hands them back).
   */
  const aggregate = (rows: readonly Row[]): Record<string, Value>[] => {
    for (const o of outputs)
      if ('column' in o && !grouped.includes(o.column.replace(/^.*\./, '')))
        throw new UnsupportedApiError(`${api}: selecting ${o.column} beside count() without grouping by it`);
    // each group by its values' text, with those values and its rows
    const groups = new Map<string, { values: Value[]; members: Row[] }>();
    for (const row of rows) {
      const values = grouped.map((c) => valueIn(row, c));
      const key = JSON.stringify(values);
      const group = groups.get(key);
      if (group) group.members.push(row);
      else groups.set(key, { values, members: [row] });
    }
    if (grouped.length === 0 && groups.size === 0) groups.set('[]', { values: [], members: [] });
    const ordered = [...groups.values()].sort(({ values: x }, { values: y }) => {
      for (let i = 0; i < x.length; i++) {
        if (x[i] === y[i]) continue;
        if (x[i] === null) return -1;
        if (y[i] === null) return 1;
        const d = compare(x[i], y[i]) ?? 0;
        if (d !== 0) return d;
      }
      return 0;
    });
    return ordered.map(({ members }) => {
      const out: Record<string, Value> = {};
      for (const o of outputs)
        if ('column' in o) out[o.column.replace(/^.*\./, '')] = members.length === 0 ? null : valueIn(members[0], o.column);
        else out[o.alias] = o.counted === '*' ? members.length : members.filter((r) => valueIn(r, o.counted) !== null).length;
      return out;
    });
  };
  /** `count('*')`, `count('col as alias')`, `count({ alias: 'col' })`: knex names an unaliased one `count(*)`, `count(\`col\`)`. */
  const count = (...specs: unknown[]) => {
    for (const spec of specs.length === 0 ? ['*'] : specs.flat()) {
      const pairs: [string | undefined, unknown][] = isPlainObject(spec) ? Object.entries(spec) : [[undefined, spec]];
      for (const [alias, raw] of pairs) {
        if (typeof raw !== 'string') throw new UnsupportedApiError(`${api}.count() with a ${typeof raw}`);
        const [column, named] = raw.split(/\s+as\s+/i).map((x) => x.trim());
        if (column !== '*') columnOf(column);
        const shown = alias ?? named ?? (column === '*' ? 'count(*)' : `count(\`${column}\`)`);
        outputs.push({ alias: shown, counted: column });
      }
    }
    return self;
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
      else throw new UnsupportedApiError(`${api}.where() with a ${typeof column}`);
      return self;
    },
    andWhere: (...a) => methods.where(...a),
    whereIn(column, values) {
      if (!Array.isArray(values)) throw new UnsupportedApiError(`${api}.whereIn() with a subquery`);
      columnOf(column);
      tests.push((r) => values.some((v) => compare(valueIn(r, column), bind(v)) === 0));
      return self;
    },
    whereNull(column) {
      columnOf(column);
      tests.push((r) => valueIn(r, column) === null);
      return self;
    },
    whereNotNull(column) {
      columnOf(column);
      tests.push((r) => valueIn(r, column) !== null);
      return self;
    },
    select(...cols) {
      selected = cols.flat().map(String);
      for (const c of selected) if (c !== '*') columnOf(c);
      outputs.push(...selected.map((column) => ({ column })));
      return self;
    },
    count,
    groupBy(...cols) {
      for (const c of cols.flat()) {
        if (typeof c !== 'string') throw new UnsupportedApiError(`${api}.groupBy() with a ${typeof c}`);
        columnOf(c);
        grouped.push(c.replace(/^.*\./, ''));
      }
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
      if (!isPlainObject(data)) throw new UnsupportedApiError(`${api}.update() with a ${typeof data}`);
      action = { kind: 'update', data: Object.fromEntries(Object.entries(data).map(([c, v]) => [keyOf(c), decode(columnOf(c), v)])) };
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
            throw new UnsupportedApiError(`${api}.${key}()`);
          })),
  });
  return self;
}

/** The `strapi.db.connection` of project code: `connection(table)` (also `.table(t)`, `.from(t)`) on content type tables. */
export function knexConnection(current: () => Runtime): unknown {
  const open = (table: unknown) => {
    const type = [...current().model.contentTypes.values()].find((t) => !t.builtIn && tableName(t) === table);
    if (!type || typeof table !== 'string')
      throw new UnsupportedApiError(`strapi.db.connection(${JSON.stringify(table)}) (only content type tables are mocked)`);
    return builder(current, type, table);
  };
  const fallback = unsupported('strapi.db.connection') as Record<string, unknown>;
  return new Proxy(open, {
    get: (_t, key) => (key === 'table' || key === 'from' ? open : typeof key === 'symbol' ? undefined : fallback[key]),
  });
}
