import { isPrivateAttribute } from '../model/private-attributes.js';
import { invalidKey } from '../errors/strapi-errors.js';
import type { Attribute, ComponentSchema } from '../model/types.js';
import type { ContentIndex } from '../data/content-index.js';
import {
  emptyNode,
  LOCALIZATIONS,
  leafNode,
  RELATED,
  relatedNode,
  resolvePopulated,
  type PopulateMap,
  type PopulateNode,
} from './populate-node.js';
import { scopeBehind, type Scope } from './scope.js';
import { strapiSchema, type StrapiSchema } from './strapi-schema.js';

/**
 * Dot-notation populate (`populate=a.b,c`, `populate[0]=a.b`), validated as Strapi's validatePopulateDotPaths does:
 * items split on commas, blanks dropped (so `populate[0]=` asks for nothing), `*` only as the whole parameter, and
 * every error names the failing segment with the full dotted path up to it.
 */
export function parseDotPaths(
  index: ContentIndex,
  scope: Scope,
  items: readonly string[],
  parent: string | null,
  into: PopulateMap,
  /** Where the list sits: a key that exists but is private is named from there (`at writer.localizations`). */
  privateParent: string | null = parent,
): void {
  // Strapi's dot-path validator walks every entry first, in order (an unknown or unpopulatable segment, a path through
  // media or a morph relation); its private pass then walks the list read into one object, entry after entry, where a
  // later entry naming a path's prefix sets it to `true` and drops what the earlier entry asked under it (harness
  // dotted-private grammar seed 1400: `populate=author.secret&populate=author` is a 200, kit
  // `populate[0]=defaultSeo&populate[1]=defaultSeo.shareImage.folder&populate[2]=defaultSeo` a 400 at shareImage).
  // A nested list (a node's `populate`) too: the validator calls itself on it (notum-lite grammar seed 1602).
  if (scope.kind !== 'media') validateDotPaths(index, scope, items);
  const kept = items.filter((item, i) => item.includes(',') || !items.slice(i + 1).some((later) => overrides(later, item)));
  refuseUnknownFirst(index, scope, kept, parent);
  const paths = dotPaths(kept);
  // the keys in the order the database reads the whole list (a key asked twice stands where it was first asked:
  // `populate=poweredByImages&populate=menu&populate=poweredByImages`), the paths added as kept
  const rank = new Map<string, number>();
  databaseOrder(kept.length === items.length ? paths : dotPaths(items)).forEach((path, i) => {
    const key = path.segments.join('.');
    if (!rank.has(key)) rank.set(key, i);
  });
  const ranked = paths.map((path, i) => ({ path, at: rank.get(path.segments.join('.')) ?? i }));
  ranked.sort((a, b) => a.at - b.at);
  for (const { path } of ranked) addPath(index, scope, into, path.segments, parent, path.commaList, privateParent);
}

/** A list's items as paths (each comma-separated path of an item, split on dots). */
function dotPaths(items: readonly string[]): DotPath[] {
  const paths: DotPath[] = [];
  for (const item of items) {
    // An item with a comma is only checked segment by segment for existence (Strapi's validator walks it as one
    // unknown key): a private attribute in it is not refused, its query populates it, and the answer's sanitizer
    // drops it; a path through it ends at the next segment (its component is not walked).
    const commaList = item.includes(',');
    for (const path of item
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const segments = path
        .split('.')
        .map((s) => s.trim())
        .filter(Boolean);
      if (segments.length > 0) paths.push({ segments, commaList });
    }
  }
  return paths;
}

interface DotPath {
  readonly segments: readonly string[];
  readonly commaList: boolean;
}

/**
 * The paths in the order @strapi/database's processPopulate reads a list into its populate object: each first
 * segment where it first appears (a plain path before the longer ones under it), and under it the rest of each path
 * with every later one put in front (`[rest].concat(populate)`), read the same way one level down. It only orders the
 * keys: `populate[0]=author.avatar&populate[1]=author.articles` populates the author's `articles` before its `avatar`
 * (probes/populate-key-order-2.json).
 */
function databaseOrder(paths: readonly DotPath[]): DotPath[] {
  if (paths.length < 2) return [...paths];
  const roots = new Map<string, { plain: DotPath[]; under: DotPath[] }>();
  for (const path of paths) {
    const [head, ...rest] = path.segments;
    let root = roots.get(head);
    if (!root) roots.set(head, (root = { plain: [], under: [] }));
    if (rest.length === 0) root.plain.push(path);
    else root.under.unshift({ segments: rest, commaList: path.commaList });
  }
  const out: DotPath[] = [];
  for (const [head, { plain, under }] of roots) {
    out.push(...plain);
    for (const path of databaseOrder(under)) out.push({ segments: [head, ...path.segments], commaList: path.commaList });
  }
  return out;
}

