import { invalidKey, StrapiError, ValidationError } from '../errors/strapi-errors.js';
import type { ContentIndex } from '../data/content-index.js';
import { fieldOf, hiddenKeyPath, scalarTypeOf, scopeBehind, type Scope } from './scope.js';
import {
  combineNodes as combine,
  negateNode,
  toPredicate,
  FALSE_NODE,
  TRUE_NODE,
  UNKNOWN_NODE,
  type FilterNode,
  type OrderedTest,
  type Predicate,
  type ValueTest,
} from './filter-plan.js';
import {
  asciiLower,
  castOperand,
  compareKeys,
  like,
  parseBooleanLike,
  readsListAsText,
  sortKeyFor,
  storedText,
  type ColumnType,
  type LikeMode,
} from './values.js';
import { isPlainObject } from '../is-plain-object.js';
import { FIELD_OPERATORS, isOperator, TEXT_OPERATORS, type FieldOperator, type Operator } from './operators.js';
import { AppliedWhereRefusal, DatabaseRefusal, FiltersParameterError } from './query-errors.js';
import { withoutReplacedGroups } from './replaced-groups.js';

export type { Predicate, Tri } from './filter-plan.js';
export { OPERATORS, type Operator } from './operators.js';

type Node = FilterNode;

const join = (parent: string | null, key: string) => (parent ? `${parent}.${key}` : key);

interface Ctx {
  readonly index: ContentIndex;
  /**
   * What fails only when the database applies the WHERE it built (a non-condition entry, conditions under an
   * operator straight on a relation): reported after every error of building it (casts above all).
   */
  readonly deferred: StrapiError[];
  /** The tables the query reads (the main one, and those the WHERE joins): where a raw column name is resolved. */
  readonly tables: readonly Scope[];
  /** The document service's filters: a private attribute is a column like any other there (see validateFilters). */
  readonly internal?: boolean;
  /** Inside a list the query builder got unprocessed: values are bound as they came, never cast. */
  readonly raw?: boolean;
}

/**
 * A value bound uncast to a number or boolean column: SQLite's own comparison (a numeric text is the number, any
 * other text sorts after every number), as for the id column (harness shop-601: `$not[$not][0][founded][$gte]=true`).
 */
const UNCAST = new Set<string>(['integer', 'biginteger', 'float', 'decimal', 'boolean']);

/**
 * Compiles `filters` (as qs parsed it) for a scope into a predicate, or throws Strapi's validation error. `joined`:
 * the tables the query joins for its sort (a raw list's column names are resolved among them too).
 */
export function compileFilters(
  index: ContentIndex,
  scope: Scope,
  filters: unknown,
  joined: readonly Scope[] = [],
  internal = false,
): Predicate | undefined {
  // the content API's sanitizer drops an empty `filters=`; the document service converts it, and refuses a text
  if (filters === '' && internal) throw new FiltersParameterError();
  if (filters === undefined || filters === null || filters === '') return undefined;
  if (!isPlainObject(filters) && !Array.isArray(filters)) throw new FiltersParameterError();
  // a list the sanitizer emptied (`filters[0][$or][nope]=x`: its unknown key dropped, then the emptied groups) reaches
  // the database as an empty WHERE: no condition (probe filters-list-or-object; harness REST geometre-813)
  if (Array.isArray(filters) && filters.length === 0) return undefined;
  const ctx: Ctx = { index, deferred: [], tables: [...queryTables(index, scope, filters), ...joined], internal };
  const plan = isPlainObject(filters)
    ? compileGroup(ctx, scope, filters, null, false)
    : defer(ctx, () => compileWhere(ctx, scope, filters, null, false));
  if (ctx.deferred.length > 0) throw ctx.deferred[0];
  return toPredicate(index, plan);
}

/**
 * What the database applies as a WHERE: an object, its keys all holding. A list holds where each item holds under
 * `$not` only; as the whole filters or an `$and`/`$or` entry real Strapi fails on it, and on anything else.
 */
function compileWhere(ctx: Ctx, scope: Scope, value: unknown, parent: string | null, negate: boolean, listOk = false): Node {
  if (isPlainObject(value)) return compileGroup(ctx, scope, value, parent, negate);
  if (!Array.isArray(value) || !listOk) {
    throw new DatabaseRefusal(
      `Invalid filter${parent ? ` at ${parent}` : ''}: ${JSON.stringify(value)} is not a condition; give an object ([field][$eq]=…)`,
      'Where must be an array or an object',
    );
  }
  // the database hands a list under `$not` to the query builder unprocessed, as it does an `$and`/`$or` entry's
  return compileRawList(ctx, scope, value, parent, negate);
}

/**
 * Every entry of an `$and`/`$or` list compiled; an entry that is no condition fails after the others were cast (the
 * WHERE is built first). An entry that is itself a list is handed to the query builder as it came (compileRawList).
 */
function compileAll(ctx: Ctx, scope: Scope, items: readonly unknown[], parent: string | null, negate: boolean): Node[] {
  const parts: Node[] = [];
  let wrong: unknown[] | undefined;
  for (const item of items) {
    if (isPlainObject(item)) parts.push(compileGroup(ctx, scope, item, parent, negate));
    else if (Array.isArray(item)) parts.push(compileRawList(ctx, scope, item, parent, negate));
    else wrong ??= [item];
  }
  if (wrong) defer(ctx, () => compileWhere(ctx, scope, wrong[0], parent, negate));
  return parts;
}

