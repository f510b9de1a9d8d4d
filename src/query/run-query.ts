import qs from 'qs';
import { invalidKey, ValidationError } from '../errors/strapi-errors.js';
import type { ContentType } from '../model/types.js';
import type { Row } from '../store/types.js';
import { isDraftRow, type ContentIndex } from './content-index.js';
import { compileFilters, type Predicate } from './filters.js';
import { parseFields } from './fields.js';
import { pageBounds, paginationMeta, parsePagination, type PaginationMeta, type RestLimits } from './pagination.js';
import { parsePopulate, type PopulateNode } from './populate.js';
import { renderRow, type Entry } from './render-entry.js';
import type { Scope } from './scope.js';
import { parseSort, sortRecords, type SortTerm } from './sort.js';
import type { Status } from './linked-rows.js';
import { asciiLower } from './values.js';
import { parsePublicationFilter, type RowTest } from './publication-filter.js';

/** qs exactly as Strapi configures it (`strapi::query`): its depth and array limits decide what a key means. */
export const QS_OPTIONS = { strictNullHandling: true, arrayLimit: 100, depth: 20 } as const;

export function parseQueryString(search: string): Record<string, unknown> {
  return qs.parse(search.startsWith('?') ? search.slice(1) : search, QS_OPTIONS) as Record<string, unknown>;
}

/** Top-level query keys Strapi's strict mode accepts on content API routes. */
export const ALLOWED_QUERY_KEYS = new Set([
  'filters', 'sort', 'fields', 'populate', 'status', 'locale', 'page', 'pageSize', 'start', 'limit', '_q',
  'hasPublishedVersion', 'pagination', 'count', 'ordering', 'publicationFilter',
]);

export interface QueryOptions {
  readonly limits: RestLimits;
  readonly strictParams: boolean;
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
  if (raw === undefined || raw === null || raw === '') return 'published';
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
  const sort = parseSort(index, scope, query.sort);
  const fields = parseFields(scope, query.fields, null);
  const populate = parsePopulate(index, scope, query.populate, null);
  let locales = parseLocales(index, type, query.locale);
  // An explicit locale filter replaces the default-locale restriction (Strapi only adds it when none is given).
  const filterObj = query.filters;
  if (locales !== undefined && query.locale === undefined && filterObj && typeof filterObj === 'object' && 'locale' in filterObj) locales = null;
  const search = typeof query._q === 'string' && query._q !== '' ? query._q : undefined;
  const publication = parsePublicationFilter(index, type, query);
  return { status, locales, filters, sort, node: { fields, sort: [], count: false, populate }, search, publication, raw: query };
}

function visibleRows(index: ContentIndex, type: ContentType, q: ParsedQuery, rows: readonly Row[]): Row[] {
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

export function findMany(index: ContentIndex, type: ContentType, query: Record<string, unknown>, opts: QueryOptions): ListResult {
  const q = parseQuery(index, type, query, opts);
  const pagination = parsePagination(query, opts.limits);
  const scope: Scope = { kind: 'type', type };
  const matched = sortRecords(index, scope, visibleRows(index, type, q, index.rows(type.uid)), q.sort);
  const { start, limit } = pageBounds(pagination);
  const page = matched.slice(start, start + limit);
  const ctx = { index, status: q.status };
  return { data: page.map((row) => renderRow(ctx, type, row, q.node)), meta: { pagination: paginationMeta(pagination, matched.length) } };
}

/** The row a findOne (or a single-type read) shows, or undefined for Strapi's 404. */
export function findOneRow(index: ContentIndex, type: ContentType, documentId: string | undefined, q: ParsedQuery): Row | undefined {
  // findOne never matches `locale=*`: it needs one locale.
  if (q.locales === null && type.localized && q.raw.locale !== undefined) return undefined;
  const candidates = documentId === undefined ? index.rows(type.uid) : index.documentRows(type.uid, documentId);
  const rows = visibleRows(index, type, { ...q, locales: q.locales === null ? undefined : q.locales }, candidates);
  return rows.sort((a, b) => a.id - b.id)[0];
}

export function findOne(index: ContentIndex, type: ContentType, documentId: string | undefined, query: Record<string, unknown>, opts: QueryOptions): Entry | undefined {
  const q = parseQuery(index, type, query, opts);
  const row = findOneRow(index, type, documentId, q);
  return row && renderRow({ index, status: q.status }, type, row, q.node);
}
