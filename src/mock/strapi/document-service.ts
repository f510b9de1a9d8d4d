import { NotFoundError, StrapiError, ValidationError } from '../../core/errors/strapi-errors.js';
import type { ContentType } from '../../core/model/types.js';
import type { Row } from '../../core/data/types.js';
import type { Runtime } from '../runtime.js';
import { documentQuery, engineCalls, engineOptions, readQuery, without, type Mode } from './engine-bridge.js';
import { accessOf, type RequestScopes } from './request-scope.js';
import { withDocumentColumns } from './document-columns.js';
import { addCreators, withoutCreators } from './creator-fields.js';
import { addEmptyLocalizations, withoutLocalizations } from './empty-localizations.js';
import { readEventParams, withHookWhere } from './lifecycle-query.js';
import {
  applyHookChanges,
  createEventData,
  fillComponentIds,
  predictedComponentIds,
  rowEventData,
  snapshotOf,
  updateEventData,
} from './lifecycle-data.js';
import { checkWrite } from '../../core/write/check-write.js';
import { discardDraft, publishDocument, unpublishDocument, versionLocale } from '../../core/write/document-versions.js';
import { isDraftRow } from '../../core/data/content-index.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { PERMISSION_UID } from '../../core/model/built-in-types.js';
import { checkLookupLocale } from '../../core/query/locale-param.js';
import { markPermissionRowsWritten } from '../auth/roles.js';

// `strapi.documents(uid)`: Strapi 5's document service over the engine, with the document service middlewares a
// project registers (`strapi.documents.use`) and the content-type lifecycles (`lifecycles.ts`,
// `strapi.db.lifecycles.subscribe`) around each call. The core services go through the same path, so a middleware
// that sets a slug on `create` acts on REST writes too, as in Strapi.

export interface DocumentContext {
  uid: string;
  contentType: unknown;
  action: string;
  params: Record<string, unknown>;
}

export type DocumentMiddleware = (context: DocumentContext, next: () => Promise<unknown>) => unknown;

export interface LifecycleSubscriber {
  models?: string[];
  [hook: string]: unknown;
}

export interface DocumentHooks {
  readonly middlewares: DocumentMiddleware[];
  readonly subscribers: LifecycleSubscriber[];
}

/** Whether a content type's calls pass through project code (then the REST routes cannot take the short way). */
export function hasDocumentHooks(hooks: DocumentHooks, uid: string): boolean {
  return hooks.middlewares.length > 0 || hooks.subscribers.some((s) => !s.models || s.models.includes(uid));
}

const LIFECYCLE: Readonly<Record<string, string>> = {
  findMany: 'FindMany',
  findFirst: 'FindOne',
  findOne: 'FindOne',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  count: 'Count',
};

/**
 * Runs `before<Name>` subscribers, the action, then `after<Name>` ones with its result (which they may replace), as
 * the database's lifecycles run around a query: the document service's calls and the query engine's alike.
 */
export async function runLifecycleHooks(
  hooks: DocumentHooks,
  uid: string,
  model: unknown,
  name: string,
  params: Record<string, unknown>,
  run: () => Promise<unknown>,
  rowOf?: (answer: unknown) => unknown,
): Promise<unknown> {
  const subs = hooks.subscribers.filter((s) => !s.models || s.models.includes(uid));
  if (subs.length === 0) return run();
  const state: Record<string, unknown> = {};
  const event: Record<string, unknown> = { action: `before${name}`, model, params, state };
  for (const s of subs) if (typeof s[`before${name}`] === 'function') await (s[`before${name}`] as (e: unknown) => unknown)(event);
  const result = await run();
  // `rowOf`: the row the database wrote is the event's result, not the answer (which stays the answer, as Strapi's
  // query engine returns its own result whatever the hook sets)
  const row = rowOf?.(result);
  const after = { action: `after${name}`, model, params, state, result: row ?? result };
  for (const s of subs) if (typeof s[`after${name}`] === 'function') await (s[`after${name}`] as (e: unknown) => unknown)(after);
  return row === undefined ? after.result : result;
}

function runLifecycles(
  hooks: DocumentHooks,
  uid: string,
  model: unknown,
  action: string,
  params: Record<string, unknown>,
  run: () => Promise<unknown>,
  rowOf?: (answer: unknown) => unknown,
): Promise<unknown> {
  const name = LIFECYCLE[action];
  return name ? runLifecycleHooks(hooks, uid, model, name, params, run, rowOf) : run();
}

