import qs from 'qs';
import { invalidKey, ValidationError } from '../errors/strapi-errors.js';
import type { ContentType } from '../model/types.js';
import type { Row } from '../data/types.js';
import { isDraftRow, type ContentIndex } from '../data/content-index.js';
import { compileFilters, type Predicate } from './filters.js';
import { filtersJoin, parseFields, withSortColumns } from './fields.js';
import { pageBounds, paginationMeta, parsePagination, type PaginationMeta, type RestLimits } from './pagination.js';
import { parsePopulate, type PopulateNode } from './populate.js';
import { precountRelations, renderRow, renderRows, type Entry, type PopulateBudget } from './render-entry.js';
import type { Scope } from './scope.js';
import { parseSort, sortRecords, type SortTerm } from './sort.js';
import type { Status } from './linked-rows.js';
import { asciiLower } from './values.js';
import { parsePublicationFilter, type RowTest } from './publication-filter.js';
import {
  checkRestrictedFilters,
  checkRestrictedPopulate,
  checkRestrictedSort,
  pruneRestrictedPopulate,
  type CanRead,
} from './restricted-relations.js';
import { isPlainObject } from '../is-plain-object.js';

/** qs exactly as Strapi configures it (`strapi::query`): its depth and array limits decide what a key means. */
export const QS_OPTIONS = { strictNullHandling: true, arrayLimit: 100, depth: 20 } as const;

export function parseQueryString(search: string): Record<string, unknown> {
  return qs.parse(search.startsWith('?') ? search.slice(1) : search, QS_OPTIONS) as Record<string, unknown>;
}

/** Top-level query keys Strapi's strict mode accepts on content API routes. */
export const ALLOWED_QUERY_KEYS = new Set([
  'filters',
  'sort',
  'fields',
  'populate',
  'status',
  'locale',
  'page',
  'pageSize',
  'start',
  'limit',
  '_q',
  'hasPublishedVersion',
  'pagination',
  'count',
  'ordering',
  'publicationFilter',
]);

export interface QueryOptions {
  readonly limits: RestLimits;
  readonly strictParams: boolean;
  /** Whether the caller may read a content type; relations to others are hidden or refused. Default: all. */
  readonly canRead?: CanRead;
  /** The request's populate budget (one per request: it counts what the request renders); none: no limit. */
  readonly budget?: PopulateBudget;
}

/** A validated query, ready to run: the same object serves list, findOne and single-type reads. */
export interface ParsedQuery {
  readonly status: Status;
  /** null: every locale (`locale=*`); undefined: the type is not localized. */
  readonly locales: readonly string[] | null | undefined;
  readonly filters?: Predicate;
  readonly sort: SortTerm[];
  readonly node: PopulateNode;
  readonly search?: string;
  readonly publication?: RowTest;
  readonly raw: Record<string, unknown>;
}

export function parseStatus(raw: unknown): Status {
  if (raw === undefined || raw === null) return 'published';
  // Strapi tests `status === 'published'`, anything else reads drafts: an empty `status=` means draft.
  if (raw === '') return 'draft';
  if (raw === 'published' || raw === 'draft') return raw;
  throw new ValidationError(`Invalid parameter at 'status'. Expected 'published' or 'draft', received: ${String(raw)}`, {});
}

export function parseLocales(index: ContentIndex, type: ContentType, raw: unknown): readonly string[] | null | undefined {
  if (!type.localized) return undefined;
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw];
  const codes = list.map((v) => String(v)).filter((v) => v !== '');
  if (codes.includes('*')) return null;
  return codes.length > 0 ? codes : [index.model.defaultLocale];
}

/** Strapi refuses an object `locale` (on every type, localized or not) after checking the other parameters. */
function checkLocaleShape(raw: unknown): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return;
  throw new ValidationError(
    "Invalid parameter at 'locale'. Expected a string, array of strings, empty string, null, or undefined; received: object",
    { received: raw },
  );
}

/** Validates every parameter in Strapi's order and compiles it; throws the first error Strapi would give. */
export function parseQuery(index: ContentIndex, type: ContentType, query: Record<string, unknown>, opts: QueryOptions): ParsedQuery {
  if (opts.strictParams) {
    for (const key of Object.keys(query)) {
      if (!ALLOWED_QUERY_KEYS.has(key)) throw invalidKey(key, { parent: null, path: null, source: 'query', param: key });
    }
  }
  const scope: Scope = { kind: 'type', type };
  const status = parseStatus(query.status);
  const filters = compileFilters(index, scope, query.filters);
  if (opts.canRead) checkRestrictedFilters(index, scope, query.filters, opts.canRead);
  const sort = parseSort(index, scope, query.sort);
  if (opts.canRead) checkRestrictedSort(index, scope, sort, opts.canRead);
  const fields = withSortColumns(parseFields(scope, query.fields, null), sort, filtersJoin(scope, query.filters));
  const populate = parsePopulate(index, scope, query.populate, null);
  if (opts.canRead) {
    checkRestrictedPopulate(index, scope, query.populate, opts.canRead);
    pruneRestrictedPopulate(index, scope, populate, opts.canRead);
  }
  checkLocaleShape(query.locale);
  let locales = parseLocales(index, type, query.locale);
  // An explicit locale filter replaces the default-locale restriction (Strapi only adds it when none is given).
  const filterObj = query.filters;
  // It wins over a `locale` parameter too: the filter is then the only locale condition.
  if (locales !== undefined && filterObj && typeof filterObj === 'object' && 'locale' in filterObj) locales = null;
  const search = typeof query._q === 'string' && query._q !== '' ? query._q : undefined;
  const publication = parsePublicationFilter(index, type, query);
  return { status, locales, filters, sort, node: { fields, sort: [], count: false, populate }, search, publication, raw: query };
}

