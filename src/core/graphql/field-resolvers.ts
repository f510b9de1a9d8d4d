import type { GraphQLResolveInfo } from 'graphql';
import { isPlainObject } from '../is-plain-object.js';
import { compileFilters } from '../query/filters.js';
import type { Entry } from '../query/render-entry.js';
import { noteOrigin, type Record_, type Scope } from '../query/scope.js';
import { componentStatusSortMessage, parseSort, sortRecords } from '../query/sort.js';
import { strapiSchema } from '../query/strapi-schema.js';
import { validateFilters, validateSort } from '../query/validate-query.js';
import { checkRestrictedFilters, checkRestrictedSort } from '../query/restricted-relations.js';
import type { GraphqlContext, RootArgs } from './graphql-context.js';
import { parsePublicationFilter } from '../query/publication-filter.js';
import type { Row } from '../data/types.js';
import { isDraftRow } from '../data/content-index.js';
import { findOne } from '../query/run-query.js';
import { checkRelationWheres } from './relation-where.js';
import { pageWindow, restFilters, restSort, validatedFilters, whereFilters } from './graphql-args.js';
import { FILE_UID, type GqlAttribute, type GqlType } from './graphql-model.js';
import { storedPasswordHash } from './password-hash.js';
import { withoutUnkeptRelations } from './unkept-relations.js';
import { DatabaseLayerError, late, type Validated } from './strapi-timing.js';
import { refusalStage } from './refusal-stage.js';
import { fieldSelectionPopulate, linkedVersions, replacesInheritedStatus } from './status-merge.js';
import { sanitizeFilters } from '../query/sanitize-filters.js';
import { withoutReplacedIn } from '../query/replaced-groups.js';

// Fields of content types and components. Relations, media and repeatable components were populated by the root
// query; each field applies its own `filters`, `sort` and `pagination` (default limit: the plugin's) to that list
// with the engine's filter and sort, and checks the plugin's auth scope (`<target>.find`) on relations.

type Args = Record<string, unknown>;

function scopeOf(ctx: GraphqlContext, target: GqlType): Scope | undefined {
  const model = ctx.store.index.model;
  if (target.uid === FILE_UID) return { kind: 'media' };
  if (target.modelType === 'component') {
    const component = model.components.get(target.uid);
    return component && { kind: 'component', component };
  }
  const type = model.contentTypes.get(target.uid);
  return type && { kind: 'type', type };
}

/**
 * The stored component values behind the rendered ones a request showed (filters on a component read its stored
 * values: nested components and relations the selection did not populate). Rendered entries are fresh objects per
 * request, so the map forgets them with the answer.
 */
const storedComponents = (): WeakMap<object, Record_> => new WeakMap();

/** The stored record behind a rendered entry (its filters and sort read stored values). */
function recordOf(ctx: GraphqlContext, target: GqlType, entry: Entry): Record_ | undefined {
  const id = Number(entry.id);
  if (target.uid === FILE_UID) return ctx.store.index.media(id);
  if (target.modelType === 'component') return ctx.store.index.attached(storedComponents).get(entry) ?? (entry as unknown as Record_);
  return ctx.store.index.rowById(target.uid, id);
}

/**
 * Notes the stored values behind the rendered components (or dynamic zone items) of a field, found by id in the
 * parent's stored record, with the row they belong to (their relations follow that row's links).
 */
function noteStored(ctx: GraphqlContext, type: GqlType, source: Entry, name: string, rendered: unknown): void {
  const index = ctx.store.index;
  const stored = index.attached(storedComponents);
  const scope = scopeOf(ctx, type);
  const parent = type.modelType === 'component' ? stored.get(source) : index.rowById(type.uid, Number(source.id));
  if (!scope || !parent) return;
  const value = (parent as Record<string, unknown>)[name];
  const values = (Array.isArray(value) ? value : isPlainObject(value) ? [value] : []).filter(isPlainObject);
  noteOrigin(index, scope, parent, values);
  // ids are unique per component table; zone items also name theirs
  const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    a.id === b.id && (a.__component === undefined || b.__component === undefined || a.__component === b.__component);
  for (const entry of Array.isArray(rendered) ? rendered : [rendered]) {
    if (!isPlainObject(entry)) continue;
    const match = values.find((v) => same(v, entry));
    if (match) stored.set(entry, match as Record_);
  }
}