/** What throughHooks needs beyond the action: the runtime, and the checks and rows of the write. */
export interface HookEnv {
  readonly current: () => Runtime;
  /** Whether the document an update or delete names exists (else no lifecycle runs). */
  readonly exists?: (params: Record<string, unknown>) => boolean;
  /** The service's validation of a create or update, before its lifecycles. */
  readonly precheck?: (params: Record<string, unknown>) => void;
  /** The rows an update or delete acts on (targetRows). */
  readonly targets?: (params: Record<string, unknown>) => readonly Row[];
  /** A write that published: the published row's create lifecycles (after the draft's own), answering the entry. */
  readonly afterPublish?: (answer: unknown, params: Record<string, unknown>) => Promise<unknown>;
}

/** Runs one document action through the project's middlewares and lifecycles; `final` is the engine's part. */
export async function throughHooks(
  hooks: DocumentHooks,
  type: ContentType,
  contentType: unknown,
  action: string,
  params: Record<string, unknown>,
  final: (params: Record<string, unknown>) => Promise<unknown>,
  env: HookEnv,
): Promise<unknown> {
  const { exists, precheck, targets } = env;
  const context: DocumentContext = { uid: type.uid, contentType, action, params };
  const chain = hooks.middlewares;
  const step = async (i: number): Promise<unknown> => {
    if (i < chain.length) return chain[i](context, () => step(i + 1));
    const p = context.params ?? {};
    // the database's lifecycles run on rows it touches: an update or delete of a document that is not there has none
    if (exists && !exists(p)) return final(p);
    // what the document service refuses before the database is refused before the lifecycles run
    if (precheck && (action === 'create' || action === 'update') && hooks.subscribers.length > 0) precheck(p);
    // Strapi's document service writes rows by their database id: an update's lifecycles see the row it updates (the
    // draft, or the only version), `where: { id }`; a delete runs them once per row it deletes (`deleteMany` is not
    // used), each `where: { id }` with that row as the result, all the befores first (measured: Strapi 5.54)
    const rows = targets && (action === 'update' || action === 'delete') ? targets(p) : [];
    if (action === 'delete' && rows.length > 0) return rowDeleteLifecycles(hooks, type, contentType, rows, () => final(p));
    if ((action === 'create' || action === 'update') && hasSubscribers(hooks, type.uid))
      return writeLifecycles(hooks, type, contentType, action, p, rows, final, env);
    if (READS.has(action) && hasSubscribers(hooks, type.uid)) {
      // the read's lifecycles see the query Strapi gives the engine; a `where` they change is what runs
      const rt = env.current();
      const query = readEventParams(rt, type, action, p);
      const before = structuredClone(query);
      return runLifecycles(hooks, type.uid, contentType, action, query, () => final(withHookWhere(rt, type, action, p, before, query)));
    }
    return runLifecycles(hooks, type.uid, contentType, action, p, () => final(p));
  };
  return step(0);
}

const READS = new Set(['findMany', 'findFirst', 'findOne', 'count']);

const hasSubscribers = (hooks: DocumentHooks, uid: string) => hooks.subscribers.some((s) => !s.models || s.models.includes(uid));

/**
 * A create or update as the database's lifecycles see it (probe s12 on Strapi 5.54): the row the service writes
 * first — the draft, or the only version; an update of a locale the document lacks creates that row — with
 * `event.params` the query it gives the engine (`{ where, data }`, see lifecycle-data.ts); then, when the write
 * publishes, the published rows it replaces are deleted and the new one created, each with its own events.
 */
