import qs from 'qs';
import { isPlainObject } from '../is-plain-object.js';
import { invalidKey, StrapiError, ValidationError } from '../errors/strapi-errors.js';
import type { ContentType } from '../model/types.js';
import type { Row } from '../data/types.js';
import { isDraftRow, type ContentIndex } from '../data/content-index.js';
import { inDocumentsIndexOrder } from '../data/document-row-order.js';
import { compileFilters, type Predicate } from './filters.js';
import { matchingWindow } from './filter-columns.js';
import { filtersJoin, parseFields, sortLead, starLead, withSortColumns } from './fields.js';
import {
  checkServicePagination,
  convertPagination,
  paginationInfo,
  paginationMeta,
  shouldCount,
  type PageWindow,
  type PaginationMeta,
  type RestLimits,
} from './pagination.js';
import { sanitizeFilters } from './sanitize-filters.js';
import { DatabaseRefusal, FiltersParameterError, isRefusedKey, ServiceKeyRefusal } from './query-errors.js';
import { checkLocale, checkLocaleShape, checkLookupLocale } from './locale-param.js';
import { strapiSchema } from './strapi-schema.js';
import { validateFields, validateFilters, validateSort } from './validate-query.js';
import { parsePopulate, parseQueryPopulate, WildcardRefusal, type PopulateNode } from './populate.js';
import {
  batchDependent,
  precountRelations,
  precountSteps,
  renderRow,
  partRows,
  renderPart,
  renderRows,
  populateOrder,
  type PartRows,
  type Entry,
  type PopulateBudget,
  type RenderContext,
} from './render-entry.js';
import { type Scope } from './scope.js';
import type { RecallParse, RecallShape } from './parsed-query-cache.js';
import { populateInOrder, shapeKey } from './query-shape.js';
import { componentStatusSortFailure, emptyOrderPaths, parseSort, sortRecords, sortTables, type SortTerm } from './sort.js';
import type { Status } from './linked-rows.js';
import { asciiLower } from './values.js';
import { checkPublicationFilterParam, parsePublicationFilter, type RowTest } from './publication-filter.js';
import {
  checkRestrictedFilters,
  checkRestrictedSort,
  keptNestedPopulate,
  keptPopulatePaths,
  pruneRestrictedPopulate,
  type CanRead,
} from './restricted-relations.js';

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
  /** Builds the values a lazy import left waiting in rows about to be read (see RenderContext.settle). */
  readonly settleRows?: (rows: readonly Row[]) => void;
  /**
   * Strapi's `documents.strictParams` (default true): the document service checks status, locale and pagination.
   * Off, a status other than `published` means draft, and pagination fails in the query conversion instead.
   */
  readonly strictDocumentParams?: boolean;
  /** Writes: Strapi's `documents.strictRelations` (required media and relations must hold something). */
  readonly strictRelations?: boolean;
  /** Reads: a parse kept from an earlier request with the same query (see ParsedQueryCache); none: parsed here. */
  readonly recall?: RecallParse;
  /** Reads: what a query's shape parses to, kept from an earlier request of that shape (see QueryShape); none: parsed here. */
  readonly shapes?: RecallShape;
  /**
   * GraphQL: the populate is made from the document's own selection (each relation level a resolver of its own in
   * Strapi), so it nests as deep as the document does: no depth guard.
   */
  readonly selectionPopulate?: boolean;
  /**
   * Query parameters a plugin adds to the Content API routes (contentAPI.addQueryParams): strict params accept its
   * keys, then `check` validates them (Strapi's Zod schemas) and throws Strapi's error.
   */
  readonly extraParams?: { readonly keys: readonly string[]; check(query: Readonly<Record<string, unknown>>): void };
  /** The document service's call (project code): its populate meets Strapi's converter only, no content API validator. */
  readonly documentService?: boolean;
  /**
   * A core service's call (project code): what it is given reaches the document service's converter, which splits a
   * fields list's comma item (`['slug,name']`, a list the content API's sanitizer does not walk) instead of refusing it.
   */
  readonly coreService?: boolean;
  /** The document service's findFirst (the query engine's findOne): its one row is read without an ORDER BY. */
  readonly firstRow?: boolean;
  /** The query engine's call (`strapi.db.query`): its `where` reaches the database as it is, unconverted. */
  readonly queryEngine?: boolean;
}

const parseNow: RecallParse = (_part, compute) => compute();

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

