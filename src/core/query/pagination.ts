import { PaginationError, ValidationError } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';

export interface RestLimits {
  readonly defaultLimit: number;
  /** null: no cap. */
  readonly maxLimit: number | null;
  readonly withCount: boolean;
}

/**
 * The rows a list asks for, as Strapi's collection service computes them (`getPaginationInfo`): page and pageSize
 * become start and limit before anything checks them, so a fractional page size or a page that is not a number
 * fails on the `start` it produces. `paged` says how the answer's meta is shaped.
 */
export interface PageWindow {
  readonly start: number;
  readonly limit: number;
  readonly paged: boolean;
}

/** A list's pagination as the answer's meta echoes it (what the contract checker compares answers with). */
export type Pagination =
  | { readonly mode: 'page'; readonly page: number; readonly pageSize: number; readonly withCount: boolean }
  | { readonly mode: 'offset'; readonly start: number; readonly limit: number; readonly withCount: boolean };

export type PaginationMeta =
  { page: number; pageSize: number; pageCount?: number; total?: number } | { start: number; limit: number; total?: number };

const isNil = (v: unknown) => v === undefined || v === null;
/** Strapi's document service treats these as "not given". */
const isParamEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** `pagination[…]` as an object (qs gives a string for `pagination=x`, which Strapi reads as no pagination). */
function paginationParam(query: Record<string, unknown>): Record<string, unknown> {
  return isPlainObject(query.pagination) ? query.pagination : {};
}

/**
 * @strapi/utils `withDefaultPagination`, with JavaScript's coercions: values arrive as strings and go through
 * `Math.max` and arithmetic, so `'abc'` becomes NaN, `''` and a bare key become 0, and `page=4&pageSize=1.5` a start
 * of 4.5. Throws Strapi's PaginationError when both forms are given.
 */
export function paginationInfo(query: Record<string, unknown>, limits: RestLimits): PageWindow {
  const p = paginationParam(query);
  const maxLimit = limits.maxLimit ?? -1;
  const capped = (limit: number) => (maxLimit === -1 || limit < maxLimit ? limit : maxLimit);
  // `Math.max` coerces strings; only a number -1 (never a query string) means "no limit"
  const ensure = (start: unknown, limit: unknown) => ({
    start: Math.max(Number(start), 0),
    limit: limit === -1 ? -1 : capped(Math.max(Number(limit), 1)),
  });
  const usePage = !isNil(p.page) || !isNil(p.pageSize);
  const useOffset = !isNil(p.start) || !isNil(p.limit);
  const paged = Object.hasOwn(p, 'page') || Object.hasOwn(p, 'pageSize') || !(Object.hasOwn(p, 'start') || Object.hasOwn(p, 'limit'));
  if (!usePage && !useOffset) return { ...ensure(0, limits.defaultLimit), paged };
  if (usePage && useOffset) throw new PaginationError('Cannot use both page & offset pagination in the same query', {});
  let start: unknown, limit: unknown;
  if (useOffset) {
    // lodash merge keeps the defaults only where the query has no value at all (null replaces them)
    start = p.start === undefined ? 0 : p.start;
    limit = p.limit === undefined ? limits.defaultLimit : p.limit;
  } else {
    const pageSize = isNil(p.pageSize) ? limits.defaultLimit : Math.max(1, Number(p.pageSize));
    const page = p.page === undefined ? 1 : Number(p.page);
    const pageLimit = ensure(0, pageSize).limit;
    start = (page - 1) * pageLimit;
    limit = pageLimit;
  }
  if (limit === -1) limit = maxLimit;
  return { ...ensure(start, limit), paged };
}

/**
 * The document service's strict pagination check (`checkPagination` under `documents.strictParams`) over the
 * parameters it is given: a list's are the query's top-level ones with the service's own window (so a top-level
 * `page` always meets it), a findOne's or a single type's the query's top-level ones alone. A value is read with
 * `Number`, so a duplicated key (`limit=1&limit=1`, a list) is refused with its text (`received: 1,1`).
 */
