import { isPlainObject } from '../../core/is-plain-object.js';
import type { Runtime } from '../runtime.js';
import type { Attributes } from '../../core/model/types.js';
import { unsupported } from './unsupported-api.js';
import { dbQueryWrites, type Lifecycles } from './db-query-writes.js';

// The older data APIs Strapi 5 still ships and many projects still call: `strapi.entityService` (v4's, now a thin
// layer over the document service) and `strapi.db.query(uid)` (rows of every version, by database columns; its
// writes act on one row each, see raw-row-writes.ts).

type Params = Record<string, unknown>;
type Documents = (uid: string) => Record<string, (p?: Params) => Promise<unknown>>;

/**
 * Strapi 5's entity service passes its params to the document service as they are: v4's `publicationState` is read
 * by nothing there (`'live'` still finds drafts, the default status; probe on Strapi 5.54), so it is dropped here.
 */
const withoutV4Params = (p: Params): Params => {
  const { publicationState: _ignored, ...rest } = p;
  return rest;
};

/** The numeric row id's document (what the entity service's findOne/update look up first). */
function documentOfRow(rt: Runtime, uid: string, id: unknown): { documentId: string; draft: boolean } | undefined {
  const row = rt.store.index.rows(uid).find((r) => String(r.id) === String(id));
  return row ? { documentId: row.documentId, draft: row.publishedAt === null || row.publishedAt === undefined } : undefined;
}

/**
 * The entity service's `findPage`: its params as the query engine's (Strapi's query-params transform: `status` a
 * `publishedAt` condition on draft & publish types) to `strapi.db.query(uid).findPage`.
 */
function findPageQuery(current: () => Runtime, uid: string, opts: Params): Params {
  const { filters, fields, sort, status, ...rest } = withoutV4Params(opts);
  const dp = current().model.contentTypes.get(uid)?.draftAndPublish === true;
  const published = status !== undefined && status !== null && dp ? { publishedAt: { $null: status === 'draft' } } : undefined;
  const where = published && filters !== undefined ? { $and: [filters, published] } : (published ?? filters);
  const query: Params = { ...rest };
  if (where !== undefined) query.where = where;
  // the query-params transform's fields: comma lists split, id and documentId always first ('*' is every column)
  if (fields !== undefined && fields !== '*') {
    const names = (Array.isArray(fields) ? fields : [fields]).flatMap((f) =>
      String(f)
        .split(',')
        .map((x) => x.trim()),
    );
    query.select = [...new Set(['id', 'documentId', ...names])];
  }
  if (sort !== undefined) query.orderBy = sort;
  return query;
}

export function entityService(
  current: () => Runtime,
  documents: Documents,
  query?: (uid: string) => Record<string, unknown>,
): Record<string, unknown> {
  const kind = (uid: string) => current().model.contentTypes.get(uid)?.kind;
  const draftAndPublish = (uid: string) => current().model.contentTypes.get(uid)?.draftAndPublish === true;
  return {
    findMany: (uid: string, opts: Params = {}) =>
      kind(uid) === 'singleType' ? documents(uid).findFirst(withoutV4Params(opts)) : documents(uid).findMany(withoutV4Params(opts)),
    findOne: async (uid: string, id: unknown, opts: Params = {}) => {
      const doc = documentOfRow(current(), uid, id);
      return doc ? documents(uid).findOne({ ...withoutV4Params(opts), documentId: doc.documentId }) : null;
    },
    count: (uid: string, opts: Params = {}) => documents(uid).count(withoutV4Params(opts)),
    // a draft only when the data says `publishedAt: null` (Strapi's contentTypes.isDraft): otherwise published
    create: (uid: string, params: Params = {}) => {
      const data = (params.data ?? {}) as Params;
      const draft = draftAndPublish(uid) && data.publishedAt === null;
      return documents(uid).create({ ...params, status: draft ? 'draft' : 'published' });
    },
    update: async (uid: string, id: unknown, opts: Params = {}) => {
      const doc = documentOfRow(current(), uid, id);
      if (!doc) return null;
      return documents(uid).update({
        ...opts,
        documentId: doc.documentId,
        status: draftAndPublish(uid) && doc.draft ? 'draft' : 'published',
      });
    },
    // the row found by its id is the answer (the database's, read before the document service deletes)
    delete: async (uid: string, id: unknown, opts: Params = {}) => {
      const doc = documentOfRow(current(), uid, id);
      if (!doc) return null;
      const row = query ? await (query(uid).findOne as (p: Params) => Promise<unknown>)({ where: { id } }) : undefined;
      await documents(uid).delete({ ...opts, documentId: doc.documentId });
      return row;
    },
    findPage: (uid: string, opts: Params = {}) =>
      query ? (query(uid).findPage as (p: Params) => Promise<unknown>)(findPageQuery(current, uid, opts)) : undefined,
    load: unsupported('strapi.entityService.load'),
  };
}

