import type { GraphQLResolveInfo } from 'graphql';
import { zoneItem } from './zone-input.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';
import type { ContentType } from '../model/types.js';
import { findMany, findOne, parseQuery, type QueryOptions } from '../query/run-query.js';
import { renderRow } from '../query/render-entry.js';
import type { Entry } from '../query/render-entry.js';
import { createDocument, deleteDocument, updateDocument } from '../write/document-writer.js';
import type { RootField } from './build-schema.js';
import type { GraphqlContext } from './graphql-context.js';
import {
  inheritedPublication,
  pageWindow,
  publicationParam,
  restFilters,
  restSort,
  validatedFilters,
  whereFilters,
} from './graphql-args.js';
import { checkRestrictedFilters, checkRestrictedSort } from '../query/restricted-relations.js';
import { parseSort } from '../query/sort.js';
import { strapiSchema } from '../query/strapi-schema.js';
import { late } from './strapi-timing.js';
import { refusalStage } from './refusal-stage.js';
import { STRAPI_OPERATORS, validateFilters, validateSort } from '../query/validate-query.js';
import type { GqlType } from './graphql-model.js';
import { collectFields, isNodes, populateFor } from './selection-populate.js';
import { pluginList, pluginOne, pluginScope } from './plugin-type-roots.js';
import { checkRelationWheres } from './relation-where.js';
import { pluginTypeSchema } from './plugin-type-schema.js';
import { pageInfo } from './collection-page-info.js';
import { sanitizeFilters } from '../query/sanitize-filters.js';
import { withoutReplacedIn } from '../query/replaced-groups.js';
import { AppliedWhereRefusal, DatabaseRefusal } from '../query/query-errors.js';

// Query and Mutation fields of the shadow CRUD, each run as the REST route runs it (same engine, same query), with
// the arguments mapped as the plugin maps them.

const ACTION: Readonly<Record<Exclude<RootField['op'], 'plugin'>, string>> = {
  findOne: 'findOne',
  find: 'find',
  connection: 'find',
  single: 'find',
  create: 'create',
  update: 'update',
  delete: 'delete',
};

/** The populate the root field's selection needs (for a connection, what `nodes` selects). */
function selectionPopulate(ctx: GraphqlContext, type: GqlType, info: GraphQLResolveInfo, throughNodes: boolean): unknown {
  const sel = {
    fragments: info.fragments,
    model: ctx.store.index.model,
    byUid: ctx.built.byUid,
    byName: ctx.built.byName,
  };
  let fields = info.fieldNodes.flatMap((n) => collectFields(sel, n.selectionSet, throughNodes ? undefined : type.name));
  if (throughNodes) fields = fields.filter((f) => isNodes(f.name.value)).flatMap((f) => collectFields(sel, f.selectionSet, type.name));
  return populateFor(sel, type, fields);
}

/**
 * A zone's items as the plugin's input scalar parses them (zone-input.ts): graphql-js has done it for arguments and
 * variables; data a project's resolver passes on may still name components by `__typename`.
 */
function zoneInput(value: unknown, type: GqlType, ctx: GraphqlContext): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const a of type.attributes) {
    if (a.kind !== 'dynamiczone' || !Array.isArray(out[a.name])) continue;
    const names = a.components.map((uid) => ctx.built.types.find((t) => t.uid === uid)?.name ?? uid);
    out[a.name] = (out[a.name] as unknown[]).map((item) => {
      if (isPlainObject(item) && item.__typename === undefined && typeof item.__component === 'string') return item;
      try {
        return zoneItem(item, names, ctx.built.types);
      } catch (e) {
        throw new ValidationError((e as Error).message, {});
      }
    });
  }
  return out;
}

/**
 * A mutation's answer: the plugin's relation resolvers apply no status under a mutation, so every linked version of
 * a draft & publish target shows (the engine's plain-database render).
 */