/**
 * A list as an `$and`/`$or` entry (or under `$not`) skips the database's processing of the WHERE (no aliases, no attribute-to-column
 * names, no joins): the validator still checks its keys as attributes, then SQL reads each as a column of the main
 * table. A key whose column is named otherwise (`releaseDate` is `release_date`), a relation, component or media,
 * or a list under a relation makes real Strapi's database fail.
 */
function compileRawList(outer: Ctx, scope: Scope, items: readonly unknown[], parent: string | null, negate: boolean): Node {
  const ctx: Ctx = outer.raw ? outer : { ...outer, raw: true };
  const parts: Node[] = [];
  for (const item of items) {
    if (Array.isArray(item)) {
      parts.push(compileRawList(ctx, scope, item, parent, negate));
      continue;
    }
    if (!isPlainObject(item)) {
      parts.push(defer(ctx, () => compileWhere(ctx, scope, item, parent, negate)));
      continue;
    }
    parts.push(compileGroup(ctx, scope, item, parent, negate));
    const bad = rawColumnMismatch(ctx.tables, item);
    if (bad !== undefined) {
      defer(ctx, () => {
        throw new DatabaseRefusal(
          `Invalid filter${parent ? ` at ${parent}` : ''}: a list inside $and/$or/$not is read as raw SQL columns, and ${bad} names no column of exactly one table of the query; give an object ($or[0][${bad}]=…)`,
          `no such column / ambiguous column name: ${bad}`,
          { path: join(parent, bad) },
        );
      });
    }
  }
  if (parts.length === 0) return TRUE_NODE;
  return combine(parts, negate ? 'or' : 'and');
}

/** The first key of a raw condition (through its `$and`/`$or`/`$not`) that names no column of the main table. */
function rawColumnMismatch(tables: readonly Scope[], where: unknown): string | undefined {
  for (const item of Array.isArray(where) ? where : [where]) {
    if (!isPlainObject(item)) continue;
    for (const [key, value] of Object.entries(item)) {
      if (key === '$and' || key === '$or' || key === '$not') {
        const inner = rawColumnMismatch(tables, value);
        if (inner !== undefined) return inner;
        continue;
      }
      // SQL resolves an unqualified column in the one table of the query that has it: none, or more than one
      // (every table has an id), fails
      if (tables.filter((t) => hasColumn(t, key)).length !== 1) return key;
    }
  }
  return undefined;
}

/**
 * Whether a table has a column named so: `id`, or a scalar attribute whose column name is its own (snake case). The
 * files table too: `name` is a column of it (probes/shop-raw-list-sort-joins.json: a raw `name` with `sort=photo.name`
 * is ambiguous).
 */
function hasColumn(table: Scope, key: string): boolean {
  if (key === 'id') return true;
  // every content type's table (the files' too) has a `locale` column, i18n or not: a raw `locale` beside a joined
  // table is ambiguous (probes/raw-locale-column.json on rohi: with a media, a relation sort or a populate sort joined)
  if (key === 'locale') return table.kind !== 'component';
  // SQLite matches a column's name whatever its case: `SIREN` is the column `siren` (harness REST donaction-907);
  // each word all lower, all upper or capitalized is one the snake case leaves whole
  if (!/^(?:[a-z]+|[A-Z]+|[A-Z][a-z]+)(?:_(?:[a-z]+|[A-Z]+|[A-Z][a-z]+))*$/.test(key)) return false;
  const field = fieldOf(table, key);
  return field !== undefined && scalarTypeOf(field) !== undefined;
}

/** A condition whose failure comes when the query builder writes it: kept until every condition was processed. */
function whenApplied(ctx: Ctx, compile: () => Node): Node {
  try {
    return compile();
  } catch (error) {
    if (!(error instanceof AppliedWhereRefusal)) throw error;
    ctx.deferred.push(error);
    return UNKNOWN_NODE;
  }
}

function defer(ctx: Ctx, fail: () => unknown): Node {
  try {
    fail();
  } catch (error) {
    if (!(error instanceof StrapiError)) throw error;
    ctx.deferred.push(error);
  }
  return UNKNOWN_NODE;
}

/** The operators processWhere takes where a field is expected. */
const ROOT_OPERATORS: ReadonlySet<string> = new Set(['$and', '$or', '$not']);

/**
 * What knex's applyWhereToColumn meets when an operator under a relation holds a WHERE of the target: it reads every
 * key as an operator of the id column. `$not` is applied to the same column again, a non-empty `$and`/`$or` list
 * and a field are unknown operators (a field by its aliased column), an empty list adds nothing. `value` tells
 * that a plain value stands at the end of a `$not` chain (a condition on the id itself).
 */
