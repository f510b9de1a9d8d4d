import { isPlainObject } from '../is-plain-object.js';
import { FILE_UID, type GqlType } from './graphql-model.js';
import { CompiledWhereError, DatabaseLayerError } from './strapi-timing.js';
import { STRAPI_OPERATORS } from '../query/validate-query.js';

// @strapi/database's query builder, as far as it can refuse a WHERE the GraphQL schema lets through. It builds the
// WHERE in two passes, and both throw a plain Error (Apollo answers INTERNAL_SERVER_ERROR with its message):
// - processWhere turns the filters into columns of aliased tables: `$and`/`$or` need lists, other operators may only
//   stand under a field, a relation's filter may not mix operators and fields nor hold two operators, and one
//   operator other than `$and`/`$or` under a relation compares the joined row's id with what it holds, processed as a
//   WHERE of its own (`{friendOf: {$not: {height: 3}}}` becomes `{"t3.id": {$not: {"t3.height": 3}}}`);
// - applyWhere then reads every key under a column as an operator: `"t3.height"` there is an "Undefined attribute
//   level operator t3.height", and so is `$and`/`$or` under a field. It runs in knex's callbacks, as knex compiles
//   the statement once it has the connection: its errors come later (strapi-timing.ts).
// Table aliases are numbered as the builder numbers them (t0 the queried table): a relation field's query (a
// populate) joins its link table first, the sort's relation paths join before the WHERE is processed, and each
// relation, component or media in the WHERE joins its link table then its target (i18n's `localizations` joins the
// same table on its document id column: one alias).

const GROUP = new Set(['$and', '$or']);
/** @strapi/utils WHERE_OPERATORS: every operator but the groups. */
const WHERE_OPERATORS: ReadonlySet<string> = new Set([...STRAPI_OPERATORS].filter((o) => !GROUP.has(o)));
/** The operators applyOperator knows (every WHERE operator but `$not`, which it applies to the same column). */
const ARRAY_OPERATORS = new Set(['$in', '$notIn', '$between']);
const isOperator = (key: string) => STRAPI_OPERATORS.has(key);

const fail = (message: string, phase: 'build' | 'apply' = 'build'): never => {
  throw phase === 'build' ? new DatabaseLayerError(message) : new CompiledWhereError(message);
};

/** lodash's snakeCase for attribute names (the database's column names): words split at case changes and digits. */
export function columnName(name: string): string {
  const words = name.match(/[A-Z]{2,}(?=[A-Z][a-z]|[^A-Za-z]|$)|[A-Z]?[a-z]+|[A-Z]+|\d+/g) ?? [];
  return words.map((w) => w.toLowerCase()).join('_');
}

type Processed = Record<string, unknown>;

export interface WhereContext {
  /** A relation field's own query (a populate of its parent): its link table is joined first. */
  readonly linkJoined?: boolean;
  /** The query's sort as the plugin passes it (`"a.b:desc"` strings): its relation paths join first. */
  readonly sort?: unknown;
}