function everyVersion(ctx: GraphqlContext, type: ContentType, entry: Entry, populate: unknown, options: QueryOptions): Entry {
  const row = ctx.store.index.rowById(type.uid, Number(entry.id));
  if (!row) return entry;
  const q = parseQuery(ctx.store.index, type, populate === undefined ? {} : { populate }, options);
  return renderRow(
    { index: ctx.store.index, status: row.publishedAt === null ? 'draft' : 'published', everyVersion: true, budget: options.budget },
    type,
    row,
    q.node,
  );
}

/**
 * A document as a plugin mutation's `<Type>EntityResponse` shows it (`{data}`): rendered by the engine with what
 * the selection under `data` populates, every version (no status under a mutation).
 */
export function entityResponse(ctx: GraphqlContext, uid: string, id: number, info: GraphQLResolveInfo): { data: Entry | null } {
  const gt = ctx.built.types.find((t) => t.uid === uid);
  const type = ctx.store.index.model.contentTypes.get(uid);
  if (!gt || !type || !ctx.store.index.rowById(uid, id)) return { data: null };
  const sel = {
    fragments: info.fragments,
    model: ctx.store.index.model,
    byUid: ctx.built.byUid,
    byName: ctx.built.byName,
  };
  const fields = info.fieldNodes
    .flatMap((n) => collectFields(sel, n.selectionSet, undefined))
    .filter((f) => f.name.value === 'data')
    .flatMap((f) => collectFields(sel, f.selectionSet, gt.name));
  return { data: everyVersion(ctx, type, { id } as Entry, populateFor(sel, gt, fields), ctx.options) };
}

/** Root fields of plugin types (files, locales); types the mock holds no records of list nothing. */
function pluginRoot(ctx: GraphqlContext, root: Exclude<RootField, { op: 'plugin' }>, args: Record<string, unknown>): unknown {
  if (root.op === 'findOne' || root.op === 'single') return pluginOne(ctx, root.type, String(args.documentId)) ?? null;
  if (root.op !== 'find' && root.op !== 'connection') return null;
  const list = pluginList(ctx, root.type, args) ?? noRowsList(ctx, root.type, args);
  return root.op === 'find' ? list.nodes : { nodes: list.nodes, pageInfo: pageInfo(list.total, list.start, list.limit) };
}

/**
 * A list of a type the mock keeps no rows for (the review workflows'): empty, once its filters and sort passed the
 * validators and the database layer as Strapi's document service runs them on its (empty) table.
 */
function noRowsList(ctx: GraphqlContext, type: GqlType, args: Record<string, unknown>) {
  const byUid = ctx.built.byUid;
  const schema = pluginTypeSchema(ctx.store.index, type, byUid);
  if (args.filters) validateFilters(schema, restFilters(args.filters, type, byUid));
  const sort = restSort(args.sort);
  if (sort !== undefined) validateSort(schema, sort);
  if (args.filters) {
    const where = sanitizeFilters(schema, whereFilters(args.filters, type, byUid));
    checkRelationWheres(where, type, byUid, { sort });
    checkBetweens(where);
  }
  return { nodes: [], total: 0, ...pageWindow(args.pagination, ctx.limits) };
}

/**
 * knex's whereBetween checks, which the WHERE of an empty table meets as any other (it is written whatever the rows):
 * a `$between` of other than two values (the answer the engine gives any type's, filters.ts).
 */
function checkBetweens(where: unknown, path = ''): void {
  if (Array.isArray(where)) return where.forEach((w) => checkBetweens(w, path));
  if (!isPlainObject(where)) return;
  for (const [key, value] of Object.entries(where)) {
    if (key === '$between' && (!Array.isArray(value) || value.length !== 2))
      throw new AppliedWhereRefusal(
        `Invalid value for $between at ${path}: expected two values ($between[0]=low&$between[1]=high)`,
        Array.isArray(value)
          ? 'You must specify 2 values for the whereBetween clause'
          : 'The second argument to whereBetween must be an array.',
      );
    checkBetweens(value, key.startsWith('$') ? path : path ? `${path}.${key}` : key);
  }
}

