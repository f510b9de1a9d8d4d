import { JOIN_TABLE } from './join-table.js';
import { InvalidKeyError, invalidKey, StrapiError, ValidationError } from '../errors/strapi-errors.js';
import type { Attribute } from '../model/types.js';
import type { ContentIndex } from '../data/content-index.js';
import { parseFields, sortLead, withSortColumns } from './fields.js';
import { compileFilters, type Predicate } from './filters.js';
import {
  emptyNode,
  LOCALIZATIONS,
  leafNode,
  RELATED,
  relatedNode,
  resolvePopulated,
  wildcard,
  zoneComponents,
  type PopulateMap,
  type PopulateNode,
} from './populate-node.js';
import { parseDotPaths } from './populate-paths.js';
import { fieldOf, hiddenKeyPath, scopeBehind, type Scope } from './scope.js';
import { componentStatusSortFailure, parseSort, type SortTerm } from './sort.js';
import { ConversionRefusal, DatabaseRefusal, FiltersParameterError, isRefusedKey } from './query-errors.js';
import { sanitizeFilters } from './sanitize-filters.js';
import { FOLDER, strapiSchema, type StrapiSchema } from './strapi-schema.js';
import { showsLocalizations } from '../model/private-attributes.js';
import { validateFields, validateFilters, validateSort } from './validate-query.js';
import { isBooleanLike, parseBooleanLike } from './values.js';
import { isPlainObject } from '../is-plain-object.js';

/** The query conversion's refusal of a populate that is no string, list of strings or object (@strapi/utils InvalidPopulateError). */
export const invalidPopulateParameter = (): ValidationError =>
  new ValidationError('Invalid populate parameter. Expected a string, an array of strings, a populate object', {});

export { emptyNode, LOCALIZATIONS, RELATED, type PopulateMap, type PopulateNode } from './populate-node.js';

const join = (parent: string | null, key: string) => (parent ? `${parent}.${key}` : key);
const OPTION_KEYS = new Set(['fields', 'filters', 'sort', 'populate', 'count', 'on']);
/** What Strapi's convert step accepts on a dynamic zone: anything else is refused as a whole. */
const ZONE_KEYS = new Set(['populate', 'on', 'count']);
/** Nesting beyond this is refused: a hostile populate cannot make one request walk the whole graph forever. */
const MAX_DEPTH = 12;

/**
 * Strapi refuses `populate[attr]=*` (see refuseNestedWildcard) after validating the whole query and checking the
 * pagination form, before the status and the rest: the refusal is raised as this, once the whole populate validated.
 */
export class WildcardRefusal extends ValidationError {}

/** One populate parse: what it knows beyond the request (no module state: two parses never share it). */
export interface PopulateWalk {
  /** Nested wildcards' refusals, raised once the whole populate validated; none: refused at once. */
  readonly refusals?: WildcardRefusal[];
  /** Which types the caller may read: a wildcard's walk passes over relations to the others (sanitized away first). */
  readonly readable?: (uid: string) => boolean;
  /** What real Strapi fails on (500) after validating the whole populate and refusing its wildcards. */
  readonly failures?: StrapiError[];
  /** What Strapi's converter refuses (a list under an attribute, nested fields of the wrong shape): after validation. */
  readonly converts?: StrapiError[];
  /** Private attributes asked for: refused once the validator's main walk is over. */
  readonly privates?: StrapiError[];
  /** No depth guard: the populate comes from a GraphQL document's selection, as deep as the document itself. */
  readonly unbounded?: boolean;
  /**
   * The document service's populate (project code's `strapi.documents(uid).findMany({ populate })`): no content API
   * validator walks it, only Strapi's converter, which reads a nested `*` as `true` (parseType's forced boolean).
   */
  readonly converterOnly?: boolean;
  /**
   * The zone fragments being walked, innermost last: a level under one is named by Strapi's traversal through it
   * (`content.on[blocks.x].populate.technologies`), while its errors' own paths name the zone.
   */
  readonly fragments?: { path: string; raw: string }[];
}

const holderOf = (scope: Scope & { kind: 'type' | 'component' }) => (scope.kind === 'type' ? scope.type : scope.component);

/** A converter's refusal: kept until the whole populate validated, or thrown at once outside a whole-query parse. */
function refuseLater(walk: PopulateWalk, error: StrapiError): void {
  if (!walk.converts) throw error;
  walk.converts.push(error);
}

/**
 * The populate traversal's refusal of a list qs turned into an object (an index past its arrayLimit of 100), met by
 * the validators and the query sanitizer alike (isQsArrayLimitPopulateObject); undefined for any other value.
 */
export function tooManyPopulateEntries(raw: unknown): string | undefined {
  if (!isPlainObject(raw)) return undefined;
  const keys = Object.keys(raw);
  if (keys.length <= 100 || !keys.every((k, i) => k === String(i)) || !Object.values(raw).every((v) => typeof v === 'string'))
    return undefined;
  return `Too many populate entries (${keys.length}). The maximum number of populate entries when using array notation is 100. Consider using object notation (populate[field]=true), nested population, or reducing the number of fields.`;
}

/** parsePopulate for a whole query's populate: a nested wildcard's refusal comes after every validation error. */
export function parseQueryPopulate(
  index: ContentIndex,
  scope: Scope,
  raw: unknown,
  canRead?: (uid: string) => boolean,
  unbounded = false,
  converterOnly = false,
): PopulateMap {
  const walk = {
    unbounded,
    converterOnly,
    refusals: [] as WildcardRefusal[],
    readable: canRead,
    failures: [] as StrapiError[],
    converts: [] as StrapiError[],
    privates: [] as StrapiError[],
    fragments: [],
  };
  const map = parsePopulate(index, scope, raw, null, 0, walk);
  if (walk.privates.length > 0) throw walk.privates[0];
  if (walk.refusals.length > 0) throw walk.refusals[0];
  if (walk.converts.length > 0) throw walk.converts[0];
  if (walk.failures.length > 0) throw walk.failures[0];
  return map;
}