/** A populated list narrowed, ordered and paged by a field's arguments. */
function listWithArgs(
  ctx: GraphqlContext,
  target: GqlType,
  entries: readonly Entry[],
  given: Args,
  inherited?: (r: Record_) => boolean,
  linkJoined = true,
): Entry[] {
  // the plugin's transformArgs pages first: a pagination error comes before the query's validation
  const w = pageWindow(given.pagination, ctx.limits);
  const scope = scopeOf(ctx, target);
  let list = [...entries];
  const index = ctx.store.index;
  if (scope && (inherited || given.filters || (Array.isArray(given.sort) && given.sort.length > 0))) {
    const byUid = ctx.built.byUid;
    const args = given.filters ? { ...given, filters: withoutUnkeptRelations(given.filters, target, byUid, index.model) } : given;
    const records = new Map<Record_, Entry>();
    for (const e of list) {
      const r = recordOf(ctx, target, e);
      if (r) records.set(r, e);
    }
    let kept = [...records.keys()];
    const readable = (uid: string) => ctx.may(uid, 'find');
    if (inherited) kept = kept.filter(inherited);
    // Strapi validates the filters as given (a private key, then a relation the caller may not read: the last two
    // of its six passes over them, so both come late), then the sort; its database layer refuses a malformed WHERE
    // after all of them
    const filters = args.filters ? restFilters(args.filters, target, byUid) : undefined;
    if (filters !== undefined) {
      // the keys as given: a password or private key is refused even where its condition is empty
      const given = validatedFilters(args.filters, target, byUid);
      late(() => validateFilters(strapiSchema(index, scope), given), refusalStage(index, scope));
      late(() => checkRestrictedFilters(index, scope, given, readable), 'restricted');
      late(() => checkRestrictedFilters(index, scope, filters, readable), 'restricted');
    }
    const sort = restSort(args.sort);
    const terms = sort === undefined ? undefined : sortTerms(index, scope, sort, readable);
    if (filters !== undefined) {
      // the database layer reads the filters as given (a relation the mock keeps no rows for included)
      // ... as the query conversion leaves them: an object operand's keys that are neither operators nor attributes go
      const schema = strapiSchema(index, scope);
      const database = sanitizeFilters(schema, whereFilters(given.filters, target, byUid));
      checkRelationWheres(database, target, byUid, { linkJoined, sort });
      // an `$and`/`$or` the builder overwrites in what it gets is gone (replaced-groups.ts)
      const reaching = isPlainObject(filters) ? withoutReplacedIn(index, scope, filters, database) : filters;
      const test = compileFilters(index, scope, sanitizeFilters(schema, reaching));
      if (test) kept = kept.filter((r) => test(r) === true);
    }
    if (terms) {
      const statusSort = componentStatusSortMessage(terms);
      if (statusSort) throw new DatabaseLayerError(statusSort);
      // ties: the targets' ids (see resolveEntryField), a component list's too: the plugin loads a component field
      // with a LIMIT like a relation's (harness graphql-run self-nest 552: `sections(sort: "note:desc")`)
      kept = sortRecords(index, scope, kept, terms);
    }
    list = kept.map((r) => records.get(r)!);
  }
  return w.limit === -1 ? list.slice(w.start) : list.slice(w.start, w.start + w.limit);
}

/** A field's sort, validated as Strapi validates it (a relation the caller may not read fails late). */
function sortTerms(index: GraphqlContext['store']['index'], scope: Scope, sort: unknown, readable: (uid: string) => boolean) {
  validateSort(strapiSchema(index, scope), sort);
  const terms = parseSort(index, scope, sort);
  late(() => checkRestrictedSort(index, scope, terms, readable), 'sort-restricted');
  return terms;
}

function attributeOf(type: GqlType, fieldName: string): { attribute: GqlAttribute; connection: boolean } | undefined {
  const connection = fieldName.endsWith('_connection');
  const name = connection ? fieldName.slice(0, -'_connection'.length) : fieldName;
  const attribute = type.attributes.find((a) => a.name === name);
  return attribute && { attribute, connection };
}

/** The arguments of the root query a field is under (none under a mutation). */
function rootArgsOf(ctx: GraphqlContext, info: GraphQLResolveInfo): RootArgs | undefined {
  let root: GraphQLResolveInfo['path'] | undefined = info.path;
  while (root?.prev) root = root.prev;
  return root ? ctx.rootArgs.get(String(root.key)) : undefined;
}

/**
 * The root query's publication filter, inherited by a draft & publish relation target (the plugin's rule). The plugin
 * builds its condition for the root's status (buildPublicationFilterWhere: `id IN` the rows of that status the mode
 * keeps), whatever a `publishedAt` filter of the field selects: a field's drafts under a published root keep none.
 */