export function parseStatus(raw: unknown, strict = true): Status {
  if (raw === undefined) return 'published';
  // a key without a value (`?status`) is kept by the service's defaults (`{status: 'published', ...params}`), then
  // dropped as empty: the document service's default, draft, applies
  if (raw === null) return 'draft';
  // without documents.strictParams nothing checks it: the document service's `defaultToDraft` reads drafts
  if (!strict) return raw === 'published' ? 'published' : 'draft';
  // Strapi tests `status === 'published'`, anything else reads drafts: an empty `status=` means draft.
  if (raw === '') return 'draft';
  if (raw === 'published' || raw === 'draft') return raw;
  throw new ValidationError(`Invalid parameter at 'status'. Expected 'published' or 'draft', received: ${String(raw)}`, {});
}

export function parseLocales(index: ContentIndex, type: ContentType, raw: unknown): readonly string[] | null | undefined {
  if (!type.localized) return undefined;
  // `*` means every locale only as the whole value: in a list it is a locale code like any other
  if (raw === '*') return null;
  // A list is looked up as given (`locale IN (...)`): the default locale stands in only for no value at all, so a list
  // of empty strings matches nothing (Strapi's defaultLocale tests `!params.locale`; documents.strictParams would have
  // dropped the empty ones first: harness REST grupobd-811, rohi-811)
  if (Array.isArray(raw)) return raw.map((v) => String(v));
  return raw === undefined || raw === null || raw === '' ? [index.model.defaultLocale] : [String(raw)];
}

/**
 * The order in which Strapi reports a query's mistakes: its validators first (publicationFilter, unknown top-level
 * keys, then filters, sort, fields and populate, each through all its passes), then the collection service's
 * pagination, the document service's status, locale and start/limit checks, then the conversion to a database query
 * (sort, fields, populate), then what only the database finds (filter values, sorts through a scalar: a 500 in
 * Strapi, a 400 naming the cause here), and last the count.
 */
const enum Stage {
  PublicationFilter = 0,
  Filters = 10,
  RestrictedFilters = 11,
  Sort = 12,
  RestrictedSort = 13,
  Fields = 14,
  Populate = 15,
  PaginationForm = 20,
  /** the document service's own validators (`validateParams`): fields the controller's did not walk */
  ServiceFields = 24,
  /** `populate[attr]=*` refused: after the pagination form, before status (probes/links-mini-wildcard-order.json) */
  NestedWildcard = 25,
  Status = 30,
  Locale = 31,
  ServicePagination = 32,
  /** findOne and a single type's find look one locale up: a list of locales is refused (localeToLookup) */
  LocaleLookup = 34,
  ConvertSort = 40,
  ConvertFields = 42,
  ConvertPopulate = 43,
  /** without documents.strictParams: the query conversion's own pagination checks, after populate's */
  ConvertPagination = 44,
  /** `hasPublishedVersion`, read once the document service converted the rest (`transformParamsToQuery`) */
  PublicationParam = 45,
  Database = 50,
  /** A sort path the database cannot run fails when the query runs, after the WHERE's value errors. */
  DatabaseSort = 51,
  /** The database builds the SELECT after ORDER BY and WHERE (`processState`): a field it cannot select fails last. */
  DatabaseSelect = 52,
  Count = 60,
}

/**
 * The document service spreads the query's where over its lookup (`{ ...lookup, ...where }`: the status's
 * `publishedAt` on a draft & publish type, then the `locale` on a localized one unless `*`): a filter on one of those
 * keys takes the lookup's place, first in the WHERE the database processes, so its value's error comes before an
 * earlier key's (harness LaunchPad grammar seed 1102, scripts/harness/reports/s11-grammar-probe-and-under-field-strapi.json:
 * `filters[slug][$and][0][$eq]=a&filters[publishedAt][$gte]=2026-1` is the date's 400, with `createdAt` a 500).
 */
function lookupKeysFirst(type: ContentType, locale: unknown, filters: unknown): unknown {
  if (!isPlainObject(filters)) return filters;
  const first = [...(type.draftAndPublish ? ['publishedAt'] : []), ...(type.localized && locale !== '*' ? ['locale'] : [])].filter((k) =>
    Object.hasOwn(filters, k),
  );
  if (
    first.length === 0 ||
    Object.keys(filters)
      .slice(0, first.length)
      .every((k, i) => k === first[i])
  )
    return filters;
  const out: Record<string, unknown> = {};
  for (const k of first) out[k] = filters[k];
  for (const [k, v] of Object.entries(filters)) if (!first.includes(k)) out[k] = v;
  return out;
}

/** The paths of a sort whose conversion failed (none when its paths fail too: that error is the sort's own). */
function lenientSort(parse: () => SortTerm[]): SortTerm[] {
  try {
    return parse();
  } catch {
    return [];
  }
}

