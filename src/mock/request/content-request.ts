import { BODY_METHODS } from './parse-body.js';
import { NotFoundError, StrapiError } from '../../core/errors/strapi-errors.js';
import type { ContentIndex } from '../../core/data/content-index.js';
import type { Row } from '../../core/data/types.js';
import type { ContentType } from '../../core/model/types.js';
import { findManyPage, findOnePage, parseQueryString, type ListPage, type QueryOptions } from '../../core/query/run-query.js';
import { deepFreeze, type ParsedQueryCache, type RecallParse, type RecallShape } from '../../core/query/parsed-query-cache.js';
import { toV4Body } from '../../core/query/v4-format.js';
import { encodeSourceMaps } from '../../core/query/source-maps.js';
import { partsJoinable, PopulateBudget } from '../../core/query/render-entry.js';
import { createDocument, deleteDocument, updateDocument } from '../../core/write/document-writer.js';
import { authenticateRequest, authorizeContent, mayContent, type RequestPrincipal } from '../auth/authenticate-request.js';
import type { Runtime, WriteNotice } from '../runtime.js';
import { ensureUsersPermissions, modelLinksRoles } from '../auth/ensure-users-permissions.js';
import { withRouteDefaults } from '../../core/config/route-defaults.js';
import { DEEP_POPULATE_PARAMS, checkDeepPopulateParams, withDeepPopulate } from '../../core/query/deep-populate.js';
import { joinPieces, listPieces, onePieces, type RowFragments } from './row-fragments.js';
import { allKept, oneDocument, renderedApart, textsOfRows, type PopulatedPage } from './populated-rows.js';

export type { WriteNotice } from '../runtime.js';

// The Content API's per-request work with no HTTP framework in it: route → permission → engine → status and JSON
// text. Express (create-app.ts) and Mock Service Worker (mock/msw) both answer through it, so they cannot drift.

const METHODS_COLLECTION = ['GET', 'POST'];
const METHODS_DOCUMENT = ['GET', 'PUT', 'DELETE'];

/** A content route a request names: the type and, for `/api/:route/:documentId`, the document. */
export interface ContentRoute {
  readonly type: ContentType;
  readonly documentId: string | undefined;
}

/**
 * The content route for `/api/:route` or `/api/:route/:documentId` (segments already percent-decoded);
 * `'method-not-allowed'` for a method the route lacks; a NotFoundError for any other path.
 */
export function matchContentRoute(rt: Runtime, method: string, segments: readonly string[]): ContentRoute | 'method-not-allowed' {
  // Strapi's router (koa-router, `sensitive: false`) matches paths in any letter case: `/api/Tags` is `/api/tags`.
  const type = rt.model.byRoute.get(segments[0].toLowerCase());
  if (segments.length === 1) {
    if (!type) throw new NotFoundError('Not Found', {});
    const allowed = type.kind === 'collectionType' ? METHODS_COLLECTION : METHODS_DOCUMENT;
    if (!allowed.includes(method) && !(method === 'HEAD' && allowed.includes('GET'))) return 'method-not-allowed';
    return { type, documentId: undefined };
  }
  if (segments.length !== 2 || !type || type.kind !== 'collectionType') throw new NotFoundError('Not Found', {});
  if (!METHODS_DOCUMENT.includes(method) && method !== 'HEAD') return 'method-not-allowed';
  return { type, documentId: segments[1] };
}

/**
 * koa-router's `Allow` for a content path whose method is refused: HEAD and the route's methods in the order Strapi
 * registers them (find, create; findOne, update, delete).
 */
export function allowedMethods(rt: Runtime, segments: readonly string[]): string {
  const type = rt.model.byRoute.get(segments[0].toLowerCase());
  const methods = segments.length === 1 && type?.kind === 'collectionType' ? METHODS_COLLECTION : METHODS_DOCUMENT;
  return ['HEAD', ...methods].join(', ');
}

export function actionOf(type: ContentType, method: string, documentId: string | undefined): string {
  if (method === 'GET' || method === 'HEAD') return type.kind === 'singleType' || documentId === undefined ? 'find' : 'findOne';
  if (method === 'POST') return 'create';
  if (method === 'PUT') return 'update';
  return 'delete';
}