function visibleRows(type: ContentType, q: ParsedQuery, rows: readonly Row[]): Row[] {
  const wantDraft = q.status === 'draft';
  return rows.filter(
    (r) =>
      (!type.draftAndPublish || isDraftRow(r) === wantDraft) &&
      (q.locales === undefined || q.locales === null || q.locales.includes(String(r.locale))) &&
      (!q.filters || q.filters(r) === true) &&
      (!q.search || matchesSearch(type, r, q.search)) &&
      (!q.publication || q.publication(r)),
  );
}

const SEARCHABLE = new Set(['string', 'text', 'richtext', 'email', 'uid', 'enumeration']);

/** `_q`: case-insensitive substring over the id and the text attributes, as Strapi's search helper does. */
function matchesSearch(type: ContentType, row: Row, term: string): boolean {
  const t = asciiLower(term);
  if (String(row.id) === term || asciiLower(row.documentId).includes(t)) return true;
  for (const attribute of type.attributes.values()) {
    if (attribute.kind !== 'scalar' || attribute.private || !SEARCHABLE.has(attribute.type)) continue;
    const v = row[attribute.name];
    if (typeof v === 'string' && asciiLower(v).includes(t)) return true;
  }
  return false;
}

export interface ListResult {
  readonly data: Entry[];
  readonly meta: { pagination: PaginationMeta };
}

/** Rows that pass the filters, `_q` and the publication filter (status and locale are already applied). */
function matching(type: ContentType, q: ParsedQuery, rows: readonly Row[]): readonly Row[] {
  const { filters, search, publication } = q;
  if (!filters && !search && !publication) return rows;
  const out: Row[] = [];
  for (const r of rows) {
    if ((!filters || filters(r) === true) && (!search || matchesSearch(type, r, search)) && (!publication || publication(r))) out.push(r);
  }
  return out;
}

/**
 * List a type. The rows of one status and locale, and their order for a given sort, are kept by the index until
 * the next write (a database would keep an index); filters then run over rows already in order.
 */
export function findMany(index: ContentIndex, type: ContentType, query: Record<string, unknown>, opts: QueryOptions): ListResult {
  const q = parseQuery(index, type, query, opts);
  const pagination = parsePagination(query, opts.limits);
  const scope: Scope = { kind: 'type', type };
  const base = index.versionRows(type, q.status === 'draft', q.locales);
  const version = `${type.uid}\u0000${q.status}\u0000${q.locales ? q.locales.join('\u0001') : String(q.locales)}`;
  const sortKey = JSON.stringify(q.sort);
  const ordered =
    q.sort.length === 0 ? base : index.memo(`s\u0000${version}\u0000${sortKey}`, () => sortRecords(index, scope, base, q.sort));
  // The matched rows depend only on the data and on these parameters; pages of the same list share them.
  const narrowing = JSON.stringify([query.filters, query._q, query.publicationFilter, query.hasPublishedVersion]);
  const matched = index.memo(`m\u0000${version}\u0000${sortKey}\u0000${narrowing}`, () => matching(type, q, ordered));
  const { start, limit } = pageBounds(pagination);
  const page = matched.slice(start, start + limit);
  const ctx = { index, status: q.status, budget: opts.budget };
  precountRelations(ctx, type, page, q.node);
  return { data: renderRows(ctx, type, page, q.node), meta: { pagination: paginationMeta(pagination, matched.length) } };
}

/** The row a findOne (or a single-type read) shows, or undefined for Strapi's 404. */
export function findOneRow(index: ContentIndex, type: ContentType, documentId: string | undefined, q: ParsedQuery): Row | undefined {
  // findOne never matches `locale=*`: it needs one locale.
  const star = q.raw.locale === '*' || (Array.isArray(q.raw.locale) && q.raw.locale.includes('*'));
  if (q.locales === null && type.localized && star) return undefined;
  const candidates = documentId === undefined ? index.rows(type.uid) : index.documentRows(type.uid, documentId);
  const rows = visibleRows(type, { ...q, locales: q.locales === null ? undefined : q.locales }, candidates);
  return rows.sort((a, b) => a.id - b.id)[0];
}

export function findOne(
  index: ContentIndex,
  type: ContentType,
  documentId: string | undefined,
  query: Record<string, unknown>,
  opts: QueryOptions,
): Entry | undefined {
  let q = parseQuery(index, type, query, opts);
  // Strapi's findOne puts the path's documentId into the filters (`{...filters, documentId}`): a `documentId`
  // condition of the query is validated, then replaced.
  if (documentId !== undefined && isPlainObject(query.filters) && Object.hasOwn(query.filters, 'documentId')) {
    const { documentId: _replaced, ...filters } = query.filters;
    q = parseQuery(index, type, { ...query, filters }, opts);
  }
  const row = findOneRow(index, type, documentId, q);
  if (!row) return undefined;
  const ctx = { index, status: q.status, budget: opts.budget };
  precountRelations(ctx, type, [row], q.node);
  return renderRow(ctx, type, row, q.node);
}