/** Runs steps in any order and keeps the error of the earliest stage, so each step can run once, where it fits. */
class Staged {
  private first: { stage: number; error: StrapiError } | undefined;
  run<T>(stage: number | ((e: StrapiError) => number), step: () => T): T | undefined {
    try {
      return step();
    } catch (error) {
      if (!(error instanceof StrapiError)) throw error;
      const at = typeof stage === 'number' ? stage : stage(error);
      if (!this.first || at < this.first.stage) this.first = { stage: at, error };
      return undefined;
    }
  }
  failed(before = Infinity): boolean {
    return this.first !== undefined && this.first.stage < before;
  }
  throwFirst(): void {
    if (this.first) throw this.first.error;
  }
}

/** A refused key is a validator's finding; anything else the parser refuses is a later conversion step. */
const keyOr = (later: number) => (e: StrapiError) => (isRefusedKey(e) ? Stage.Populate : later);

/**
 * Strapi's `validateQuery` (the content API validators alone): what a controller calls before its own code runs. A
 * mistake only the later query conversion finds (a populate shape it cannot convert) passes here.
 */
export function validateQuery(index: ContentIndex, type: ContentType, query: Record<string, unknown>, opts: QueryOptions): void {
  parseStaged(index, type, query, opts, undefined, false, false, true);
}

/**
 * A list's parse (a collection type's find): its pagination is the list window's (the controller reads `pagination`,
 * the document service checks the window it got), where a lookup's checks the query's own top-level `start`/`limit`.
 */
export function parseListQuery(index: ContentIndex, type: ContentType, query: Record<string, unknown>, opts: QueryOptions): ParsedQuery {
  return parseStaged(index, type, query, opts, opts.limits).q;
}

/** Validates every parameter in Strapi's order and compiles it; throws the first error Strapi would give. */
export function parseQuery(index: ContentIndex, type: ContentType, query: Record<string, unknown>, opts: QueryOptions): ParsedQuery {
  return parseStaged(index, type, query, opts, undefined).q;
}

function parseStaged(
  index: ContentIndex,
  type: ContentType,
  query: Record<string, unknown>,
  opts: QueryOptions,
  limits: RestLimits | undefined,
  byDocumentId = false,
  oneLocale = false,
  validateOnly = false,
): { q: ParsedQuery; pagination?: PageWindow } {
  const call: ParseCall = { index, type, query, opts, limits, byDocumentId, oneLocale };
  if (validateOnly || !opts.shapes) return parseAll(call, validateOnly).parsed;
  // A query of a shape already parsed without a mistake: only the steps that read its values run again (see QueryShape)
  const kind = `${limits ? 'l' : '-'}${byDocumentId ? 'd' : '-'}${oneLocale ? 'o' : '-'}`;
  let parsed: { q: ParsedQuery; pagination?: PageWindow } | undefined;
  const shape = opts.shapes(`${kind}\u0000${shapeKey(query)}`, () => {
    const all = parseAll(call, false);
    parsed = all.parsed;
    return all.shape;
  });
  if (parsed) return parsed;
  // (a shape names populate's first level in sorted order: its tree is put in this query's order)
  const node = populateInOrder(shape.q.node, query.populate);
  if (!node) return parseAll(call, false).parsed;
  return bindShape(call, node === shape.q.node ? shape : { q: { ...shape.q, node } });
}

/** What a parse reads besides the data: the query, the type and how the route reads it. */
interface ParseCall {
  readonly index: ContentIndex;
  readonly type: ContentType;
  readonly query: Record<string, unknown>;
  readonly opts: QueryOptions;
  readonly limits: RestLimits | undefined;
  readonly byDocumentId: boolean;
  readonly oneLocale: boolean;
}

/** What a query's shape parses to, whatever its filter and pagination values (see QueryShape). */
interface ParsedShape {
  readonly q: Omit<ParsedQuery, 'filters' | 'raw'>;
}

/**
 * The steps that read a query's filter and pagination values, in the order and at the stages parseAll runs them:
 * the list's window, the service's pagination checks, the filters' compilation.
 */
