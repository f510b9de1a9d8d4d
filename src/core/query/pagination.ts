import { PaginationError, ValidationError } from '../errors/strapi-errors.js';
import { parseBooleanLike } from './values.js';
import { isPlainObject } from '../is-plain-object.js';

export interface RestLimits {
  readonly defaultLimit: number;
  /** null: no cap. */
  readonly maxLimit: number | null;
  readonly withCount: boolean;
}

export type Pagination =
  | { readonly mode: 'page'; readonly page: number; readonly pageSize: number; readonly withCount: boolean }
  | { readonly mode: 'offset'; readonly start: number; readonly limit: number; readonly withCount: boolean };

export type PaginationMeta =
  { page: number; pageSize: number; pageCount?: number; total?: number } | { start: number; limit: number; total?: number };

const has = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k) && o[k] !== undefined;

/**
 * Strapi's pagination rules, quirks included: sizes below 1 become 1, sizes above maxLimit are clamped, a size
 * that is not a number becomes maxLimit, a page that is not a number fails on the offset it produces.
 */
export function parsePagination(query: Record<string, unknown>, limits: RestLimits): Pagination {
  if (has(query, 'page') || has(query, 'pageSize')) {
    throw new ValidationError(
      'Invalid pagination parameters. Cannot use both page-based (page, pageSize) and offset-based (start, limit) pagination in the same query.',
      {},
    );
  }
  const raw = query.pagination;
  const p = isPlainObject(raw) ? raw : {};
  let withCount = limits.withCount;
  if (has(p, 'withCount')) {
    const b = parseBooleanLike(p.withCount);
    if (b === undefined) throw new ValidationError('Invalid withCount parameter. Expected "t","1","true","false","0","f"', {});
    withCount = b;
  }
  const paged = has(p, 'page') || has(p, 'pageSize');
  const offset = has(p, 'start') || has(p, 'limit');
  if (paged && offset) throw new PaginationError('Cannot use both page & offset pagination in the same query', {});
  const cap = (size: number) =>
    Number.isNaN(size)
      ? (limits.maxLimit ?? limits.defaultLimit)
      : limits.maxLimit !== null && size > limits.maxLimit
        ? limits.maxLimit
        : size;

  if (offset) {
    const limit = has(p, 'limit') ? cap(Math.max(1, size(p.limit))) : limits.defaultLimit;
    const start = has(p, 'start') ? Math.max(0, Number(p.start)) : 0;
    checkStart(start);
    return { mode: 'offset', start, limit, withCount };
  }
  const pageSize = has(p, 'pageSize') ? cap(Math.max(1, size(p.pageSize))) : limits.defaultLimit;
  const page = has(p, 'page') ? Math.max(1, Number(p.page)) : 1;
  checkStart((page - 1) * pageSize);
  return { mode: 'page', page, pageSize, withCount };
}

/** A page size or limit: a fraction is refused (Strapi checks it is an integer), a non-number is left NaN. */
function size(raw: unknown): number {
  const n = Number(raw);
  if (!Number.isNaN(n) && !Number.isInteger(n)) {
    throw new ValidationError(`Invalid parameter at 'limit'. Expected integer >= 1 or -1, received: ${n}`, {});
  }
  return n;
}

function checkStart(start: number): void {
  if (!Number.isInteger(start) || start < 0) {
    throw new ValidationError(`Invalid parameter at 'start'. Expected integer >= 0, received: ${start}`, {});
  }
}

export function pageBounds(p: Pagination): { start: number; limit: number } {
  return p.mode === 'offset' ? { start: p.start, limit: p.limit } : { start: (p.page - 1) * p.pageSize, limit: p.pageSize };
}

export function paginationMeta(p: Pagination, total: number): PaginationMeta {
  if (p.mode === 'offset') return p.withCount ? { start: p.start, limit: p.limit, total } : { start: p.start, limit: p.limit };
  return p.withCount
    ? { page: p.page, pageSize: p.pageSize, pageCount: Math.ceil(total / p.pageSize), total }
    : { page: p.page, pageSize: p.pageSize };
}
