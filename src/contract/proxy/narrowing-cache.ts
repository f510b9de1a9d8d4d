import { DEEP_POPULATE_PARAMS, withDeepPopulate } from '../../core/query/deep-populate.js';
import type { ContentType } from '../../core/model/types.js';
import { StrapiError } from '../../core/errors/strapi-errors.js';
import type { Predicate } from '../../core/query/filters.js';
import { pageOf, paginationInfo, shouldCount, type PageWindow, type Pagination, type RestLimits } from '../../core/query/pagination.js';
import type { CanRead } from '../../core/query/restricted-relations.js';
import {
  ALLOWED_QUERY_KEYS,
  parseListQuery,
  parseQuery,
  parseQueryString,
  withoutDocumentId,
  type ParsedQuery,
} from '../../core/query/run-query.js';
import { compileShownFilters, relationFilters, type RelationFilter } from './check-filters.js';
import type { Contract } from './load-contract.js';

/** What one query string means for the answers to it: parsed once, reused for every request that repeats it. */
export interface Narrowing {
  /** The query as `qs` parses it (pagination is judged on the raw values). */
  readonly raw: Record<string, unknown>;
  /** Undefined when the query does not parse; `error` then says why. */
  readonly parsed?: ParsedQuery;
  readonly error?: unknown;
  /** The request's filters reduced to what the rows can prove; undefined when nothing is left. */
  readonly predicate?: Predicate;
  /** The same on a findOne, whose path's documentId replaces a top-level `filters[documentId]` (as the engine reads it). */
  readonly findOnePredicate?: Predicate;
  /** Conditions through populated to-one relations, judged on the related entries shown. */
  readonly relations: readonly RelationFilter[];
  /**
   * The content types whose readability the engine's parse asked about (relations in populate, filters and sort):
   * what the caller may read of them changes the answer (hidden relations, `Invalid key` refusals).
   */
  readonly touched: readonly string[];
  /** Why Strapi refuses this query (400) on a findOne or a single type, whatever the data: a 2xx then is a break. */
  readonly refusal?: string;
  /** Why Strapi refuses it on a list (find), whose pagination is its window's (see parseListQuery). */
  readonly listRefusal?: string;
  /** The page a list answer must be, with the project's REST limits. */
  readonly pagination?: Pagination;
  /** The rows it covers (a fractional page starts between pages: `page=1.5&pageSize=2` starts at row 1). */
  readonly window?: PageWindow;
}

/** What the checker knows of the target's REST settings (`config/api.js`, the config file's `rest` and `documents`). */
export interface RestSettings {
  readonly limits: RestLimits;
  /** Undefined: not known, unknown query parameters are not judged. */
  readonly strictParams?: boolean;
  /**
   * `documents.strictParams` (status, locale and pagination checked by the document service): a project written
   * before 5.x set it has none of these checks (harness monblog, sitedemo: `status=DRAFT` answers 200). False when
   * not known: a check the target may not make is never judged.
   */
  readonly strictDocumentParams: boolean;
}

/** Strapi's own defaults; strictParams is left unjudged when no project settings were read. */
const STRAPI_DEFAULTS: RestSettings = { limits: { defaultLimit: 25, maxLimit: 100, withCount: true }, strictDocumentParams: false };

export function restSettingsOf(contract: Contract): RestSettings {
  const rest = contract.config?.rest;
  if (!rest) return STRAPI_DEFAULTS;
  return {
    limits: { defaultLimit: rest.defaultLimit, maxLimit: rest.maxLimit, withCount: rest.withCount },
    strictParams: rest.strictParams,
    strictDocumentParams: contract.config?.documents.strictParams ?? false,
  };
}

/**
 * Refusals Strapi gives whatever the data and the caller (its own messages, which the engine copies): only these
 * turn a 2xx into a violation, so an engine rule Strapi does not share can never raise a false alarm.
 */
const ALWAYS_REFUSED =
  /^(Invalid key |Invalid parameter at |Invalid order\.|Invalid pagination parameters|Cannot use both page|Invalid withCount parameter|Invalid nested populate|Using fragments is not permitted)/;

function refusalOf(error: unknown): string | undefined {
  return error instanceof StrapiError && error.status === 400 && ALWAYS_REFUSED.test(error.message) ? error.message : undefined;
}
function withCountRefusal(raw: Record<string, unknown>, limits: RestLimits): string | undefined {
  try {
    shouldCount(raw, limits);
    return undefined;
  } catch (error) {
    return refusalOf(error);
  }
}
/** Distinct (type, query) pairs kept; a client that varies its queries endlessly only costs the re-parse. */
const MAX_ENTRIES = 2000;

// Per contract, so a reloaded model never sees narrowings parsed against the old one.

function pageOrUndefined(raw: Record<string, unknown>, limits: RestLimits): Pick<Narrowing, 'pagination' | 'window'> {
  try {
    return { pagination: pageOf(raw, limits), window: paginationInfo(raw, limits) };
  } catch {
    return {};
  }
}