async function writeLifecycles(
  hooks: DocumentHooks,
  type: ContentType,
  model: unknown,
  action: string,
  p: Record<string, unknown>,
  rows: readonly Row[],
  final: (params: Record<string, unknown>) => Promise<unknown>,
  env: HookEnv,
): Promise<unknown> {
  const rt = env.current();
  const subs = hooks.subscribers.filter((s) => !s.models || s.models.includes(type.uid));
  const given = (documentData(type, p.data ?? {}) ?? {}) as Record<string, unknown>;
  const creating = action === 'create' || rows.length === 0;
  const newLocaleOf = action === 'update' && creating && typeof p.documentId === 'string' ? p.documentId : undefined;
  const data = creating ? createEventData(rt, type, p, given, newLocaleOf) : updateEventData(rt, type, p, given);
  // the components are written before the row: their ids are in the data the before hooks see
  fillComponentIds(type, data, predictedComponentIds(rt, type, given, creating ? undefined : rows[0]));
  const name = creating ? 'Create' : 'Update';
  const snapshot = snapshotOf(data);
  const state: Record<string, unknown> = {};
  const event: Record<string, unknown> = {
    action: `before${name}`,
    model,
    params: { where: creating ? {} : { id: rows[0].id }, data },
    state,
  };
  for (const s of subs) if (typeof s[`before${name}`] === 'function') await (s[`before${name}`] as (e: unknown) => unknown)(event);
  const dbParams = event.params as Record<string, unknown>;
  const docData = isPlainObject(p.data) ? { ...p.data } : {};
  applyHookChanges(type, docData, snapshot, dbParams.data);
  // an update that publishes replaces the published rows: kept to run their delete lifecycles
  const replaced = action === 'update' && type.draftAndPublish ? rows.filter((r) => !isDraftRow(r)).map((r) => ({ ...r })) : [];
  let answer = await final({ ...p, data: docData });
  const documentId = (answer as { documentId?: unknown } | null)?.documentId;
  const written = creating
    ? typeof documentId === 'string'
      ? targetRows(rt, type, 'create', { ...p, documentId })[0]
      : undefined
    : rt.store.index.rowById(type.uid, rows[0].id);
  if (isPlainObject(dbParams.data)) fillComponentIds(type, dbParams.data, written);
  // the query engine reads the row it wrote back (its own findOne, with its lifecycles) before the after hooks
  if (written)
    await runLifecycleHooks(hooks, type.uid, model, 'FindOne', { where: { id: written.id } }, async () => rowResult(type, written));
  const after = { action: `after${name}`, model, params: dbParams, state, result: written ? rowResult(type, written) : answer };
  for (const s of subs) if (typeof s[`after${name}`] === 'function') await (s[`after${name}`] as (e: unknown) => unknown)(after);
  const publishedNow = (answer as { publishedAt?: unknown } | null)?.publishedAt;
  if (type.draftAndPublish && publishedNow !== null && publishedNow !== undefined) {
    if (replaced.length > 0) await rowDeleteLifecycles(hooks, type, model, replaced, async () => undefined);
    if (env.afterPublish) answer = await env.afterPublish(answer, p);
  }
  return answer;
}

/** A database row as the query engine answers it to a lifecycle: its columns (scalars) and system fields. */
export function rowResult(type: ContentType, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id, documentId: row.documentId };
  for (const a of type.attributes.values()) if (a.kind === 'scalar' && a.name in row) out[a.name] = row[a.name];
  Object.assign(out, { createdAt: row.createdAt, updatedAt: row.updatedAt, publishedAt: row.publishedAt, locale: row.locale ?? null });
  return out;
}

async function rowDeleteLifecycles(
  hooks: DocumentHooks,
  type: ContentType,
  model: unknown,
  rows: readonly Row[],
  run: () => Promise<unknown>,
): Promise<unknown> {
  const subs = hooks.subscribers.filter((s) => !s.models || s.models.includes(type.uid));
  if (subs.length === 0) return run();
  const events = rows.map((r) => ({
    model,
    params: { where: { id: r.id } },
    state: {} as Record<string, unknown>,
    result: rowResult(type, r),
  }));
  for (const e of events)
    for (const s of subs)
      if (typeof s.beforeDelete === 'function')
        await (s.beforeDelete as (e: unknown) => unknown)({ action: 'beforeDelete', model, params: e.params, state: e.state });
  const result = await run();
  for (const e of events)
    for (const s of subs)
      if (typeof s.afterDelete === 'function') await (s.afterDelete as (e: unknown) => unknown)({ action: 'afterDelete', ...e });
  return result;
}

/**
 * The rows a document update or delete touches, as Strapi's document service finds them: the locale's (the default
 * one unless named; every one for `*` on a delete), its draft alone for an update (or the row a create wrote) of a
 * draft & publish type.
 */