export function checkServicePagination(query: Record<string, unknown>, window?: PageWindow): void {
  const params: Record<string, unknown> = window ? { ...query, start: window.start, limit: window.limit } : query;
  const hasPage = !isParamEmpty(params.page) || !isParamEmpty(params.pageSize);
  if (hasPage && (!isParamEmpty(params.start) || !isParamEmpty(params.limit))) {
    throw new ValidationError(
      'Invalid pagination parameters. Cannot use both page-based (page, pageSize) and offset-based (start, limit) pagination in the same query.',
      {},
    );
  }
  for (const [name, min, minusOne] of [
    ['page', 1, false],
    ['pageSize', 1, false],
    ['start', 0, false],
    ['limit', 1, true],
  ] as const) {
    const value = params[name];
    if (isParamEmpty(value)) continue;
    const n = toNumber(value);
    if (!(Number.isInteger(n) && (n >= min || (minusOne && n === -1)))) {
      const expected = minusOne ? `integer >= ${min} or -1` : `integer >= ${min}`;
      throw new ValidationError(`Invalid parameter at '${name}'. Expected ${expected}, received: ${String(value)}`, {});
    }
  }
  const withCount = params.withCount;
  if (isParamEmpty(withCount) || typeof withCount === 'boolean' || withCount === 'true' || withCount === 'false') return;
  throw new ValidationError(`Invalid parameter at 'withCount'. Expected a boolean, received: ${typeof withCount}`, {});
}

/** lodash `toNumber` as the conversion uses it: strings trimmed, an array or object through its string form. */
const toNumber = (v: unknown): number => (typeof v === 'object' && v !== null ? Number(String(v)) : Number(v));

/**
 * The query conversion's pagination checks (`transformQueryParams`), the only ones when `documents.strictParams` is
 * off: a list's start and limit are the service's window (so a top-level `page` always meets them), a findOne's or
 * a single type's are the query's top-level ones.
 */
export function convertPagination(query: Record<string, unknown>, window: PageWindow | undefined): void {
  const { page, pageSize } = query;
  const start = window ? window.start : query.start;
  const limit = window ? window.limit : query.limit;
  if ((!isNil(page) || !isNil(pageSize)) && (!isNil(start) || !isNil(limit)))
    throw new PaginationError('Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object', {});
  for (const [name, value] of [
    ['page', page],
    ['pageSize', pageSize],
  ] as const) {
    if (isNil(value)) continue;
    const n = toNumber(value);
    if (!Number.isInteger(n) || n <= 0)
      throw new PaginationError(`Invalid '${name}' parameter. Expected an integer > 0, received: ${String(value)}`, {});
  }
  if (!isNil(start)) {
    const n = toNumber(start);
    if (!Number.isInteger(n) || n < 0) throw new ValidationError(`convertStartQueryParams expected a positive integer got ${n}`, {});
  }
  if (!isNil(limit)) {
    const n = toNumber(limit);
    if (!Number.isInteger(n) || (n !== -1 && n < 0))
      throw new ValidationError(`convertLimitQueryParams expected a positive integer got ${n}`, {});
  }
}

/** The service's `shouldCount`, asked after the rows were read (so its error comes last). */
export function shouldCount(query: Record<string, unknown>, limits: RestLimits): boolean {
  const p = paginationParam(query);
  if (!Object.hasOwn(p, 'withCount')) return limits.withCount;
  const v = p.withCount;
  if (typeof v === 'boolean') return v;
  if (v === undefined) return false;
  if (v === 'true' || v === 't' || v === '1') return true;
  if (v === 'false' || v === 'f' || v === '0') return false;
  throw new ValidationError('Invalid withCount parameter. Expected "t","1","true","false","0","f"', {});
}

/** Strapi's `transformPagedPaginationInfo` / `transformOffsetPaginationInfo` over start and limit. */
export function paginationMeta(p: PageWindow, total: number, withCount: boolean): PaginationMeta {
  if (!p.paged) return withCount ? { start: p.start, limit: p.limit, total } : { start: p.start, limit: p.limit };
  const page = Math.floor(p.start / p.limit) + 1;
  return withCount
    ? { page, pageSize: p.limit, pageCount: p.limit > 0 ? Math.ceil(total / p.limit) : 0, total }
    : { page, pageSize: p.limit };
}

/** The page a list answer's meta shows, without the document service's strict check (documents.strictParams). */
export function pageOf(query: Record<string, unknown>, limits: RestLimits): Pagination {
  const window = paginationInfo(query, limits);
  const withCount = shouldCount(query, limits);
  return window.paged
    ? { mode: 'page', page: Math.floor(window.start / window.limit) + 1, pageSize: window.limit, withCount }
    : { mode: 'offset', start: window.start, limit: window.limit, withCount };
}
