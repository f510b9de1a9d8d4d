import { invalidKey } from '../errors/strapi-errors.js';
import type { ContentIndex } from '../data/content-index.js';
import { LOCALIZATIONS, type PopulateMap } from './populate-node.js';
import { fieldOf, scopeBehind, type Scope } from './scope.js';
import type { SortTerm } from './sort.js';
import { isPlainObject } from '../is-plain-object.js';

/** Whether the caller may `find` a content type (by uid). */
export type CanRead = (uid: string) => boolean;

// Strapi's sanitizers treat a relation to a type the caller may not read as if it were not there: populate leaves it
// out silently (also from `populate=*`), while filters, sort and write bodies naming it are refused as unknown keys.

const join = (parent: string | null, key: string) => (parent ? `${parent}.${key}` : key);

/** Removes, at every depth, populated relations the caller may not read. */
export function pruneRestrictedPopulate(index: ContentIndex, scope: Scope, map: PopulateMap, canRead: CanRead): void {
  for (const [key, node] of map) {
    if (key === LOCALIZATIONS) {
      pruneRestrictedPopulate(index, scope, node.populate, canRead);
      continue;
    }
    const field = fieldOf(scope, key);
    if (field?.kind !== 'attribute') continue;
    const attribute = field.attribute;
    if (attribute.kind === 'relation' && !canRead(attribute.target)) {
      map.delete(key);
      continue;
    }
    const inner = scopeBehind(index, attribute);
    if (inner) pruneRestrictedPopulate(index, inner, node.populate, canRead);
    for (const [uid, sub] of node.zone ?? []) {
      const component = index.model.components.get(uid);
      if (component) pruneRestrictedPopulate(index, { kind: 'component', component }, sub.populate, canRead);
    }
  }
}

/** Refuses filters that go through a relation the caller may not read. */
export function checkRestrictedFilters(
  index: ContentIndex,
  scope: Scope,
  filters: unknown,
  canRead: CanRead,
  parent: string | null = null,
): void {
  // Strapi's traversal takes a list anywhere as a list of filters of the same scope (harness shop REST 571: the whole
  // `filters[0][warehouse]=…` as a list is refused for the relation before the database sees the list)
  if (Array.isArray(filters)) {
    for (const item of filters) checkRestrictedFilters(index, scope, item, canRead, parent);
    return;
  }
  if (!isPlainObject(filters)) return;
  for (const [key, value] of Object.entries(filters)) {
    if (key === '$and' || key === '$or') {
      // (an object given for a list is walked as one more group: `$or[warehouse][capacity]=1`)
      checkRestrictedFilters(index, scope, value, canRead, parent);
      continue;
    }
    if (key === '$not') {
      checkRestrictedFilters(index, scope, value, canRead, parent);
      continue;
    }
    if (key.startsWith('$')) continue;
    const field = fieldOf(scope, key);
    if (field?.kind !== 'attribute') continue;
    const attribute = field.attribute;
    if (attribute.kind === 'relation' && !canRead(attribute.target)) {
      // Strapi names the relation by its whole attribute path, in the message too
      const path = join(parent, key);
      throw invalidKey(key, { parent: parent && path, path, source: 'query', param: 'filters' });
    }
    const inner = scopeBehind(index, attribute);
    if (inner) checkRestrictedFilters(index, inner, value, canRead, join(parent, key));
  }
}

/** Refuses sort paths that go through a relation the caller may not read. */
export function checkRestrictedSort(index: ContentIndex, scope: Scope, terms: readonly Pick<SortTerm, 'path'>[], canRead: CanRead): void {
  for (const term of terms) {
    let current: Scope | undefined = scope;
    let parent: string | null = null;
    for (const name of term.path) {
      const field = current ? fieldOf(current, name) : undefined;
      if (field?.kind !== 'attribute') break;
      if (field.attribute.kind === 'relation' && !canRead(field.attribute.target)) {
        const path = join(parent, name);
        throw invalidKey(name, { parent: parent && path, path, source: 'query', param: 'sort' });
      }
      current = scopeBehind(index, field.attribute);
      parent = join(parent, name);
    }
  }
}

/**
 * Refuses a write body that sets a relation to a type the caller may not read, at any depth: inside components and
 * dynamic-zone entries too (else a public caller could link, or probe for, a document of a type it may not read).
 */
export function checkRestrictedBody(
  index: ContentIndex,
  scope: Scope,
  data: Record<string, unknown>,
  canRead: CanRead,
  parent: string | null = null,
): void {
  for (const [key, value] of Object.entries(data)) {
    const field = fieldOf(scope, key);
    if (field?.kind !== 'attribute') continue;
    const attribute = field.attribute;
    const path = join(parent, key);
    // Strapi names the relation by its whole attribute path, in the message too
    if (attribute.kind === 'relation' && !canRead(attribute.target))
      throw invalidKey(key, { parent: parent && path, path, source: 'body' });
    const entries = Array.isArray(value) ? value : [value];
    if (attribute.kind === 'component') {
      const component = index.model.components.get(attribute.component);
      if (!component) continue;
      for (const entry of entries)
        if (isPlainObject(entry)) checkRestrictedBody(index, { kind: 'component', component }, entry, canRead, path);
    } else if (attribute.kind === 'dynamiczone') {
      for (const entry of entries) {
        const component =
          isPlainObject(entry) && typeof entry.__component === 'string' ? index.model.components.get(entry.__component) : undefined;
        if (component) checkRestrictedBody(index, { kind: 'component', component }, entry as Record<string, unknown>, canRead, path);
      }
    }
  }
}