export function targetRows(rt: Runtime, type: ContentType, action: string, params: Record<string, unknown>): readonly Row[] {
  if (action !== 'update' && action !== 'delete' && action !== 'create') return [];
  const id = typeof params.documentId === 'string' ? params.documentId : rt.store.index.rows(type.uid)[0]?.documentId;
  if (id === undefined) return [];
  const locale = versionLocale(rt.store, type, params.locale);
  const rows = rt.store.index.documentRows(type.uid, id).filter((r) => locale === null || locale === undefined || r.locale === locale);
  if (action === 'delete') return rows;
  // the row written (the draft, or the only version) first; an update's published rows after it (publishing replaces them)
  const written = rows.filter((r) => !type.draftAndPublish || isDraftRow(r)).slice(0, 1);
  return action === 'update' ? [...written, ...rows.filter((r) => type.draftAndPublish && !isDraftRow(r))] : written;
}

/** Whether the document an update or delete names exists (a single type's: whether it has one). */
export function documentExists(rt: Runtime, type: ContentType, action: string, params: Record<string, unknown>): boolean {
  if (action !== 'update' && action !== 'delete' && action !== 'publish') return true;
  const id = typeof params.documentId === 'string' ? params.documentId : undefined;
  return id === undefined ? rt.store.index.rows(type.uid).length > 0 : rt.store.index.documentRows(type.uid, id).length > 0;
}

/**
 * The document service writes what it is given to the database, past the content API's input checks: keys the
 * server owns (timestamps, creators) and keys that are not attributes are dropped rather than refused.
 */
export function documentData(type: ContentType, data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  return Object.fromEntries(Object.entries(data).filter(([k]) => type.attributes.has(k) && !SERVER_OWNED.has(k)));
}

/** The document service's validation of a create or update, before lifecycles (see checkWrite). */
export function precheckWrite(
  rt: Runtime,
  type: ContentType,
  action: string,
  params: Record<string, unknown>,
  shape: (data: unknown) => unknown = (d) => d,
): void {
  // an update of a locale the document lacks creates it (validated as a create of `{ ...data, documentId }`), and a
  // single type's update without any document is its create (harness notum-lite --code write grammar 1719: the
  // relations check's value shows the documentId and the create's defaults)
  const target = action === 'update' ? updateTarget(rt, type, params) : undefined;
  checkWrite(rt.store.index, type, shape(params.data ?? {}), {
    creating: action === 'create' || target?.missing === true,
    locale: params.locale,
    strictRelations: rt.config.documents.strictRelations,
    ...(target?.missing && target.documentId !== undefined ? { documentId: target.documentId } : {}),
  });
}

/** The document an update names (a single type's only one) and whether the version it writes is missing. */
function updateTarget(rt: Runtime, type: ContentType, params: Record<string, unknown>): { documentId?: string; missing: boolean } {
  const index = rt.store.index;
  const documentId =
    typeof params.documentId === 'string'
      ? params.documentId
      : type.kind === 'singleType'
        ? index.rows(type.uid)[0]?.documentId
        : undefined;
  if (documentId === undefined) return { missing: type.kind === 'singleType' };
  const rows = index.documentRows(type.uid, documentId);
  if (rows.length === 0) return { documentId, missing: false };
  if (!type.localized) return { documentId, missing: false };
  const locale =
    typeof params.locale === 'string' && params.locale !== '' && params.locale !== '*' ? params.locale : index.model.defaultLocale;
  return { documentId, missing: !rows.some((r) => r.locale === locale) };
}