function valueSteps(staged: Staged, scope: Scope, call: ParseCall, sort: readonly SortTerm[]) {
  const { index, query, opts, limits, byDocumentId } = call;
  const strictDocs = opts.strictDocumentParams !== false;
  const internal = opts.documentService === true;
  let pagination: PageWindow | undefined;
  return {
    window: () => (pagination = limits && staged.run(Stage.PaginationForm, () => paginationInfo(query, limits))),
    service: () => {
      if (strictDocs) {
        // (a list whose window failed already reported it at PaginationForm)
        if (!limits || pagination) staged.run(Stage.ServicePagination, () => checkServicePagination(query, pagination));
      } else staged.run(Stage.ConvertPagination, () => convertPagination(query, limits ? pagination : undefined));
    },
    // the one filters error of the conversion itself; everything else about filter values is the database's
    filters: () =>
      staged.run(
        (e) => (e instanceof FiltersParameterError ? Stage.ConvertSort + 1 : Stage.Database),
        () =>
          compileFilters(
            index,
            scope,
            // the query conversion (convertAndSanitizeFilters) drops the keys that are neither attributes nor operators
            // and the groups left empty, for the content API and the document service alike (edtech: a controller's
            // `entityService.findMany(uid, ctx.query)` with `filters[$and][101][x]=y`, an object qs made of a list,
            // filters nothing); the query engine's `where` reaches the database as it is
            lookupKeysFirst(
              call.type,
              query.locale,
              opts.queryEngine
                ? byDocumentId
                  ? withoutDocumentId(query.filters)
                  : query.filters
                : sanitizeFilters(strapiSchema(index, scope), byDocumentId ? withoutDocumentId(query.filters) : query.filters),
            ),
            // a sort through a relation joins its table into the same SELECT (harness shop-501: a raw `$not` list's
            // `stock` is then in two tables)
            sortTables(index, scope, sort),
            internal,
          ),
      ),
  };
}

/** A query whose shape parsed without a mistake: its value steps, on the parse of its shape. */
function bindShape(call: ParseCall, shape: ParsedShape): { q: ParsedQuery; pagination?: PageWindow } {
  const { type, query } = call;
  const staged = new Staged();
  const steps = valueSteps(staged, { kind: 'type', type }, call, shape.q.sort);
  const pagination = steps.window();
  steps.service();
  const filters = steps.filters();
  staged.throwFirst();
  return { q: { ...shape.q, filters, raw: query }, pagination };
}

