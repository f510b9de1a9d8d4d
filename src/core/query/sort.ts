import { invalidKey, ValidationError } from '../errors/strapi-errors.js';
import { isDraftRow, type ContentIndex } from '../data/content-index.js';
import type { Row } from '../data/types.js';
import { fieldOf, hiddenKeyPath, joinedRecords, scalarTypeOf, scopeBehind, type Record_, type Scope } from './scope.js';
import { compareKeys, sortKey } from './values.js';
import { isPlainObject } from '../is-plain-object.js';
import { hasSort } from './validate-query.js';
import { ConversionRefusal, DatabaseRefusal } from './query-errors.js';

export interface SortTerm {
  /** Field names from the sorted scope down to a scalar, through relations, components and media. */
  readonly path: readonly string[];
  readonly direction: 'asc' | 'desc';
  /** The path ends on a type's `status` attribute: the database orders it by the root row's publication state. */
  readonly rank?: true;
  /**
   * The path ends on a component's `status` attribute: the database reads any `status` sort key as the publication
   * rank, which a component's table (no documentId, no publishedAt) cannot give: it fails when the query runs.
   */
  readonly componentStatus?: string;
  /**
   * A sort string through a link whose order is not exactly `asc`/`desc` (`cover.ext: desc`, `author.name:up`):
   * Strapi's sort sanitizer re-joins the path below the link, keeping as a direction only an exact (case-insensitive)
   * `asc`/`desc` token, so this order becomes one more path segment (`cover.ext. desc`), which the database cannot
   * find (a 500 there).
   */
  readonly orderAsSegment?: string;
}

/**
 * @strapi/database's message for a sort ending on a component's `status` attribute: it reads any `status` sort as
 * the publication state, which needs the `publishedAt` and `documentId` columns a component table lacks (a 500 over
 * REST, an internal error in GraphQL).
 */
export function componentStatusSortMessage(sort: readonly SortTerm[]): string | undefined {
  const term = sort.find((t) => t.componentStatus !== undefined);
  return term && `Cannot order by status on model ${term.componentStatus}: missing publishedAt or documentId`;
}

/** Real Strapi's failure on a sort ending on a component's `status` attribute, if the sort has one. */
export function componentStatusSortFailure(sort: readonly SortTerm[]): DatabaseRefusal | undefined {
  const segment = sort.find((t) => t.orderAsSegment !== undefined);
  if (segment) {
    const field = segment.path.join('.');
    return new DatabaseRefusal(
      `Invalid sort: "${field}:${segment.orderAsSegment}" goes through a link, where Strapi keeps only an exact asc or desc as the order; give "${field}:${segment.orderAsSegment!.trim().toLowerCase()}"`,
      `Undefined attribute ${segment.orderAsSegment} on ${segment.path[segment.path.length - 1]}`,
      { sort: field },
    );
  }
  const term = sort.find((t) => t.componentStatus !== undefined);
  if (!term) return undefined;
  return new DatabaseRefusal(
    `Invalid sort: ${term.path.join('.')} ends on the status field of the component ${term.componentStatus}; Strapi reads a status sort as the publication state, which a component has not`,
    componentStatusSortMessage(sort)!,
    { sort: term.path.join('.') },
  );
}

/**
 * The paths of a sort object's empty orders (`sort[owner][code]=`): they sort nothing (parseSort leaves them out), but
 * Strapi's validators walk the object before its conversion drops them, so a relation the caller may not read is
 * refused there too (harness run.mjs shop 831); a list of them is not walked. A list under a key (`sort[owner][code]=`
 * given twice) sorts nothing either, and is walked as well (harness monblog --code seed 1003: the public role's
 * `sort[author][documentId]=&sort[author][documentId]=` is Strapi's 400 "Invalid key author").
 */
export function emptyOrderPaths(sort: unknown): { readonly path: readonly string[] }[] {
  const out: { path: string[] }[] = [];
  const walk = (o: Record<string, unknown>, prefix: string[]) => {
    for (const [k, v] of Object.entries(o)) {
      if (isPlainObject(v)) walk(v, [...prefix, k]);
      else if (typeof v === 'string' ? !v.trim() : Array.isArray(v)) out.push({ path: [...prefix, k] });
    }
  };
  // a list with no real ordering in it is not walked at all (traverse/query-sort's isMeaninglessSortArray: harness
  // podcast-code-907, `sort[0][allowed_users][publishedAt]=` as the public role is a 200)
  if (Array.isArray(sort) && !hasSort(sort)) return out;
  for (const item of Array.isArray(sort) ? sort : [sort]) if (isPlainObject(item)) walk(item, []);
  return out;
}