export function parsePopulate(
  index: ContentIndex,
  scope: Scope,
  raw: unknown,
  parent: string | null,
  depth = 0,
  walk: PopulateWalk = {},
): PopulateMap {
  if (depth > MAX_DEPTH && walk.unbounded !== true) throw new ValidationError(`populate is nested deeper than ${MAX_DEPTH} levels`, {});
  // under an attribute an empty name is refused at the attribute (`Invalid key  at articles`)
  if (raw === '' && parent !== null) throw invalidKey('', { parent, source: 'query', param: 'populate' });
  if (raw === undefined || raw === null || raw === '') return new Map();
  if (raw === '*') {
    // under a media attribute the file's wildcard populates `related` as `related=true` does (its folder is private)
    // (harness monblog grammar seed 1490: `populate[coverImage][populate]=*`)
    if (scope.kind === 'media' && parent !== null) return new Map([[RELATED, relatedNode(index, walk.readable)]]);
    return wildcard(index, scope);
  }
  // an index past qs's arrayLimit made the list an object keyed by index: the populate traversal refuses it
  // (isQsArrayLimitPopulateObject; harness kit grammar seed 1102: `populate[0]=a…&populate[100]=a`)
  const tooMany = walk.converterOnly ? undefined : tooManyPopulateEntries(raw);
  if (tooMany) throw new InvalidKeyError(tooMany, { source: 'query', param: 'populate' });
  const map: PopulateMap = new Map();
  // A string, or a list of strings, is dot notation; `*` is a wildcard only as the whole value.
  if (typeof raw === 'string' || (Array.isArray(raw) && raw.every((item) => typeof item === 'string'))) {
    const items = typeof raw === 'string' ? [raw] : (raw as string[]);
    // under an attribute, in order: an empty name is refused at the attribute, `*` in a list as a name
    for (const item of parent === null ? [] : items) {
      if (item === '') throw invalidKey('', { parent, source: 'query', param: 'populate' });
      if (item === '*' && items.length > 1) throw invalidKey('*', { parent: null, path: '*', source: 'query', param: 'populate' });
    }
    // Strapi walks a dot-notation list as a populate of its own: its errors name paths from this level (`Invalid
    // key nope`, not `at articles.nope`)
    parseDotPaths(index, scope, items, null, map, parent);
    if (parent !== null) refuseNestedComma(items, parent);
    const related = scope.kind === 'media' ? map.get(RELATED) : undefined;
    if (related?.morph && walk.readable && !related.unsanitized) map.set(RELATED, relatedNode(index, walk.readable));
    return map;
  }
  if (Array.isArray(raw)) {
    // A list holding anything but strings (qs makes one of `populate=a&populate[b]=…` or `populate[0][b]=…`):
    // Strapi's validator walks it as an object keyed by index, skipping the boolean-like keys 0 and 1 and refusing
    // the first other, then its converter refuses the list as a whole.
    if (raw.length > 2) throw invalidKey('2', { parent, source: 'query', param: 'populate' });
    // the converter's, in the order it meets them (harness shared-inverse-301)
    refuseLater(walk, invalidPopulateParameter());
    return map;
  }
  if (isPlainObject(raw)) {
    mergeObject(index, scope, map, raw, parent, depth, walk);
    return map;
  }
  // (only code gives a top-level populate of another kind, e.g. the document service's `populate: true`: the query
  // conversion's refusal, probe s15 rawloc)
  if (parent === null) throw invalidPopulateParameter();
  const text = String(raw);
  throw invalidKey(text, { parent, path: join(parent, text), source: 'query', param: 'populate' });
}

/**
 * Under an attribute, Strapi's populate traversal reads a dot-notation string as one path split on dots only, after
 * its dot-path validator (which splits on commas) passed: a segment holding a comma is then an unknown key, named at
 * the attribute path before it (`populate[featured][populate]=brand.variants,related`: `Invalid key variants,related
 * at featured.brand`).
 */
function refuseNestedComma(items: readonly string[], parent: string): void {
  for (const item of items) {
    const segments = item.split('.');
    const at = segments.findIndex((s) => s.includes(','));
    if (at < 0) continue;
    const path = [parent, ...segments.slice(0, at).map((s) => s.trim())].join('.');
    throw invalidKey(segments[at].trim(), { parent: path, path, source: 'query', param: 'populate' });
  }
}

function resolveKey(index: ContentIndex, scope: Scope, key: string, parent: string | null): Attribute | typeof LOCALIZATIONS {
  return resolvePopulated(scope, key, () => {
    const attribute = strapiSchema(index, scope).attribute(key);
    if (!attribute) {
      return invalidKey(key, { parent, path: hiddenKeyPath(scope, key, parent) ?? parent, source: 'query', param: 'populate' });
    }
    // Strapi names a field that cannot be populated by its raw path (`author.populate.name`), a private one that
    // could (createdBy, i18n's fields on a type without i18n) by its attribute path (`author.createdBy`)
    const populatable = attribute.type !== 'scalar' && attribute.type !== 'password';
    const path =
      populatable || parent === null || parent.includes('.on.')
        ? join(parent, key)
        : `${parent.split('.').join('.populate.')}.populate.${key}`;
    return invalidKey(key, { parent: path === key ? null : path, path, source: 'query', param: 'populate' });
  });
}

