import type { ContentType } from '../../core/model/types.js';
import { inIndexOrder } from '../../core/data/document-row-order.js';
import type { Row } from '../../core/data/types.js';
import { findMany, findOne, type ListResult, type QueryOptions } from '../../core/query/run-query.js';
import type { CanRead } from '../../core/query/restricted-relations.js';
import { convertPagination } from '../../core/query/pagination.js';
import { DatabaseRefusal } from '../../core/query/query-errors.js';
import type { Entry } from '../../core/query/render-entry.js';
import { PopulateBudget } from '../../core/query/render-entry.js';
import { createDocument, deleteDocument, updateDocument } from '../../core/write/document-writer.js';
import { mayContent, type RequestPrincipal } from '../auth/authenticate-request.js';
import type { Runtime } from '../runtime.js';

// The engine as Strapi's layers call it. `rest` options are the content API's (the config's limits, the caller's
// read permissions: what Strapi's controller sanitizers and collection service apply); `document` options are the
// document service's own (no default page, no permissions, drafts unless asked).

export type Mode = 'rest' | 'document';

/**
 * Who a call reads for: a principal, `'none'` inside a route without auth (`auth: false`: Strapi's sanitizers then
 * let no relation through), undefined outside any request (no restriction).
 */
export type Access = RequestPrincipal | 'none' | undefined;

/** What the caller may `find` (relations to other types are hidden from it), or undefined for everything. */
export function readAccess(rt: Runtime, access: Access): CanRead | undefined {
  if (access === undefined) return undefined;
  return (uid: string) => {
    const target = rt.model.contentTypes.get(uid);
    return !target || (access !== 'none' && mayContent(rt, access, target, 'find'));
  };
}

export function engineOptions(rt: Runtime, mode: Mode, access: Access, queryEngine = false): QueryOptions {
  const canRead = mode === 'rest' ? readAccess(rt, access) : undefined;
  return {
    limits: mode === 'rest' ? rt.config.rest : { defaultLimit: -1, maxLimit: null, withCount: false },
    strictParams: false,
    strictDocumentParams: rt.config.documents.strictParams,
    strictRelations: rt.config.documents.strictRelations,
    canRead,
    budget: rt.config.populateBudget === null ? undefined : new PopulateBudget(rt.config.populateBudget),
    ...(mode === 'document' ? { documentService: true } : {}),
    ...(queryEngine ? { queryEngine: true } : {}),
  };
}

/** The parameters without the named keys (a copy). */
export const without = (params: Record<string, unknown>, ...keys: string[]): Record<string, unknown> => {
  const out = { ...params };
  for (const k of keys) delete out[k];
  return out;
};

/**
 * The document service's pagination (`start`/`limit`, or `page`/`pageSize`, nothing: every row) as the engine's
 * `pagination` parameter. A `pagination` object among the parameters (a controller spreading `ctx.query` into them)
 * is not the service's: its query conversion (transformQueryParams) reads none, so it limits nothing.
 */
export function documentQuery(params: Record<string, unknown>): Record<string, unknown> {
  // the conversion's own checks: page and offset styles together, a page below 1, a negative start
  // (it runs after the service's validators: see readQuery for the reads, which report them in that order)
  convertPagination(params, undefined);
  return pagedQuery(params);
}

function pagedQuery(params: Record<string, unknown>): Record<string, unknown> {
  const q = without(params, 'start', 'limit', 'page', 'pageSize', 'documentId', 'data', 'pagination');
  if (params.page !== undefined || params.pageSize !== undefined)
    q.pagination = { page: params.page ?? 1, pageSize: params.pageSize ?? 25 };
  // (convertStartQueryParams / convertLimitQueryParams read them as numbers: a text `'-1'`, what a controller passes
  // on from `ctx.query.pagination`, is no limit, as -1 is; edtech: `limit: pagination.limit` read 1 row here)
  else q.pagination = { start: Number(params.start ?? 0), limit: Number(params.limit ?? -1) };
  return q;
}

/**
 * A read's query (documentQuery) and its pagination conversion's refusal, if any, to report in Strapi's order: its
 * validators (filters, sort, fields, populate keys) and the other parameters' conversions come before it
 * (transformQueryParams converts the pagination last), the database's refusals after it (adfinis: `fields[0]=seo` with
 * `page=-1` is `Invalid key seo`; `start=abc` under a refused populate names the populate). `findFirst` reads the
 * first row of the window the service's `start`/`limit` give; `page`/`pageSize` are converted but the query engine's
 * findOne reads no page (`page=2` finds the first row).
 */
export function readQuery<R>(params: Record<string, unknown>, run: (q: Record<string, unknown>) => R, first = false): R {
  let refusal: unknown;
  try {
    convertPagination(params, undefined);
  } catch (e) {
    refusal = e;
  }
  const paged = first ? { ...params, page: undefined, pageSize: undefined } : params;
  const q = pagedQuery(refusal === undefined ? paged : without(paged, 'page', 'pageSize', 'start', 'limit'));
  if (first) q.pagination = { start: (q.pagination as { start?: unknown } | undefined)?.start ?? 0, limit: 1 };
  let result: R;
  try {
    result = run(q);
  } catch (e) {
    throw refusal !== undefined && e instanceof DatabaseRefusal ? refusal : e;
  }
  if (refusal !== undefined) throw refusal;
  return result;
}

export interface EngineCalls {
  list(type: ContentType, query: Record<string, unknown>): ListResult;
  one(type: ContentType, documentId: string | undefined, query: Record<string, unknown>): Entry | undefined;
  create(type: ContentType, query: Record<string, unknown>, data: unknown): Promise<Entry>;
  update(type: ContentType, documentId: string | undefined, query: Record<string, unknown>, data: unknown): Promise<Entry | undefined>;
  /** Deletes and returns the rows it removed. */
  remove(type: ContentType, documentId: string | undefined, query: Record<string, unknown>): Promise<Row[]>;
}

export function engineCalls(rt: Runtime, opts: QueryOptions): EngineCalls {
  const store = rt.store;
  return {
    list: (type, query) => findMany(store.index, type, query, opts),
    one: (type, documentId, query) => findOne(store.index, type, documentId, query, opts),
    create: (type, query, data) => createDocument(store, type, query, { data }, opts),
    update: (type, documentId, query, data) => updateDocument(store, type, documentId, query, { data }, opts),
    remove: async (type, documentId, query) => {
      const target = documentId ?? store.index.rows(type.uid)[0]?.documentId;
      const before = target === undefined ? [] : [...store.index.documentRows(type.uid, target)];
      await deleteDocument(store, type, documentId, query, opts);
      const left = new Set(target === undefined ? [] : store.index.documentRows(type.uid, target).map((r) => r.id));
      return inIndexOrder(before.filter((r) => !left.has(r.id)));
    },
  };
}