/** Reads every form Strapi accepts: `a`, `a:desc`, `a,b:desc`, `a.b:asc`, arrays of those, `{a: 'desc'}`, `{a: {b: 'asc'}}`. */
/** `internal`: the document service's sort (a private attribute sorts there, as the database orders any column). */
/** `lenient`: an order the conversion refuses reads as `asc` (the paths of a sort whose conversion fails). */
export function parseSort(index: ContentIndex, scope: Scope, sort: unknown, internal = false, lenient = false): SortTerm[] {
  // a list or object with no real ordering in it (`sort[0]`, `sort[title]`, no value) sorts nothing (hasSort)
  if (sort === undefined || sort === null || sort === '' || ((Array.isArray(sort) || isPlainObject(sort)) && !hasSort(sort))) return [];
  const terms: SortTerm[] = [];
  const push = (term: SortTerm | undefined) => {
    if (term) terms.push(term);
  };
  const addString = (s: string) => {
    for (const part of s.split(',')) {
      const trimmed = part.trim();
      // Strapi keeps only segments with a field: `:asc` or `,` alone sort nothing (and their order is not checked)
      if (!trimmed || !trimmed.split(':')[0].trim()) continue;
      const [field, order = 'asc'] = trimmed.split(':');
      push(checked(index, scope, field.trim().split('.'), lenient && !isOrder(order) ? 'asc' : order, internal, true));
    }
  };
  const addObject = (o: Record<string, unknown>, prefix: string[]) => {
    for (const [k, v] of Object.entries(o)) {
      if (isPlainObject(v)) addObject(v, [...prefix, k]);
      else if (typeof v === 'string') {
        // an empty order sorts nothing
        if (v.trim()) push(checked(index, scope, [...prefix, k], lenient && !isOrder(v) ? 'asc' : v, internal));
      } else throw new ValidationError(`Invalid sort type expected object or string got ${typeof v}`, {});
    }
  };
  // Strapi walks a list mixing strings and objects as an object, so its first key, `0`, is an unknown field. A list
  // of objects and lists (lodash's isObject holds both) is walked item by item.
  const isObject = (i: unknown) => typeof i === 'object' && i !== null;
  if (Array.isArray(sort) && !sort.every((i) => typeof i === 'string') && !sort.every(isObject)) {
    throw invalidKey('0', { parent: null, source: 'query', param: 'sort' });
  }
  const items = Array.isArray(sort) ? sort : [sort];
  for (const item of items) {
    if (typeof item === 'string') addString(item);
    else if (isPlainObject(item)) addObject(item, []);
    else if (Array.isArray(item) && Array.isArray(sort)) {
      // a list inside the list: the converter reads it as an object keyed by index, each string an order (harness
      // admin-links grammar seed 1400: `sort[0][]=id:Asc&sort[1][createdAt]=desc` is `Invalid order`); an index
      // names no field
      for (const [k, v] of Object.entries(item)) {
        if (typeof v !== 'string') throw new ValidationError(`Invalid sort type expected object or string got ${typeof v}`, {});
        if (!v.trim()) continue;
        direction(v);
        throw invalidKey(k, { parent: null, source: 'query', param: 'sort' });
      }
    } else throw new ValidationError('Invalid sort parameter: expected field:direction, a list of them, or an object', {});
  }
  return terms;
}

/**
 * `status` in a sort. The query validator lets it through on a draft & publish type without such an attribute, but
 * the sanitizer then drops it (not an attribute): it sorts nothing. A type's own `status` attribute passes both, and
 * then the database orders it, before looking at attributes, by a virtual publication state of the ROOT row (never
 * published, modified, published; `buildStatusSortExpression`), whatever the level the path ends at.
 */
function checked(
  index: ContentIndex,
  scope: Scope,
  path: string[],
  order: string,
  internal: boolean,
  fromString = false,
): SortTerm | undefined {
  if (path.length === 1 && path[0] === 'status' && scope.kind === 'type' && scope.type.draftAndPublish && !fieldOf(scope, 'status')) {
    direction(order);
    return undefined;
  }
  let current: Scope | undefined = scope;
  const walked: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const name = path[i];
    const parent = walked.length ? walked.join('.') : null;
    const field = current ? fieldOf(current, name) : undefined;
    if (!field)
      throw invalidKey(name, {
        parent,
        path: (current && hiddenKeyPath(current, name, parent)) ?? undefined,
        source: 'query',
        param: 'sort',
      });
    walked.push(name);
    const last = i === path.length - 1;
    const here = walked.join('.');
    if (field.kind === 'attribute' && ((field.attribute.private && !internal) || field.attribute.kind === 'dynamiczone')) {
      throw invalidKey(name, { parent, path: here, source: 'query', param: 'sort' });
    }
    const scalar = scalarTypeOf(field);
    if (scalar) {
      if (!last) throw invalidKey(path[i + 1], { parent: here, source: 'query', param: 'sort' });
      if (name === 'status' && current?.kind === 'type' && field.kind === 'attribute')
        return { path, direction: direction(order), rank: true };
      if (name === 'status' && current?.kind === 'component' && field.kind === 'attribute')
        return { path, direction: direction(order), componentStatus: current.component.uid };
      break;
    }
    if (last || field.kind !== 'attribute') throw invalidKey(name, { parent, path: here, source: 'query', param: 'sort' });
    current = scopeBehind(index, field.attribute);
  }
  // (sanitize's sort traversal re-joins the string below a link: an empty order is dropped, an inexact one kept as a
  // path segment; the string's own ends were trimmed)
  if (fromString && path.length > 1 && order.toLowerCase() !== 'asc' && order.toLowerCase() !== 'desc') {
    return order === '' ? { path, direction: 'asc' } : { path, direction: 'asc', orderAsSegment: order };
  }
  return { path, direction: direction(order) };
}