/** @strapi/utils validatePopulateDotPaths: each comma-separated path of the list, segment by segment. */
function validateDotPaths(index: ContentIndex, scope: Scope, items: readonly string[]): void {
  const paths = items.flatMap((item) =>
    item
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  for (const path of paths) {
    const segments = path
      .split('.')
      .map((s) => s.trim())
      .filter(Boolean);
    validateSegments(index, scope, strapiSchema(index, scope), segments, '');
  }
}

function validateSegments(
  index: ContentIndex,
  scope: Scope | undefined,
  schema: StrapiSchema | undefined,
  segments: readonly string[],
  prefix: string,
): void {
  const [head, ...tail] = segments;
  if (head === undefined || !schema) return;
  const full = prefix ? `${prefix}.${head}` : head;
  const attribute = schema.attribute(head);
  const type = attribute?.type;
  if (!attribute || type === 'scalar' || type === 'password') throw refuse(head, full);
  if (tail.length === 0) return;
  const own =
    scope && scope.kind !== 'media' ? (scope.kind === 'type' ? scope.type.attributes : scope.component.attributes).get(head) : undefined;
  if (attribute.type === 'relation' || attribute.type === 'component') {
    const next = own ? scopeBehind(index, own) : undefined;
    return validateSegments(index, next, attribute.target(), tail, full);
  }
  if (attribute.type === 'media' || attribute.type === 'morph') throw refuse(head, full);
  // a dynamic zone: the next segment must be an attribute of one of its components that can walk the rest
  const [next, ...rest] = tail;
  const nextPath = `${full}.${next}`;
  const components = own?.kind === 'dynamiczone' ? own.components.map((uid) => index.model.components.get(uid)).filter((c) => !!c) : [];
  const candidates = components.filter((c) => strapiSchema(index, { kind: 'component', component: c }).attribute(next));
  if (candidates.length === 0) throw refuse(next, nextPath);
  for (const component of candidates) {
    const inner: Scope = { kind: 'component', component };
    const nested = strapiSchema(index, inner).attribute(next);
    try {
      if (rest.length === 0) return;
      if (nested?.type === 'component' || nested?.type === 'relation') {
        const own2 = component.attributes.get(next);
        validateSegments(index, own2 ? scopeBehind(index, own2) : undefined, nested.target(), rest, nextPath);
        return;
      }
    } catch {
      // Strapi tries the next component of the zone
    }
  }
  throw refuse(next, nextPath);
}

/** Whether a later dot-path entry replaces an earlier one when Strapi merges the list (a prefix of it, or itself). */
const overrides = (later: string, earlier: string) =>
  !later.includes(',') && later !== '' && (earlier === later || earlier.startsWith(`${later}.`));

/** A key the type has that the project's config (or its schema) makes private. */
function isHidden(scope: Scope, key: string): boolean {
  // (the upload file's private folder: harness starterblog grammar seed 1400, `populate[favicon][populate]=folder` is
  // `Invalid key folder at favicon.folder`)
  if (scope.kind === 'media') return key === 'folder';
  const holder = scope.kind === 'type' ? scope.type : scope.component;
  if (key === LOCALIZATIONS && scope.kind === 'type') return scope.type.localized && isPrivateAttribute(scope.type, key);
  return holder.attributes.has(key) && isPrivateAttribute(holder, key);
}

/**
 * Strapi's validator runs its unknown-key pass over the whole list before the others (private, not populatable):
 * `populate=createdBy&populate=x` names `x`.
 */
function refuseUnknownFirst(index: ContentIndex, scope: Scope, items: readonly string[], parent: string | null): void {
  if (scope.kind === 'media') return;
  const schema = strapiSchema(index, scope);
  // (an item's comma-separated paths in their order: `populate=*,cover&populate=1` names `*`; harness monblog
  // grammar seed 1191)
  for (const path of items.flatMap((item) => item.split(','))) {
    const key = path.split('.')[0].trim();
    if (key === '' || schema.attribute(key) || (key === LOCALIZATIONS && scope.kind === 'type' && scope.type.localized)) continue;
    // a private key is known: refused by the later pass, from where the list sits
    if (isHidden(scope, key)) continue;
    throw refuse(key, at(parent, key));
  }
}

const at = (parent: string | null, key: string) => (parent ? `${parent}.${key}` : key);
/** Strapi's throwInvalidKey: `Invalid key k at <path>`, the `at` left out when the path is the key itself. */
const refuse = (key: string, path: string) =>
  invalidKey(key, { parent: path === key ? null : path, path, source: 'query', param: 'populate' });

function addPath(
  index: ContentIndex,
  scope: Scope,
  map: PopulateMap,
  segments: readonly string[],
  parent: string | null,
  commaList = false,
  privateParent: string | null = parent,
): void {
  const [key, ...rest] = segments;
  if (key === undefined) return;
  const path = at(parent, key);
  // an upload file's `related` (a morph relation): a path through it is not walked by Strapi's validator, and its
  // sanitizer drops it (no fragment); alone it is populated as `related=true` (every type the caller may find)
  if (scope.kind === 'media' && key === RELATED) {
    if (rest.length === 0)
      map.set(key, commaList ? { ...relatedNode(index, undefined), unsanitized: true } : relatedNode(index, undefined));
    return;
  }
  // in a comma item the file's private folder is not refused either (its query populates it, the sanitizer drops it)
  if (commaList && scope.kind === 'media' && key === 'folder') {
    if (rest.length > 0) throw refuse(rest[0], at(path, rest[0]));
    return;
  }
  if (commaList && scope.kind !== 'media') {
    const attribute = (scope.kind === 'type' ? scope.type.attributes : scope.component.attributes).get(key);
    if (attribute?.private && attribute.kind !== 'scalar') {
      // a path through it: the unknown-key pass walks the whole path first (a segment that names nothing, or names
      // a field, is refused where it stands); a path it walks whole is refused at the private attribute (harness
      // admin-links grammar seed 1400: `populate=secretMemo.post.credit.editor,owner` is `Invalid key secretMemo`)
      if (rest.length > 0) {
        const bad = firstUnwalkable(index, scopeBehind(index, attribute), rest, path);
        throw bad ? refuse(bad.key, bad.path) : refuse(key, path);
      }
      return;
    }
  }
  const target = resolvePopulated(scope, key, () => refuse(key, isHidden(scope, key) ? at(privateParent, key) : path));
  const leaf = () => (target === LOCALIZATIONS ? emptyNode() : leafNode(index, target));
  // Strapi reads a list's entries into one object, entry after entry: a plain entry sets its key to `true`, so
  // `populate[0]=a.b&populate[1]=a` populates `a` alone (the later plain entry wins); `a` then `a.b` keeps `b`.
  // A comma list reaches the database as one list, which merges instead.
  const node = rest.length === 0 && !commaList ? leaf() : (map.get(key) ?? leaf());
  map.set(key, node);
  if (rest.length === 0) return;
  const privatePath = at(privateParent, key);
  if (target === LOCALIZATIONS) return addPath(index, scope, node.populate, rest, path, false, privatePath);
  if (target.kind === 'dynamiczone') return addZonePath(index, target, node, rest, path);
  // media cannot be walked further; the error names the media attribute itself
  const inner = target.kind === 'media' ? undefined : scopeBehind(index, target);
  if (!inner) throw refuse(key, path);
  addPath(index, inner, node.populate, rest, path, commaList, privatePath);
}

/** The first segment of a dot path that names no populatable attribute where it stands, walking through links. */
function firstUnwalkable(
  index: ContentIndex,
  scope: Scope | undefined,
  segments: readonly string[],
  parent: string,
): { key: string; path: string } | undefined {
  let here = scope;
  let path = parent;
  for (const key of segments) {
    if (!here || here.kind === 'media') return undefined;
    path = at(path, key);
    const attribute = (here.kind === 'type' ? here.type.attributes : here.component.attributes).get(key);
    if (!attribute || attribute.kind === 'scalar') return { key, path };
    if (attribute.kind === 'dynamiczone') return undefined;
    here = scopeBehind(index, attribute);
  }
  return undefined;
}

/**
 * Through a dynamic zone the next segment may name an attribute of any of its components: each component that
 * has it (and can walk the rest of the path) gets it populated; the others still render their scalars.
 */
function addZonePath(
  index: ContentIndex,
  zone: Attribute & { kind: 'dynamiczone' },
  node: PopulateNode,
  rest: readonly string[],
  path: string,
): void {
  const [next, ...tail] = rest;
  const nextPath = `${path}.${next}`;
  const components = zone.components.map((uid) => index.model.components.get(uid)).filter((c): c is ComponentSchema => !!c);
  const candidates = components.filter((c) => c.attributes.has(next));
  let validated = false;
  for (const component of candidates) {
    const attribute = component.attributes.get(next) as Attribute;
    const sub = node.zone?.get(component.uid) ?? emptyNode();
    const scope: Scope = { kind: 'component', component };
    if (tail.length === 0) {
      if (attribute.kind !== 'scalar' && !attribute.private) addPath(index, scope, sub.populate, [next], path);
      validated = true;
      continue;
    }
    if (attribute.kind !== 'component' && attribute.kind !== 'relation') continue;
    try {
      addPath(index, scope, sub.populate, rest, path);
      validated = true;
    } catch {
      // Strapi tries the next component of the zone
    }
  }
  if (!validated) throw refuse(next, nextPath);
}
