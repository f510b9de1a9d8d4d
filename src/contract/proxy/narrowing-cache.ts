import type { ContentType } from '../../core/model/types.js';
import type { Predicate } from '../../core/query/filters.js';
import { parseQuery, parseQueryString, type ParsedQuery } from '../../core/query/run-query.js';
import { compileShownFilters } from './check-filters.js';
import { relationsThrough } from './conditions.js';
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
  /** Targets of the relations the filters and sort go through: a caller who may not read one gets a 400. */
  readonly through: readonly string[];
}

/** The options Strapi's defaults give; only used to parse, never to judge page sizes. */
const PARSE_OPTIONS = { limits: { defaultLimit: 25, maxLimit: 100, withCount: true }, strictParams: false } as const;
/** Distinct (type, query) pairs kept; a client that varies its queries endlessly only costs the re-parse. */
const MAX_ENTRIES = 2000;

// Per contract, so a reloaded model never sees narrowings parsed against the old one.
const caches = new WeakMap<Contract, Map<string, Narrowing>>();

function compile(contract: Contract, type: ContentType, search: string): Narrowing {
  const raw = parseQueryString(search);
  let parsed: ParsedQuery;
  try {
    parsed = parseQuery(contract.index, type, raw, PARSE_OPTIONS);
  } catch (error) {
    return { raw, error, through: [] };
  }
  const through = relationsThrough(contract.index, type, raw.filters, parsed.sort);
  return { raw, parsed, predicate: compileShownFilters(contract.index, type, raw.filters, parsed.node.fields), through };
}

/**
 * The narrowing of a query string for a type. Parsing (qs, populate trees, filter compilation) is pure in the
 * model and the query, so it is done once per distinct query; the checks only read what it returns.
 */
export function narrowingFor(contract: Contract, type: ContentType, search: string): Narrowing {
  let cache = caches.get(contract);
  if (!cache) {
    cache = new Map();
    caches.set(contract, cache);
  }
  const key = `${type.uid}?${search}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const made = compile(contract, type, search);
  // Oldest first out: Map iterates in insertion order.
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, made);
  return made;
}