/**
 * The engine's own parse of the query, as the mock runs it for a caller who may read what `canRead` says (every type
 * when not given). The types the parse asks about are recorded: they are what the verdict depends on.
 */
function compile(contract: Contract, type: ContentType, search: string, canRead: CanRead | undefined): Narrowing {
  // a project with populate-deep: its pLevel is a known key, and the answer's populate is the plugin's
  const deep = contract.config?.plugins.populateDeep;
  const asSent = parseQueryString(search);
  const raw = deep ? { ...withDeepPopulate(contract.model, type, asSent, deep) } : asSent;
  const known = (k: string) => ALLOWED_QUERY_KEYS.has(k) || (deep != null && (DEEP_POPULATE_PARAMS as readonly string[]).includes(k));
  const settings = restSettingsOf(contract);
  const unknownKey = settings.strictParams ? Object.keys(raw).find((k) => !known(k)) : undefined;
  const strict = unknownKey === undefined ? undefined : `Invalid key ${unknownKey}`;
  const asked = new Set<string>();
  const options = {
    limits: settings.limits,
    // Parsed leniently: an unknown parameter is judged above, and the rest of the query still narrows the answer.
    strictParams: false,
    strictDocumentParams: settings.strictDocumentParams,
    canRead: (uid: string) => {
      if (contract.model.contentTypes.has(uid)) asked.add(uid);
      return canRead ? canRead(uid) : true;
    },
  };
  // The engine's own parses, as the mock runs them: a lookup's (findOne, single type) and a list's, which differ in
  // what they check of pagination (school: `start=-1&status=draft` is refused on a findOne, a list answers 200).
  let parsed: ParsedQuery | undefined;
  let error: unknown;
  let listError: unknown;
  try {
    parsed = parseQuery(contract.index, type, raw, options);
  } catch (e) {
    error = e;
  }
  try {
    const listed = parseListQuery(contract.index, type, raw, options);
    parsed ??= listed;
  } catch (e) {
    listError = e;
  }
  const refusal = strict ?? (error === undefined ? undefined : refusalOf(error));
  // a list's meta reads withCount last (findManyPage's meta): its refusal comes after every other
  const listRefusal = strict ?? (listError === undefined ? withCountRefusal(raw, settings.limits) : refusalOf(listError));
  if (!parsed) {
    const failed = { raw, error: error ?? listError, touched: [...asked], relations: [], refusal, listRefusal };
    // A filter the engine cannot compile (an operand it does not cast the way the target does) must not cost the
    // rest of the narrowing: populate, fields, locale, status and pagination are still judged, the filter is not.
    const { filters: _dropped, ...rest } = raw;
    if ((refusal !== undefined && listRefusal !== undefined) || raw.filters === undefined) return failed;
    try {
      parsed = parseQuery(contract.index, type, rest, options);
    } catch {
      return failed;
    }
    return { ...failed, parsed, ...pageOrUndefined(raw, settings.limits) };
  }
  return {
    raw,
    parsed,
    predicate: compileShownFilters(contract.index, type, raw.filters, parsed.node.fields),
    findOnePredicate: compileShownFilters(contract.index, type, withoutDocumentId(raw.filters), parsed.node.fields),
    relations: relationFilters(contract.index, type, raw.filters, parsed.node),
    touched: [...asked],
    refusal,
    listRefusal,
    ...pageOrUndefined(raw, settings.limits),
  };
}

/** The cached compilations of one key, each with the readability it was made under (every type its parse asked). */
interface Variant {
  readonly readable: ReadonlyMap<string, boolean>;
  readonly narrowing: Narrowing;
}
const variantCaches = new WeakMap<Contract, Map<string, Variant[]>>();

/** A compilation made for a caller who reads the types its parse asked about as `canRead` does. */
function variants(contract: Contract, key: string, canRead: CanRead, make: () => Narrowing): Narrowing {
  let cache = variantCaches.get(contract);
  if (!cache) variantCaches.set(contract, (cache = new Map()));
  const list = cache.get(key) ?? [];
  const hit = list.find((v) => [...v.readable].every(([uid, readable]) => canRead(uid) === readable));
  if (hit) return hit.narrowing;
  const narrowing = make();
  // Oldest first out: Map iterates in insertion order.
  if (!cache.has(key) && cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, [...list.slice(-7), { readable: new Map(narrowing.touched.map((uid) => [uid, canRead(uid)])), narrowing }]);
  return narrowing;
}

/**
 * The narrowing of a query string for a type, for a caller who may read every type, or (`canRead`) what it says.
 * Parsing (qs, populate trees, filter compilation) is pure in the model, the query and the readability of the types
 * the parse asks about, so it is done once per distinct combination; the checks only read what it returns.
 */
export function narrowingFor(contract: Contract, type: ContentType, search: string, canRead?: CanRead): Narrowing {
  const key = `${type.uid}?${search}`;
  return variants(contract, key, canRead ?? (() => true), () => compile(contract, type, search, canRead));
}