/** Validates every parameter in Strapi's order and compiles it; also gives what its shape parses to. */
function parseAll(call: ParseCall, validateOnly: boolean): { parsed: { q: ParsedQuery; pagination?: PageWindow }; shape: ParsedShape } {
  const { index, type, query, opts, oneLocale } = call;
  const staged = new Staged();
  const scope: Scope = { kind: 'type', type };
  const schema = strapiSchema(index, scope);
  staged.run(Stage.PublicationFilter, () => checkPublicationFilterParam(query));
  staged.throwFirst();
  if (opts.strictParams) {
    for (const key of Object.keys(query)) {
      if (!ALLOWED_QUERY_KEYS.has(key) && !opts.extraParams?.keys.includes(key))
        throw invalidKey(key, { parent: null, path: null, source: 'query', param: key });
    }
    opts.extraParams?.check(query);
  }
  // Strapi validates only what is truthy; an empty `fields=` or `sort=` goes straight to the conversion
  // the document service validates with its own, shorter lists (no passwords, no private fields)
  const internal = opts.documentService === true;
  if (query.filters) staged.run(Stage.Filters, () => validateFilters(schema, query.filters, 'filters', internal));
  if (opts.canRead && query.filters)
    staged.run(Stage.RestrictedFilters, () => checkRestrictedFilters(index, scope, query.filters, opts.canRead!));
  if (query.sort) staged.run(Stage.Sort, () => validateSort(schema, query.sort, 'sort', internal));
  // an invalid key the validators let through is a path the database cannot run (`sort=title.x`)
  const sort =
    staged.run(
      (e) => (isRefusedKey(e) ? Stage.DatabaseSort : Stage.ConvertSort),
      () => parseSort(index, scope, query.sort, internal),
    ) ?? [];
  // (an empty order sorts nothing, but the validators walked its path)
  // (a sort whose order the conversion refuses was walked by the validators all the same: its paths are checked;
  // harness monblog grammar seed 1101, `sort[0][author][id]=up` as the public role is `Invalid key author`)
  const walkedSort = sort.length > 0 || !query.sort ? sort : lenientSort(() => parseSort(index, scope, query.sort, internal, true));
  if (opts.canRead)
    staged.run(Stage.RestrictedSort, () =>
      checkRestrictedSort(index, scope, [...walkedSort, ...emptyOrderPaths(query.sort)], opts.canRead!),
    );
  staged.run(Stage.DatabaseSort, () => {
    const failure = componentStatusSortFailure(sort);
    if (failure) throw failure;
  });
  if (query.fields) staged.run(Stage.Fields, () => validateFields(schema, query.fields, 'fields', internal));
  let populate =
    staged.run(
      (e) => (e instanceof WildcardRefusal ? Stage.NestedWildcard : keyOr(Stage.ConvertPopulate)(e)),
      () => parseQueryPopulate(index, scope, query.populate, opts.canRead, opts.selectionPopulate === true, opts.documentService === true),
    ) ?? new Map();
  // validation is over: stop before running more work on a query Strapi refuses anyway
  if (staged.failed(Stage.PaginationForm)) staged.throwFirst();
  if (validateOnly) {
    const q = { status: 'published' as const, locales: undefined, sort, node: EMPTY_NODE, raw: query };
    return { parsed: { q }, shape: { q } };
  }
  const steps = valueSteps(staged, scope, call, sort);
  const pagination = steps.window();
  const strictDocs = opts.strictDocumentParams !== false;
  const status = staged.run(Stage.Status, () => parseStatus(query.status, strictDocs)) ?? 'published';
  // without documents.strictParams a type that is not localized never looks at `locale`
  // with documents.strictParams the service checks and normalizes the locale; without, only an object is refused
  let locale: unknown = query.locale;
  if (strictDocs) locale = staged.run(Stage.Locale, () => checkLocale(query.locale));
  // (a findOne or findFirst meets localeToLookup first, which names the value: harness starterblog grammar seed 1490,
  // `/api/footer?locale[0=en` is `Invalid locale param [object Object] provided`)
  else if (type.localized && !oneLocale) staged.run(Stage.Locale, () => checkLocaleShape(query.locale));
  if (oneLocale && type.localized) staged.run(Stage.LocaleLookup, () => checkLookupLocale(locale));
  steps.service();
  const fields = staged.run(
    (e) => (e instanceof ServiceKeyRefusal ? Stage.ServiceFields : isRefusedKey(e) ? Stage.DatabaseSelect : Stage.ConvertFields),
    () => parseFields(scope, query.fields, null, internal, opts.coreService === true),
  );
  const filters = steps.filters();
  // `_q` given twice (a list) or as an object reaches the database's search, which splits it as text: a TypeError
  // there, Strapi's 500 (harness launchpad-code-501: `_q=1&_q=`)
  if (typeof query._q === 'object' && query._q !== null) {
    staged.run(Stage.Database, () => {
      throw new DatabaseRefusal('Invalid _q: the search takes one text (_q=word)', 'query.split is not a function');
    });
  }
  // (hasPublishedVersion is read when the document service converts the query, after its other conversions)
  const publication = staged.run(Stage.PublicationParam, () => parsePublicationFilter(index, type, query));
  staged.throwFirst();
  if (opts.canRead) {
    // relations the caller may not read: hidden from the populate (its own filters and sort are not checked)
    // (a dot path given as one string is sanitized the same way: a path that loses a segment populates nothing;
    // harness monblog grammar seed 1191, `populate=comments.article.author` as the public role)
    const single = typeof query.populate === 'string' && query.populate !== '*' && !query.populate.includes(',');
    const kept = keptPopulatePaths(index, scope, single ? [query.populate] : query.populate, opts.canRead);
    if (kept) populate = kept.length === 0 ? new Map() : parsePopulate(index, scope, kept, null);
    const nested = kept ? undefined : keptNestedPopulate(index, scope, query.populate, opts.canRead);
    if (nested) populate = parsePopulate(index, scope, nested, null, 0, { readable: opts.canRead, refusals: [], failures: [] });
    pruneRestrictedPopulate(index, scope, populate, opts.canRead);
  }
  let locales = parseLocales(index, type, locale);
  // An explicit locale filter replaces the default-locale restriction (Strapi only adds it when none is given).
  const filterObj = query.filters;
  // It wins over a `locale` parameter too: the filter is then the only locale condition.
  if (locales !== undefined && filterObj && typeof filterObj === 'object' && 'locale' in filterObj) locales = null;
  const search = typeof query._q === 'string' && query._q !== '' ? query._q : undefined;
  const joined = filtersJoin(scope, query.filters);
  const lead = sortLead(sort, joined) ?? (fields === null ? starLead(query.fields) : undefined);
  const node = { fields: withSortColumns(fields ?? null, sort, joined), ...(lead ? { lead } : {}), sort: [], count: false, populate };
  const shaped = { status, locales, sort, node, search, publication };
  return { parsed: { q: { ...shaped, filters, raw: query }, pagination }, shape: { q: shaped } };
}

const EMPTY_NODE: PopulateNode = { fields: null, sort: [], count: false, populate: new Map() };

/** A findOne's documentId replaces a top-level `filters[documentId]` (Strapi spreads it over the converted where). */
export function withoutDocumentId(filters: unknown): unknown {
  if (!isPlainObject(filters) || !Object.hasOwn(filters, 'documentId')) return filters;
  const { documentId: _replaced, ...rest } = filters;
  return rest;
}

/**
 * Whether a row matches a query's where beyond its status and locale: its filters, `_q` and publication filter (what
 * a document service's delete spreads over its lookup).
 */