function appliedUnderColumn(where: Record<string, unknown>): { stray?: string; value: boolean } {
  let value = false;
  for (const [key, operand] of Object.entries(where)) {
    if (key === '$not') {
      if (!isPlainObject(operand)) {
        value ||= operand !== undefined;
        continue;
      }
      const inner = appliedUnderColumn(operand);
      if (inner.stray !== undefined) return inner;
      value ||= inner.value;
      continue;
    }
    if (key === '$and' || key === '$or') {
      if (Array.isArray(operand) && operand.length === 0) continue;
      return { stray: key, value };
    }
    return { stray: `<alias>.${key}`, value };
  }
  return { value };
}

/** An object whose keys are fields and logical operators, all of which must hold. */
function compileGroup(ctx: Ctx, scope: Scope, given: Record<string, unknown>, parent: string | null, negate: boolean): Node {
  const parts: (Node | undefined)[] = [];
  // an `$and`/`$or` a later one of the level (or of a relation under it) overwrites is gone (replaced-groups.ts)
  const obj = withoutReplacedGroups(ctx.index, scope, given);
  for (const [key, value] of Object.entries(obj)) {
    if (key === '$and' || key === '$or') {
      parts.push(compileLogical(ctx, scope, key, value, parent, negate));
    } else if (key === '$not') {
      // `$not` without a value negates nothing: no condition
      if (value !== null) parts.push(compileWhere(ctx, scope, value, parent, !negate, true));
    } else if (isOperator(key) && value !== null && ctx.raw) {
      // a list handed to the query builder unprocessed (under `$not`, in an `$and`/`$or` list): the operator is read as
      // a column, which SQL fails on when the query runs, after the processed WHERE's own errors (harness starterblog
      // grammar seed 1101: `filters[$or][1][$not][$not][][$eq]=x&filters[$or][1][updatedAt][$ne]=2026-1` is the date's 400)
      parts.push(
        defer(ctx, () => {
          throw new DatabaseRefusal(
            `Invalid filter${parent ? ` at ${parent}` : ''}: ${key} needs a field above it (filters[field][${key}]=…)`,
            `no such column: ${key}`,
            { path: join(parent, key) },
          );
        }),
      );
    } else if (isOperator(key) && value !== null) {
      // the validators let an operator through where a field is expected; the database refuses it as it builds the
      // WHERE (harness events-503: `populate[events][filters][poster][$or][0][$null]=true` fails only when run)
      throw new DatabaseRefusal(
        `Invalid filter${parent ? ` at ${parent}` : ''}: ${key} needs a field above it (filters[field][${key}]=…)`,
        `Only $and, $or and $not can only be used as root level operators. Found ${key}.`,
        { path: join(parent, key) },
      );
    } else {
      parts.push(compileField(ctx, scope, key, value, parent, negate));
    }
  }
  const kept = parts.filter((p): p is Node => p !== undefined);
  // NOT (a AND b) = NOT a OR NOT b: negation is pushed down to the leaves, so joins keep SQL's per-row meaning.
  if (kept.length === 0) return TRUE_NODE;
  return combine(kept, negate ? 'or' : 'and');
}

function compileLogical(ctx: Ctx, scope: Scope, op: '$and' | '$or', value: unknown, parent: string | null, negate: boolean): Node {
  if (!Array.isArray(value)) {
    throw new ValidationError(`Invalid filter: ${op}${parent ? ` at ${parent}` : ''} expects an array (${op}[0][field]=…)`, {});
  }
  const parts = compileAll(ctx, scope, value, parent, negate);
  if (parts.length === 0) return TRUE_NODE;
  const how = (op === '$and') !== negate ? 'and' : 'or';
  return combine(parts, how);
}

function compileField(ctx: Ctx, scope: Scope, key: string, value: unknown, parent: string | null, negate: boolean): Node {
  const field = fieldOf(scope, key);
  // the validators let `documentId` through on any level; a component's table has no such column, which only the
  // database finds, after the converters (harness list-bounds grammar seed 1400: a zone fragment's converter refusal
  // is reported before `filters[GradientCouleur][$not][documentId]` under it)
  // the database's own failure, met when the query runs: after every condition was processed and cast (harness
  // starterblog grammar seed 1690: a date another `$and` branch cannot cast is reported first)
  if (!field && key === 'documentId' && scope.kind === 'component') {
    return defer(ctx, () => {
      throw new DatabaseRefusal(`Invalid filter at ${join(parent, key)}: a component has no documentId`, 'no such column: documentId', {
        path: join(parent, key),
      });
    });
  }
  if (!field) throw invalidKey(key, { parent, path: hiddenKeyPath(scope, key, parent) ?? undefined, source: 'query', param: 'filters' });
  const path = join(parent, key);
  const scalar = scalarTypeOf(field);
  if (field.kind === 'attribute' && ((field.attribute.private && !ctx.internal) || field.attribute.kind === 'dynamiczone')) {
    throw invalidKey(key, { parent, path, source: 'query', param: 'filters' });
  }
  if (scalar) {
    const type = ctx.raw && UNCAST.has(scalar) ? 'id' : scalar;
    if (ctx.raw) checkRawColumnWhere(value, path);
    else checkAttributeWhere(type, value, path);
    return whenApplied(ctx, () => compileOperators(type, key, value, path, negate));
  }
  if (field.kind !== 'attribute') throw invalidKey(key, { parent, path, source: 'query', param: 'filters' });
  const attribute = field.attribute;
  const inner = scopeBehind(ctx.index, attribute);
  if (!inner) throw invalidKey(key, { parent, path, source: 'query', param: 'filters' });

  const sub = whenApplied(ctx, () => relationWhere(ctx, inner, value, path, negate));
  return { kind: 'join', scope, attribute, sub };
}