const SERVER_OWNED = new Set(['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'publishedAt', 'locale', 'localizations']);

const WRITES = new Set(['create', 'update', 'delete']);

/**
 * A write of users & permissions' permission rows: the roles they belong to (before and after it) are then decided
 * by their rows, as Strapi reads them on every request — the same rule as the query engine's writes
 * (db-query-writes.ts), so a bootstrap granting the public role through `strapi.documents(...).create` opens the route.
 */
async function permissionWrite(
  rt: Runtime,
  type: ContentType,
  action: string,
  p: Record<string, unknown>,
  run: (p: Record<string, unknown>) => Promise<unknown>,
): Promise<unknown> {
  const rowsOf = (documentId: unknown) => (typeof documentId === 'string' ? [...rt.store.index.documentRows(type.uid, documentId)] : []);
  const before = rowsOf(p.documentId).map((r) => ({ ...r }));
  const answer = await run(p);
  const after = rowsOf((answer as { documentId?: unknown } | null)?.documentId ?? p.documentId);
  if (before.length + after.length > 0) await rt.store.mutate((tx) => markPermissionRowsWritten(tx.data, [...before, ...after]));
  return answer;
}

/** Actions whose result is entries (not a count or a `{ documentId, entries }` report). */
const ENTRY_ACTIONS = new Set(['findMany', 'findFirst', 'findOne', 'create', 'update']);

export interface DocumentServiceDeps {
  readonly current: () => Runtime;
  readonly scopes: RequestScopes;
  readonly hooks: DocumentHooks;
  readonly contentTypeOf: (type: ContentType) => unknown;
  /** The query engine's reads (`strapi.db.query`) go through this service: their `where` is not converted. */
  readonly queryEngine?: boolean;
}

function requireDocumentId(params: Record<string, unknown>): string {
  const id = params.documentId;
  if (typeof id !== 'string' || id === '') throw new ValidationError('documentId is required', {});
  return id;
}

/**
 * The document service's own refusals carry `{ key, path }` only: its validators (validateParams) and converters are
 * called bare, without the content API's wrappers that add `source: 'query'` and `param` (adfinis: a controller's
 * `findFirst({ ...ctx.query })` refusing `Invalid key seo`, details without `param`).
 */
export function serviceErrors<A extends unknown[], R>(run: (...args: A) => Promise<R> | R): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      return await run(...args);
    } catch (e) {
      if (e instanceof StrapiError && e.details && e.details.source === 'query') {
        delete e.details.source;
        delete e.details.param;
      }
      throw e;
    }
  };
}