/** `orderBy` (`'title'`, `{ title: 'desc' }`, a list of either) as the engine's sort strings. */
function sortOf(orderBy: unknown): string[] | undefined {
  if (orderBy === undefined) return undefined;
  const list = Array.isArray(orderBy) ? orderBy : [orderBy];
  return list.flatMap((o) =>
    typeof o === 'string' ? [o] : isPlainObject(o) ? Object.entries(o).map(([k, d]) => `${k}:${String(d).toLowerCase()}`) : [],
  );
}

function compareRows(a: Record<string, unknown>, b: Record<string, unknown>, terms: readonly (readonly [string, string?])[]): number {
  for (const [key, dir] of terms) {
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    const order = x === null || x === undefined ? -1 : y === null || y === undefined ? 1 : x < y ? -1 : 1;
    return dir === 'desc' ? -order : order;
  }
  return Number(a.id) - Number(b.id);
}

/**
 * The query engine's populate (`{ author: { select, where, orderBy, populate } }`, `true`, a list of names) in the
 * document service's words (`fields`, `filters`, `sort`).
 */
function populateOf(populate: unknown): unknown {
  if (!isPlainObject(populate)) return populate;
  const out: Params = {};
  for (const [name, v] of Object.entries(populate)) {
    if (!isPlainObject(v)) {
      out[name] = v;
      continue;
    }
    // the engine reads only its own keys of a populate entry (pickPopulateParams): `fields` is no query engine key
    const { select, where, orderBy, populate: nested, fields: _fields, ...rest } = v;
    const one: Params = { ...rest };
    if (select !== undefined) one.fields = select;
    if (where !== undefined) one.filters = where;
    if (orderBy !== undefined) one.sort = sortOf(orderBy);
    if (nested !== undefined) one.populate = populateOf(nested);
    out[name] = one;
  }
  return out;
}

/** The keys a query engine populate names (`true`: every relation of the level, as getRootLevelPopulate). */
function populatedKeys(attributes: Attributes | undefined, populate: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (populate === true) for (const a of attributes?.values() ?? []) out.set(a.name, true);
  else if (typeof populate === 'string') out.set(populate.split('.')[0], true);
  else if (Array.isArray(populate)) for (const k of populate) out.set(String(k).split('.')[0], true);
  else if (isPlainObject(populate)) for (const [k, v] of Object.entries(populate)) out.set(k, v);
  return out;
}

const RELATION_KINDS = new Set(['relation', 'media', 'component', 'dynamiczone']);

/**
 * A row as the query engine answers it under `select` (@strapi/database populate/process.js): the selected columns,
 * the populated attributes, and the id only where it is selected or a relation (media, component, zone) of that
 * level is populated — the engine adds it to fetch them; the same at every populated level that has its own
 * `select` (cmspatas: `populate: { image: { select: ['url'] } }` answers `{ url }`). The document service rendering
 * the rows gives every entry its id and documentId: they go where the engine would not select them.
 */
function selectedRow(rt: Runtime, attributes: Attributes | undefined, spec: Params, row: Record<string, unknown>): Record<string, unknown> {
  const select = selectOf(spec.select);
  const populated = populatedKeys(attributes, spec.populate);
  const relations = [...populated.keys()].filter((k) => {
    const a = attributes?.get(k);
    return k === 'localizations' || (a !== undefined && RELATION_KINDS.has(a.kind));
  });
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (select && (k === 'id' || k === 'documentId') && !select.includes(k) && !(k === 'id' && relations.length > 0)) continue;
    const nested = populated.get(k);
    const a = attributes?.get(k);
    if (!isPlainObject(nested) || v === null || v === undefined || a === undefined) {
      out[k] = v;
      continue;
    }
    const inner = (item: unknown) => {
      if (!isPlainObject(item)) return item;
      const target =
        a.kind === 'component'
          ? rt.model.components.get(a.component)?.attributes
          : a.kind === 'dynamiczone'
            ? rt.model.components.get(String(item.__component))?.attributes
            : a.kind === 'relation'
              ? rt.model.contentTypes.get(a.target)?.attributes
              : rt.model.contentTypes.get('plugin::upload.file')?.attributes;
      const on = a.kind === 'dynamiczone' && isPlainObject(nested.on) ? nested.on[String(item.__component)] : undefined;
      return selectedRow(rt, target, isPlainObject(on) ? on : nested, item);
    };
    out[k] = Array.isArray(v) ? v.map(inner) : inner(v);
  }
  return out;
}

const selectOf = (select: unknown): string[] | undefined =>
  Array.isArray(select) ? select.map(String) : typeof select === 'string' ? [select] : undefined;