/** The operators Strapi's database accepts under a column (its `where` operators: no `$and`/`$or`). */
const COLUMN_OPERATORS: ReadonlySet<string> = new Set<string>([...FIELD_OPERATORS, '$not']);

/** The operators whose operand the database casts to the column's type (`CAST_OPERATORS` of @strapi/utils). */
const CAST_OPERATORS: ReadonlySet<string> = new Set(['$not', '$in', '$notIn', '$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$between']);

/**
 * The database's processAttributeWhere: under a scalar attribute every key of every object (through `$not`, operand
 * lists and operands) must be a column operator; `filters[id][$and][0][$eq]=4` makes real Strapi fail. It walks the
 * tree in order, casting each value under a cast operator as it goes: a value it cannot cast before the refused key
 * is reported instead (harness events-601: `$in[0]=&$in[1][$and][0]=…` on a date-time is its format error).
 */
function checkAttributeWhere(type: ColumnType, value: unknown, path: string): void {
  let castError: StrapiError | undefined;
  const walk = (node: unknown, operator: string): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, operator));
    if (!isPlainObject(node)) {
      if (castError || node === null || node === undefined || !CAST_OPERATORS.has(operator)) return;
      try {
        castOperand(type, node, path);
      } catch (error) {
        if (!(error instanceof StrapiError)) throw error;
        castError = error;
      }
      return;
    }
    for (const [key, operand] of Object.entries(node)) {
      if (!COLUMN_OPERATORS.has(key)) {
        if (castError) throw castError;
        throw new DatabaseRefusal(
          isOperator(key)
            ? `Invalid filter: ${key} cannot be used under the field ${path}; put it above the field (filters[${key}][0][${path.split('.').pop()}]=…)`
            : `Invalid filter: ${key} under the field ${path} is not an operator`,
          `Undefined attribute level operator ${key}`,
          { path, key },
        );
      }
      // `$null`/`$notNull` only test their operand for truth: what it holds is never applied (harness events-301,
      // launchpad-301: `filters[documentId][$null][$or][0]=false` runs)
      if (key !== '$null' && key !== '$notNull') walk(operand, key);
    }
  };
  walk(value, '$eq');
}

/**
 * A raw list's condition on a column skips processAttributeWhere: only applying it looks at the operators, the
 * column's own and those under `$not` (an unknown one is the query builder's `Undefined attribute level operator`);
 * an operand is written in as it is, an operator object in it never read as conditions (harness school-502:
 * `filters[reader][$or][0][0][email][$startsWith][$and][0]=o` runs).
 */
function checkRawColumnWhere(value: unknown, path: string): void {
  if (Array.isArray(value)) return value.forEach((item) => checkRawColumnWhere(item, path));
  if (!isPlainObject(value)) return;
  for (const [key, operand] of Object.entries(value)) {
    if (!COLUMN_OPERATORS.has(key)) {
      throw new DatabaseRefusal(
        `Invalid filter: ${key} cannot be used under the field ${path} in a list read as raw SQL`,
        `Undefined attribute level operator ${key}`,
        { path, key },
      );
    }
    if (key === '$not') checkRawColumnWhere(operand, path);
  }
}

/**
 * The database's processRelationWhere, for a relation, media or component: a bare value (or one operator with a bare
 * value) compares the joined row's id; `$and`/`$or` or fields filter the joined rows. Operators mixed with fields,
 * two operators, or one operator other than `$and`/`$or` holding an object (`filters[category][$not][id][$eq]=3`)
 * make real Strapi fail.
 */