/**
 * A list or connection read through the project's document middlewares and lifecycles: `findMany` with the
 * document service's params (`start`/`limit`, status defaulting to published), and for a connection's page
 * information the plugin's separate `count` with the same params but the window.
 */
async function throughDocuments(
  ctx: GraphqlContext,
  read: NonNullable<GraphqlContext['documents']>,
  op: 'find' | 'connection',
  type: ContentType,
  query: Record<string, unknown>,
  options: QueryOptions,
  w: { start: number; limit: number },
): Promise<unknown> {
  const { populate, pagination: _window, ...rest } = query;
  const params = { ...rest, status: rest.status ?? 'published' };
  const engine = (p: Record<string, unknown>, window: { start: unknown; limit: unknown }) => {
    const { start: _s, limit: _l, ...q } = p;
    return findMany(ctx.store.index, type, { ...q, pagination: window, populate }, options);
  };
  const nodes = await read(
    type.uid,
    'findMany',
    { ...params, start: w.start, limit: w.limit },
    (p) => engine(p, { start: p.start, limit: p.limit }).data,
  );
  if (op === 'find') return nodes;
  // the plugin's pageInfo resolver counts with the same params, its window included (the count leaves it out)
  const total = await read(type.uid, 'count', { ...params, start: w.start, limit: w.limit }, (p) => {
    const r = engine(p, { start: 0, limit: 1 });
    return (r.meta.pagination as { total?: number }).total ?? 0;
  });
  return { nodes, pageInfo: pageInfo(Number(total), w.start, w.limit) };
}

/**
 * A list's locale given as an object (a variable: the locale scalar takes anything): i18n's multiLocaleToLookup puts it
 * in the WHERE as the locale column's condition, where the database reads its keys as operators and fails on the
 * first that is none. Answered after the query's own checks, as Strapi meets it in its database.
 */
function objectLocaleRefusal(type: ContentType | undefined, locale: unknown): DatabaseRefusal | undefined {
  if (!type?.localized || !isPlainObject(locale)) return undefined;
  const key = Object.keys(locale).find((k) => !STRAPI_OPERATORS.has(k));
  if (key === undefined) return undefined;
  return new DatabaseRefusal(`Invalid locale: an object; give a locale code`, `Undefined attribute level operator ${key}`);
}

/** The input without relations to types the caller may not read (contentAPI.sanitize.input drops them). */
function readableInput(data: unknown, type: ContentType, ctx: GraphqlContext): unknown {
  if (!isPlainObject(data)) return data;
  const out: Record<string, unknown> = { ...data };
  for (const a of type.attributes.values()) if (a.kind === 'relation' && a.name in out && !ctx.may(a.target, 'find')) delete out[a.name];
  return out;
}

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** The scopes the plugins' resolversConfig gives their own mutations (the others check in their resolver). */
const PLUGIN_SCOPES: Readonly<Record<string, string>> = {
  createUsersPermissionsUser: 'plugin::users-permissions.user.create',
  updateUsersPermissionsUser: 'plugin::users-permissions.user.update',
  deleteUsersPermissionsUser: 'plugin::users-permissions.user.destroy',
  createUsersPermissionsRole: 'plugin::users-permissions.role.createRole',
  updateUsersPermissionsRole: 'plugin::users-permissions.role.updateRole',
  deleteUsersPermissionsRole: 'plugin::users-permissions.role.deleteRole',
  updateUploadFile: 'plugin::upload.content-api.upload',
  deleteUploadFile: 'plugin::upload.content-api.destroy',
};

/** The plugin's auth check on a root field (its scope); undefined for plugin fields that check in their resolver. */
export function rootAllowed(root: RootField, ctx: GraphqlContext): boolean | undefined {
  if (root.op === 'plugin') return PLUGIN_SCOPES[root.name] === undefined ? undefined : ctx.mayPermission(PLUGIN_SCOPES[root.name]);
  const scope = pluginScope(root.type.uid, ACTION[root.op], root.op === 'connection');
  return scope ? ctx.mayPermission(scope) : ctx.may(root.type.uid, ACTION[root.op]);
}

