import { NotFoundError, ValidationError } from '../../core/errors/strapi-errors.js';
import type { ContentType } from '../../core/model/types.js';
import type { Row } from '../../core/data/types.js';
import type { Runtime } from '../runtime.js';
import { documentQuery, engineCalls, engineOptions, without, type Mode } from './engine-bridge.js';
import { accessOf, type RequestScopes } from './request-scope.js';
import { withDocumentColumns } from './document-columns.js';
import { addCreators, withoutCreators } from './creator-fields.js';
import { checkWrite } from '../../core/write/check-write.js';
import { discardDraft, publishDocument, unpublishDocument, versionLocale } from '../../core/write/document-versions.js';
import { isDraftRow } from '../../core/data/content-index.js';
import { isDeepStrictEqual } from 'node:util';
import { isPlainObject } from '../../core/is-plain-object.js';
import { PERMISSION_UID } from '../../core/model/built-in-types.js';
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
  publish: 'Update',
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

/** Runs one document action through the project's middlewares and lifecycles; `final` is the engine's part. */
export async function throughHooks(
  hooks: DocumentHooks,
  type: ContentType,
  contentType: unknown,
  action: string,
  params: Record<string, unknown>,
  final: (params: Record<string, unknown>) => Promise<unknown>,
  exists?: (params: Record<string, unknown>) => boolean,
  precheck?: (params: Record<string, unknown>) => void,
  targets?: (params: Record<string, unknown>) => readonly Row[],
): Promise<unknown> {
  const context: DocumentContext = { uid: type.uid, contentType, action, params };
  const chain = hooks.middlewares;
  const step = async (i: number): Promise<unknown> => {
    if (i < chain.length) return chain[i](context, () => step(i + 1));
    const p = context.params ?? {};
    // the database's lifecycles run on rows it touches: an update or delete of a document that is not there has none
    if (exists && !exists(p)) return final(p);
    // what the document service refuses before the database is refused before the lifecycles run
    if (precheck && (action === 'create' || action === 'update') && hooks.subscribers.length > 0) precheck(p);
    // the database's lifecycles see the query Strapi's document service built, which always holds a `where` (`{}` on a
    // create): project code reading `event.params.where.id` must not fail where Strapi's does not (public project
    // anicolors' beforeCreate). What a lifecycle sets in the params (its data) is what runs.
    // Strapi's document service writes rows by their database id: an update's lifecycles see the row it updates (the
    // draft, or the only version), `where: { id }`; a delete runs them once per row it deletes (`deleteMany` is not
    // used), each `where: { id }` with that row as the result, all the befores first (measured: Strapi 5.54)
    const rows = targets && (action === 'update' || action === 'delete') ? targets(p) : [];
    if (action === 'delete' && rows.length > 0) return rowDeleteLifecycles(hooks, type, contentType, rows, () => final(p));
    const where = action === 'update' && rows.length > 0 ? { id: rows[0].id } : {};
    // an update that publishes replaces the published rows (Strapi deletes them, then creates the new one): their delete
    // lifecycles run too, each with its row (here after the update's own, the new row's create events before them)
    const replaced = action === 'update' && type.draftAndPublish ? rows.filter((r) => !isDraftRow(r)).map((r) => ({ ...r })) : [];
    const dbParams = isPlainObject(p.where) ? p : { ...p, where };
    // a create or update that publishes answers the published entry, but the database wrote the draft row first: its
    // afterCreate / afterUpdate see that row (Strapi's publish then runs the published row's own create lifecycles)
    const draftRow = (answer: unknown) => {
      const documentId = (answer as { documentId?: unknown } | null)?.documentId;
      const published = (answer as { publishedAt?: unknown } | null)?.publishedAt;
      if (!targets || !type.draftAndPublish || typeof documentId !== 'string' || published === null || published === undefined)
        return undefined;
      const [row] = targets({ ...p, documentId });
      return row ? rowResult(type, row) : undefined;
    };
    const answer = await runLifecycles(
      hooks,
      type.uid,
      contentType,
      action,
      dbParams,
      () => final(dbParams === p ? p : without(dbParams, 'where')),
      action === 'create' || action === 'update' ? draftRow : undefined,
    );
    const publishedNow = (answer as { publishedAt?: unknown } | null)?.publishedAt;
    if (replaced.length > 0 && publishedNow !== null && publishedNow !== undefined)
      await rowDeleteLifecycles(hooks, type, contentType, replaced, async () => undefined);
    return answer;
  };
  return step(0);
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
  checkWrite(rt.store.index, type, shape(params.data ?? {}), {
    creating: action === 'create',
    locale: params.locale,
    strictRelations: rt.config.documents.strictRelations,
  });
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
}