function mergeObject(
  index: ContentIndex,
  scope: Scope,
  map: PopulateMap,
  obj: Record<string, unknown>,
  parent: string | null,
  depth: number,
  walk: PopulateWalk,
): void {
  for (const [key, value] of Object.entries(obj)) {
    // Strapi's validator skips a boolean-like key (0, 1, t, f, true, false) that names no attribute, and its
    // converter drops it: `populate[0]=a&populate[b]=true` (qs merges a list into an object so) populates b only
    if (isBooleanLike(key) && !strapiSchema(index, scope).attribute(key)) continue;
    if (scope.kind === 'media' && key === RELATED) {
      const node = parseRelated(index, value, join(parent, key), depth, walk);
      if (node) map.set(key, node);
      continue;
    }
    const on = parseBooleanLike(value);
    // i18n's hidden `localizations` (a type without i18n, or private): Strapi checks its options first, then refuses it
    if (key === LOCALIZATIONS && scope.kind === 'type' && !showsLocalizations(scope.type) && isPlainObject(value)) {
      checkOptionKeys(index, scope, value, join(parent, key));
      parseOptions(index, scope, value, join(parent, key), depth + 1, walk);
    }
    // `sort`, `filters` and `fields` naming no attribute are the validator's keywords at this level too: checked
    // against its schema, then dropped by the converter (`populate[sort]=title` sorts nothing, `populate[fields]=true`
    // is `Invalid key true`; probe s14-read/sanitize-query-probe-strapi.json)
    if (NESTED_KEYWORDS.has(key) && !walk.converterOnly && !strapiSchema(index, scope).attribute(key)) {
      validateNestedOptions(strapiSchema(index, scope), { [key]: value });
      continue;
    }
    checkPrivateOptions(index, scope, key, value, join(parent, key));
    let target: Attribute | typeof LOCALIZATIONS;
    try {
      target = resolveKey(index, scope, key, parent);
    } catch (error) {
      // The document service's own validator (validateParams: validatePopulate with `nonAttributesOperators`, no
      // private check) refuses a key that names no attribute and an attribute that cannot be populated (adfinis: a
      // controller's `findFirst({ ...ctx.query })` under a middleware populating `seo`, which the type lacks: Strapi's
      // 400 "Invalid key seo"); its converter drops the rest it cannot populate (a private relation, `fields` here)
      if (walk.converterOnly && error instanceof StrapiError) {
        const attribute = strapiSchema(index, scope).attribute(key);
        const keyword = ['sort', 'filters', 'fields', 'populate', 'on', 'count'].includes(key);
        if (!keyword && (!attribute || attribute.type === 'scalar' || attribute.type === 'password')) throw error;
        continue;
      }
      // a private attribute is refused by the validator's own pass, after its main walk over the whole populate
      // (harness required-component-301: a nested sort's unknown key is reported before `populate[secret]`)
      // (a file's private `folder` too: harness cmspatas grammar seed 1904, `[folder][filters][id][$eq]=1&[related][on]
      // [x]=true` under an avatar is `Invalid key x at avatar.populate.related.on.x`)
      // (`createdBy`/`updatedBy`, private system relations, too: harness starterblog grammar2 seed 1954,
      // `populate[author]=1&populate[createdBy]=true` with a private author is `Invalid key author`)
      const declared =
        scope.kind === 'media'
          ? key === 'folder'
          : holderOf(scope).attributes.has(key) ||
            ((key === 'createdBy' || key === 'updatedBy') && strapiSchema(index, scope).attribute(key)?.private === true);
      if (!walk.privates || !declared || !(error instanceof StrapiError)) throw error;
      walk.privates.push(error);
      continue;
    }
    // a key turned off is still walked by the validators (unknown or private, it is refused), then dropped
    // (harness required-component-501: `populate[secret]=false`)
    if (on === false) continue;
    const path = join(parent, key);
    // a relation the caller may not read is sanitized away after validation and before Strapi's converter and
    // database see it: what only those refuse (a list, no value, a nested wildcard) is not refused under it
    const hidden = target !== LOCALIZATIONS && target.kind === 'relation' && walk.readable !== undefined && !walk.readable(target.target);
    if (hidden && (value === null || Array.isArray(value))) {
      if (Array.isArray(value)) checkNestedListNames(index, scope, target, value, path);
      continue;
    }
    if (value === null) {
      const failure = new DatabaseRefusal(
        `Invalid populate at ${path}: a key without a value; give it true, * or an object (populate[${key}]=true)`,
        "Cannot read properties of null (reading 'populate')",
        { path },
      );
      if (!walk.failures) throw failure;
      walk.failures.push(failure);
      map.set(key, target === LOCALIZATIONS ? emptyNode() : leafNode(index, target));
      continue;
    }
    if (on === true) {
      map.set(key, target === LOCALIZATIONS ? emptyNode() : leafNode(index, target));
      continue;
    }
    if (value === '*') {
      // without the validators a relation's, component's or media's `*` populates it as `true` does; a zone's
      // stays the converter's refusal
      if (walk.converterOnly && (target === LOCALIZATIONS || target.kind !== 'dynamiczone')) {
        map.set(key, target === LOCALIZATIONS ? emptyNode() : leafNode(index, target));
        continue;
      }
      // a relation the caller may not read is sanitized away before any walk
      if (!hidden) refuseNestedWildcard(index, scope, target, key, path, walk);
      map.set(key, target === LOCALIZATIONS ? emptyNode() : leafNode(index, target));
      continue;
    }
    if (Array.isArray(value)) {
      refuseLater(walk, refuseNestedList(index, scope, target, value, path));
      continue;
    }
    if (!isPlainObject(value)) {
      // a dynamic zone's value is not walked by the validator: its converter refuses it as no fragment
      if (target !== LOCALIZATIONS && target.kind === 'dynamiczone') {
        refuseLater(walk, invalidZone(scope, key, value));
        continue;
      }
      // a name that is a query keyword passes the validator (`populate[link]=fields` is `{ fields: true }` under it,
      // ignored), and the converter casts the text to true: the attribute is populated (harness sitedemo grammar2
      // seed 1952: `populate[link]=fields&…[nope][$eq]=x` is `Invalid key nope`)
      if (typeof value === 'string' && LIST_KEYWORDS.has(value.trim()) && !walk.converterOnly) {
        map.set(key, target === LOCALIZATIONS ? emptyNode() : leafNode(index, target));
        continue;
      }
      // a dotted name under `sort`, `filters` or `fields` hands that validator `{ populate: … }`, a key it does not
      // know (`populate[category]=sort.x` is `Invalid key populate`, no path)
      if (typeof value === 'string' && NESTED_KEYWORDS.has(value.split('.')[0]!.trim()) && !walk.converterOnly)
        throw invalidKey('populate', { parent: null, path: null, source: 'query', param: 'populate' });
      // `on` there is a fragment that is no object, named by its traversal path (`Invalid key on at category.on`)
      if (typeof value === 'string' && value.split('.')[0]!.trim() === 'on' && !walk.converterOnly) {
        const raw = `${rawOf(walk, path)}.on`;
        throw invalidKey('on', { parent: raw, path: raw, source: 'query', param: 'populate' });
      }
      throw nestedNameRefusal(index, scope, target, String(value), path);
    }
    if (hidden) {
      // under a hidden relation the validator's errors (unknown keys) stand; the converter's and the database's
      // never happen
      try {
        parseNode(index, scope, target, value, path, depth + 1, { readable: walk.readable, refusals: [], failures: [] });
      } catch (error) {
        if (!(error instanceof StrapiError) || isRefusedKey(error)) throw error;
      }
      continue;
    }
    map.set(key, parseNode(index, scope, target, value, path, depth + 1, walk));
  }
}

/**
 * An upload file's `related` (a morph relation), as Strapi's validator, sanitizer and converter see it: `true` (or
 * `{count: true}`) becomes a fragment of every content type the caller may find; a fragment (`on`) is validated per
 * type and loses the types the caller may not find; anything else has no fragment and the sanitizer drops it. A fragment with other keys than populate/on/count is the converter's refusal.
 */