/** What a content request carries, whatever the framework. */
export interface ContentCall {
  readonly method: string;
  /** The raw query string, without `?`. */
  readonly search: string;
  readonly authorization: string | undefined;
  /** The `Strapi-Response-Format` header. */
  readonly responseFormat: string | undefined;
  /** The `strapi-encode-source-maps` header (preview): Strapi encodes content source maps only for exactly `true`. */
  readonly encodeSourceMaps?: string | undefined;
  /** The parsed body (JSON or a url-encoded form), undefined when there is none. */
  readonly readBody: () => Promise<unknown>;
}

/** Reads cached as serialized answers: the express app keeps one, MSW handlers do not. */
export interface AnswerCache {
  get(key: string, index: ContentIndex): unknown;
  /** Keeps an answer to a read of type `uid` (it stays valid until a table that type can reach changes); returns the form kept (what the caller sends). */
  set(key: string, index: ContentIndex, json: string | Uint8Array, uid: string): unknown;
}

/**
 * 200/201 with a JSON text (or pieces of its UTF-8, from rows kept as bytes: the caller joins them), 204 with none, a cache hit the caller stored itself, a large read answer still to
 * serialize (`value`: the caller streams it, so one big answer does not hold every other request), or a large list
 * still to render (`page`, only when the caller asked for `slices`: it renders and writes it a slice at a time).
 */
export type ContentAnswer =
  | { readonly status: number; readonly json: string }
  | { readonly status: 200; readonly pieces: readonly Uint8Array[] }
  | { readonly status: 204 }
  | { readonly status: 200; readonly cached: unknown }
  | { readonly status: 200; readonly value: unknown }
  | { readonly status: 200; readonly page: ListPage; readonly populated?: PopulatedPage };

/** Populated entries above which a read answer is handed back unserialized (a few MB of JSON). */
const STREAM_ABOVE = 5_000;
/**
 * How long the populate budget's first pass may run at once, in ms; a populate that needs more is counted in
 * slices. Several big requests can start in the same turn of the event loop, so this stays well under a slice.
 */
const SYNC_PRECOUNT_MS = 1;

/** Who the answer is for, in a cache key: answers are per caller so a future per-role view can never leak. */
function principalKey(who: RequestPrincipal): string {
  if (who.kind === 'token') return `t:${who.token.name}`;
  if (who.kind === 'user') return `u:${who.user.id}`;
  return 'p';
}

/** The rows a write will touch, before it runs (the webhooks' delete payloads and create/update decisions). */
function rowsBefore(rt: Runtime, type: ContentType, documentId: string | undefined): readonly Row[] {
  const target = documentId ?? rt.store.index.rows(type.uid)[0]?.documentId;
  return target === undefined ? [] : [...rt.store.index.documentRows(type.uid, target)];
}

/**
 * Answers one content request. `cacheKey` is the request's URL (path and query) when reads may be cached. Errors are
 * thrown as Strapi errors for the caller's error renderer.
 */