function inheritedTest(ctx: GraphqlContext, target: GqlType, info: GraphQLResolveInfo): ((record: Record_) => boolean) | undefined {
  const root = rootArgsOf(ctx, info);
  const filter = root?.publicationFilter;
  const type = ctx.store.index.model.contentTypes.get(target.uid);
  if (!root || !filter || !type || !type.draftAndPublish) return undefined;
  const test = parsePublicationFilter(ctx.store.index, type, { publicationFilter: filter });
  const draft = root.status === 'draft';
  return test && ((record) => isDraftRow(record as Row) === draft && test(record as Row));
}

/**
 * i18n's `localizations`: the document's other rows (other locales; under a mutation, which applies no status,
 * the other version of the same locale too), of the root query's status, in row order, each rendered by the engine with what the field's selection populates.
 */
function localizationsOf(ctx: GraphqlContext, type: GqlType, source: Entry, args: Args, info: GraphQLResolveInfo): Entry[] {
  const contentType = ctx.store.index.model.contentTypes.get(type.uid);
  if (!contentType || typeof source.documentId !== 'string') return [];
  const root = rootArgsOf(ctx, info);
  // a `publishedAt` filter naming the inherited condition's operator replaces it (status-merge.ts)
  const replaced = contentType.draftAndPublish && replacesStatus(ctx, type, args, root);
  const status = contentType.draftAndPublish && !replaced ? root?.status : undefined;
  const rows = ctx.store.index
    .documentRows(type.uid, source.documentId)
    .filter((r) => r.id !== Number(source.id) && (status === undefined || (status === 'draft') === (r.publishedAt === null)))
    .sort((a, b) => a.id - b.id);
  const populate = fieldSelectionPopulate(ctx, type, info);
  const out: Entry[] = [];
  for (const row of rows) {
    // the relations under a localization inherit the root query's status (the plugin's association resolvers),
    // whatever the localization's own row is (a type without draft & publish has published rows only)
    // (with the status replaced, each row is read as itself)
    const rowStatus = (replaced ? undefined : root?.status) ?? (row.publishedAt === null ? 'draft' : 'published');
    const query = { locale: row.locale, status: rowStatus, ...(populate ? { populate } : {}) };
    const entry = findOne(ctx.store.index, contentType, source.documentId, query, { ...ctx.options, canRead: undefined });
    if (entry) out.push(entry);
  }
  return out;
}

/** Whether a relation field's filters replace the status it inherits (a draft & publish target only). */
function replacesStatus(ctx: GraphqlContext, target: GqlType, args: Args, root: RootArgs | undefined): boolean {
  if (!isPlainObject(args.filters) || !Object.hasOwn(args.filters, 'publishedAt')) return false;
  if (!ctx.store.index.model.contentTypes.get(target.uid)?.draftAndPublish) return false;
  const byUid = ctx.built.byUid;
  return replacesInheritedStatus(restFilters(args.filters, target, byUid), root);
}

/**
 * The plugin's auth check on a field of an entry: relations (and i18n's localizations) need `<target>.find`;
 * undefined: the field has none.
 */
export function entryFieldAllowed(type: GqlType, fieldName: string, ctx: GraphqlContext): boolean | undefined {
  const attribute = attributeOf(type, fieldName)?.attribute;
  if (attribute?.kind !== 'relation') return undefined;
  if (attribute.name === 'localizations' && type.localized) return ctx.may(type.uid, 'find');
  return ctx.may(attribute.target, 'find');
}

/** Whether a field's arguments filter or sort (what Strapi's validation walks). */
export const filtersOrSorts = (args: Args): boolean =>
  (args.filters !== undefined && args.filters !== null) ||
  (Array.isArray(args.sort) ? args.sort.length > 0 : typeof args.sort === 'string');

/** A field's arguments on `target` as Strapi's validation walks them (strapi-timing.ts). */
export function validatedArgs(ctx: GraphqlContext, target: GqlType, args: Args): Validated | undefined {
  const scope = scopeOf(ctx, target);
  if (!scope) return undefined;
  const byUid = ctx.built.byUid;
  const filters = args.filters === undefined || args.filters === null ? undefined : validatedFilters(args.filters, target, byUid);
  return { schema: strapiSchema(ctx.store.index, scope), filters, sort: restSort(args.sort) };
}

/** A relation, media or repeatable component field's arguments as Strapi's validation walks them. */
export function entryFieldValidated(type: GqlType, fieldName: string, args: Args, ctx: GraphqlContext): Validated | undefined {
  const attribute = filtersOrSorts(args) ? attributeOf(type, fieldName)?.attribute : undefined;
  const uid =
    attribute?.kind === 'media'
      ? FILE_UID
      : attribute?.kind === 'relation'
        ? attribute.target
        : attribute?.kind === 'component'
          ? attribute.component
          : undefined;
  const target = uid === undefined ? undefined : ctx.built.types.find((t) => t.uid === uid);
  return target && validatedArgs(ctx, target, args);
}