function relationWhere(ctx: Ctx, inner: Scope, value: unknown, path: string, negate: boolean): Node {
  // a list is the id column's `IN (…)` as it stands: unlike a field's, its objects are not processed (harness
  // shop-303: `filters[warehouse][0][capacity][$and][0][$lte]=600` is an empty answer, not an error)
  // (a list in it holding a condition is a row value the database cannot bind: harness events-601, a 500; a list of
  // one is that one value, a condition matching no id: probes/nested-list-under-link.json)
  if (Array.isArray(value)) {
    const list: unknown[] = value.map((v) => (Array.isArray(v) && v.length === 1 ? v[0] : v));
    if (list.some((v) => Array.isArray(v) && v.some((x) => typeof x === 'object' && x !== null))) {
      throw new DatabaseRefusal(
        `Invalid filter at ${path}: a list of conditions inside a list under a relation, media or component cannot be bound`,
        'SQLite3 can only bind numbers, strings, bigints, buffers, and null',
        { path },
      );
    }
    const ids = list.filter((v) => !isPlainObject(v));
    return leaf('id', 'id', '$in', ids, path, negate);
  }
  if (!isPlainObject(value)) return compileOperators('id', 'id', value, path, negate);
  const keys = Object.keys(value);
  const operators = keys.filter(isOperator);
  if (operators.length > 0 && operators.length !== keys.length) {
    throw new DatabaseRefusal(
      `Invalid filter at ${path}: operators (${operators.join(', ')}) and fields cannot be mixed under a relation, media or component`,
      'Operator and non-operator keys cannot be mixed in a relation where clause',
      { path },
    );
  }
  if (operators.length > 1) {
    throw new DatabaseRefusal(
      `Invalid filter at ${path}: only one operator is allowed directly under a relation, media or component, found ${operators.join(', ')}`,
      `Only one operator key is allowed in a relation where clause, but found: ${operators.join(',')}`,
      { path },
    );
  }
  const [op] = operators;
  if (op === undefined || op === '$and' || op === '$or') return compileGroup(ctx, inner, value, path, negate);
  // the query conversion turns every `$null`/`$notNull` value into a boolean (boolean words, else truthiness)
  // before the database sees it: an object or list there is `true` (probes/events-id-lists-null-operands.json:
  // `filters[photos][$null][$eq]=1` and `filters[photos][$null][0][name]=x` run)
  if (op === '$null' || op === '$notNull') return compileOperators('id', 'id', value, path, negate);
  const operand = value[op];
  // the database applies an operator that takes no list to each item of one, down to a condition: there it reads
  // its keys as operators of the id column (`filters[modules][$not][0][0][name]=x`)
  const condition = !['$in', '$notIn', '$between'].includes(op) && Array.isArray(operand) ? firstCondition(operand) : undefined;
  const stray = condition && Object.keys(condition).find((k) => !isOperator(k));
  if (stray !== undefined) {
    throw new DatabaseRefusal(
      `Invalid filter at ${path}: ${op} directly under a relation, media or component compares its id; a list of conditions cannot go there (put ${op} above it)`,
      `Undefined attribute level operator ${stray}`,
      { path },
    );
  }
  if (isPlainObject(operand)) {
    const first = Object.keys(operand)[0] ?? '';
    const refusal = (strapiMessage: string) =>
      new DatabaseRefusal(
        `Invalid filter at ${path}: ${op} directly under a relation, media or component compares its id and cannot hold conditions; ` +
          (op === '$not' ? `put $not above it (filters[$not][${path.split('.').pop()}][…]=…)` : `give ${op} a value`),
        strapiMessage,
        { path },
      );
    // an operator other than the groups and `$not` fails while the WHERE is built (processWhere takes those three)
    if (isOperator(first) && (op !== '$not' || !ROOT_OPERATORS.has(first))) {
      throw refusal(`Only $and, $or and $not can only be used as root level operators. Found ${first}.`);
    }
    // the database processes the conditions (casting their values) before it applies the WHERE
    compileGroup(ctx, inner, operand, path, negate);
    // applied to the id column under `$not`, each key is read as an operator (probes/not-group-under-relation.json)
    const applied = op === '$not' ? appliedUnderColumn(operand) : { stray: `<alias>.${first}`, value: false };
    if (applied.stray !== undefined) {
      const message = `Undefined attribute level operator ${applied.stray}`;
      return defer(ctx, () => {
        throw refusal(message);
      });
    }
    // only empty groups: knex leaves out a group with nothing in it, `NOT` included
    if (!applied.value) return TRUE_NODE;
  }
  return compileOperators('id', 'id', value, path, negate);
}

/** The tables a WHERE reads: the main one, and every relation, component or media it filters through (at any depth). */
function queryTables(index: ContentIndex, scope: Scope, filters: unknown): Scope[] {
  const out: Scope[] = [scope];
  const walk = (at: Scope, where: unknown): void => {
    if (Array.isArray(where)) return where.forEach((w) => walk(at, w));
    if (!isPlainObject(where)) return;
    for (const [key, value] of Object.entries(where)) {
      if (key.startsWith('$')) {
        if (key === '$and' || key === '$or' || key === '$not') walk(at, value);
        continue;
      }
      const field = fieldOf(at, key);
      const inner = field?.kind === 'attribute' ? scopeBehind(index, field.attribute) : undefined;
      if (!inner) continue;
      out.push(inner);
      walk(inner, value);
    }
  };
  walk(scope, filters);
  return out;
}