export async function resolveRoot(
  root: RootField,
  args: Record<string, unknown>,
  ctx: GraphqlContext,
  info: GraphQLResolveInfo,
): Promise<unknown> {
  if (root.op === 'plugin') {
    if (!ctx.plugin) throw new ForbiddenError('Forbidden access', {});
    return ctx.plugin(root.name, args, info);
  }
  const gt = root.type;
  if (info.operation.operation === 'query')
    ctx.rootArgs.set(String(info.path.key), {
      status: args.status === 'draft' ? 'draft' : 'published',
      publicationFilter: inheritedPublication(args),
    });
  // the auth check (rootAllowed) ran before, as the plugin's wrapper runs it
  const type: ContentType | undefined = ctx.store.index.model.contentTypes.get(gt.uid);
  if (!type) return pluginRoot(ctx, root, args);
  const index = ctx.store.index;
  const listLocale = root.op === 'find' || root.op === 'connection' ? objectLocaleRefusal(type, args.locale) : undefined;
  const common = defined({
    status: args.status ?? undefined,
    locale: listLocale ? undefined : (args.locale ?? undefined),
    publicationFilter: publicationParam(args),
  });
  // relations the caller may not read: refused in filters and sort as the REST route refuses them (Strapi's query
  // validation); their fields check the plugin's auth scope themselves
  const options = { ...ctx.options, canRead: (uid: string) => ctx.may(uid, 'find') };
  switch (root.op) {
    case 'find':
    case 'connection': {
      const w = pageWindow(args.pagination, ctx.limits);
      const limits = {
        defaultLimit: ctx.limits.defaultLimit,
        maxLimit: ctx.limits.maxLimit === -1 ? null : ctx.limits.maxLimit,
        withCount: true,
      };
      const byUid = ctx.built.byUid;
      const filters = args.filters ? restFilters(args.filters, gt, byUid) : undefined;
      // Strapi validates the filters before the sort: a private key, then a relation the caller may not read (the
      // last of its six passes over them, so both come late)
      const schema = strapiSchema(index, { kind: 'type', type });
      // (the keys as given: a password or private key is refused even where its condition is empty, `{}` or `in: []`)
      if (args.filters) {
        const given = validatedFilters(args.filters, gt, byUid);
        late(() => validateFilters(schema, given), refusalStage(index, { kind: 'type', type }));
        late(() => checkRestrictedFilters(index, { kind: 'type', type }, given, options.canRead), 'restricted');
      }
      const query = defined({
        ...common,
        filters,
        sort: restSort(args.sort),
        pagination: { start: w.start, limit: w.limit },
        populate: selectionPopulate(ctx, gt, info, root.op === 'connection'),
      });
      // the query's validation fails before the database's where builder does
      if (query.sort !== undefined) {
        validateSort(schema, query.sort);
        const terms = parseSort(index, { kind: 'type', type }, query.sort);
        late(() => checkRestrictedSort(index, { kind: 'type', type }, terms, options.canRead), 'sort-restricted');
      }
      // the database gets the filters as the query conversion leaves them (sanitize-filters.ts)
      const database = args.filters ? sanitizeFilters(schema, whereFilters(args.filters, gt, byUid)) : undefined;
      if (database !== undefined) checkRelationWheres(database, gt, byUid, { sort: query.sort });
      if (ctx.documents) {
        const read = await throughDocuments(ctx, ctx.documents, root.op, type, query, { ...options, limits }, w);
        if (listLocale) throw listLocale;
        return read;
      }
      if (listLocale) {
        findMany(index, type, query, { ...options, limits });
        throw listLocale;
      }
      // an `$and`/`$or` the builder overwrites in what it gets is gone (replaced-groups.ts)
      const reaching = isPlainObject(query.filters)
        ? { ...query, filters: withoutReplacedIn(index, { kind: 'type', type }, query.filters, database) }
        : query;
      const read = () => findMany(index, type, reaching, { ...options, limits });
      const result = read();
      if (root.op === 'find') return result.data;
      const page = (r: typeof result) => pageInfo((r.meta.pagination as { total?: number }).total ?? r.data.length, w.start, w.limit);
      // beside other operations (a batched request), the plugin's count is a statement of its own, served later: it
      // counts then (strapi-timing.ts)
      return { nodes: result.data, pageInfo: ctx.beside ? () => page(read()) : page(result) };
    }
    case 'findOne':
    case 'single': {
      const documentId = root.op === 'findOne' ? String(args.documentId) : undefined;
      // i18n's localeToLookup takes one locale, a string ('*' included): a variable may give any other kind (the
      // locale scalar's parseValue takes anything), which it refuses whatever it is; a falsy one means none
      if (type.localized && args.locale && typeof args.locale !== 'string')
        throw new ValidationError(`Invalid locale param ${String(args.locale)} provided. Document locales must be strings.`, {});
      const query = defined({ ...common, populate: selectionPopulate(ctx, gt, info, false) });
      if (!ctx.documents) return findOne(index, type, documentId, query, options) ?? null;
      const { populate, ...params } = query;
      const action = root.op === 'findOne' ? 'findOne' : 'findFirst';
      const given = { ...params, status: params.status ?? 'published', ...(documentId === undefined ? {} : { documentId }) };
      const found = await ctx.documents(type.uid, action, given, (p) => {
        const { documentId: id, ...rest } = p;
        return findOne(index, type, id === undefined ? documentId : String(id), { ...rest, populate }, options) ?? null;
      });
      return found ?? null;
    }
    case 'create':
    case 'update': {
      const query = defined({ ...common, populate: selectionPopulate(ctx, gt, info, false) });
      const body = { data: readableInput(zoneInput(args.data, gt, ctx), type, ctx) };
      // the plugin sanitizes the input (relations the caller may not read are dropped) rather than refusing it
      const writeOptions = { ...options, canRead: undefined };
      const documentId = type.kind === 'collectionType' && root.op === 'update' ? String(args.documentId) : undefined;
      // the document service's params, as the plugin passes them (the project's middlewares may change them)
      const params = defined({ documentId, status: args.status ?? undefined, locale: args.locale ?? undefined, data: body.data });
      const write = (p: Record<string, unknown>): Promise<Entry | undefined> => {
        const q = { ...query, ...defined({ status: p.status ?? undefined, locale: p.locale ?? undefined }) };
        return root.op === 'create'
          ? createDocument(ctx.store, type, q, { data: p.data }, writeOptions)
          : updateDocument(
              ctx.store,
              type,
              p.documentId === undefined ? undefined : String(p.documentId),
              q,
              { data: p.data },
              writeOptions,
            );
      };
      const entry = (ctx.documents ? await ctx.documents(type.uid, root.op, params, write) : await write(params)) as
        Entry | undefined | null;
      return entry ? everyVersion(ctx, type, entry, query.populate, options) : null;
    }
    case 'delete': {
      // The plugin's collection type delete passes the documentId alone (the locale argument i18n adds goes unread:
      // the default locale's version goes); a single type's passes its arguments, and fails when there is no document
      // (harness graphql-run status-field seed 503)
      const collection = type.kind === 'collectionType';
      const documentId = collection ? String(args.documentId) : ctx.store.index.rows(type.uid)[0]?.documentId;
      if (documentId === undefined) throw new NotFoundError('Document not found', {});
      const remove = (p: Record<string, unknown>) =>
        deleteDocument(
          ctx.store,
          type,
          p.documentId === undefined ? undefined : String(p.documentId),
          defined({ locale: p.locale ?? undefined }),
          options,
        );
      const params = defined({ documentId, locale: collection ? undefined : (args.locale ?? undefined) });
      await (ctx.documents ? ctx.documents(type.uid, 'delete', params, remove) : remove(params));
      return { documentId };
    }
  }
}