/** Whether the plugin's resolver of an entry's field loads from the database (relations, media, components, zones). */
export function entryFieldReadsDatabase(type: GqlType, fieldName: string): boolean {
  const kind = attributeOf(type, fieldName)?.attribute.kind;
  return kind === 'relation' || kind === 'media' || kind === 'component' || kind === 'dynamiczone' || kind === 'morph';
}

/** Resolves a field of a content type or component entry. */
export function resolveEntryField(type: GqlType, source: Entry, args: Args, ctx: GraphqlContext, info: GraphQLResolveInfo): unknown {
  const found = attributeOf(type, info.fieldName);
  // v4CompatibilityMode's `attributes` and `data` (no attribute by those names: the schema has them only then)
  if (!found && (info.fieldName === 'attributes' || info.fieldName === 'data')) return source;
  if (!found) return source[info.fieldName] ?? null;
  const { attribute, connection } = found;
  // the auth checks (entryFieldAllowed) ran before, as the plugin's wrapper runs them
  if (attribute.name === 'localizations' && type.localized && attribute.kind === 'relation') {
    // i18n's load joins the rows of the same document on its column: no link table
    const nodes = listWithArgs(ctx, type, localizationsOf(ctx, type, source, args, info), args, inheritedTest(ctx, type, info), false);
    return connection ? { nodes } : nodes;
  }
  const value = source[attribute.name];
  switch (attribute.kind) {
    case 'relation':
    case 'media': {
      const targetUid = attribute.kind === 'media' ? FILE_UID : attribute.target;
      const target = ctx.built.types.find((t) => t.uid === targetUid);
      const many = attribute.kind === 'media' ? attribute.multiple : attribute.toMany;
      const inherited = target && attribute.kind === 'relation' ? inheritedTest(ctx, target, info) : undefined;
      if (!many || !target) {
        if (!isPlainObject(value)) return null;
        const record = inherited && target ? recordOf(ctx, target, value as Entry) : undefined;
        return record && inherited && !inherited(record) ? null : value;
      }
      const root = rootArgsOf(ctx, info);
      const replaced =
        attribute.kind === 'relation' && root && replacesStatus(ctx, target, args, root)
          ? linkedVersions(ctx, type, source, attribute.name, target, root, info)
          : undefined;
      const list = replaced ?? (Array.isArray(value) ? (value as Entry[]) : []);
      // The plugin loads the field with a LIMIT (its default pagination): SQLite then hands a sort's ties over in
      // the target rows' id order, through either side (probes/graphql-sort-ties.json), where REST's populate,
      // without one, keeps an inverse list's join-row order.
      const nodes = listWithArgs(ctx, target, list, args, inherited);
      return connection ? { nodes } : nodes;
    }
    case 'component': {
      noteStored(ctx, type, source, attribute.name, value);
      if (!attribute.repeatable) return isPlainObject(value) ? value : null;
      const target = ctx.built.types.find((t) => t.uid === attribute.component);
      return target ? listWithArgs(ctx, target, Array.isArray(value) ? (value as Entry[]) : [], args) : [];
    }
    case 'dynamiczone':
      // a zone that allows no component has no link table to load from: the database layer's load answers an
      // object, not a list, and graphql-js fails the field ("Expected Iterable, but did not find one for field …")
      if (attribute.components.length === 0) return {};
      noteStored(ctx, type, source, attribute.name, value);
      return Array.isArray(value) ? value : [];
    case 'morph':
      return attribute.toMany ? [] : null;
    case 'scalar':
      return isPassword(ctx, type, attribute.name) ? passwordOf(ctx, type, source, attribute.name) : (value ?? null);
    default:
      return value ?? null;
  }
}

function isPassword(ctx: GraphqlContext, type: GqlType, name: string): boolean {
  const a = ctx.store.index.model.contentTypes.get(type.uid)?.attributes.get(name);
  return a?.kind === 'scalar' && a.type === 'password';
}

/** What Strapi stores for a password attribute, which the REST render leaves out (password-hash.ts). */
function passwordOf(ctx: GraphqlContext, type: GqlType, source: Entry, name: string): string | null {
  const row = ctx.store.index.rowById(type.uid, Number(source.id));
  return row ? storedPasswordHash(row[name], `${row.documentId}:${String(row.locale ?? '')}`) : null;
}