// Filters and sort inside `populate[...]` are not checked for such relations: Strapi validates populate without the
// caller's auth and its sanitizer does not walk nested filters or sorts (harness shop-302: a public
// `populate[featured][filters][warehouse][publishedAt][$ne]=…` runs; school-301, podcast-301 likewise for sort).

/**
 * Strapi sanitises a populate given as a list of dot paths (`populate[0]=a.b`) by turning it into an object, removing
 * relations the caller may not read, and turning it back into paths: a path that loses a segment yields no path at
 * all (`objectPopulateToPaths`), so `author.owner` with `owner` hidden populates nothing, not even `author`. The
 * paths that survive, or undefined when none is dropped (or the populate is not such a list).
 */
export function keptPopulatePaths(index: ContentIndex, scope: Scope, populate: unknown, canRead: CanRead): string[] | undefined {
  if (!Array.isArray(populate) || populate.length === 0 || !populate.every((p) => typeof p === 'string')) return undefined;
  const paths = populate as string[];
  if (paths.some((p) => p.includes(','))) {
    const kept = paths.filter((path) => !pathThroughRestricted(index, scope, path, canRead));
    return kept.length === paths.length ? undefined : kept;
  }
  // the list as Strapi's sanitizer reads it: one object, entry after entry (a plain entry replaces what its key held)
  const tree: PathTree = new Map();
  for (const path of paths)
    addToTree(
      tree,
      path.split('.').map((s) => s.trim()),
    );
  if (!pruneTree(index, scope, tree, canRead)) return undefined;
  // back to paths: a key whose subtree lost every leaf yields none (not even its own name)
  return treePaths(tree, '');
}

/**
 * The same sanitizer under an attribute (`populate[featured][populate][0]=related.warehouse`): each nested
 * dot-notation populate, at any depth, becomes the paths that survive (none: nothing populated there). The populate
 * object rewritten so, or undefined when no nested list lost anything.
 */
export function keptNestedPopulate(
  index: ContentIndex,
  scope: Scope,
  populate: unknown,
  canRead: CanRead,
): Record<string, unknown> | undefined {
  if (!isPlainObject(populate)) return undefined;
  let changed = false;
  const out: Record<string, unknown> = { ...populate };
  for (const [key, options] of Object.entries(populate)) {
    if (!isPlainObject(options)) continue;
    const field = fieldOf(scope, key);
    const attribute = field?.kind === 'attribute' ? field.attribute : undefined;
    if (attribute?.kind === 'dynamiczone') {
      if (!isPlainObject(options.on)) continue;
      const on: Record<string, unknown> = { ...options.on };
      for (const [uid, sub] of Object.entries(options.on)) {
        const component = index.model.components.get(uid);
        const kept = component && isPlainObject(sub) ? keptOptions(index, { kind: 'component', component }, sub, canRead) : undefined;
        if (kept) on[uid] = kept;
        changed ||= kept !== undefined;
      }
      out[key] = { ...options, on };
      continue;
    }
    const inner = key === LOCALIZATIONS ? scope : attribute ? scopeBehind(index, attribute) : undefined;
    const kept = inner ? keptOptions(index, inner, options, canRead) : undefined;
    if (kept) out[key] = kept;
    changed ||= kept !== undefined;
  }
  return changed ? out : undefined;
}

/** One level's options with its nested populate sanitized: a string is a list of one; undefined when nothing lost. */
function keptOptions(
  index: ContentIndex,
  scope: Scope,
  options: Record<string, unknown>,
  canRead: CanRead,
): Record<string, unknown> | undefined {
  const populate = options.populate;
  const kept = keptPopulatePaths(index, scope, typeof populate === 'string' && populate !== '*' ? [populate] : populate, canRead);
  if (kept !== undefined) return { ...options, populate: kept.length === 0 ? undefined : kept };
  const deeper = keptNestedPopulate(index, scope, populate, canRead);
  return deeper && { ...options, populate: deeper };
}

type PathTree = Map<string, PathTree | true>;

function addToTree(tree: PathTree, [first, ...rest]: string[]): void {
  if (rest.length === 0) {
    tree.set(first, true);
    return;
  }
  let sub = tree.get(first);
  if (sub === undefined || sub === true) tree.set(first, (sub = new Map()));
  addToTree(sub, rest);
}

/** Removes relations the caller may not read, at every depth; whether anything was removed. */
function pruneTree(index: ContentIndex, scope: Scope | undefined, tree: PathTree, canRead: CanRead): boolean {
  let pruned = false;
  for (const [key, sub] of tree) {
    const field = scope ? fieldOf(scope, key) : undefined;
    if (field?.kind !== 'attribute') continue;
    if (field.attribute.kind === 'relation' && !canRead(field.attribute.target)) {
      tree.delete(key);
      pruned = true;
    } else if (sub !== true) pruned = pruneTree(index, scopeBehind(index, field.attribute), sub, canRead) || pruned;
  }
  return pruned;
}

function treePaths(tree: PathTree, prefix: string): string[] {
  return [...tree].flatMap(([key, sub]) => (sub === true ? [prefix + key] : treePaths(sub, `${prefix}${key}.`)));
}

function pathThroughRestricted(index: ContentIndex, scope: Scope, path: string, canRead: CanRead): boolean {
  let current: Scope | undefined = scope;
  for (const segment of path.split('.')) {
    if (!current) return false;
    const field = fieldOf(current, segment.trim());
    if (field?.kind !== 'attribute') return false;
    if (field.attribute.kind === 'relation' && !canRead(field.attribute.target)) return true;
    current = scopeBehind(index, field.attribute);
  }
  return false;
}