export async function answerContent(
  rt: Runtime,
  route: ContentRoute,
  call: ContentCall,
  options: {
    readonly cache?: AnswerCache;
    readonly cacheKey?: string;
    readonly slices?: boolean;
    /** Rows' JSON kept between requests: the express app keeps one. */
    readonly fragments?: RowFragments;
    /** Reads' parsed query strings kept between requests (until any write or reload): the express app keeps one. */
    readonly parses?: ParsedQueryCache;
  } = {},
): Promise<ContentAnswer> {
  const { type, documentId } = route;
  const { cache } = options;
  if (modelLinksRoles(rt.model)) await ensureUsersPermissions(rt);
  // Listeners (webhooks) hear of each successful write after it is stored.
  const onWrite = rt.listener && ((notice: WriteNotice) => rt.listener!.entry(notice));
  // Strapi's body parser runs before the route authenticates: a malformed body is a 400 whoever sends it
  const body = BODY_METHODS.has(call.method) ? await call.readBody() : undefined;
  // API tokens, the JWTs our users & permissions routes sign, or the public role.
  const who = authenticateRequest(rt, call.authorization);
  const action = actionOf(type, call.method, documentId);
  authorizeContent(rt, who, type, action);
  const index = rt.store.index;
  const v4 = String(call.responseFormat ?? '').toLowerCase() === 'v4';
  // preview answers: Strapi encodes content source maps into the v5 data (never the v4 format)
  const maps = !v4 && call.encodeSourceMaps === 'true';
  const key =
    cache && options.cacheKey !== undefined && call.method === 'GET' && (action === 'find' || action === 'findOne')
      ? `${options.cacheKey}\u0000${v4 ? 4 : maps ? 'm' : 5}\u0000${principalKey(who)}`
      : undefined;
  const hit = key === undefined ? undefined : cache!.get(key, index);
  if (hit !== undefined) return { status: 200, cached: hit };
  // a read's query string parses the same for the same type, route and caller until something changes
  const parses = call.method === 'GET' && (action === 'find' || action === 'findOne') ? options.parses : undefined;
  const inputs = [rt.model, rt.config];
  const asked = `${type.uid}\u0000${action}\u0000${principalKey(who)}`;
  // (one key for every part of the request: a new URL's text is hashed once)
  const parseKey = parses && `q\u0000${asked}\u0000${call.search}`;
  const recall: RecallParse | undefined = parses && ((part, compute) => parses.recall(index, inputs, parseKey!, part, compute));
  const shapes: RecallShape | undefined = parses && ((shape, compute) => parses.shape(index, inputs, `${asked}\u0000${shape}`, compute));
  // the config's default query for the route (`routes`), under the request's own parameters
  const deep = rt.config.plugins.populateDeep;
  const queryOf = () => {
    const q = withRouteDefaults(rt.config, type, action, parses ? parses.strings.parse(call.search) : parseQueryString(call.search));
    // populate-deep's database hook (beforeFindMany / beforeFindOne) changes the populate of every read, a write's
    // answer included: the database reads the written row back with a findOne
    return deep ? withDeepPopulate(rt.model, type, q, deep) : q;
  };
  // (a kept query is shared by the requests that ask it: frozen, so none can change it for the others)
  const query = recall ? recall('query', () => deepFreeze(queryOf())) : queryOf();
  const canRead = (uid: string) => {
    const target = rt.model.contentTypes.get(uid);
    return !target || mayContent(rt, who, target, 'find');
  };
  const opts: QueryOptions = {
    limits: rt.config.rest,
    strictParams: rt.config.rest.strictParams,
    strictDocumentParams: rt.config.documents.strictParams,
    strictRelations: rt.config.documents.strictRelations,
    ...(deep ? { extraParams: { keys: DEEP_POPULATE_PARAMS, check: checkDeepPopulateParams } } : {}),
    canRead,
    // (values a lazy import left waiting: the rows a populate gathers are built as it gathers them)
    ...(rt.store.unsettled ? { settleRows: (rows: readonly Row[]) => rt.store.settleRows(rows) } : {}),
    // One per request: it counts what this request's populate renders (see PopulateBudget).
    budget: rt.config.populateBudget === null ? undefined : new PopulateBudget(rt.config.populateBudget),
    recall,
    shapes,
  };
  const shaped = (body: { data: unknown; meta: unknown }) =>
    v4 ? toV4Body(rt.model, type, body) : maps ? { ...body, data: encodeSourceMaps(rt.model, type, body.data) } : body;
  const json = (body: { data: unknown; meta: unknown }) => JSON.stringify(shaped(body));
  const answerPieces = (pieces: readonly Uint8Array[]): ContentAnswer =>
    key !== undefined ? { status: 200, cached: cache!.set(key, index, joinPieces(pieces), type.uid) } : { status: 200, pieces };

  switch (action) {
    case 'find':
    case 'findOne': {
      let body: { data: unknown; meta: unknown };
      if (action === 'find' && type.kind === 'collectionType') {
        const page = findManyPage(index, type, query, opts);
        // (a read before a lazy import's values are all built: the rows it shows are built now)
        if (rt.store.unsettled) rt.store.settleRows(page.rows);
        // Populated rows from parts kept by earlier requests (each row rendered alone renders the same)
        const populated: PopulatedPage | undefined =
          options.fragments && !v4 && !maps && (query.populate !== undefined || query.fields !== undefined) && renderedApart(page)
            ? { fragments: options.fragments, index, type, budget: opts.budget, parts: page, rows: page.rows }
            : undefined;
        const kept = populated && textsOfRows(populated, STREAM_ABOVE);
        if (kept) return answerPieces(listPieces(kept, page.meta()));
        // A big populate (its relations are counted before anything is rendered): counted and rendered in slices.
        const sliced = options.slices === true && !v4 && !maps && page.sliceable;
        const started = performance.now();
        // (rows all kept but too many to write at once: written in slices from the kept rows, uncounted)
        if (sliced && populated && allKept(populated)) return { status: 200, page, populated };
        while (!page.precountStep()) if (sliced && performance.now() - started > SYNC_PRECOUNT_MS) return { status: 200, page, populated };
        if (sliced && (opts.budget?.precounted ?? 0) > STREAM_ABOVE) return { status: 200, page, populated };
        // (not when a joined sort puts its columns first: see PopulateNode.lead)
        if (options.fragments && !v4 && !maps && query.populate === undefined && query.fields === undefined && !page.node.lead) {
          // each row is its scalars, the same JSON on every page: the texts kept for them, joined as JSON.stringify would
          const rows = options.fragments.texts(index, type, page.rows, (missing) => page.render(missing));
          return answerPieces(listPieces(rows, page.meta()));
        }
        if (populated) return answerPieces(listPieces(textsOfRows(populated, Infinity, true)!, page.meta()));
        body = { data: page.render(page.rows), meta: page.meta() };
      } else {
        // a single type's find is a findOne of its only document
        const one = findOnePage(index, type, documentId, query, opts);
        if (!one) throw new NotFoundError('Not Found', {});
        if (rt.store.unsettled) rt.store.settleRows([one.row]);
        if (options.fragments && !v4 && !maps && partsJoinable(one.node)) {
          // the document from parts kept by earlier requests, while nothing it shows changed
          const same = { fragments: options.fragments, index, type, budget: opts.budget, parts: one, rows: [one.row] };
          const data = oneDocument(same, STREAM_ABOVE);
          if (Array.isArray(data)) return answerPieces(onePieces(data));
          body = { data, meta: {} };
        } else body = { data: one.render(), meta: {} };
      }
      if ((opts.budget?.used ?? 0) > STREAM_ABOVE) return { status: 200, value: shaped(body) };
      const text = json(body);
      if (key !== undefined) return { status: 200, cached: cache!.set(key, index, text, type.uid) };
      return { status: 200, json: text };
    }
    case 'create': {
      const data = await createDocument(rt.store, type, query, body, opts);
      onWrite?.({ action, type, documentId: documentIdOf(data), query, before: [] });
      return { status: 201, json: json({ data, meta: {} }) };
    }
    case 'update': {
      const before = onWrite ? rowsBefore(rt, type, documentId) : [];
      const data = await updateDocument(rt.store, type, documentId, query, body, opts);
      if (!data) throw new NotFoundError('Not Found', {});
      onWrite?.({ action, type, documentId: documentIdOf(data), query, before });
      return { status: 200, json: json({ data, meta: {} }) };
    }
    default: {
      const before = onWrite ? rowsBefore(rt, type, documentId) : [];
      await deleteDocument(rt.store, type, documentId, query, opts);
      onWrite?.({ action: 'delete', type, documentId: before[0]?.documentId, query, before });
      return { status: 204 };
    }
  }
}

const documentIdOf = (data: unknown): string | undefined => {
  const id = (data as { documentId?: unknown } | null)?.documentId;
  return typeof id === 'string' ? id : undefined;
};

/** What express answers for a malformed percent-encoding in a route parameter. */
class BadRequestError extends StrapiError {
  override readonly name = 'BadRequestError';
}

/**
 * The path segments after `/api/`, percent-decoded as express decodes route parameters (its routing ignores case
 * and a trailing slash); undefined for a path outside `/api/`.
 */
export function apiSegments(pathname: string): string[] | undefined {
  if (pathname.slice(0, 5).toLowerCase() !== '/api/') return undefined;
  const rest = pathname.slice('/api/'.length).replace(/\/$/, '');
  if (rest === '') return undefined;
  try {
    return rest.split('/').map((s) => decodeURIComponent(s));
  } catch {
    throw new BadRequestError('Bad Request', {});
  }
}