function requireDocumentId(params: Record<string, unknown>): string {
  const id = params.documentId;
  if (typeof id !== 'string' || id === '') throw new ValidationError('documentId is required', {});
  return id;
}

/** `strapi.documents(uid)` for one type. */
export function documentService(deps: DocumentServiceDeps, uid: string, mode: Mode = 'document'): Record<string, unknown> {
  const typeOf = () => {
    const type = deps.current().model.contentTypes.get(uid);
    if (!type) throw new NotFoundError(`No content type ${uid}`, {});
    return type;
  };
  const calls = () => {
    const rt = deps.current();
    return engineCalls(rt, engineOptions(rt, mode, mode === 'rest' ? accessOf(deps.scopes.get()) : undefined));
  };
  const draft = (p: Record<string, unknown>) => ({ ...p, status: p.status ?? 'draft' });
  // a write that publishes: the published row's own create lifecycles, then the entry read again if they changed it
  const published = async (type: ContentType, p: Record<string, unknown>, entry: unknown) => {
    const documentId = (entry as { documentId?: unknown } | null | undefined)?.documentId;
    if (p.status !== 'published' || typeof documentId !== 'string') return entry;
    if (!(await publishLifecycles(deps.current(), deps.hooks, type, deps.contentTypeOf(type), documentId, p.locale))) return entry;
    return calls().one(type, documentId, documentQuery(draft(p))) ?? entry;
  };
  const api = (action: string, final: (type: ContentType, p: Record<string, unknown>) => Promise<unknown> | unknown) => {
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
          const { populate, creators } = withoutCreators(p.populate);
          const q = populate === undefined ? without(p, 'populate') : { ...p, populate };
          return addCreators(withDocumentColumns(deps.current().model, uid, await final(type, q)), creators);
        },
        undefined,
        undefined,
        (p) => targetRows(deps.current(), type, action, p),
      );
    };
  };
  return {
    findMany: api('findMany', (type, p) => calls().list(type, documentQuery(draft(p))).data),
    findFirst: api('findFirst', (type, p) => calls().list(type, documentQuery(draft({ ...p, limit: 1 }))).data[0] ?? null),
    findOne: api('findOne', (type, p) => calls().one(type, requireDocumentId(p), documentQuery(draft(p))) ?? null),
    count: api('count', (type, p) => {
      const q = documentQuery(draft(p));
      const total = (
        calls().list(type, { ...q, pagination: { start: 0, limit: 1, withCount: true } }).meta.pagination as { total?: number }
      ).total;
      return total ?? 0;
    }),
    create: api('create', async (type, p) =>
      published(type, p, await calls().create(type, draft(without(p, 'data')), documentData(type, p.data ?? {}))),
    ),
    update: api(
      'update',
      async (type, p) =>
        (await published(
          type,
          p,
          await calls().update(type, requireDocumentId(p), draft(without(p, 'data')), documentData(type, p.data ?? {})),
        )) ?? null,
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
            const removed = await unpublishDocument(rt.store, type, documentId, locale);
            const gone = new Set(removed.map((r) => r.id));
            return { documentId, entries: entries.filter((e) => gone.has(e.id as number)) };
          }),
          discardDraft: api('discardDraft', async (type, p) => {
            const documentId = requireDocumentId(p);
            const rt = deps.current();
            const created = await discardDraft(rt.store, type, documentId, versionLocale(rt.store, type, p.locale));
            const read = (row: Row) =>
              calls().one(type, documentId, documentQuery({ ...without(p, 'status'), status: 'draft', locale: row.locale ?? undefined }));
            return { documentId, entries: created.map(read).filter((e) => e !== undefined) };
          }),
        }),
  };
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
  if (!row) return false;
  const data: Record<string, unknown> = {};
  for (const a of type.attributes.values()) if (a.kind === 'scalar') data[a.name] = row[a.name];
  const before = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
  const state: Record<string, unknown> = {};
  // (the published entry's create holds the document service's `where: {}` too)
  const event = { action: 'beforeCreate', model: contentType, params: { data, where: {} }, state };
  for (const s of subs) if (typeof s.beforeCreate === 'function') await (s.beforeCreate as (e: unknown) => unknown)(event);
  const changed = Object.keys(data).filter((k) => type.attributes.get(k)?.kind === 'scalar' && !isDeepStrictEqual(data[k], before[k]));
  if (changed.length > 0)
    await rt.store.mutate((tx) => {
      const edited = tx.edit(type.uid, row);
      for (const k of changed) edited[k] = data[k];
    });
  const after = { action: 'afterCreate', model: contentType, params: { data, where: {} }, state, result: { ...row } };
  for (const s of subs) if (typeof s.afterCreate === 'function') await (s.afterCreate as (e: unknown) => unknown)(after);
  return changed.length > 0;
}
