import { isDeepStrictEqual } from 'node:util';
import type { ContentType } from '../../core/model/types.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import type { Runtime } from '../runtime.js';

// `event.params` of the read lifecycles (`beforeFindMany`, `beforeFindOne`, `beforeCount`) as Strapi's document
// service hands its reads to the query engine (probe s12 find on Strapi 5.54): the query, not the service's
// parameters — `where` (the status as a publishedAt condition, the locale, the filters; a findOne's documentId),
// `select` (`fields` with id and documentId first), `orderBy` (`[{ title: 'asc' }]`), `populate`, `offset`/`limit`,
// and on an i18n type the `locale` parameter itself. A `where` a before hook changes is read back as the filters.

type Params = Record<string, unknown>;

/** `sort` (`'title'`, `'title:desc'`, `['a', 'b:desc']`, `{ title: 'desc' }`, a list of those) as `orderBy`. */
function orderByOf(sort: unknown): Params[] | undefined {
  if (sort === undefined || sort === null || sort === '') return undefined;
  const list = Array.isArray(sort) ? sort : [sort];
  return list.flatMap((s): Params[] => {
    if (typeof s === 'string')
      return s.split(',').map((part) => {
        const [field, dir] = part.trim().split(':');
        return { [field]: (dir ?? 'asc').toLowerCase() };
      });
    return isPlainObject(s) ? Object.entries(s).map(([k, d]) => ({ [k]: String(d).toLowerCase() })) : [];
  });
}

function populateOf(type: ContentType, populate: unknown): unknown {
  if (populate === '*' || populate === true)
    return Object.fromEntries(
      [...type.attributes.values()]
        .filter((a) => a.kind !== 'scalar')
        .map((a) => [a.name, true] as const)
        .concat(type.localized ? [['localizations', true]] : []),
    );
  if (typeof populate === 'string') return populate.split(',').map((p) => p.trim());
  return populate;
}

function pageOf(p: Params): Params {
  const pg = isPlainObject(p.pagination) ? p.pagination : p;
  const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));
  const page = num(pg.page);
  const pageSize = num(pg.pageSize);
  if (page !== undefined || pageSize !== undefined) {
    const size = pageSize ?? 25;
    return { offset: ((page ?? 1) - 1) * size, limit: size };
  }
  const start = num(pg.start);
  const limit = num(pg.limit);
  return { ...(start !== undefined || limit !== undefined ? { offset: start ?? 0 } : {}), ...(limit !== undefined ? { limit } : {}) };
}

/** The read's conditions Strapi adds to the filters: the status and the locale. */
function lookupOf(rt: Runtime, type: ContentType, action: string, p: Params): Params {
  const where: Params = {};
  const published = action === 'count' && !type.draftAndPublish ? undefined : p.status === 'published';
  if (type.draftAndPublish) where.publishedAt = published ? { $notNull: true } : null;
  if (type.localized && p.locale !== '*')
    where.locale = typeof p.locale === 'string' && p.locale !== '' ? p.locale : rt.model.defaultLocale;
  return where;
}

/** The query engine's params for a document service read. */
export function readEventParams(rt: Runtime, type: ContentType, action: string, p: Params): Params {
  const out: Params = {};
  if (type.localized) out.locale = typeof p.locale === 'string' && p.locale !== '' ? p.locale : rt.model.defaultLocale;
  const orderBy = orderByOf(p.sort);
  if (orderBy) out.orderBy = orderBy;
  const where: Params = { ...lookupOf(rt, type, action, p), ...(isPlainObject(p.filters) ? p.filters : {}) };
  if (action === 'findOne' && typeof p.documentId === 'string') where.documentId = p.documentId;
  out.where = where;
  if (p.fields !== undefined) {
    const fields = (Array.isArray(p.fields) ? p.fields : String(p.fields).split(',')).map((f) => String(f).trim());
    out.select = [...new Set(['id', 'documentId', ...fields])];
  }
  if (p.populate !== undefined) out.populate = populateOf(type, p.populate);
  Object.assign(out, pageOf(p));
  return out;
}

/**
 * The service's parameters after the read's before hooks: a `where` they changed becomes the filters (without the
 * status and locale conditions the service put there, which stay its own parameters).
 */
export function withHookWhere(rt: Runtime, type: ContentType, action: string, p: Params, before: Params, event: Params): Params {
  if (isDeepStrictEqual(before.where, event.where) || !isPlainObject(event.where)) return p;
  const lookup = lookupOf(rt, type, action, p);
  const filters = Object.fromEntries(
    Object.entries(event.where).filter(
      ([k, v]) => !(k in lookup && isDeepStrictEqual(v, lookup[k])) && !(k === 'documentId' && action === 'findOne'),
    ),
  );
  return { ...p, filters };
}