/** Throws the database layer's error for a WHERE (the filters as Strapi's sanitizer leaves them) on `type`. */
export function checkRelationWheres(
  filters: unknown,
  type: GqlType,
  byUid: ReadonlyMap<string, GqlType>,
  context: WhereContext = {},
): void {
  let next = context.linkJoined ? 2 : 1;
  const targetOf = (t: GqlType, key: string): { target: GqlType; aliases: number } | undefined => {
    const a = t.attributes.find((x) => x.name === key);
    const uid = a?.kind === 'relation' ? a.target : a?.kind === 'component' ? a.component : a?.kind === 'media' ? FILE_UID : undefined;
    const target = uid === undefined ? undefined : byUid.get(uid);
    // i18n's localizations join on a column of the same table; the others through a link table
    return target && { target, aliases: key === 'localizations' ? 1 : 2 };
  };
  const join = (aliases: number): string => {
    next += aliases;
    return `t${next - 1}`;
  };
  for (const path of sortPaths(context.sort)) {
    let t: GqlType | undefined = type;
    for (const key of path) {
      const j: { target: GqlType; aliases: number } | undefined = t && targetOf(t, key);
      if (!j) break;
      join(j.aliases);
      t = j.target;
    }
  }

  const attributeWhere = (where: unknown): unknown => {
    if (Array.isArray(where)) return where.map((w) => singleAttributeWhere(w));
    return singleAttributeWhere(where);
  };
  const singleAttributeWhere = (where: unknown): unknown => {
    if (!isPlainObject(where)) return where;
    const out: Processed = {};
    for (const [key, value] of Object.entries(where)) {
      if (!WHERE_OPERATORS.has(key)) fail(`Undefined attribute level operator ${key}`);
      out[key] = attributeWhere(value);
    }
    return out;
  };
  const nested = (where: unknown, t: GqlType, alias: string): unknown => (isPlainObject(where) ? processWhere(where, t, alias) : where);
  const relationWhere = (where: unknown, t: GqlType, alias: string): Processed => {
    const id = `${alias}.id`;
    if (!isPlainObject(where)) return { [id]: where };
    const keys = Object.keys(where);
    const operators = keys.filter(isOperator);
    if (operators.length > 0 && operators.length !== keys.length)
      fail('Operator and non-operator keys cannot be mixed in a relation where clause');
    if (operators.length > 1) fail(`Only one operator key is allowed in a relation where clause, but found: ${operators.join(',')}`);
    if (operators.length === 1 && !GROUP.has(operators[0])) return { [id]: { [operators[0]]: nested(where[operators[0]], t, alias) } };
    return processWhere(where, t, alias) as Processed;
  };
  const processWhere = (where: unknown, t: GqlType, alias: string): unknown => {
    if (Array.isArray(where)) return where.map((w) => processWhere(w, t, alias));
    if (!isPlainObject(where)) return fail('Where must be an array or an object');
    const out: Processed = {};
    for (const [key, value] of Object.entries(where)) {
      if (GROUP.has(key)) {
        if (!Array.isArray(value)) fail(`Operator ${key} must be an array`);
        out[key] = (value as unknown[]).map((v) => nested(v, t, alias));
        continue;
      }
      if (key === '$not') {
        out[key] = nested(value, t, alias);
        continue;
      }
      if (WHERE_OPERATORS.has(key)) fail(`Only $and, $or and $not can only be used as root level operators. Found ${key}.`);
      const j = targetOf(t, key);
      if (j) {
        Object.assign(out, relationWhere(value, j.target, join(j.aliases)));
        continue;
      }
      out[`${alias}.${columnName(key)}`] = attributeWhere(value);
    }
    return out;
  };

  const applyWhere = (where: unknown): void => {
    if (Array.isArray(where)) return where.forEach(applyWhere);
    if (!isPlainObject(where)) return fail('Where must be an array or an object', 'apply');
    for (const [key, value] of Object.entries(where)) {
      if (GROUP.has(key)) ((value ?? []) as unknown[]).forEach(applyWhere);
      else if (key === '$not') applyWhere(value ?? {});
      else applyToColumn(value);
    }
  };
  const applyToColumn = (where: unknown): void => {
    if (!isPlainObject(where)) return;
    for (const [operator, value] of Object.entries(where)) applyOperator(operator, value);
  };
  const applyOperator = (operator: string, value: unknown): void => {
    if (Array.isArray(value) && !ARRAY_OPERATORS.has(operator)) return value.forEach((v) => applyOperator(operator, v));
    if (operator === '$not') return applyToColumn(value);
    if (!WHERE_OPERATORS.has(operator)) fail(`Undefined attribute level operator ${operator}`, 'apply');
  };

  applyWhere(processWhere(filters, type, 't0'));
}

/** The attribute paths of a sort (`"a.b:desc"`, `{a: {b: "desc"}}` or lists of them), as the database walks them. */
function sortPaths(sort: unknown): string[][] {
  if (typeof sort === 'string') return sort.split(',').map((s) => s.split(':')[0].trim().split('.'));
  if (Array.isArray(sort)) return sort.flatMap(sortPaths);
  if (!isPlainObject(sort)) return [];
  return Object.entries(sort).flatMap(([k, v]) => (isPlainObject(v) ? sortPaths(v).map((p) => [k, ...p]) : [[k]]));
}
