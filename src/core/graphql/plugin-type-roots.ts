import { compileFilters } from '../query/filters.js';
import { renderMedia, type Entry } from '../query/render-entry.js';
import { parseSort, sortRecords } from '../query/sort.js';
import { strapiSchema } from '../query/strapi-schema.js';
import { validateFilters, validateSort } from '../query/validate-query.js';
import type { Record_, Scope } from '../query/scope.js';
import type { ContentType, ScalarAttribute } from '../model/types.js';
import type { GraphqlContext } from './graphql-context.js';
import { pageWindow, restFilters, restSort } from './graphql-args.js';
import { FILE_UID, LOCALE_UID, type GqlType } from './graphql-model.js';
import { sanitizeFilters } from '../query/sanitize-filters.js';

// Queries of the plugins' own types that the shadow CRUD keeps: the media library's files (`uploadFiles…`) and
// i18n's locales (`i18NLocales…`), read from the store as the document service reads them, with the same filters,
// sort and pagination as any list. Their auth scopes are the plugins' routes' permissions.

/**
 * The permission a plugin type's query checks (the upload and i18n extensions' resolversConfig). i18n names only
 * `i18NLocale` and `i18NLocales`: `i18NLocales_connection` keeps the shadow CRUD's own scope (`<uid>.find`).
 */
export function pluginScope(uid: string, action: string, connection = false): string | undefined {
  if (uid === FILE_UID) return `plugin::upload.content-api.${action === 'findOne' ? 'findOne' : 'find'}`;
  if (uid === LOCALE_UID) return connection ? undefined : 'plugin::i18n.locales.listLocales';
  return undefined;
}

/** The records of a plugin type, as entries and as what filters and sorts read. */
function records(ctx: GraphqlContext, uid: string): { record: Record_; entry: Entry }[] | undefined {
  const data = ctx.store.data;
  if (uid === FILE_UID) return data.media.map((f) => ({ record: f, entry: renderMedia(ctx.store.index.model, f, null) }));
  if (uid === LOCALE_UID)
    return data.locales.map((l) => ({
      record: l as unknown as Record_,
      entry: {
        id: l.id,
        documentId: l.documentId,
        name: l.name,
        code: l.code,
        createdAt: l.createdAt,
        updatedAt: l.updatedAt,
        publishedAt: l.publishedAt,
      },
    }));
  return undefined;
}

export interface PluginList {
  readonly nodes: Entry[];
  readonly total: number;
  readonly start: number;
  readonly limit: number;
}

/**
 * i18n's locale as the query language sees its table: `name` and `code` columns beside the system ones (the
 * document service filters and sorts locales as any content type's rows).
 */
function localeType(): ContentType {
  const column = (name: string): ScalarAttribute => ({
    kind: 'scalar',
    type: 'string',
    name,
    unique: false,
    private: false,
    required: false,
    localized: false,
    source: `${LOCALE_UID}#/attributes/${name}`,
  });
  return {
    uid: LOCALE_UID,
    kind: 'collectionType',
    singularName: 'locale',
    pluralName: 'locales',
    displayName: 'Locale',
    description: '',
    draftAndPublish: false,
    localized: false,
    attributes: new Map([
      ['name', column('name')],
      ['code', column('code')],
    ]),
    file: '',
    builtIn: true,
  };
}

/** What a plugin type's filters and sorts walk: files as media, locales as the rows of their table. */
function scopeOf(uid: string): Scope | undefined {
  if (uid === FILE_UID) return { kind: 'media' };
  if (uid === LOCALE_UID) return { kind: 'type', type: localeType() };
  return undefined;
}

/** A list of a plugin type's records, or undefined for a type this mock does not hold. */
export function pluginList(ctx: GraphqlContext, type: GqlType, args: Record<string, unknown>): PluginList | undefined {
  const all = records(ctx, type.uid);
  if (!all) return undefined;
  const index = ctx.store.index;
  let list = [...all].sort((a, b) => Number(a.entry.id) - Number(b.entry.id));
  const scope = scopeOf(type.uid);
  if (scope && args.filters) {
    const filters = restFilters(args.filters, type, ctx.built.byUid);
    validateFilters(strapiSchema(index, scope), filters);
    // the query conversion drops what is neither an operator nor an attribute (an object operand's keys)
    const test = compileFilters(index, scope, sanitizeFilters(strapiSchema(index, scope), filters));
    if (test) list = list.filter((x) => test(x.record) === true);
  }
  const sort = restSort(args.sort);
  if (scope && sort !== undefined) {
    validateSort(strapiSchema(index, scope), sort);
    const byRecord = new Map(list.map((x) => [x.record, x]));
    list = sortRecords(index, scope, [...byRecord.keys()], parseSort(index, scope, sort)).map((r) => byRecord.get(r)!);
  }
  const w = pageWindow(args.pagination, ctx.limits);
  const page = w.limit === -1 ? list.slice(w.start) : list.slice(w.start, w.start + w.limit);
  return { nodes: page.map((x) => x.entry), total: list.length, start: w.start, limit: w.limit };
}

/** One record of a plugin type by documentId; null when none; undefined for a type this mock does not hold. */
export function pluginOne(ctx: GraphqlContext, type: GqlType, documentId: string): Entry | null | undefined {
  const all = records(ctx, type.uid);
  if (!all) return undefined;
  return all.find((x) => x.entry.documentId === documentId)?.entry ?? null;
}
