import { invalidKey, ValidationError } from '../errors/strapi-errors.js';
import type { Attribute } from '../model/types.js';
import type { ContentIndex } from './content-index.js';
import { parseFields } from './fields.js';
import { compileFilters, type Predicate } from './filters.js';
import { fieldOf, hiddenKeyPath, scopeBehind, type Scope } from './scope.js';
import { parseSort, type SortTerm } from './sort.js';
import { parseBooleanLike } from './values.js';

/** What to render for one populated attribute (or for a whole entry, at the top). */
export interface PopulateNode {
  readonly fields: string[] | null;
  readonly filters?: Predicate;
  readonly sort: SortTerm[];
  readonly count: boolean;
  readonly populate: PopulateMap;
  /** Dynamic zones: how to render each component's entries; entries of components not listed are dropped. */
  readonly zone?: ReadonlyMap<string, PopulateNode>;
}
export type PopulateMap = Map<string, PopulateNode>;

/** `localizations` is not a schema attribute but populates like a relation on localized types. */
export const LOCALIZATIONS = 'localizations';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const join = (parent: string | null, key: string) => (parent ? `${parent}.${key}` : key);
const OPTION_KEYS = new Set(['fields', 'filters', 'sort', 'populate', 'count', 'on']);
/** Nesting beyond this is refused: a hostile populate cannot make one request walk the whole graph forever. */
const MAX_DEPTH = 12;

export const emptyNode = (): PopulateNode => ({ fields: null, sort: [], count: false, populate: new Map() });

function populatable(scope: Scope, attribute: Attribute | undefined): boolean {
  return !!attribute && !attribute.private && attribute.kind !== 'scalar' && scope.kind !== 'media';
}

/** Every populatable attribute of a scope, one level (what `populate=*` means). */
function wildcard(index: ContentIndex, scope: Scope): PopulateMap {
  const map: PopulateMap = new Map();
  if (scope.kind === 'media') return map;
  const attributes = scope.kind === 'type' ? scope.type.attributes : scope.component.attributes;
  for (const attribute of attributes.values()) {
    if (populatable(scope, attribute)) map.set(attribute.name, leafNode(index, attribute));
  }
  if (scope.kind === 'type' && scope.type.localized) map.set(LOCALIZATIONS, emptyNode());
  return map;
}

/** A populated attribute with no options: dynamic zones still render each declared component's scalars. */
function leafNode(index: ContentIndex, attribute: Attribute): PopulateNode {
  if (attribute.kind !== 'dynamiczone') return emptyNode();
  return { ...emptyNode(), zone: new Map(attribute.components.map((uid) => [uid, emptyNode()])) };
}

export function parsePopulate(index: ContentIndex, scope: Scope, raw: unknown, parent: string | null, depth = 0): PopulateMap {
  if (depth > MAX_DEPTH) throw new ValidationError(`populate is nested deeper than ${MAX_DEPTH} levels`, {});
  if (raw === undefined || raw === null || raw === '') return new Map();
  if (raw === '*') return wildcard(index, scope);
  const map: PopulateMap = new Map();
  if (typeof raw === 'string' || Array.isArray(raw)) {
    for (const item of typeof raw === 'string' ? raw.split(',') : raw) {
      if (typeof item === 'string') addDotted(index, scope, map, item.trim().split('.'), parent, depth);
      else if (isPlainObject(item)) mergeObject(index, scope, map, item, parent, depth);
      else throw invalidKey(String(item), { parent, source: 'query', param: 'populate' });
    }
    return map;
  }
  if (isPlainObject(raw)) {
    mergeObject(index, scope, map, raw, parent, depth);
    return map;
  }
  const text = String(raw);
  throw invalidKey(text, { parent, path: join(parent, text), source: 'query', param: 'populate' });
}

function resolve(index: ContentIndex, scope: Scope, key: string, parent: string | null, stringForm: boolean): Attribute | 'localizations' {
  if (key === LOCALIZATIONS && scope.kind === 'type' && scope.type.localized) return LOCALIZATIONS;
  const field = fieldOf(scope, key);
  const attribute = field?.kind === 'attribute' ? field.attribute : undefined;
  if (!field) throw invalidKey(key, { parent, path: stringForm ? join(parent, key) : hiddenKeyPath(scope, key, parent) ?? parent, source: 'query', param: 'populate' });
  if (!populatable(scope, attribute)) throw invalidKey(key, { parent, path: join(parent, key), source: 'query', param: 'populate' });
  return attribute as Attribute;
}

