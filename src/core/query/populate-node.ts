import type { StrapiError } from '../errors/strapi-errors.js';
import type { Attribute } from '../model/types.js';
import type { ContentIndex } from '../data/content-index.js';
import type { Predicate } from './filters.js';
import { fieldOf, type Scope } from './scope.js';
import { showsLocalizations } from '../model/private-attributes.js';
import type { SortTerm } from './sort.js';

/** What to render for one populated attribute (or for a whole entry, at the top). */
export interface PopulateNode {
  readonly fields: string[] | null;
  readonly filters?: Predicate;
  /** The `filters` object this level was given, as sent: the contract checker prunes it to what an answer shows. */
  readonly filtersGiven?: unknown;
  /**
   * What the database fails on when this level's populate query runs (a filter value it cannot take, a sort through
   * a relation): thrown once there is a parent row, linked rows or not.
   */
  readonly failure?: StrapiError;
  readonly sort: SortTerm[];
  /**
   * Columns an entry of this level shows first: a query that joins another table selects DISTINCT rows with its
   * ORDER BY columns before the others (@strapi/database's processSelect), and each row's keys keep that order.
   */
  readonly lead?: readonly string[];
  /** `{count: n}` instead of the entries: relations and components only (Strapi ignores it elsewhere). */
  readonly count: boolean;
  readonly populate: PopulateMap;
  /**
   * A nested populate was asked that names nothing to populate (`populate[seo][populate]=*` on a component without
   * links): Strapi's database still runs its applyPopulate on the level's rows, which delays the level's key (see
   * populateOrder).
   */
  readonly populateAsked?: true;
  /** Dynamic zones: how to render each component's entries; entries of components not listed are dropped. */
  readonly zone?: ReadonlyMap<string, PopulateNode>;
  /**
   * An upload file's polymorphic `related`: the content types whose rows linking the file it shows (each entry with
   * its `__type`), and how to render each. Strapi's query sanitizer turns `related=true` into a fragment of every
   * content type the caller may find.
   */
  readonly morph?: ReadonlyMap<string, PopulateNode>;
  /**
   * `related` asked for in a comma item (`populate=related,folder`): Strapi's sanitizer cannot read it, so nothing
   * drops what the morph table links beside content rows: the component instances holding the file are listed too.
   */
  readonly unsanitized?: boolean;
}
export type PopulateMap = Map<string, PopulateNode>;

/** `localizations` is not a schema attribute but populates like a relation on localized types. */
export const LOCALIZATIONS = 'localizations';

export const emptyNode = (): PopulateNode => ({ fields: null, sort: [], count: false, populate: new Map() });

/** The upload file's polymorphic back-link (its morph relation `related`). */
export const RELATED = 'related';

/** `related` populated for every content type `readable` lets through (all without it). */
export function relatedNode(index: ContentIndex, readable: ((uid: string) => boolean) | undefined, count = false): PopulateNode {
  const on = new Map<string, PopulateNode>();
  for (const uid of index.model.contentTypes.keys()) if (!readable || readable(uid)) on.set(uid, emptyNode());
  return { ...emptyNode(), count, morph: on };
}

export function populatable(scope: Scope, attribute: Attribute | undefined): boolean {
  return !!attribute && !attribute.private && attribute.kind !== 'scalar' && scope.kind !== 'media';
}

/**
 * The components a zone populated without `on` renders: the declared ones and every other existing component,
 * because a draft can hold components its zone does not declare (Strapi's write accepts any existing component)
 * and Strapi's populate loads whatever the zone stores.
 */
export function zoneComponents(index: ContentIndex, attribute: Attribute & { kind: 'dynamiczone' }): string[] {
  return [...new Set([...attribute.components, ...index.model.components.keys()])];
}

/** A populated attribute with no options: dynamic zones still render each component's scalars. */
export function leafNode(index: ContentIndex, attribute: Attribute): PopulateNode {
  if (attribute.kind !== 'dynamiczone') return emptyNode();
  return { ...emptyNode(), zone: new Map(zoneComponents(index, attribute).map((uid) => [uid, emptyNode()])) };
}

/** Every populatable attribute of a scope, one level (what `populate=*` means). */
export function wildcard(index: ContentIndex, scope: Scope): PopulateMap {
  const map: PopulateMap = new Map();
  if (scope.kind === 'media') return map;
  const attributes = scope.kind === 'type' ? scope.type.attributes : scope.component.attributes;
  for (const attribute of attributes.values()) {
    if (populatable(scope, attribute)) map.set(attribute.name, leafNode(index, attribute));
  }
  if (scope.kind === 'type' && showsLocalizations(scope.type)) map.set(LOCALIZATIONS, emptyNode());
  return map;
}

/** The attribute a populate key names, or the error `refuse` builds when it names nothing populatable. */
export function resolvePopulated(scope: Scope, key: string, refuse: () => StrapiError): Attribute | typeof LOCALIZATIONS {
  if (key === LOCALIZATIONS && scope.kind === 'type') {
    if (showsLocalizations(scope.type)) return LOCALIZATIONS;
    if (scope.type.localized) throw refuse(); // private by the project's config
  }
  const field = fieldOf(scope, key);
  const attribute = field?.kind === 'attribute' ? field.attribute : undefined;
  if (!populatable(scope, attribute)) throw refuse();
  return attribute as Attribute;
}

/** nodeKey(emptyNode()). */
const EMPTY_KEY = '{null|||0}';

/**
 * A text naming what a node renders: its fields, filters as given, sort, count, and its populated attributes and
 * zone components in order. Two parses of the same populate give the same text, so what a node renders can be kept
 * by it across requests. Undefined for a node not named so: filters without their given form, or a failure the
 * database would raise (rendering it throws, so nothing is kept).
 */
export function nodeKey(node: PopulateNode): string | undefined {
  if (node.failure || (node.filters && node.filtersGiven === undefined)) return undefined;
  // (most populated attributes are `true`: nothing asked under them)
  if (
    node.fields === null &&
    !node.filters &&
    node.sort.length === 0 &&
    !node.count &&
    node.populate.size === 0 &&
    !node.zone &&
    !node.populateAsked
  )
    return EMPTY_KEY;
  let out = `{${JSON.stringify(node.fields)}${node.lead ? JSON.stringify(node.lead) : ''}${node.populateAsked ? '+' : ''}|${node.filters ? JSON.stringify(node.filtersGiven) : ''}|${node.sort.length > 0 ? JSON.stringify(node.sort) : ''}|${node.count ? 1 : 0}`;
  for (const [name, sub] of node.populate) {
    const key = nodeKey(sub);
    if (key === undefined) return undefined;
    out += `p${JSON.stringify(name)}${key}`;
  }
  if (node.zone) {
    out += 'z';
    for (const [uid, sub] of node.zone) {
      const key = nodeKey(sub);
      if (key === undefined) return undefined;
      out += `${JSON.stringify(uid)}${key}`;
    }
  }
  return `${out}}`;
}