/** The first object inside nested lists. */
function firstCondition(items: readonly unknown[]): Record<string, unknown> | undefined {
  for (const item of items) {
    const found = isPlainObject(item) ? item : Array.isArray(item) ? firstCondition(item) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** `value` is either a bare value (implicit $eq, or $in for an array) or an object of operators. */
function compileOperators(type: ColumnType, column: string, value: unknown, path: string, negate: boolean): Node {
  // a list straight under a field is `IN (…)`; an object in it (`filters[name][0][$gt]=x`) is bound as no value
  // the column holds: it matches no row
  if (Array.isArray(value) && value.some(isPlainObject)) {
    // (the database processes each operator object first, casting its values: harness school/events-302)
    for (const item of value) if (isPlainObject(item)) castInside({ type, column, operand: item, path, op: '$in' }, item);
    return leaf(
      type,
      column,
      '$in',
      value.filter((v) => !isPlainObject(v)),
      path,
      negate,
    );
  }
  // an id's list holding a list is bound by knex as `$in` binds it (uncastList): a 500 where `$in`'s is, whatever the
  // relation the id is reached through (probe s16 implicit-id-lists: `filters[id][0]=1&filters[id][1][]=2`,
  // `filters[tags][id]…`; harness launchpad grammar 1902)
  if (Array.isArray(value) && type === 'id' && value.some(Array.isArray)) return leaf(type, column, '$in', value, path, negate);
  if (!isPlainObject(value)) return leaf(type, column, '$eq', value, path, negate);
  const parts: Node[] = [];
  for (const [op, operand] of Object.entries(value)) {
    if (!isOperator(op)) throw invalidKey(op, { parent: path, source: 'query', param: 'filters' });
    // `$and`/`$or` never get here: checkAttributeWhere and relationWhere refuse them under a field
    if (op === '$not' && Array.isArray(operand) && operand.length > 0) {
      // the database applies an operator that takes no list to each item of one, ORed: NOT a OR NOT b
      const each = operand.map((item) => compileOperators(type, column, item, path, !negate));
      parts.push(combine(each, negate ? 'and' : 'or'));
    } else if (op === '$not') parts.push(compileOperators(type, column, operand, path, !negate));
    else parts.push(leaf(type, column, op, operand, path, negate));
  }
  if (parts.length === 0) return TRUE_NODE;
  return combine(parts, negate ? 'or' : 'and');
}

function leaf(type: ColumnType, column: string, op: Operator, operand: unknown, path: string, negate: boolean): Node {
  const base = leafPositive(type, column, op, operand, path);
  return negate ? negateNode(base) : base;
}

/** What a leaf compiler is given: the column (read from each record, `undefined` as NULL), its type and the operand. */
type LeafArgs = { type: ColumnType; column: string; operand: unknown; path: string; op: FieldOperator };
type LeafCompiler = (args: LeafArgs) => Node;

/** A leaf testing the stored value of the column alone. */
const valueLeaf = (a: LeafArgs, test: ValueTest, ordered?: OrderedTest): Node => ({
  kind: 'leaf',
  column: a.column,
  type: a.type,
  test,
  ordered,
});
const castOf = (a: LeafArgs) => (v: unknown) => castOperand(a.type, v, a.path);

/** Compares the column with the cast operand; NULL columns are unknown (three-valued logic). */
function comparison(test: (c: number) => boolean): LeafCompiler {
  return (a) => {
    // an operator object as the value (`$eq[$not]=x`, `$ne[0][$eq]=x`) is processed as conditions, never cast (a JSON
    // field's cast never sees it), then bound as the value: SQLite refuses it, whatever the column's type
    // (probes/json-operator-operands.json; `$in`'s objects are bound as named parameters instead and match nothing)
    if (isPlainObject(a.operand) && Object.keys(a.operand).length > 0 && Object.keys(a.operand).every(isOperator)) {
      castInside(a, a.operand);
      throw new AppliedWhereRefusal(
        `Invalid value for ${a.op} at ${a.path}: ${JSON.stringify(a.operand)} is an operator object, not a value to compare with; put the operator above ${a.op} (filters[${a.path.split('.').pop()}][${Object.keys(a.operand)[0] ?? '$not'}]=…) or give a value`,
        'SQLite3 can only bind numbers, strings, bigints, buffers, and null',
        { path: a.path },
      );
    }
    const key = sortKeyFor(a.type);
    const target = castOf(a)(a.operand);
    const ordered = { target, below: test(-1), at: test(0), above: test(1) };
    // (a number against a number is most filters: compareKeys' own first case, without its type tests)
    if (typeof target === 'number')
      return valueLeaf(
        a,
        (v) => {
          const k = key(v);
          return k === null ? null : test(typeof k === 'number' ? (k === target ? 0 : k - target) : compareKeys(k, target));
        },
        ordered,
      );
    return valueLeaf(
      a,
      (v) => {
        const k = key(v);
        return k === null ? null : test(compareKeys(k, target));
      },
      ordered,
    );
  };
}

/** LOWER(column) = LOWER(?): the operand is not cast, the column is seen as its stored text. */
function caseInsensitiveEquals(equal: boolean): LeafCompiler {
  return (a) => {
    const { type, operand, path, op } = a;
    const target = asciiLower(textOperand(operand, op, path));
    return valueLeaf(a, (v) => {
      const text = storedText(type, v);
      return text === null ? null : (asciiLower(text) === target) === equal;
    });
  };
}

/** SQLite's LIKE (ASCII case folding, `%` and `_` literal), negated for the `$not…` operators. */
function likeMatch(mode: LikeMode, negated: boolean): LeafCompiler {
  return (a) => {
    const { type, operand, path, op } = a;
    const pattern = textOperand(operand, op, path);
    return valueLeaf(a, (v) => {
      const text = storedText(type, v);
      if (text === null) return null;
      const m = like(text, pattern, mode);
      return negated ? !m : m;
    });
  };
}

function textOperand(operand: unknown, op: string, path: string): string {
  if (isPlainObject(operand)) {
    // the database processes an operator object as conditions, then writes it into the text: `[object Object]`
    const stray = Object.keys(operand).find((k) => !isOperator(k));
    if (stray === undefined) return String(operand);
    throw new DatabaseRefusal(
      `Invalid value for ${op} at ${path}: ${stray} is no operator`,
      `Undefined attribute level operator ${stray}`,
      {
        path,
      },
    );
  }
  // the database writes the operand into the LIKE pattern as text (`%${value}%`): a GraphQL boolean or null too
  if (typeof operand === 'boolean' || operand === null) return String(operand);
  if (typeof operand !== 'string' && typeof operand !== 'number')
    throw new ValidationError(`Invalid value for ${op} at ${path}: expected a string`, {});
  return String(operand);
}

function membership(wanted: boolean): LeafCompiler {
  return (a) => {
    if (isPlainObject(a.operand)) {
      // an operator object (`$in[$not][0]=x`) is processed as one, then bound as no value the column holds
      if (Object.keys(a.operand).every(isOperator)) {
        castInside(a, a.operand);
        const key = sortKeyFor(a.type);
        return valueLeaf(a, (v) => (key(v) === null ? null : !wanted));
      }
      // An index past qs's arrayLimit turns the list into an object; Strapi then drops the condition.
      return TRUE_NODE;
    }
    const key = sortKeyFor(a.type);
    const listed = uncastList(a, Array.isArray(a.operand) ? a.operand : [a.operand]);
    // an operator object in the list (`$notIn[0][$not]=x`) has its values cast, then is bound as no value the
    // column holds
    for (const item of listed) if (isPlainObject(item)) castInside(a, item);
    const given = listed.filter((v) => !isPlainObject(v));
    // a NULL in the list never matches: a row it does not otherwise decide is unknown (`x IN (…, NULL)`)
    const hasNull = given.includes(null);
    const list = given.filter((v) => v !== null).map(castOf(a));
    // compareKeys(k, t) === 0 is k === t for keys (a number and a text never compare equal), but NaN is no key's
    // equal: a set, looked up with every key but NaN
    const listedKeys = new Set(list);
    return valueLeaf(a, (v) => {
      const k = key(v);
      if (k === null) return null;
      if (k === k && listedKeys.has(k)) return wanted;
      return hasNull ? null : !wanted;
    });
  };
}

/**
 * An uncast column's `IN (…)` list as knex writes it (the id column, and number columns in a list the database gets
 * unprocessed): a list whose first item is a list is a list of row values, each item in its own brackets, so an item
 * list holding one value is that value and a longer one is a row value SQLite refuses; otherwise every item is one
 * binding, and a list is no value SQLite can bind (probes/events-id-lists-null-operands.json: `$in[0][0]=1` runs,
 * `$in[0][0]=1&$in[0][1]=2`, `$in[0]=2&$in[1][0]=1` and `$in[0][0][0]=3` are 500s).
 */
function uncastList(a: LeafArgs, listed: readonly unknown[]): readonly unknown[] {
  if (a.type !== 'id' || !listed.some(Array.isArray)) return listed;
  const rows = Array.isArray(listed[0]);
  return listed.map((item) => {
    if (!Array.isArray(item)) return item;
    const single = item.length === 1 && (typeof item[0] === 'string' || typeof item[0] === 'number');
    if (rows && single) return item[0];
    // knex's binding fails as the WHERE is applied: after every other condition's cast (AppliedWhereRefusal)
    throw new AppliedWhereRefusal(
      `Invalid value for ${a.op} at ${a.path}: ${JSON.stringify(item)} is a list inside the list (${rows ? 'a row value' : 'a list binding'}); give one value per index (${a.op}[0]=1&${a.op}[1]=2)`,
      rows && item.every((v) => typeof v === 'string' || typeof v === 'number')
        ? 'row value misused'
        : 'SQLite3 can only bind numbers, strings, bigints, buffers, and null',
      { path: a.path },
    );
  });
}

function castInside(a: LeafArgs, item: Record<string, unknown>): void {
  // only a cast operator's values are cast (harness status-field-601: `publishedAt[0][$notNull]=true` runs)
  for (const [key, value] of Object.entries(item)) {
    // the query conversion made a `$null`/`$notNull` value a boolean first, in a list too: what it held is never cast
    // (harness webstudio/sitedemo-code-907: `createdAt[0][$null][$not]=false` is an empty answer)
    if (key === '$null' || key === '$notNull') continue;
    // an operator object inside a list is processed as one too (harness events-504: `id[0][$not][0][$not][$gte]=0.5`
    // runs); a NULL is never cast
    for (const v of Array.isArray(value) ? value : [value]) {
      if (isPlainObject(v)) castInside(a, v);
      else if (v !== null && CAST_OPERATORS.has(key)) castOf(a)(v);
    }
  }
}

function nullTest(wantNullWhenTrue: boolean): LeafCompiler {
  return (a) => {
    const { operand } = a;
    const wantNull = (parseBooleanLike(operand) ?? (operand !== null && operand !== '' && operand !== undefined)) === wantNullWhenTrue;
    return valueLeaf(a, (v) => (v === null) === wantNull);
  };
}

const between: LeafCompiler = (a) => {
  const pair = Array.isArray(a.operand) ? a.operand : [];
  // the database casts the value (one or a list; in an operator object its cast operators' values) before knex
  // looks at how many there are (harness sitedemo-code-502: `$between[$not][0][0]=…` is the date-time's format error)
  // (a bound without a value stays NULL: BETWEEN NULL AND … holds for no row)
  const cast = (v: unknown) => (v === null ? null : castOf(a)(v));
  if (isPlainObject(a.operand)) castInside(a, a.operand);
  else if (a.operand !== null) (Array.isArray(a.operand) ? a.operand : [a.operand]).forEach(cast);
  // knex checks the value when it writes the WHERE: after every value of the query was cast (probe
  // source-maps-in-lists: `$between[0]=1&filters[day]=abc` is the date's 400, alone a 500)
  if (pair.length !== 2)
    throw new AppliedWhereRefusal(
      `Invalid value for $between at ${a.path}: expected two values ($between[0]=low&$between[1]=high)`,
      Array.isArray(a.operand)
        ? 'You must specify 2 values for the whereBetween clause'
        : 'The second argument to whereBetween must be an array.',
    );
  // a list left as is is no binding knex can write; date-time and text columns read one as its text (harness
  // sitedemo-code-502: `name[$between][0][0]=a&name[$between][0][1]=b&…` runs)
  if (pair.some((v) => isPlainObject(v) || (Array.isArray(v) && !readsListAsText(a.type)))) {
    throw new AppliedWhereRefusal(
      `Invalid value for $between at ${a.path}: each bound must be one value`,
      'Undefined binding(s) detected when compiling WHERE',
    );
  }
  const [low, high] = pair.map(cast);
  if (low === null || high === null) return UNKNOWN_NODE;
  const key = sortKeyFor(a.type);
  return valueLeaf(a, (v) => {
    const k = key(v);
    return k === null ? null : compareKeys(k, low) >= 0 && compareKeys(k, high) <= 0;
  });
};

/** Every field operator, compiled to a predicate; a missing one does not compile. */
const LEAVES: Record<FieldOperator, LeafCompiler> = {
  $eq: comparison((c) => c === 0),
  $ne: comparison((c) => c !== 0),
  $lt: comparison((c) => c < 0),
  $lte: comparison((c) => c <= 0),
  $gt: comparison((c) => c > 0),
  $gte: comparison((c) => c >= 0),
  $eqi: caseInsensitiveEquals(true),
  $nei: caseInsensitiveEquals(false),
  $contains: likeMatch('contains', false),
  $containsi: likeMatch('contains', false),
  $notContains: likeMatch('contains', true),
  $notContainsi: likeMatch('contains', true),
  $startsWith: likeMatch('startsWith', false),
  $startsWithi: likeMatch('startsWith', false),
  $endsWith: likeMatch('endsWith', false),
  $endsWithi: likeMatch('endsWith', false),
  $in: membership(true),
  $notIn: membership(false),
  $between: between,
  $null: nullTest(true),
  $notNull: nullTest(false),
};
const TEXT_OPERATORS_SET: ReadonlySet<string> = new Set(TEXT_OPERATORS);
const isFieldOperator = (op: string): op is FieldOperator => Object.hasOwn(LEAVES, op);

function leafPositive(type: ColumnType, column: string, op: Operator, operand: unknown, path: string): Node {
  if (!isFieldOperator(op)) throw invalidKey(op, { parent: path, source: 'query', param: 'filters' });
  if (operand === null) {
    const a = { type, column, operand, path, op };
    // a key without a value (`filters[name][$in]`): the database's operator with NULL
    if (op === '$eq' || op === '$eqi') return valueLeaf(a, (v) => v === null);
    if (op === '$ne' || op === '$nei') return valueLeaf(a, (v) => v !== null);
    // LIKE operators write the value into the pattern: NULL becomes the text "null"
    if (TEXT_OPERATORS_SET.has(op)) return LEAVES[op]({ type, column, operand: 'null', path, op });
    // IN (NULL), > NULL…: unknown for every row
    if (op !== '$between' && op !== '$null' && op !== '$notNull') return UNKNOWN_NODE;
  }
  if (Array.isArray(operand) && op !== '$in' && op !== '$notIn' && op !== '$between' && op !== '$null' && op !== '$notNull') {
    // Strapi ORs a non-list operator over each given value: a list inside a cast operator's list is one value to
    // the column's parser; any other operator's (`$contains[0][0]=x`, never cast) is ORed over again, at any depth
    // (harness links-mini-501), as is an uncast column's (`filters[id][$eq][0][0]=1&…[0][1]=2` is ids 1 and 2; probe
    // source-maps-in-lists)
    const spread = (list: unknown[]): Node => {
      const parts = list.map((o) =>
        !Array.isArray(o)
          ? leafPositive(type, column, op, o, path)
          : CAST_OPERATORS.has(op) && type !== 'id'
            ? LEAVES[op]({ type, column, operand: o, path, op })
            : spread(o),
      );
      // (no value at all: no item holds)
      return parts.length === 0 ? FALSE_NODE : combine(parts, 'or');
    };
    return spread(operand);
  }
  return LEAVES[op]({ type, column, operand, path, op });
}