function addDotted(index: ContentIndex, scope: Scope, map: PopulateMap, path: string[], parent: string | null, depth: number): void {
  const [key, ...rest] = path;
  if (key === '*' && rest.length === 0) {
    for (const [k, v] of wildcard(index, scope)) if (!map.has(k)) map.set(k, v);
    return;
  }
  const target = resolve(index, scope, key, parent, true);
  const existing = map.get(key) ?? (target === LOCALIZATIONS ? emptyNode() : leafNode(index, target));
  map.set(key, existing);
  if (rest.length === 0) return;
  const inner = target === LOCALIZATIONS ? scope : scopeBehind(index, target);
  if (!inner || (target !== LOCALIZATIONS && target.kind === 'dynamiczone')) {
    throw invalidKey(rest[0], { parent: join(parent, key), source: 'query', param: 'populate' });
  }
  addDotted(index, inner, existing.populate, rest, join(parent, key), depth + 1);
}

function mergeObject(index: ContentIndex, scope: Scope, map: PopulateMap, obj: Record<string, unknown>, parent: string | null, depth: number): void {
  for (const [key, value] of Object.entries(obj)) {
    const on = parseBooleanLike(value);
    if (on === false) continue;
    const target = resolve(index, scope, key, parent, false);
    if (on === true || value === '*' || value === null) {
      map.set(key, target === LOCALIZATIONS ? emptyNode() : leafNode(index, target));
      continue;
    }
    if (!isPlainObject(value)) throw invalidKey(String(value), { parent: join(parent, key), source: 'query', param: 'populate' });
    map.set(key, parseNode(index, scope, target, value, join(parent, key), depth + 1));
  }
}

function parseNode(index: ContentIndex, owner: Scope, target: Attribute | 'localizations', options: Record<string, unknown>, path: string, depth: number): PopulateNode {
  for (const key of Object.keys(options)) {
    const allowed = OPTION_KEYS.has(key) && (key !== 'on' || (target !== LOCALIZATIONS && target.kind === 'dynamiczone'));
    if (!allowed) throw invalidKey(key, { parent: path, source: 'query', param: 'populate' });
  }
  if (target !== LOCALIZATIONS && target.kind === 'dynamiczone') {
    const zone = new Map<string, PopulateNode>();
    if (options.on !== undefined) {
      if (!isPlainObject(options.on)) throw new ValidationError(`Invalid populate: ${path}.on expects an object of component uids`, {});
      for (const [uid, sub] of Object.entries(options.on)) {
        const component = index.model.components.get(uid);
        if (!component) throw invalidKey(uid, { parent: `${path}.on.${uid}`, source: 'query', param: 'populate' });
        const flag = parseBooleanLike(sub);
        if (flag === false) continue;
        const scope: Scope = { kind: 'component', component };
        zone.set(uid, flag === true || sub === '*' ? emptyNode() : isPlainObject(sub) ? parseOptions(index, scope, sub, `${path}.on.${uid}`, depth) : emptyNode());
      }
    } else {
      for (const uid of target.components) {
        const component = index.model.components.get(uid);
        if (component) zone.set(uid, parseOptions(index, { kind: 'component', component }, options, path, depth));
      }
    }
    return { ...emptyNode(), zone };
  }
  const inner = target === LOCALIZATIONS ? owner : scopeBehind(index, target);
  if (!inner) throw invalidKey(path, { parent: null, source: 'query', param: 'populate' });
  return parseOptions(index, inner, options, path, depth);
}

function parseOptions(index: ContentIndex, scope: Scope, options: Record<string, unknown>, path: string, depth: number): PopulateNode {
  return {
    fields: parseFields(scope, options.fields, path),
    filters: compileFilters(index, scope, options.filters),
    sort: parseSort(index, scope, options.sort),
    count: parseBooleanLike(options.count) === true,
    populate: parsePopulate(index, scope, options.populate, path, depth + 1),
  };
}