function parseRelated(index: ContentIndex, value: unknown, path: string, depth: number, walk: PopulateWalk): PopulateNode | undefined {
  if (value === true || value === 'true') return relatedNode(index, walk.readable);
  // no value, or an empty one, passes the validators and the sanitizer (a falsy morph value is left as it is) and
  // breaks the converter's morph branch (`Object.keys(null)`, `'populate' in ''`): Strapi's 500 (harness
  // starterblog --code grammar seed 1602: `populate[avatar][populate][related]` under an author's image)
  if ((value === null || value === '') && !walk.converterOnly) {
    refuseLater(
      walk,
      new DatabaseRefusal(
        `Invalid populate at ${path}: ${RELATED} (a file's polymorphic link) takes true, a fragment (on) or count, not ${value === null ? 'a key without a value' : 'an empty value'}`,
        value === null ? 'Cannot convert undefined or null to object' : "Cannot use 'in' operator to search for 'populate' in ",
        { path },
      ),
    );
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  // a morph relation's nested populate may only be `*` (validateMorphLikeNestedPopulate, named by its traversal path;
  // harness adfinis grammar2 seed 1955: `/api/upload/files?populate[related][populate][hero]=true` is `Invalid key
  // populate at related`)
  if (value.populate !== undefined && value.populate !== null && value.populate !== '*' && !walk.converterOnly) {
    const raw = rawOf(walk, path);
    throw invalidKey('populate', { parent: raw, path: raw, source: 'query', param: 'populate' });
  }
  // the validator checks the fragment's targets before the sanitizer drops what the caller may not find (cheeses
  // grammar seed 1604: `populate[logo][populate][related][on][x]=true` is `Invalid key x at logo.populate.related.on.x`);
  // a morph relation's traversal walks only a fragment that is an object (a list too): `on=x` is not looked at
  if ((isPlainObject(value.on) || Array.isArray(value.on)) && !walk.converterOnly) checkFragmentTargets(index, value.on, rawOf(walk, path));
  const count = value.count === true || value.count === 'true';
  const fragment = isPlainObject(value.on) ? value.on : undefined;
  if (!fragment && !(count && !('on' in value))) return undefined;
  let node = relatedNode(index, walk.readable, count);
  if (fragment) {
    const on = new Map<string, PopulateNode>();
    for (const [uid, sub] of Object.entries(fragment)) {
      // the query sanitizer drops a type the caller may not find from the fragment (probe media-related: a fragment
      // of such types only populates nothing, and the answer has no `related`)
      if (walk.readable && !walk.readable(uid)) continue;
      const type = index.model.contentTypes.get(uid);
      if (!type) continue;
      const scope: Scope = { kind: 'type', type };
      if (isPlainObject(sub)) checkOptionKeys(index, scope, sub, path, rawOf(walk, path), depth, walk);
      on.set(uid, isPlainObject(sub) ? parseOptions(index, scope, sub, path, depth + 1, walk, false) : emptyNode());
    }
    if (on.size === 0) return undefined;
    node = { ...node, morph: on };
  }
  if (Object.keys(value).some((k) => k !== 'populate' && k !== 'on' && k !== 'count')) {
    // the value as the converter meets it: the sanitizer's (a `count` made boolean, the fragment's readable types),
    // then the document service's, which adds documentId to a populated relation's list of fields
    const readableOn = (uids: Iterable<string>) =>
      Object.fromEntries([...uids].filter((uid) => !walk.readable || walk.readable(uid)).map((uid) => [uid, fragment?.[uid] ?? true]));
    const found: Record<string, unknown> = {
      ...value,
      count: count ? true : value.count,
      on: readableOn(fragment ? Object.keys(fragment) : index.model.contentTypes.keys()),
    };
    if (Array.isArray(found.fields) && !found.fields.includes('documentId')) found.fields = [...(found.fields as unknown[]), 'documentId'];
    refuseLater(
      walk,
      new ValidationError(
        `Invalid nested populate for file.${RELATED} (plugin::upload.file). Expected a fragment ("on") or "count" but found ${JSON.stringify(found)}`,
        {},
      ),
    );
  }
  return node;
}

/**
 * A name given as the value of an attribute (`populate[venue]=photos.size`): Strapi's validator walks it as a dot
 * path under the attribute and refuses its first segment, named at its attribute path when it is an attribute of
 * the target (`Invalid key photos at venue.photos`), else at the attribute (`Invalid key x at venue`).
 */
function nestedNameRefusal(index: ContentIndex, owner: Scope, target: Attribute | typeof LOCALIZATIONS, text: string, path: string) {
  return nameRefusal(index, target === LOCALIZATIONS ? owner : scopeBehind(index, target), text, path);
}

function nameRefusal(index: ContentIndex, inner: Scope | undefined, text: string, path: string) {
  const name = text.trim().split('.')[0];
  // under a media attribute every attribute of the upload file's schema is known, its timestamps and its relations
  // too (probe media-populate-string: `populate[photos]=updatedAt` is `Invalid key updatedAt at photos.updatedAt`,
  // `=nope` is `at photos`)
  const known =
    inner !== undefined &&
    (inner.kind === 'media' ? strapiSchema(index, inner).attribute(name) !== undefined : fieldOf(inner, name)?.kind === 'attribute');
  const at = known ? `${path}.${name}` : path;
  // (Strapi names no place when the path is the key itself: `populate[articles][0]=articles` on categories is
  // `Invalid key articles`, path `articles`; probe s17-populate-lists-zones)
  return invalidKey(name, { parent: at === name ? null : at, path: at, source: 'query', param: 'populate' });
}

/**
 * A private relation, media or component is refused after the validators walked the options under it: an unknown
 * key in its `fields`, `sort` or `filters` is reported first, as those validators name it (`Invalid key x`), and so
 * is an unknown name in a list under it (harness required-component-907: `populate[secret]=true&populate[secret]=`
 * is `Invalid key  at secret`).
 */
function checkPrivateOptions(index: ContentIndex, scope: Scope, key: string, options: unknown, path: string): void {
  if (scope.kind === 'media' && key === 'folder' && isPlainObject(options)) return checkFolderOptions(index, options, path);
  // (an empty name under it is an unknown key at it: harness launchpad grammar seed 1490, `[populate][folder]=`)
  if (scope.kind === 'media' && key === 'folder' && options === '')
    throw invalidKey('', { parent: path, source: 'query', param: 'populate' });
  // a list of names under it is walked as names under the folder type, as under any attribute (harness starterblog
  // grammar2 seed 1954: `populate[favicon][populate][folder][0]=*` is `Invalid key * at favicon.folder`)
  // (a name given as its value too: `[folder]=nope.nope` is `Invalid key nope at image.folder`, adfinis 1955)
  const folderNames =
    typeof options === 'string' && options !== '*' && parseBooleanLike(options) === undefined
      ? [options]
      : Array.isArray(options) && options.every((o) => typeof o === 'string')
        ? (options as string[])
        : undefined;
  if (scope.kind === 'media' && key === 'folder' && folderNames) {
    for (const item of folderNames) {
      const name = item.split('.')[0]!.trim();
      if (isBooleanLike(name) || LIST_KEYWORDS.has(name)) continue;
      const at = FOLDER.attribute(name) && name !== 'id' ? `${path}.${name}` : path;
      throw invalidKey(name, { parent: at === name ? null : at, path: at, source: 'query', param: 'populate' });
    }
  }
  if (scope.kind === 'media' || (!isPlainObject(options) && !Array.isArray(options) && typeof options !== 'string')) return;
  const attribute = (scope.kind === 'type' ? scope.type.attributes : scope.component.attributes).get(key);
  if (!attribute?.private || attribute.kind === 'scalar') return;
  const inner = scopeBehind(index, attribute);
  // a name given as its value is walked as a dot path under it, an empty one refused at it (harness starterblog
  // grammar seed 1102: `populate[author]=` on a private relation is `Invalid key  at author`)
  if (typeof options === 'string') {
    if (options === '') throw invalidKey('', { parent: path, source: 'query', param: 'populate' });
    if (options !== '*' && parseBooleanLike(options) === undefined && !LIST_KEYWORDS.has(options.trim()))
      throw nestedNameRefusal(index, scope, attribute, options, path);
    return;
  }
  if (Array.isArray(options)) walkListNames(index, inner, options, path);
  // its options are walked as any populated level's, unknown keys included (`populate[author][start]=0`: `Invalid
  // key start at author`)
  else if (inner && attribute.kind !== 'dynamiczone') {
    checkOptionKeys(index, inner, options, path);
    // the unknown-key pass walks its nested populate too, wherever it stands among the options, before the private
    // pass refuses the attribute (harness admin-links grammar seed 1400: `populate[secretMemo][populate][post][ordering]`
    // is `Invalid key ordering at secretMemo.post`)
    if (options.populate !== undefined && options.populate !== null) {
      try {
        parsePopulate(index, inner, options.populate, path, 1, { refusals: [], failures: [], converts: [], privates: [] });
      } catch (error) {
        if (error instanceof StrapiError && isRefusedKey(error)) throw error;
      }
    }
  } else if (inner) validateNestedOptions(strapiSchema(index, inner), options);
}

/**
 * A file's private `folder` (plugin::upload.folder) is walked like any populated level before it is refused: an
 * unknown option key, or an unknown key in its fields, sort or filters, is named first (harness kit grammar seed
 * 1400: `populate[avatar][populate][folder][pageSize]=1` is `Invalid key pageSize at avatar.folder`).
 */
function checkFolderOptions(index: ContentIndex, options: Record<string, unknown>, path: string): void {
  for (const key of Object.keys(options)) {
    if (key === 'filters' || key === 'sort' || key === 'fields') validateNestedOptions(FOLDER, { [key]: options[key] });
    // a fragment's targets too (harness meichu grammar seed 1672, cmspatas 1672, cheeses 1671:
    // `populate[images][populate][folder][on][x]=true` is `Invalid key x at images.populate.folder.on.x`)
    else if (key === 'on') checkFragmentTargets(index, options.on, rawPathOf(path));
    // a `count` that is no boolean, at the folder's attribute path (harness cmspatas grammar2 seed 1953:
    // `populate[avatar][populate][folder][count]=` is `Invalid key count at avatar.folder`)
    else if (key === 'count' && !isBooleanLike(options.count))
      throw invalidKey(key, { parent: path, path, source: 'query', param: 'populate' });
    else if (!OPTION_KEYS.has(key) && !isBooleanLike(key)) {
      const named = FOLDER.attribute(key) && key !== 'id' ? `${path}.${key}` : path;
      throw invalidKey(key, { parent: named, path: named, source: 'query', param: 'populate' });
    }
  }
}

/** Strapi's populate validator checks nested filters, sort and fields in the order the query gives them. */
const NESTED_KEYWORDS = new Set(['sort', 'filters', 'fields']);

function validateNestedOptions(schema: StrapiSchema, options: Record<string, unknown>): void {
  for (const key of Object.keys(options)) {
    if (key === 'filters') validateFilters(schema, options.filters, 'populate');
    else if (key === 'sort') validateSort(schema, options.sort, 'populate');
    else if (key === 'fields') validateFields(schema, options.fields, 'populate');
  }
}

/**
 * A list under an attribute (`populate[avatar]=true&populate[avatar]=x`, `populate[articles][0][count]=true`): the
 * validator walks its strings as names under the attribute (a boolean-like one that names nothing is skipped), then
 * the converter refuses any list there.
 */
function refuseNestedList(
  index: ContentIndex,
  owner: Scope,
  target: Attribute | typeof LOCALIZATIONS,
  items: readonly unknown[],
  path: string,
): ValidationError {
  if (target !== LOCALIZATIONS && target.kind === 'dynamiczone') return invalidZone(owner, target.name, items);
  checkNestedListNames(index, owner, target, items, path);
  return new ValidationError("Invalid nested populate. Expected '*' or an object", {});
}

/** The validator's walk of a list under an attribute: its strings as names (a boolean-like one naming nothing skipped). */
function checkNestedListNames(
  index: ContentIndex,
  owner: Scope,
  target: Attribute | typeof LOCALIZATIONS,
  items: readonly unknown[],
  path: string,
): void {
  walkListNames(index, target === LOCALIZATIONS ? owner : scopeBehind(index, target), items, path);
}

/** A list's strings walked as names under `inner` (a boolean-like one that names nothing skipped), refused at `path`. */
function walkListNames(index: ContentIndex, inner: Scope | undefined, items: readonly unknown[], path: string): void {
  // only a list of strings is walked as names; any other list as an object keyed by index (skipped)
  const names = items.every((item) => typeof item === 'string') ? items : [];
  // the list is read as dot paths made one populate object (`pathsToObjectPopulate`), whose keys the validator meets
  // under the attribute: a boolean-like key or a query keyword passes, any other name is refused as an option key,
  // named at its attribute path when the target has it (probe nested-populate-list: `populate[articles][0]=tags` on
  // categories is `Invalid key tags at articles.tags`, `[0]=articles` is `Invalid key articles`)
  for (const item of names) {
    if (typeof item !== 'string' || !inner) continue;
    const name = item.split('.')[0].trim();
    if (isBooleanLike(name) || LIST_KEYWORDS.has(name)) continue;
    throw nameRefusal(index, inner, name, path);
  }
}
const LIST_KEYWORDS = new Set(['populate', 'count', 'sort', 'filters', 'fields']);

/**
 * `populate[attr]=*`: Strapi walks the wildcard through the target's schema as if every attribute were asked with
 * no options, and refuses at the first one it can populate; a zone refuses `*` as not being a fragment.
 */
function refuseNestedWildcard(
  index: ContentIndex,
  owner: Scope,
  target: Attribute | typeof LOCALIZATIONS,
  key: string,
  path: string,
  walk: PopulateWalk,
): void {
  // a zone's `*` is its converter's refusal, met in key order after the whole populate validated (probe
  // source-maps-in-lists: a relation's nested fields of the wrong shape before it are reported first)
  if (target !== LOCALIZATIONS && target.kind === 'dynamiczone') return refuseLater(walk, invalidZone(owner, key, '*'));
  refuseWildcardIn(target === LOCALIZATIONS ? owner : scopeBehind(index, target), path, walk);
}

/** The wildcard's walk through `inner`: refused at its first populatable attribute, named under `path`. */
function refuseWildcardIn(inner: Scope | undefined, path: string, walk: PopulateWalk): void {
  let first: string | undefined;
  if (inner?.kind === 'media')
    first = 'related'; // upload files' polymorphic back-link
  else if (inner) {
    const attributes = inner.kind === 'type' ? inner.type.attributes : inner.component.attributes;
    // private links are passed over (probe admin-links: `populate[owner]=*` on an admin user, whose only links are
    // its private roles and API tokens, answers 200)
    // an attribute named like a query keyword (`fields`, `sort`, `filters`) is that keyword under an attribute: the
    // traversal ignores it (harness meichu grammar seed 1672: a product's `fields` component is passed over for
    // `images`)
    first = [...attributes.values()].find(
      (a) =>
        a.kind !== 'scalar' &&
        !a.private &&
        !NESTED_KEYWORDS.has(a.name) &&
        !(a.kind === 'relation' && walk.readable !== undefined && !walk.readable(a.target)),
    )?.name;
    // i18n appends `localizations` to a localized type's attributes: populatable too
    if (first === undefined && inner.kind === 'type' && showsLocalizations(inner.type)) first = LOCALIZATIONS;
  }
  if (!first) return;
  const refusal = new WildcardRefusal(`Invalid key ${first} at ${path}.${first}`, { key: first, path: `${path}.${first}` });
  if (!walk.refusals) throw refusal;
  walk.refusals.push(refusal);
}

function invalidZone(owner: Scope, key: string, found: unknown): ValidationError {
  const [singular, uid] =
    owner.kind === 'type'
      ? [owner.type.singularName, owner.type.uid]
      : owner.kind === 'component'
        ? [undefined, owner.component.uid]
        : [undefined, 'plugin::upload.file'];
  return new ValidationError(
    `Invalid nested populate for ${singular}.${key} (${uid}). Expected a fragment ("on") or "count" but found ${JSON.stringify(found)}`,
    {},
  );
}

/**
 * A populate fragment's targets, as Strapi's populate validator checks an `on` key wherever it stands (a zone, a
 * file's `related`): each must name a model (a content type or a component).
 */
function checkFragmentTargets(index: ContentIndex, value: unknown, raw: string): void {
  // an empty `on=` is falsy: Strapi's validator skips it, and the zone populates no component (its entries: []);
  // no value at all is no object: the validator skips it too (harness events-501)
  if (value === '' || value === null || value === undefined) return;
  // a list is walked as an object keyed by index: its first key is refused
  if (Array.isArray(value)) throw invalidKey('0', { parent: `${raw}.on.0`, path: `${raw}.on.0`, source: 'query', param: 'populate' });
  if (!isPlainObject(value)) throw invalidKey('on', { parent: `${raw}.on`, path: `${raw}.on`, source: 'query', param: 'populate' });
  for (const uid of Object.keys(value)) {
    if (!index.model.components.has(uid) && !index.model.contentTypes.has(uid)) {
      throw invalidKey(uid, { parent: `${raw}.on.${uid}`, source: 'query', param: 'populate' });
    }
  }
}

/** Strapi's traversal path of a populated level (`path.raw`): its attribute path with each nested `populate` in it. */
const rawPathOf = (path: string) => path.split('.').join('.populate.');

/** A level's traversal path, through the zone fragment it sits under (see PopulateWalk.fragments). */
function rawOf(walk: PopulateWalk, path: string): string {
  const fragment = walk.fragments?.at(-1);
  if (!fragment || !path.startsWith(`${fragment.path}.`)) return rawPathOf(path);
  return `${fragment.raw}.populate.${rawPathOf(path.slice(fragment.path.length + 1))}`;
}

/**
 * Strapi's populate validator runs before its converter, over a level's keys in the order the query gives them: an
 * unknown option key, a bad `on` target, a `count` that is no boolean, a bad key in the nested `fields`, `sort` or
 * `filters`, or in the nested `populate` (walked at its place), whichever comes first. `raw` is the level's
 * traversal path (`articles.populate.cover`, `blocks.on[shared.quote]`), which names a bad `on` target.
 */
function checkOptionKeys(
  index: ContentIndex,
  inner: Scope | undefined,
  options: Record<string, unknown>,
  path: string,
  raw: string = rawPathOf(path),
  depth = 0,
  walk: PopulateWalk = {},
): void {
  const keys = Object.keys(options);
  for (const [at, [key, value]] of Object.entries(options).entries()) {
    if (key === 'on') checkFragmentTargets(index, value, raw);
    else if (key === 'count') {
      if (!isBooleanLike(value)) throw invalidKey(key, { parent: path, path, source: 'query', param: 'populate' });
    } else if (key === 'filters' || key === 'sort' || key === 'fields') {
      if (inner) validateNestedOptions(strapiSchema(index, inner), { [key]: value });
    } else if (key === 'populate') {
      // the nested populate's own validator errors, met at its place (its converter's and database's come later);
      // walked ahead only when another key follows it (else its own parse meets them in the same order)
      if (inner && value !== undefined && value !== null && at < keys.length - 1 && !walk.unbounded && !walk.converterOnly) {
        try {
          // (the nested populate is a validation of its own, private pass included: a private attribute in it is
          // refused before the level's later keys; probe s17-files-related-forms,
          // `populate[avatar][populate][folder]=true&populate[avatar][fields][0]=nope` is `Invalid key folder at
          // avatar.folder`)
          const privates: StrapiError[] = [];
          parsePopulate(index, inner, value, path, depth + 1, {
            refusals: [],
            failures: [],
            converts: [],
            privates,
            fragments: walk.fragments,
          });
          if (privates.length > 0) throw privates[0];
        } catch (error) {
          if (error instanceof StrapiError && isRefusedKey(error)) throw error;
        }
      }
    } else if (!OPTION_KEYS.has(key) && !isBooleanLike(key)) {
      // the path names the key when it is an attribute of the target (i18n's hidden locale fields included, and the
      // attributes no column stands for: a file's `related`, as `populate[cover]=*` sanitized names it, probe
      // s14-read/sanitize-query-probe-strapi.json)
      const attributeLike =
        key !== 'id' &&
        !!inner &&
        (!!fieldOf(inner, key) || !!hiddenKeyPath(inner, key, null) || !!strapiSchema(index, inner).attribute(key));
      const named = attributeLike ? `${path}.${key}` : path;
      throw invalidKey(key, { parent: named, path: named, source: 'query', param: 'populate' });
    }
  }
}

function parseNode(
  index: ContentIndex,
  owner: Scope,
  target: Attribute | typeof LOCALIZATIONS,
  options: Record<string, unknown>,
  path: string,
  depth: number,
  walk: PopulateWalk,
): PopulateNode {
  const isZone = target !== LOCALIZATIONS && target.kind === 'dynamiczone';
  const inner = target === LOCALIZATIONS ? owner : isZone ? undefined : scopeBehind(index, target);
  // (named by the zone's traversal path: `product.populate.dynamic_zone`; harness LaunchPad grammar seed 1101)
  if (isZone && options.populate !== undefined && options.populate !== null && options.populate !== '*') {
    const raw = rawOf(walk, path);
    throw invalidKey('populate', { parent: raw, path: raw, source: 'query', param: 'populate' });
  }
  // a zone's value is walked by the validator through its `on` only: any other key is the converter's to refuse
  // (harness chalets grammar2 seed 1959: `populate[contentSections][[on][…]=…`, qs's `[on` key, is the zone's refusal)
  // (its `count` neither: `populate[blocks][count]=x` reads the zone, probe s17-zone-other-keys)
  const walked = isZone ? Object.fromEntries(Object.entries(options).filter(([k]) => k === 'on' || k === 'populate')) : options;
  checkOptionKeys(index, inner, walked, path, rawOf(walk, path), depth, walk);
  if (isZone) {
    // the converter's refusal, met after the whole populate validated (harness starterblog grammar seed 1101:
    // `populate[widgets][fields][0]=id&populate[cover][fields][0]=nope` is `Invalid key nope`)
    // the query sanitizer's traversal sets a zone given a fragment to that fragment alone (`onDynamicZone`: `set(key,
    // { on })`): what else it holds never reaches the converter (probe s17-populate-lists-zones: `on[shared.quote]
    // [sort]=title&populate[blocks][filters]=id` reads the zone; harness kit grammar2 seed 1951)
    const kept = options.on && !walk.converterOnly ? { on: options.on } : options;
    if (Object.keys(kept).some((k) => !ZONE_KEYS.has(k))) {
      refuseLater(walk, invalidZone(owner, (target as Attribute).name, options));
      return emptyNode();
    }
    return { ...emptyNode(), zone: parseZone(index, target as Attribute & { kind: 'dynamiczone' }, kept, path, depth, walk) };
  }
  if (options.on !== undefined && options.on !== null) {
    const uid = owner.kind === 'type' ? owner.type.uid : owner.kind === 'component' ? owner.component.uid : 'plugin::upload.file';
    throw new ValidationError(`Using fragments is not permitted to populate "${path.split('.').pop()}" in "${uid}"`, {});
  }
  if (!inner) throw invalidKey(path, { parent: null, source: 'query', param: 'populate' });
  return parseOptions(index, inner, options, path, depth, walk, target !== LOCALIZATIONS);
}

function parseZone(
  index: ContentIndex,
  zone: Attribute & { kind: 'dynamiczone' },
  options: Record<string, unknown>,
  path: string,
  depth: number,
  walk: PopulateWalk,
): Map<string, PopulateNode> {
  const out = new Map<string, PopulateNode>();
  if (options.on === '') return out;
  if (!isPlainObject(options.on)) {
    // no fragment: every component renders its scalars (`count` is ignored on zones), and
    // `populate=*` populates each component's own relations, media and components one level
    for (const uid of zoneComponents(index, zone)) {
      const component = index.model.components.get(uid);
      const scope: Scope | undefined = component && { kind: 'component', component };
      out.set(uid, scope && options.populate === '*' ? { ...emptyNode(), populate: wildcard(index, scope) } : emptyNode());
    }
    return out;
  }
  for (const [uid, sub] of Object.entries(options.on)) {
    const component = index.model.components.get(uid);
    // an empty value is an unknown key under the zone; a list or no value at all the converter refuses
    if (sub === '') throw invalidKey('', { parent: path, source: 'query', param: 'populate' });
    // a list's items are walked as the value is: an empty one is that unknown key (a key sent twice with no value,
    // `on[shared.faq]=&on[shared.faq]=`; harness run.mjs casino seed 602)
    if (Array.isArray(sub) && sub.includes('')) throw invalidKey('', { parent: path, source: 'query', param: 'populate' });
    // a list's strings are walked as names under the component first, refused at the zone (harness REST
    // geometre-811: `on[uid]=true&on[uid]=x` is `Invalid key x at <zone>`)
    if (Array.isArray(sub) && component) walkListNames(index, { kind: 'component', component }, sub, path);
    // (the converter's refusal: after every validation error of the whole populate, harness kit-601)
    if (sub === null || Array.isArray(sub)) {
      refuseLater(walk, new ValidationError("Invalid nested populate. Expected '*' or an object", {}));
      continue;
    }
    const flag = parseBooleanLike(sub);
    // a fragment turned off is still a fragment: its type is among the zone's allowed ones, and its query reads it
    // whole (harness kit grammar seed 1102: `on[shared.quote]=false` shows the quotes)
    if (!component) continue;
    const scope: Scope = { kind: 'component', component };
    // a name given for a component is walked as a dot path under it, as under an attribute (`on[shared.slider]=x`:
    // `Invalid key x at blocks`)
    if (flag === undefined && sub !== '*' && !isPlainObject(sub)) throw nameRefusal(index, scope, String(sub), path);
    // `on[uid]=*` is walked through the component like `populate[attr]=*`, named under the zone (harness REST
    // geometre-812: `Invalid key Form at Sections.Form`)
    if (sub === '*') refuseWildcardIn(scope, path, walk);
    // a fragment's options are validated as a populated level's, in their order: an unknown key is named at the
    // zone, a bad `on` target by the fragment's traversal path (`blocks.on[shared.quote].on.x`)
    const raw = `${rawOf(walk, path)}.on[${uid}]`;
    // (inside a fragment errors name the zone: `on` and the component's uid are no attributes, and Strapi's
    // traversal names attribute paths; harness kit-2615, school-541, shop-573: `Invalid key  at blocks`); a bad `on`
    // target below it is named through the fragment (harness sitedemo grammar seed 1690)
    if (flag !== undefined || sub === '*' || !isPlainObject(sub)) {
      out.set(uid, emptyNode());
      continue;
    }
    walk.fragments?.push({ path, raw });
    try {
      checkOptionKeys(index, scope, sub, path, raw, depth, walk);
      // a component type is read by a query of its own, not through a join table: its sort selects nothing more
      // (harness edtech grammar seed 1101: `on[shared.quote][fields]=title&on[shared.quote][sort]=body` shows title)
      out.set(uid, parseOptions(index, scope, sub, path, depth, walk, false));
    } finally {
      walk.fragments?.pop();
    }
  }
  return out;
}

/**
 * A populated level's filters. Keys were validated already; what is left to fail (a value the column cannot take) is
 * found by the database when it runs the populate query, after the main query: only once there is a row to populate.
 * The error is returned, to be kept on the node, not thrown.
 */
function populateFilters(index: ContentIndex, scope: Scope, raw: unknown, joined: boolean): Predicate | StrapiError | undefined {
  try {
    // a nested `filters=` is skipped (the converter tests it for truthiness); a level read through a join table
    // has it in its query (join-table.ts)
    const filters = raw ? sanitizeFilters(strapiSchema(index, scope), raw) : undefined;
    return compileFilters(index, scope, filters, joined ? [JOIN_TABLE] : []);
  } catch (error) {
    // a refused key is the validator's, a filters parameter that is no object the converter's: both fail at once
    if (!(error instanceof StrapiError) || isRefusedKey(error) || error instanceof FiltersParameterError) throw error;
    return error;
  }
}

/**
 * A populated level's sort through a relation, media or component (`populate[articles][sort]=cover.name`): the top
 * level joins its way there, a populate query cannot, and real Strapi's database fails when it runs.
 */
function populateSortFailure(sort: readonly SortTerm[], path: string): StrapiError | undefined {
  const deep = sort.find((term) => term.path.length > 1);
  if (!deep) return undefined;
  const field = deep.path.join('.');
  return new DatabaseRefusal(
    `Invalid sort in populate at ${path}: ${field} goes through ${deep.path[0]}; a populated level sorts by its own fields only`,
    `Undefined column ${deep.path.slice(-2).join('.')} in the populate query`,
    { path, sort: field },
  );
}

/** Errors of a nested fields/filters/sort are Strapi's top-level ones, reported under the populate parameter. */
function asPopulate<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof StrapiError && error.details && 'param' in error.details) error.details.param = 'populate';
    throw error;
  }
}