export function whereMatcher(type: ContentType, q: ParsedQuery): (row: Row) => boolean {
  const search = q.search ? searchMatcher(type, q.search) : undefined;
  return (r) => (!q.filters || q.filters(r) === true) && (!search || search(r)) && (!q.publication || q.publication(r));
}

function visibleRows(type: ContentType, q: ParsedQuery, rows: readonly Row[]): Row[] {
  const wantDraft = q.status === 'draft';
  const search = q.search ? searchMatcher(type, q.search) : undefined;
  return rows.filter(
    (r) =>
      (!type.draftAndPublish || isDraftRow(r) === wantDraft) &&
      (q.locales === undefined || q.locales === null || q.locales.includes(String(r.locale))) &&
      (!q.filters || q.filters(r) === true) &&
      (!search || search(r)) &&
      (!q.publication || q.publication(r)),
  );
}

const SEARCHABLE = new Set(['string', 'text', 'richtext', 'email', 'uid', 'enumeration']);
const NUMBERS = new Set(['integer', 'biginteger', 'float', 'decimal']);

/**
 * `_q` as the database's search helper runs it on SQLite: `LIKE '%term%'` (ASCII case-insensitive; the term's
 * `%` and `\` are escaped, its `_` still matches any one character) over the id, `documentId`, `locale` and the text
 * attributes, and over the number attributes too when lodash `toNumber` reads the term as a number (their text
 * as SQLite writes it: a whole REAL ends in `.0`).
 */
