// Request shapes from the grammar, not from a list: a query string is a tree of bracketed keys (qs) whose leaves are
// strings, a key without `=`, or an empty value; Strapi's parameters give the tree its meaning (filters: fields,
// relations and operators, with $and/$or/$not allowed by the grammar at any level; sort: paths through relations,
// components and media; populate: names, dot paths, lists, objects with fields/filters/sort/populate/count).
// The generator (gen.mjs) builds a plausible query; these rewrite any node of it into another shape the grammar
// allows, so that shapes nobody listed are produced too.

/** A key sent without `=` (qs with strictNullHandling reads it as null). */
export const NO_VALUE = Symbol('no value');
/** A key sent twice with these values (`k=a&k=b`; qs merges them into a list). */
export class Repeated {
  constructor(values) {
    this.values = values;
  }
}

const LOGICAL = ['$and', '$or', '$not'];

/** Every path from the root of a query tree to a node, with the node. */
function nodes(tree, path = []) {
  const out = [{ path, value: tree }];
  if (tree && typeof tree === 'object' && !(tree instanceof Repeated)) {
    for (const [k, v] of Object.entries(tree)) out.push(...nodes(v, [...path, k]));
  }
  return out;
}

function setAt(tree, path, value) {
  if (path.length === 0) return value;
  const copy = Array.isArray(tree) ? [...tree] : { ...tree };
  const [k, ...rest] = path;
  copy[k] = setAt(tree[k], rest, value);
  return copy;
}

/**
 * One grammar rewrite of the node at a random path of `q` (a top-level parameter or anything under it):
 * a list where a scalar was, a scalar (first item or comma-joined) where a list was, a key without value, an empty
 * value, the key repeated, or a logical operator wrapped around the node (filters), at whatever depth it lands.
 */
export function rewriteNode(q, r) {
  const all = nodes(q).filter((n) => n.path.length > 0);
  if (all.length === 0) return { q, feature: 'shape:none' };
  const { path, value } = r.pick(all);
  const inFilters = path.includes('filters');
  const kinds = ['to-list', 'to-scalar', 'no-value', 'empty', 'repeat'];
  // any node of a filter (an object, a list, a leaf value) can be put under a logical operator, as a list or as the
  // object qs makes of a single entry
  if (inFilters) kinds.push('wrap-logic', 'wrap-logic', 'wrap-not', 'wrap-logic-object');
  const kind = r.pick(kinds);
  const leaf = path[path.length - 1];
  let next;
  switch (kind) {
    case 'to-list':
      next = Array.isArray(value) ? [value] : [value, ...(r.next() < 0.3 ? [value] : [])];
      break;
    case 'to-scalar':
      next = Array.isArray(value)
        ? r.next() < 0.5
          ? value.filter((x) => typeof x === 'string' || typeof x === 'number').join(',')
          : value[0]
        : typeof value === 'object' && value !== null
          ? (Object.values(value).find((x) => typeof x === 'string' || typeof x === 'number') ?? 'x')
          : value;
      break;
    case 'no-value':
      next = NO_VALUE;
      break;
    case 'empty':
      next = '';
      break;
    case 'repeat':
      next = typeof value === 'object' && value !== null ? [value, value] : new Repeated([value, r.pick([value, 'x', '1', ''])]);
      break;
    case 'wrap-logic':
      next = { [r.pick(['$and', '$or'])]: r.next() < 0.5 ? [value] : [value, value] };
      break;
    case 'wrap-not':
      next = { $not: r.next() < 0.7 ? value : [value] };
      break;
    case 'wrap-logic-object':
      next = { [r.pick(LOGICAL)]: { 0: value } };
      break;
  }
  return { q: setAt(q, path, next), feature: `shape:${kind}:${typeof leaf === 'string' && leaf.startsWith('$') ? leaf : 'key'}` };
}

/**
 * A logical operator at a level the plain generator never puts one: under an attribute (`filters[id][$and][0][$eq]`),
 * directly under a relation, media or component (`filters[category][$not][id][$eq]`), or around one of them.
 */
export function logicAnywhere(filter, r) {
  const all = nodes(filter).filter((n) => n.path.length > 0 && n.value && typeof n.value === 'object' && !Array.isArray(n.value));
  if (all.length === 0) return { f: filter, feature: 'logic-anywhere:none' };
  const { path, value } = r.pick(all);
  const op = r.pick(LOGICAL);
  const roll = r.next();
  // $not holding a list, $and/$or holding one object: shapes a client builds by hand
  const wrapped =
    op === '$not' ? { $not: roll < 0.8 ? value : [value] } : { [op]: roll < 0.8 ? [value] : roll < 0.9 ? [value, value] : value };
  return { f: setAt(filter, path, wrapped), feature: `logic-anywhere:${op}:depth${path.length}` };
}

/**
 * A populate list holding dot paths and their own prefixes, in either order, as a list or one comma string:
 * `['a.b', 'a']`, `['a', 'a.b.c']`, `'a.b,a'`.
 */
export function prefixList(paths, r) {
  const deep = paths.filter((p) => p.includes('.'));
  if (deep.length === 0) return undefined;
  const full = r.pick(deep);
  const parts = full.split('.');
  const prefix = parts.slice(0, r.int(1, parts.length - 1)).join('.');
  const items = r.next() < 0.5 ? [full, prefix] : [prefix, full];
  if (r.next() < 0.3) items.push(r.pick(paths));
  const form = r.pick(['list', 'list', 'comma']);
  return {
    v: form === 'comma' ? items.join(',') : items,
    feature: `populate:prefix-${form}:${items[0] === full ? 'path-first' : 'prefix-first'}`,
  };
}

/**
 * Sort in the object forms qs reads: `sort[a]=asc`, `sort[0][a]=desc`, and through links `sort[rel][field]=asc`
 * (`path` split on dots), with a direction or without one.
 */
export function sortObject(path, dir, r) {
  const parts = path.split('.');
  const leaf = parts.reduceRight((acc, k) => ({ [k]: acc }), dir || r.pick(['asc', 'desc', 'ASC', '']));
  return r.next() < 0.5 ? leaf : [leaf];
}

/** A nested populate written as a string or string list: `populate[rel][populate]=a.b,a`, `...[populate][0]=a.b`. */
export function nestedPopulateString(paths, r) {
  if (paths.length === 0) return undefined;
  const p = prefixList(paths, r);
  if (p && r.next() < 0.6) return p;
  const items = r.sample(paths, r.int(1, 2));
  return r.next() < 0.5 ? { v: items.join(','), feature: 'populate:nested-comma' } : { v: items, feature: 'populate:nested-list' };
}
