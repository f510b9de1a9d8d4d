import { isPlainObject } from '../is-plain-object.js';
import { paginationInfo, type PageWindow } from '../query/pagination.js';
import { FILE_UID, type GqlType } from './graphql-model.js';
import { FILTER_OPERATORS } from './filter-operators.js';
import { DatabaseRefusal } from '../query/query-errors.js';

// GraphQL arguments → the query the REST route runs (the plugin's transformArgs and graphQLFiltersToStrapiQuery):
// filters with `$` operators, `sort` as given, pagination through @strapi/utils withDefaultPagination with the
// plugin's own limits, and the publication arguments.

/** The plugin's `defaultLimit`/`maxLimit` (maxLimit -1: none). */
export interface GraphqlLimits {
  readonly defaultLimit: number;
  readonly maxLimit: number;
}

const OPERATORS: ReadonlySet<string> = new Set(FILTER_OPERATORS);
const ROOT_OPERATORS: ReadonlySet<string> = new Set(['and', 'or', 'not']);

function replaceOperators(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(replaceOperators);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [OPERATORS.has(k) ? `$${k}` : k, replaceOperators(v)]));
}

/**
 * Date-times parse to Date objects in the plugin, and Strapi's query sanitizer drops an operator whose value is a
 * list of them: `in`, `notIn`, `between` (and a nested `and`/`or`) on a date-time filter add no condition (dates,
 * cast to their day by the database layer, keep them).
 */
function withoutDateLists(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  // the sanitizer walks into `not` (and any operator object) as well: `createdAt: { not: { between: [dates] } }`
  // is left `{ $not: {} }`, no condition (harness school-503)
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => !(Array.isArray(v) && v.length > 0 && v.some((x) => x !== null)))
      .map(([k, v]) => [k, withoutDateLists(v)]),
  );
}

const isEmptyObject = (v: unknown) => isPlainObject(v) && Object.keys(v).length === 0;
const isEmptyList = (v: unknown) => Array.isArray(v) && v.length === 0;

/**
 * Empty filter objects and lists taken out, keys first: a key whose value is or becomes empty goes. A list's items
 * go when they end empty (`whole`: the database's where builder adds no condition for an empty object, nor for a
 * branch of an `or`, where the REST engine would read `{}` as "matches"), or only when given empty (Strapi's
 * sanitizer as the where builder's refusals see its result: `or: [{}]` goes, `or: [{ createdAt: { between:
 * [dates] } }]` stays once its date-time list went).
 */
function dropEmpty(value: unknown, whole: boolean): unknown {
  if (Array.isArray(value))
    return whole
      ? value.map((v) => dropEmpty(v, whole)).filter((v) => !isEmptyObject(v))
      : value.filter((v) => !isEmptyObject(v)).map((v) => dropEmpty(v, whole));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const p = dropEmpty(v, whole);
    if (!isEmptyObject(p) && !isEmptyList(p)) out[k] = p;
  }
  return out;
}

/** The filters as @strapi/database's where builder receives them: what its refusals read. */
export function whereFilters(filters: unknown, type: GqlType, byUid: ReadonlyMap<string, GqlType>): unknown {
  return dropEmpty(convertFilters(filters, type, byUid, true), false);
}

/** `filters` of a GraphQL query on `type` as a REST `filters` object. */
export function restFilters(filters: unknown, type: GqlType, byUid: ReadonlyMap<string, GqlType>): unknown {
  return dropEmpty(convertFilters(filters, type, byUid, true), true);
}

/**
 * The filters as Strapi's query validation sees them, before sanitization drops date-time lists and empty
 * conditions: a relation the caller may not read is refused even where nothing would be left of its condition.
 */
export function validatedFilters(filters: unknown, type: GqlType, byUid: ReadonlyMap<string, GqlType>): unknown {
  return convertFilters(filters, type, byUid, false);
}

function convertFilters(filters: unknown, type: GqlType, byUid: ReadonlyMap<string, GqlType>, sanitized: boolean): unknown {
  if (filters === null || filters === undefined) return {};
  if (Array.isArray(filters)) return filters.map((f) => convertFilters(f, type, byUid, sanitized));
  if (!isPlainObject(filters)) return filters;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'id' || key === 'documentId') {
      out[key] = replaceOperators(value);
      continue;
    }
    const attribute = type.attributes.find((a) => a.name === key);
    if (attribute) {
      if (attribute.kind === 'scalar' && attribute.scalar === 'DateTime' && sanitized) out[key] = withoutDateLists(replaceOperators(value));
      else if (attribute.kind === 'scalar' || attribute.kind === 'enum') out[key] = replaceOperators(value);
      else if (attribute.kind === 'relation' || attribute.kind === 'media') {
        const target = byUid.get(attribute.kind === 'media' ? FILE_UID : attribute.target);
        if (target) out[key] = convertFilters(value, target, byUid, sanitized);
      } else if (attribute.kind === 'component') {
        const component = byUid.get(attribute.component);
        if (component) out[key] = convertFilters(value, component, byUid, sanitized);
      }
    } else if (ROOT_OPERATORS.has(key)) out[`$${key}`] = convertFilters(value, type, byUid, sanitized);
  }
  return out;
}

/** The window a `pagination` argument asks for (throws Strapi's PaginationError for page and offset together). */
export function pageWindow(pagination: unknown, limits: GraphqlLimits): PageWindow {
  // transformArgs defaults a missing pagination only (`const { pagination = {} } = args`): a null one is read as is
  if (pagination === null)
    throw new DatabaseRefusal(
      'Invalid pagination: null; give { page, pageSize } or { start, limit }, or leave it out',
      "Cannot read properties of null (reading 'page')",
    );
  return paginationInfo(
    { pagination: isPlainObject(pagination) ? pagination : {} },
    {
      defaultLimit: limits.defaultLimit,
      maxLimit: limits.maxLimit === -1 ? null : limits.maxLimit,
      withCount: true,
    },
  );
}

/** The plugin's mergePublicationFilterFromGraphQLArgs: `publicationFilter` wins over `hasPublishedVersion`. */
export function publicationParam(args: Record<string, unknown>): string | undefined {
  if (args.publicationFilter !== null && args.publicationFilter !== undefined) return String(args.publicationFilter);
  if (args.hasPublishedVersion !== null && args.hasPublishedVersion !== undefined)
    return args.hasPublishedVersion ? 'has-published-version-document' : 'never-published-document';
  return undefined;
}

/**
 * The publication filter a root query's relations inherit, as the plugin's association resolver reads the root's
 * arguments (rootQueryArgsByPath): an argument counts once given, `null` included, so a `hasPublishedVersion: null`
 * is `never-published-document` (falsy) and a `publicationFilter: null` none (its parse fails) that
 * `hasPublishedVersion` does not replace. The root itself reads both as absent (publicationParam).
 */
export function inheritedPublication(args: Record<string, unknown>): string | undefined {
  if (args.publicationFilter !== undefined) return args.publicationFilter === null ? undefined : String(args.publicationFilter);
  if (args.hasPublishedVersion !== undefined)
    return args.hasPublishedVersion ? 'has-published-version-document' : 'never-published-document';
  return undefined;
}

/** `sort` as the REST query takes it (an empty list is no sort). */
export function restSort(sort: unknown): unknown {
  if (Array.isArray(sort) && sort.length === 0) return undefined;
  return sort ?? undefined;
}