/** The query engine's populate without i18n's `localizations` (populated apart, see addLocalizations), and its value. */
function splitLocalizations(populate: unknown): { populate: unknown; localizations: unknown } {
  if (populate === 'localizations') return { populate: undefined, localizations: true };
  if (Array.isArray(populate) && populate.includes('localizations')) {
    const rest = populate.filter((p) => p !== 'localizations');
    return { populate: rest.length === 0 ? undefined : rest, localizations: true };
  }
  if (isPlainObject(populate) && 'localizations' in populate && populate.localizations !== false) {
    const { localizations, ...rest } = populate;
    return { populate: Object.keys(rest).length === 0 ? undefined : rest, localizations };
  }
  return { populate, localizations: undefined };
}

/**
 * `strapi.db.query(uid)`: reads over every version of the rows (drafts and published alike), in id order. `documents`
 * must not run the project's document middlewares or lifecycles: the query engine runs only the type's lifecycles,
 * once per call (`lifecycles`).
 */
export function dbQuery(current: () => Runtime, documents: Documents, uid: string, lifecycles?: Lifecycles): Record<string, unknown> {
  const rows = async (p: Params): Promise<Record<string, unknown>[]> => {
    const type = current().model.contentTypes.get(uid);
    const { populate, localizations } = splitLocalizations(p.populate);
    const query: Params = { filters: p.where, fields: p.select, populate: populateOf(populate), sort: sortOf(p.orderBy) ?? 'id:asc' };
    for (const k of Object.keys(query)) if (query[k] === undefined) delete query[k];
    const statuses = type?.draftAndPublish ? ['draft', 'published'] : ['published'];
    const all: Record<string, unknown>[] = [];
    for (const status of statuses) {
      const found = (await documents(uid).findMany({ ...query, status, locale: type?.localized ? '*' : undefined })) as Record<
        string,
        unknown
      >[];
      all.push(...found);
    }
    // one table in the database: both versions' rows in one order (the ORDER BY's columns, then the row id)
    const terms = (sortOf(p.orderBy) ?? []).map((t) => t.split(':') as [string, string?]);
    if (statuses.length > 1) all.sort((a, b) => compareRows(a, b, terms));
    const offset = Number(p.offset ?? 0);
    const page = p.limit === undefined ? all.slice(offset) : all.slice(offset, offset + Number(p.limit));
    if (localizations !== undefined) await addLocalizations(page, localizations);
    // `select` names the columns the database returns, at each level (see selectedRow)
    const attributes = type?.attributes;
    return page.map((row) => selectedRow(current(), attributes, p, row));
  };
  /**
   * i18n's `localizations` as the query engine populates it (a join on `document_id`, @strapi/i18n register.ts):
   * every other row of each row's document — other locales and statuses alike — that is not itself in the result
   * set, in id order unless the populate orders it (probe s12 dbLoc).
   */
  const addLocalizations = async (page: Record<string, unknown>[], spec: unknown) => {
    const opts: Params = isPlainObject(spec) ? spec : {};
    const ids = page.map((r) => r.id);
    const documentIds = [...new Set(page.map((r) => r.documentId))];
    const select = selectOf(opts.select);
    const joined = ['documentId', 'locale', 'publishedAt'];
    const others = await rows({
      where: { $and: [{ documentId: { $in: documentIds } }, { id: { $notIn: ids } }, ...(opts.where === undefined ? [] : [opts.where])] },
      ...(select ? { select: [...select, ...joined] } : {}),
      ...(opts.orderBy === undefined ? {} : { orderBy: opts.orderBy }),
      ...(opts.populate === undefined ? {} : { populate: opts.populate }),
    });
    // unordered, SQLite reads them along Strapi's (document_id, locale, published_at) index: by locale, drafts first
    if (opts.orderBy === undefined) others.sort((a, b) => compareRows(a, b, [['locale'], ['publishedAt']]));
    const shown = (o: Record<string, unknown>) =>
      select ? Object.fromEntries(Object.entries(o).filter(([k]) => select.includes(k) || !joined.includes(k))) : o;
    for (const row of page) row.localizations = others.filter((o) => o.documentId === row.documentId).map(shown);
  };
  const run = lifecycles ?? ((_n: string, _p: Params, go: () => Promise<unknown>) => go());
  const findMany = (p: Params = {}) => run('FindMany', p, () => rows(p)) as Promise<unknown[]>;
  const count = (p: Params = {}) => run('Count', p, async () => (await rows({ where: p.where })).length) as Promise<number>;
  return {
    findMany,
    findOne: (p: Params = {}) => run('FindOne', p, async () => (await rows({ ...p, limit: 1 }))[0] ?? null),
    count,
    findWithCount: async (p: Params = {}) => [await findMany(p), await count(p)],
    // the entity repository's page: 10 rows by default, the count over the same conditions
    findPage: async (p: Params = {}) => {
      const { page: rawPage, pageSize: rawSize, ...rest } = p;
      const page = Number(rawPage ?? 1);
      const pageSize = Number(rawSize ?? 10);
      const results = await findMany({ ...rest, limit: pageSize, offset: Math.max(page - 1, 0) * pageSize });
      const total = await count(rest);
      return { results, pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } };
    },
    ...dbQueryWrites(current, uid, rows, lifecycles),
  };
}