/** The tables a sort joins into the main query: each relation, component or media its paths go through. */
export function sortTables(index: ContentIndex, scope: Scope, terms: readonly SortTerm[]): Scope[] {
  const out: Scope[] = [];
  for (const term of terms) {
    let current: Scope | undefined = scope;
    for (const name of term.path.slice(0, -1)) {
      const field: ReturnType<typeof fieldOf> = current ? fieldOf(current, name) : undefined;
      current = field?.kind === 'attribute' ? scopeBehind(index, field.attribute) : undefined;
      if (current) out.push(current);
    }
  }
  return out;
}

const isOrder = (order: string) => ['asc', 'desc'].includes(order.trim().toLowerCase());

function direction(order: string): 'asc' | 'desc' {
  // Strapi trims each part of `field:order`, so `title: asc` is a valid sort.
  const d = order.trim().toLowerCase();
  if (d !== 'asc' && d !== 'desc') throw new ConversionRefusal('Invalid order. order can only be one of asc|desc|ASC|DESC', {});
  return d;
}

/**
 * The database's status rank of a root row: 0 when its document has no published version in its locale, 1 when it
 * was edited after the latest published version, else 2. Strapi compares locales with `=`, so a row without a locale
 * (a type without i18n) finds no published version: 0 for every row, the sort changes nothing.
 */
function statusRank(index: ContentIndex, scope: Scope, record: Record_): number {
  if (scope.kind !== 'type') return 2;
  const row = record as Row;
  if (row.locale === null || row.locale === undefined) return 0;
  const published = index.documentRows(scope.type.uid, row.documentId).filter((r) => !isDraftRow(r) && r.locale === row.locale);
  if (published.length === 0) return 0;
  const latest = published.reduce((max, r) => (String(r.updatedAt) > max ? String(r.updatedAt) : max), '');
  return String(row.updatedAt) > latest ? 1 : 2;
}

/** Every value a sort path reaches from one record (several through to-many joins; none when nothing is joined). */
function keysOf(index: ContentIndex, scope: Scope, record: Record_, path: readonly string[]): (number | string | null)[] {
  const field = fieldOf(scope, path[0]);
  if (!field) return [];
  const scalar = scalarTypeOf(field);
  if (scalar) return [sortKey(scalar, record[path[0]])];
  if (field.kind !== 'attribute') return [];
  const inner = scopeBehind(index, field.attribute);
  if (!inner) return [];
  const joined = joinedRecords(index, scope, record, field.attribute);
  // a LEFT JOIN that finds nothing still gives the entry one row, its columns NULL
  if (joined.length === 0) return [null];
  return joined.flatMap((r) => keysOf(index, inner, r, path.slice(1)));
}

/**
 * Strapi sorts through joins with one row per entry (its `wrapWithDeepSort`): it numbers each entry's joined rows
 * with `ROW_NUMBER() OVER (PARTITION BY id ORDER BY <the sort>)` and sorts the entries by their row number 1. Knex
 * drops the "nulls last" Strapi asks for in that window, so SQLite's own order applies there: NULL is the smallest
 * value. An entry sorts ascending by its smallest value, NULL when any joined row (a draft's empty `publishedAt`, a
 * join that found nothing) has none, and descending by its largest, NULL only when every joined row has none.
 * Each sort term joins on its own, so each term's value is chosen apart.
 */
function keyOf(index: ContentIndex, scope: Scope, record: Record_, term: SortTerm): number | string | null {
  if (term.rank) return statusRank(index, scope, record);
  const keys = keysOf(index, scope, record, term.path);
  if (keys.length === 0) return null;
  return keys.reduce((best, k) => ((term.direction === 'asc' ? compareKeys(k, best) < 0 : compareKeys(k, best) > 0) ? k : best));
}

/**
 * Sorts as SQLite does: NULLs first ascending and last descending, strings by bytes, ties in id order (the order
 * rows come back in when the database has no other reason).
 */
export function sortRecords<T extends Record_>(
  index: ContentIndex,
  scope: Scope,
  records: readonly T[],
  terms: readonly SortTerm[],
  keepOrder = false,
): T[] {
  // ties: the table's order (ids), or for joined rows the order the join table gives them (keepOrder)
  const base = keepOrder ? [...records] : [...records].sort((a, b) => Number(a.id) - Number(b.id));
  if (terms.length === 0) return base;
  const keyed = base.map((record) => ({ record, keys: terms.map((t) => keyOf(index, scope, record, t)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < terms.length; i++) {
      const c = compareKeys(a.keys[i], b.keys[i]);
      if (c !== 0) return terms[i].direction === 'asc' ? c : -c;
    }
    return 0;
  });
  return keyed.map((k) => k.record);
}