function searchMatcher(type: ContentType, term: string): (row: Row) => boolean {
  const source = [...asciiLower(term)].map((c) => (c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  const pattern = new RegExp(source, 's');
  const hit = (v: unknown) => v !== null && v !== undefined && pattern.test(asciiLower(String(v)));
  const numeric = !Number.isNaN(Number(term.trim()));
  const columns: Array<(row: Row) => unknown> = [(r) => r.id, (r) => r.documentId, (r) => r.locale];
  for (const attribute of type.attributes.values()) {
    // the database's search knows only the schema's own `private`, not the names the project's config makes private
    if (attribute.kind !== 'scalar' || (attribute.private && !attribute.privateByConfig)) continue;
    const name = attribute.name;
    if (SEARCHABLE.has(attribute.type)) columns.push((r) => r[name]);
    else if (numeric && NUMBERS.has(attribute.type)) {
      const real = attribute.type === 'float' || attribute.type === 'decimal';
      columns.push((r) => (real && typeof r[name] === 'number' && Number.isInteger(r[name]) ? `${r[name]}.0` : r[name]));
    }
  }
  return (row) => columns.some((column) => hit(column(row)));
}

export interface ListResult {
  readonly data: Entry[];
  readonly meta: { pagination: PaginationMeta };
}

/** The request's publication filter for each populated type, when it has one (checked already at the top). */
function populatedPublication(index: ContentIndex, q: ParsedQuery): ((target: ContentType) => RowTest | undefined) | undefined {
  const given = (v: unknown) => v !== undefined && v !== null;
  if (!given(q.raw.publicationFilter) && !given(q.raw.hasPublishedVersion)) return undefined;
  const tests = new Map<string, RowTest | undefined>();
  return (target) => {
    if (!tests.has(target.uid)) tests.set(target.uid, parsePublicationFilter(index, target, q.raw));
    return tests.get(target.uid);
  };
}

/**
 * How many rows pass the filters, `_q` and the publication filter (status and locale are already applied), and
 * those numbered [start, end) among them.
 */
function matching(
  index: ContentIndex,
  type: ContentType,
  q: ParsedQuery,
  rows: readonly Row[],
  narrowing: string,
  start: number,
  end: number,
): { count: number; page: readonly Row[] } {
  const { filters, publication } = q;
  if (!filters && !q.search && !publication) return { count: rows.length, page: rows.slice(start, end) };
  const search = q.search ? searchMatcher(type, q.search) : undefined;
  const keep = (r: Row) => (!search || search(r)) && (!publication || publication(r));
  const window = matchingWindow(index, rows, filters?.plan, search || publication ? keep : undefined, narrowing, start, end);
  if (window) return { count: window.count, page: window.positions.map((i) => rows[i]) };
  // during a write: each row tested as it stands
  const out = rows.filter((r) => (!filters || filters(r) === true) && keep(r));
  return { count: out.length, page: out.slice(start, end) };
}

/**
 * List a type. The rows of one status and locale, and their order for a given sort, are kept by the index until
 * the next write (a database would keep an index); filters then run over rows already in order.
 */
export function findMany(index: ContentIndex, type: ContentType, query: Record<string, unknown>, opts: QueryOptions): ListResult {
  const page = findManyPage(index, type, query, opts);
  const data = page.render(page.rows);
  return { data, meta: page.meta() };
}

/**
 * A list read up to its page: every check is done, nothing is rendered yet. `precountStep` runs a step of the
 * populate budget's first pass (see precountSteps) and says whether it is over; `render` finishes that pass, then
 * renders any run of the page's rows, in order. A big answer can be rendered a slice at a time when `sliceable`
 * (nothing in its populate depends on the whole batch, see `batchDependent`). `meta` is asked after the rows are
 * rendered, as Strapi counts after it has populated them.
 */
export interface ListPage extends RowParts {
  readonly rows: readonly Row[];
  readonly sliceable: boolean;
  precountStep(): boolean;
  render(rows: readonly Row[]): Entry[];
  meta(): { pagination: PaginationMeta };
}

/** A read's rows rendered a part at a time (see renderPart), for a caller that keeps parts between requests. */
export interface RowParts {
  /** The populate tree the rows are rendered with (the same object while a kept parse is reused). */
  readonly node: PopulateNode;
  /** What, besides the populate tree and the row, decides how a part renders: the status and the publication filter. */
  readonly partsKey: string;
  /** After the populate budget's first pass: a row's scalars (no name), or its populated attribute `name` rendered alone. */
  renderPart(row: Row, name?: string): unknown;
  /** After the populate budget's first pass: what a populated attribute shows as rows or files to write from their texts. */
  partRows(row: Row, name: string): PartRows | undefined;
  /** The order the populated attributes land in on every row of the page (see populateOrder). */
  populateOrder(): readonly string[];
}

/** RowParts' key: the request's status and publication filter parameters (the rest is in the populate tree). */
const partsKeyOf = (q: ParsedQuery) => {
  const { publicationFilter, hasPublishedVersion } = q.raw;
  // (most reads give neither: no text made per request)
  if (publicationFilter === undefined && hasPublishedVersion === undefined) return q.status;
  return JSON.stringify([q.status, publicationFilter, hasPublishedVersion]);
};

/** The columns of a table's `<table>_documents_idx` index (with the row id, which every SQLite index holds). */
const INDEXED_FIELDS = new Set(['id', 'documentId', 'locale', 'publishedAt']);

/**
 * Whether SQLite answers an unsorted read of the rows from their documents index: it selects only indexed columns
 * (`fields=publishedAt`) and tests none but the status and the locale (no filters, search or publication filter).
 * The rows then come by documentId, not by id (probed on the reference's database: `SCAN t0 USING COVERING INDEX
 * categories_documents_idx`; harness meichu --code grammar seed 1702, a findFirst with `fields=publishedAt` and no
 * sort answered another category). Only a read without a page, or a findFirst (the query engine's `first`), has no
 * ORDER BY: Strapi's query builder orders a paginated one by id (ensurePaginationOrderStability), so REST lists and a
 * document service's `limit` keep id order.
 */
function indexCovered(q: ParsedQuery): boolean {
  const fields = q.node.fields;
  return fields !== null && !q.filters && !q.search && !q.publication && fields.every((f) => INDEXED_FIELDS.has(f));
}

export function findManyPage(index: ContentIndex, type: ContentType, query: Record<string, unknown>, opts: QueryOptions): ListPage {
  const { q, pagination, sortKey, narrowing } = (opts.recall ?? parseNow)('list', () => {
    const parsed = parseStaged(index, type, query, opts, opts.limits);
    const { q } = parsed;
    const version = `${type.uid}\u0000${q.status}\u0000${q.locales ? '=' + q.locales.join('\u0001') : String(q.locales)}`;
    return {
      ...parsed,
      // (each only when it is used: a new URL pays for these texts on every request)
      sortKey: q.sort.length === 0 ? '' : `s\u0000${version}\u0000${JSON.stringify(q.sort)}`,
      // The matched rows depend only on the data and on these parameters; pages of the same list share them.
      narrowing:
        q.filters || q.search || q.publication
          ? JSON.stringify([query.filters, query._q, query.publicationFilter, query.hasPublishedVersion])
          : '',
    };
  });
  const scope: Scope = { kind: 'type', type };
  const base = index.versionRows(type, q.status === 'draft', q.locales);
  const ordered =
    q.sort.length > 0
      ? index.memo(sortKey, () => sortRecords(index, scope, base, q.sort))
      : opts.documentService === true &&
          (opts.firstRow === true || (pagination!.start === 0 && pagination!.limit === -1)) &&
          indexCovered(q)
        ? index.memo(`i\u0000${type.uid}\u0000${q.status}\u0000${String(q.locales)}`, () => inDocumentsIndexOrder(base))
        : base;
  const { start, limit } = pagination!;
  const matched = matching(index, type, q, ordered, narrowing, start, limit === -1 ? Infinity : start + limit);
  const page = matched.page;
  const ctx = renderContext(index, q, opts);
  const steps = precountSteps(ctx, type, page, q.node);
  let counted = false;
  const precountStep = () => (counted ||= steps.next().done === true);
  // (the page is Strapi's batch: a slice of it rendered alone keeps the page's order)
  let order: readonly string[] | undefined;
  const pageOrder = () => (order ??= populateOrder(ctx, scope, page, q.node));
  return {
    rows: page,
    node: q.node,
    sliceable: !batchDependent(q.node),
    precountStep,
    render: (rows) => {
      while (!precountStep());
      return renderRows(ctx, type, rows, q.node, pageOrder());
    },
    populateOrder: pageOrder,
    partsKey: partsKeyOf(q),
    renderPart: (row, name) => {
      while (!precountStep());
      return renderPart(ctx, type, row, q.node, name);
    },
    partRows: (row, name) => {
      while (!precountStep());
      return partRows(ctx, type, row, q.node, name);
    },
    // the service asks shouldCount after findMany has read and populated the rows: a populate's database error first
    meta: () => ({ pagination: paginationMeta(pagination!, matched.count, shouldCount(query, opts.limits)) }),
  };
}

/** The row a findOne (or a single-type read) shows, or undefined for Strapi's 404. */
export function findOneRow(index: ContentIndex, type: ContentType, documentId: string | undefined, q: ParsedQuery): Row | undefined {
  // findOne never matches `locale=*`: it needs one locale (unless a top-level locale filter replaces that lookup,
  // as the query's where is spread over it: harness events-501)
  const star = q.raw.locale === '*' || (Array.isArray(q.raw.locale) && q.raw.locale.includes('*'));
  const filtered = isPlainObject(q.raw.filters) && Object.hasOwn(q.raw.filters, 'locale');
  if (q.locales === null && type.localized && star && !filtered) return undefined;
  const candidates = documentId === undefined ? index.rows(type.uid) : index.documentRows(type.uid, documentId);
  const rows = visibleRows(type, { ...q, locales: q.locales === null ? undefined : q.locales }, candidates);
  // a top-level `start` is the lookup's offset (the database's findOne is a findMany of one row): past the first
  // row there is none (harness school-501: a single type's `start=1` is a 404)
  const start = Number(q.raw.start);
  return rows.sort((a, b) => a.id - b.id)[Number.isInteger(start) && start > 0 ? start : 0];
}

/** A findOne's row, found and checked, not rendered yet: `render` runs the populate budget's first pass, then renders. */
export interface OnePage extends RowParts {
  readonly row: Row;
  render(): Entry;
}

export function findOnePage(
  index: ContentIndex,
  type: ContentType,
  documentId: string | undefined,
  query: Record<string, unknown>,
  opts: QueryOptions,
): OnePage | undefined {
  const byDocumentId = documentId !== undefined;
  const { q } = (opts.recall ?? parseNow)(byDocumentId ? 'one' : 'single', () =>
    parseStaged(index, type, query, opts, undefined, byDocumentId, true),
  );
  const row = findOneRow(index, type, documentId, q);
  if (!row) return undefined;
  const ctx = renderContext(index, q, opts);
  let counted = false;
  const precount = () => {
    if (!counted) precountRelations(ctx, type, [row], q.node);
    counted = true;
  };
  return {
    row,
    node: q.node,
    render: () => {
      precount();
      return renderRow(ctx, type, row, q.node);
    },
    partsKey: partsKeyOf(q),
    populateOrder: () => populateOrder(ctx, { kind: 'type', type }, [row], q.node),
    renderPart: (part, name) => {
      precount();
      return renderPart(ctx, type, part, q.node, name);
    },
    partRows: (part, name) => {
      precount();
      return partRows(ctx, type, part, q.node, name);
    },
  };
}

export function findOne(
  index: ContentIndex,
  type: ContentType,
  documentId: string | undefined,
  query: Record<string, unknown>,
  opts: QueryOptions,
): Entry | undefined {
  return findOnePage(index, type, documentId, query, opts)?.render();
}

/** How a query's rows are rendered: its status and publication filter, the request's budget, and for whom. */
function renderContext(index: ContentIndex, q: ParsedQuery, opts: QueryOptions): RenderContext {
  return {
    index,
    status: q.status,
    budget: opts.budget,
    // GraphQL's relations take the root's publication filter by the plugin's own rule (inheritedTest in
    // field-resolvers.ts: a `publicationFilter: null` beside `hasPublishedVersion` keeps none), not REST's populate's
    publication: opts.selectionPopulate === true ? undefined : populatedPublication(index, q),
    internal: opts.documentService === true,
    ...(opts.settleRows ? { settle: opts.settleRows } : {}),
  };
}
