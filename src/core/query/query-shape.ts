// A new URL per request (a search box, a page number, a filter value a user picks) is mostly a query already seen
// with other values. Strapi's validators, the sort, fields and populate parsers and the status and locale checks
// read a query's keys and structure, never the text of a filter operand or of a pagination parameter: so what they
// give is kept per shape (the query with those texts taken out), and a request of a known shape runs only the steps
// that read them (the list's window, the service's pagination checks, the filters' compilation; run-query.ts).
//
// What the shape keeps as it is: every key, in order; every value outside `filters` and `pagination`; and, inside
// them, whether a value is a text, null (a key without `=`), a list or an object. A top-level `filters=x` is kept
// whole (Strapi validates only what is truthy there). The validators that walk filters (validate-query.ts
// walkFilters, restricted-relations.ts checkRestrictedFilters, fields.ts filtersJoin) recurse into objects and
// lists and test keys only, so two queries of one shape pass or fail them the same way.

import { isPlainObject } from '../is-plain-object.js';

/** Marks a text taken out of the shape. */
const TEXT = '\u0001';

/**
 * The shape of a parsed query string (qs output: plain objects, lists, texts and nulls), as a text. A top-level
 * `populate` object's attributes are named in sorted order: the same attributes asked in another order parse alike
 * but for the order of the populate tree's first level, which the caller puts back (see populateInOrder).
 */
export function shapeKey(query: Record<string, unknown>): string {
  let out = '{';
  for (const key in query) {
    if (!Object.hasOwn(query, key)) continue;
    const value = query[key];
    out += JSON.stringify(key) + ':';
    if (key === 'populate' && isPlainObject(value)) out += sortedShape(value);
    else out += (key === 'filters' || key === 'pagination') && typeof value === 'object' ? shapeOf(value, true) : shapeOf(value, false);
    out += ',';
  }
  return out + '}';
}

function sortedShape(value: Record<string, unknown>): string {
  let out = '<';
  for (const key of Object.keys(value).sort()) out += JSON.stringify(key) + ':' + shapeOf(value[key], false) + ',';
  return out + '>';
}

/**
 * A populate tree parsed for `populate` in another order (see shapeKey), with its first level in `populate`'s order:
 * the same tree when it is in that order already; undefined when a populated name is not one of `populate`'s keys
 * (the caller then parses the query itself).
 */
export function populateInOrder<T extends { readonly populate: ReadonlyMap<string, unknown> }>(node: T, populate: unknown): T | undefined {
  if (!isPlainObject(populate) || node.populate.size < 2) return node;
  const names = Object.keys(populate);
  let at = 0;
  let ordered = true;
  for (const name of node.populate.keys()) {
    const next = names.indexOf(name, at);
    if (next === -1) {
      ordered = false;
      break;
    }
    at = next + 1;
  }
  if (ordered) return node;
  const map = new Map<string, unknown>();
  for (const name of names) if (node.populate.has(name)) map.set(name, node.populate.get(name));
  return map.size === node.populate.size ? { ...node, populate: map } : undefined;
}

function shapeOf(value: unknown, opaque: boolean): string {
  if (typeof value === 'string') return opaque ? TEXT : JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value) + typeof value;
  let out = Array.isArray(value) ? '[' : '{';
  if (Array.isArray(value)) for (const item of value) out += shapeOf(item, opaque) + ',';
  else
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      out += JSON.stringify(key) + ':' + shapeOf((value as Record<string, unknown>)[key], opaque) + ',';
    }
  return out + (Array.isArray(value) ? ']' : '}');
}
