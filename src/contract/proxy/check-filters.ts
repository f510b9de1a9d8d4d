import type { ContentType } from '../../core/model/types.js';
import type { ContentIndex } from '../../core/data/content-index.js';
import { compileFilters, type Predicate } from '../../core/query/filters.js';
import type { PopulateNode } from '../../core/query/populate.js';
import { fieldOf, scalarTypeOf, scopeBehind, type Record_, type Scope } from '../../core/query/scope.js';
import type { Violation } from './violation.js';
import { isPlainObject } from '../../core/is-plain-object.js';

/** Scalar kinds whose stored form the response shows unchanged enough to re-evaluate a filter on it. */
const UNCHECKABLE = new Set(['json', 'blocks', 'password']);

interface Pruned {
  readonly value: Record<string, unknown> | undefined;
  /** False when something was dropped: a negation or a disjunction of it would then prove nothing. */
  readonly complete: boolean;
}

/**
 * Keeps the part of a filter that can be judged on the returned rows alone: conditions on scalar fields the rows
 * show. Dropping a conjunct keeps the rest a necessary condition; a partly dropped `$or` or `$not` is dropped whole.
 */
export function pruneFilters(scope: Scope, filters: Record<string, unknown>, shown: (field: string) => boolean): Pruned {
  const out: Record<string, unknown> = {};
  let complete = true;
  for (const [key, value] of Object.entries(filters)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value)) return { value: undefined, complete: false };
      const items = value.map((item) => (isPlainObject(item) ? pruneFilters(scope, item, shown) : { value: undefined, complete: false }));
      const allComplete = items.every((i) => i.complete && i.value !== undefined);
      if (key === '$or' && !allComplete) {
        complete = false;
        continue;
      }
      const kept = items.filter((i) => i.value !== undefined).map((i) => i.value);
      if (!allComplete) complete = false;
      if (kept.length > 0) out[key] = kept;
      continue;
    }
    if (key === '$not') {
      const inner = isPlainObject(value) ? pruneFilters(scope, value, shown) : { value: undefined, complete: false };
      if (inner.complete && inner.value) out[key] = inner.value;
      else complete = false;
      continue;
    }
    const field = fieldOf(scope, key);
    const kind = field ? scalarTypeOf(field) : undefined;
    if (field && kind && !UNCHECKABLE.has(kind) && shown(key)) out[key] = value;
    else complete = false;
  }
  return { value: Object.keys(out).length > 0 ? out : undefined, complete };
}

/** The request's filters reduced to what the answer can prove, compiled by the engine; undefined when nothing is left. */
export function compileShownFilters(
  index: ContentIndex,
  type: ContentType,
  filters: unknown,
  fields: readonly string[] | null,
): Predicate | undefined {
  return compileScopeFilters(index, { kind: 'type', type }, filters, fields);
}

export function compileScopeFilters(
  index: ContentIndex,
  scope: Scope,
  filters: unknown,
  fields: readonly string[] | null,
): Predicate | undefined {
  if (!isPlainObject(filters)) return undefined;
  const shown = (name: string) => fields === null || fields.includes(name) || name === 'id' || name === 'documentId';
  const { value } = pruneFilters(scope, filters, shown);
  if (!value) return undefined;
  try {
    return compileFilters(index, scope, value);
  } catch {
    // An operand the engine cannot cast: the backend answered anyway, and nothing can be concluded.
    return undefined;
  }
}

/** A condition through a to-one relation (or single component) the answer populates: the entry shown must satisfy it. */
export interface RelationFilter {
  readonly name: string;
  readonly predicate: Predicate;
}

/**
 * The conjuncts (top level and `$and`) that go through a to-one relation or a single component the request also
 * populates: on such a row the populated entry is the one the filter was evaluated on, so its shown scalars can be
 * judged.
 */
export function relationFilters(index: ContentIndex, type: ContentType, filters: unknown, node: PopulateNode): RelationFilter[] {
  const out: RelationFilter[] = [];
  const scope: Scope = { kind: 'type', type };
  const walk = (group: unknown): void => {
    if (!isPlainObject(group)) return;
    for (const [key, value] of Object.entries(group)) {
      if (key === '$and' && Array.isArray(value)) value.forEach(walk);
      const field = key.startsWith('$') ? undefined : fieldOf(scope, key);
      const attribute = field?.kind === 'attribute' ? field.attribute : undefined;
      const toOne = attribute?.kind === 'relation' ? !attribute.toMany : attribute?.kind === 'component' && !attribute.repeatable;
      if (!attribute || !toOne || !isPlainObject(value)) continue;
      const sub = node.populate.get(key);
      const inner = scopeBehind(index, attribute);
      if (!sub || sub.count || (inner?.kind !== 'type' && inner?.kind !== 'component')) continue;
      // a localized or draft & publish target links several rows per document: the filter may have matched another
      // one than the row populate shows
      if (inner.kind === 'type' && (inner.type.localized || inner.type.draftAndPublish)) continue;
      const predicate = compileScopeFilters(index, inner, value, sub.fields);
      if (predicate) out.push({ name: key, predicate });
    }
  };
  walk(filters);
  return out;
}

/** Every returned row must satisfy the (pruned) filter: a row the filter excludes should not be there. */
export function checkFilters(
  predicate: Predicate,
  data: readonly unknown[],
  path: (i: number) => string,
  out: Violation[],
  parameter = 'filters',
): void {
  data.forEach((row, i) => {
    if (!isPlainObject(row)) return;
    if (predicate(row as Record_) !== true)
      out.push({ rule: 'filters', path: path(i), message: `does not match the request's ${parameter}` });
  });
}

/** Rows whose populated to-one relation is shown must have it satisfy the conditions the filter puts on it. */
export function checkRelationFilters(
  list: readonly RelationFilter[],
  data: readonly unknown[],
  path: (i: number) => string,
  out: Violation[],
): void {
  data.forEach((row, i) => {
    if (!isPlainObject(row)) return;
    for (const { name, predicate } of list) {
      const related = row[name];
      // null or hidden: which row the filter saw is unknown (a left join, a relation the caller may not read).
      if (!isPlainObject(related)) continue;
      if (predicate(related as Record_) !== true)
        out.push({ rule: 'filters', path: `${path(i)}.${name}`, message: `does not match the request's filters on ${name}` });
    }
  });
}