function parseOptions(
  index: ContentIndex,
  scope: Scope,
  options: Record<string, unknown>,
  path: string,
  depth: number,
  walk: PopulateWalk,
  joined = true,
): PopulateNode {
  validateNestedOptions(strapiSchema(index, scope), options);
  let fields: ReturnType<typeof parseFields> = null;
  try {
    fields = asPopulate(() => parseFields(scope, options.fields, null));
  } catch (error) {
    // a fields value of the wrong shape is the converter's refusal; an unknown key the validator's
    if (!(error instanceof StrapiError) || isRefusedKey(error)) throw error;
    refuseLater(walk, error);
  }
  const filters = asPopulate(() => populateFilters(index, scope, options.filters, joined));
  // the validators let `id`/`documentId` through on any level: a component has no documentId column, which only
  // the populate query finds (harness conditions-301: `populate[cta][sort]=documentId`)
  // what the validators let through and names no column there (`documentId` on a component) fails when the
  // populate query runs, once there is a row to populate (harness conditions-301, kit/monument/school-302: 500)
  let sort: SortTerm[] = [];
  let unsortable: StrapiError | undefined;
  try {
    sort = asPopulate(() => parseSort(index, scope, options.sort));
  } catch (error) {
    // an order the converter refuses: in the converter's own order, after the whole populate validated (harness
    // starterblog grammar seed 1101: `populate[widgets]=*&populate[seo][sort]=id:` is the zone's refusal)
    if (error instanceof ConversionRefusal) {
      refuseLater(walk, error);
      sort = [];
    } else if (!(error instanceof StrapiError) || !isRefusedKey(error)) throw error;
    else {
      const key = String(error.details?.key ?? '');
      unsortable = new DatabaseRefusal(`Invalid sort in populate at ${path}: ${key} is no column there`, `Attribute ${key} not found`, {
        path,
        sort: key,
      });
    }
  }
  // the database runs the populate query's WHERE before its ORDER BY: a filter value's error first
  const failure =
    filters instanceof StrapiError ? filters : (unsortable ?? populateSortFailure(sort, path) ?? componentStatusSortFailure(sort));
  return {
    // A populated level is read through a join table: its sort columns join the selected fields. i18n reads
    // `localizations` with a query of its own, which selects the fields as given.
    fields: joined ? withSortColumns(fields, sort, true) : fields,
    ...(joined && sortLead(sort, true) ? { lead: sortLead(sort, true) } : {}),
    filters: filters instanceof StrapiError ? undefined : filters,
    ...(filters instanceof StrapiError || !filters ? {} : { filtersGiven: options.filters }),
    ...(failure ? { failure } : {}),
    sort,
    count: parseBooleanLike(options.count) === true,
    ...populateOf(nestedPopulate(index, scope, options.populate, path, depth + 1, walk), options.populate),
  };
}

/**
 * A level's nested `populate`: Strapi validates it as a populate of its own, whose private pass runs when its main walk
 * ends, before the level's later keys and the rest of the tree (probe s17-files-related-forms).
 */
function nestedPopulate(index: ContentIndex, scope: Scope, raw: unknown, path: string, depth: number, walk: PopulateWalk): PopulateMap {
  if (!walk.privates) return parsePopulate(index, scope, raw, path, depth, walk);
  const privates: StrapiError[] = [];
  const map = parsePopulate(index, scope, raw, path, depth, { ...walk, privates });
  if (privates.length > 0) throw privates[0];
  return map;
}

/** A level's nested populate, and whether one was asked that names nothing to populate (see PopulateNode.populateAsked). */
function populateOf(populate: PopulateMap, asked: unknown): Pick<PopulateNode, 'populate' | 'populateAsked'> {
  const given = asked !== undefined && asked !== null && asked !== '' && parseBooleanLike(asked) !== false;
  return populate.size === 0 && given ? { populate, populateAsked: true } : { populate };
}