/** `strapi.documents(uid)` for one type. */
export function documentService(deps: DocumentServiceDeps, uid: string, mode: Mode = 'document'): Record<string, unknown> {
  const typeOf = () => {
    const type = deps.current().model.contentTypes.get(uid);
    if (!type) throw new NotFoundError(`No content type ${uid}`, {});
    return type;
  };
  // `firstRow`: findFirst, the query engine's findOne (no ORDER BY added for its one row)
  const calls = (firstRow = false) => {
    const rt = deps.current();
    const opts = engineOptions(rt, mode, mode === 'rest' ? accessOf(deps.scopes.get()) : undefined, deps.queryEngine);
    return engineCalls(rt, firstRow ? { ...opts, firstRow } : opts);
  };
  const draft = (p: Record<string, unknown>) => ({ ...p, status: p.status ?? 'draft' });
  // a write that publishes: the published row's own create lifecycles, then the entry read again if they changed it
  const published = async (type: ContentType, p: Record<string, unknown>, entry: unknown) => {
    const documentId = (entry as { documentId?: unknown } | null | undefined)?.documentId;
    if (p.status !== 'published' || typeof documentId !== 'string') return entry;
    if (!(await publishLifecycles(deps.current(), deps.hooks, type, deps.contentTypeOf(type), documentId, p.locale))) return entry;
    return calls().one(type, documentId, documentQuery(draft(p))) ?? entry;
  };
  const api = (action: string, engine: (type: ContentType, p: Record<string, unknown>) => Promise<unknown> | unknown) => {
    const final = mode === 'document' ? serviceErrors(engine) : engine;
    return (params: Record<string, unknown> = {}) => {
      const type = typeOf();
      return throughHooks(
        deps.hooks,
        type,
        deps.contentTypeOf(type),
        action,
        { ...params },
        async (p) => {
          if (uid === PERMISSION_UID && WRITES.has(action))
            return permissionWrite(deps.current(), type, action, p, async (q) => final(type, q));
          if (mode !== 'document' || !ENTRY_ACTIONS.has(action)) return final(type, p);
          const { populate: asked, creators } = withoutCreators(p.populate);
          // a type without i18n: its private `localizations` populates as an empty list
          const { populate, after } = type.localized ? { populate: asked, after: undefined } : withoutLocalizations(asked);
          const q = populate === undefined ? without(p, 'populate') : { ...p, populate };
          const entries = addCreators(withDocumentColumns(deps.current().model, uid, await final(type, q)), creators);
          return addEmptyLocalizations(entries, after);
        },
        {
          current: deps.current,
          targets: (p) => targetRows(deps.current(), type, action, p),
          afterPublish: async (answer, p) => {
            const entry = await published(type, { ...p, status: 'published' }, answer);
            return mode === 'document' ? withDocumentColumns(deps.current().model, uid, entry) : entry;
          },
        },
      );
    };
  };
  return {
    findMany: api('findMany', (type, p) => readQuery(draft(p), (q) => calls().list(type, q).data)),
    findFirst: api('findFirst', (type, p) => {
      // its locale meets localeToLookup, which takes one string (adfinis: `findFirst({ ...ctx.query })` with
      // `locale[0][0]=en&locale[0][1]=en`, Strapi's 400 "Invalid locale param en,en provided")
      if (type.localized) checkLookupLocale(p.locale);
      return readQuery(draft(p), (q) => calls(true).list(type, q).data[0] ?? null, true);
    }),
    findOne: api('findOne', (type, p) => readQuery(draft(p), (q) => calls().one(type, requireDocumentId(p), q) ?? null)),
    count: api('count', (type, p) => {
      const q = documentQuery(draft(p));
      const total = (
        calls().list(type, { ...q, pagination: { start: 0, limit: 1, withCount: true } }).meta.pagination as { total?: number }
      ).total;
      return total ?? 0;
    }),
    // (a write that publishes: the published row's create lifecycles run after the draft's, see writeLifecycles)
    create: api('create', async (type, p) => calls().create(type, draft(without(p, 'data')), documentData(type, p.data ?? {}))),
    update: api(
      'update',
      async (type, p) =>
        (await calls().update(type, requireDocumentId(p), draft(without(p, 'data')), documentData(type, p.data ?? {}))) ?? null,
    ),
    delete: api('delete', async (type, p) => {
      const documentId = requireDocumentId(p);
      const removed = await calls().remove(type, documentId, without(p, 'status'));
      // each deleted row as the database answered its delete: its columns (probe ds: Strapi lists the titles)
      return { documentId, entries: removed.map((r) => rowResult(type, r)) };
    }),
    // Strapi's repository has these for draft&publish types only: elsewhere calling one fails as in Strapi
    ...(deps.current().model.contentTypes.get(uid)?.draftAndPublish === false
      ? {}
      : {
          publish: api('publish', async (type, p) => {
            const documentId = requireDocumentId(p);
            const rt = deps.current();
            // the published versions it replaces are deleted first, each with its delete lifecycles (Strapi 5.54)
            const old = publishedRows(rt, type, documentId, versionLocale(rt.store, type, p.locale));
            if (old.length > 0) await rowDeleteLifecycles(deps.hooks, type, deps.contentTypeOf(type), old, async () => undefined);
            const rows = await publishDocument(
              rt.store,
              type,
              documentId,
              versionLocale(rt.store, type, p.locale),
              rt.config.documents.strictRelations,
            );
            const entries = [];
            for (const row of rows) {
              const q = { ...without(p, 'data'), status: 'published', locale: row.locale ?? undefined };
              entries.push(await published(type, q, calls().one(type, documentId, documentQuery(q))));
            }
            return { documentId, entries: entries.filter((e) => e !== undefined && e !== null) };
          }),
          unpublish: api('unpublish', async (type, p) => {
            const documentId = requireDocumentId(p);
            const rt = deps.current();
            const locale = versionLocale(rt.store, type, p.locale);
            // the answer lists the published versions as they were, read with the call's fields and populate
            const query = { ...without(p, 'status'), locale: locale ?? undefined, filters: { documentId } };
            const entries = calls().list(type, documentQuery({ ...query, status: 'published' })).data;
            // Strapi deletes the published rows one by one: their delete lifecycles run
            const published = publishedRows(rt, type, documentId, locale);
            const removed = (await rowDeleteLifecycles(deps.hooks, type, deps.contentTypeOf(type), published, () =>
              unpublishDocument(rt.store, type, documentId, locale),
            )) as Row[];
            const gone = new Set(removed.map((r) => r.id));
            return { documentId, entries: entries.filter((e) => gone.has(e.id as number)) };
          }),
          discardDraft: api('discardDraft', async (type, p) => {
            const documentId = requireDocumentId(p);
            const rt = deps.current();
            const locale = versionLocale(rt.store, type, p.locale);
            // Strapi deletes the drafts, then creates a draft from each published version: their lifecycles run
            const oldDrafts = rt.store.index
              .documentRows(type.uid, documentId)
              .filter((r) => isDraftRow(r) && (locale === null || locale === undefined || r.locale === locale))
              .map((r) => ({ ...r }));
            const model = deps.contentTypeOf(type);
            const created = (await rowDeleteLifecycles(deps.hooks, type, model, oldDrafts, () =>
              discardDraft(rt.store, type, documentId, locale),
            )) as Row[];
            for (const row of created) {
              const live = rt.store.index.rowById(type.uid, row.id);
              if (live) await rowCreateLifecycles(rt, deps.hooks, type, model, live);
            }
            const read = (row: Row) =>
              calls().one(type, documentId, documentQuery({ ...without(p, 'status'), status: 'draft', locale: row.locale ?? undefined }));
            return { documentId, entries: created.map(read).filter((e) => e !== undefined) };
          }),
        }),
  };
}

