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

/** Marks a text taken out of the shape. */
const TEXT = '\u0001';

/** The shape of a parsed query string (qs output: plain objects, lists, texts and nulls), as a text. */
export function shapeKey(query: Record<string, unknown>): string {
  let out = '{';
  for (const key in query) {
    if (!Object.hasOwn(query, key)) continue;
    const value = query[key];
    out += JSON.stringify(key) + ':';
    out += (key === 'filters' || key === 'pagination') && typeof value === 'object' ? shapeOf(value, true) : shapeOf(value, false);
    out += ',';
  }
  return out + '}';
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