/** The published rows of a document (of one locale, or all when it is null or undefined), copied. */
function publishedRows(rt: Runtime, type: ContentType, documentId: string, locale: string | null | undefined): Row[] {
  return rt.store.index
    .documentRows(type.uid, documentId)
    .filter((r) => !isDraftRow(r) && (locale === null || locale === undefined || r.locale === locale))
    .map((r) => ({ ...r }));
}

/**
 * Strapi's publish writes the published version as a new database row: the create lifecycles of the type run again
 * for it, with the draft's values, and what a `beforeCreate` changes (a slug derived from the title) lands in the
 * published row only. Returns whether it changed the row (the answer is then read again).
 */
export async function publishLifecycles(
  rt: Runtime,
  hooks: DocumentHooks,
  type: ContentType,
  contentType: unknown,
  documentId: string | undefined,
  locale: unknown,
): Promise<boolean> {
  if (!type.draftAndPublish || documentId === undefined) return false;
  const subs = hooks.subscribers.filter(
    (s) => (!s.models || s.models.includes(type.uid)) && (typeof s.beforeCreate === 'function' || typeof s.afterCreate === 'function'),
  );
  if (subs.length === 0) return false;
  const wanted = type.localized ? (typeof locale === 'string' && locale !== '' ? locale : rt.model.defaultLocale) : undefined;
  const row = rt.store.index
    .documentRows(type.uid, documentId)
    .find((r) => !isDraftRow(r) && (wanted === undefined || r.locale === wanted));
  return row ? rowCreateLifecycles(rt, hooks, type, contentType, row) : false;
}

/**
 * The create lifecycles of a version Strapi writes as a copy of another (a publish's published row, a discardDraft's
 * draft): the data is the whole row (rowEventData); what a `beforeCreate` changes in its scalars is written to the row.
 * Returns whether it changed the row.
 */
async function rowCreateLifecycles(rt: Runtime, hooks: DocumentHooks, type: ContentType, contentType: unknown, row: Row): Promise<boolean> {
  const subs = hooks.subscribers.filter(
    (s) => (!s.models || s.models.includes(type.uid)) && (typeof s.beforeCreate === 'function' || typeof s.afterCreate === 'function'),
  );
  if (subs.length === 0) return false;
  const data = rowEventData(rt, type, row);
  const before = snapshotOf(data);
  const state: Record<string, unknown> = {};
  // (the published entry's create holds the document service's `where: {}` too)
  const event = { action: 'beforeCreate', model: contentType, params: { where: {}, data }, state };
  for (const s of subs) if (typeof s.beforeCreate === 'function') await (s.beforeCreate as (e: unknown) => unknown)(event);
  const changes: Record<string, unknown> = {};
  applyHookChanges(type, changes, before, (event.params as { data?: unknown }).data);
  const changed = Object.keys(changes);
  if (changed.length > 0)
    await rt.store.mutate((tx) => {
      const edited = tx.edit(type.uid, row);
      for (const k of changed) edited[k] = changes[k];
    });
  const after = { action: 'afterCreate', model: contentType, params: event.params, state, result: rowResult(type, row) };
  for (const s of subs) if (typeof s.afterCreate === 'function') await (s.afterCreate as (e: unknown) => unknown)(after);
  return changed.length > 0;
}
