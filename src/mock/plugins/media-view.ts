import { NotFoundError, StrapiError } from '../../core/errors/strapi-errors.js';
import type { Runtime } from '../runtime.js';
import { compileFilters } from '../../core/query/filters.js';
import { FiltersParameterError, isRefusedKey } from '../../core/query/query-errors.js';
import { sanitizeFilters } from '../../core/query/sanitize-filters.js';
import { parseFields, starLead } from '../../core/query/fields.js';
import { parseQueryString } from '../../core/query/run-query.js';
import type { Scope } from '../../core/query/scope.js';
import { parseSort, sortRecords, type SortTerm } from '../../core/query/sort.js';
import type { MediaFile, Row } from '../../core/data/types.js';
import type { ContentModel, ContentType } from '../../core/model/types.js';
import { shownFileField } from '../../core/model/private-attributes.js';
import { strapiSchema, type StrapiAttribute, type StrapiSchema } from '../../core/query/strapi-schema.js';
import { validateFields, validateFilters, validateSort } from '../../core/query/validate-query.js';
import { invalidKey } from '../../core/errors/strapi-errors.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { isBooleanLike } from '../../core/query/values.js';
import { checkPublicationFilterParam } from '../../core/query/publication-filter.js';
import { isDraftRow, type ContentIndex } from '../../core/data/content-index.js';
import { authenticateRequest, authorizePluginAction, mayContent, type RequestPrincipal } from '../auth/authenticate-request.js';
import { invalidPopulateParameter, parseQueryPopulate, RELATED, type PopulateNode } from '../../core/query/populate.js';
import { relatedNode } from '../../core/query/populate-node.js';
import { leading, renderRelated } from '../../core/query/render-entry.js';
import { convertPagination, paginationInfo, paginationMeta, shouldCount, type PageWindow } from '../../core/query/pagination.js';

// The upload plugin's reads of the media library, framework-free: the express routes and the MSW handlers answer
// with these.

const MEDIA: Scope = { kind: 'media' };
/** Columns Strapi keeps private on files: never shown. */
const PRIVATE = new Set(['folder', 'folderPath', 'related', 'createdBy', 'updatedBy']);

/** A file as the upload routes answer it; `model`: the project's, whose privateAttributes hide file fields too. */
export function showFile(file: MediaFile, fields: string[] | null, signed: boolean, model?: ContentModel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // `fields` shows its columns in its own order, after the ids (harness launchpad grammar seed 1661)
  for (const key of fields === null ? Object.keys(file) : new Set(['id', 'documentId', ...fields])) {
    if (!Object.hasOwn(file, key) || PRIVATE.has(key) || (model !== undefined && !shownFileField(model, key))) continue;
    out[key] = file[key];
  }
  if (signed) out.isUrlSigned = false;
  return out;
}

/** A shown file with `related` set: the upload controller signs the populated file, so `isUrlSigned` comes after it. */
function withValue(shown: Record<string, unknown>, related: unknown): Record<string, unknown> {
  const { isUrlSigned, ...rest } = shown;
  return isUrlSigned === undefined ? { ...rest, [RELATED]: related } : { ...rest, [RELATED]: related, isUrlSigned };
}

export const findFile = (rt: Runtime, id: string): MediaFile | undefined =>
  /^\d+$/.test(id) ? rt.store.data.media.find((m) => m.id === Number(id)) : undefined;

export const fileNotFound = () => new NotFoundError('file.notFound', {});

/**
 * The upload controller's `validateQuery` (the content API validators over the file model, before any lookup):
 * publicationFilter, filters, sort, fields, then populate, as for a content type. So `filters[name][$nope]` is the
 * validators' "Invalid key $nope at name" here, and `populate[folder]` refuses the private folder, even for a file
 * that is not there (probe upload-files-query).
 */
/** The files table's one-column indexes (@strapi/upload content-types/file.ts). */
const INDEXED_FILE_COLUMNS = new Set(['folderPath', 'createdAt', 'updatedAt', 'name', 'size', 'ext']);

/**
 * An unlimited files list sorted descending by one indexed column: SQLite walks that index backwards instead of
 * sorting, so equal values come in reversed id order (`sort=size:desc` over files of one size: the newest first, probe
 * s15 upload-populate on Strapi 5.54); ascending, by another column, or under a LIMIT (the page route), ties keep the
 * table's id order.
 */
function tiesReversed(sort: readonly SortTerm[]): boolean {
  const [only] = sort;
  return sort.length === 1 && only.direction === 'desc' && only.path.length === 1 && INDEXED_FILE_COLUMNS.has(only.path[0]);
}

/** Validates a files read's query; returns the converter's refusal of its populate, met after its sort and filters. */
function validateFileQuery(index: ContentIndex, query: Record<string, unknown>): StrapiError | undefined {
  const schema = strapiSchema(index, MEDIA);
  if ('publicationFilter' in query) checkPublicationFilterParam(query);
  if (query.filters) validateFilters(schema, query.filters);
  if (query.sort) validateSort(schema, query.sort);
  if (query.fields) validateFields(schema, query.fields);
  const populate = query.populate;
  if (Array.isArray(populate) && !populate.every((p) => typeof p === 'string')) {
    // a list holding an object (qs makes one of `populate[related][populate]=*&populate=x`): Strapi's validator walks
    // it keyed by index, passing the boolean-like 0 and 1, and the upload service's query conversion refuses it
    // (probe s15 upload-populate on Strapi 5.54; meichu --code 1705 `populate[related]=true&populate=1`)
    if (populate.length > 2) throw invalidKey('2', { parent: null, source: 'query', param: 'populate' });
    // (the converter's, in its order: `…&populate=x&filters=` is the filters' refusal, probe s17-populate-lists-zones)
    return invalidPopulateParameter();
  }
  if (isDotNotation(query.populate)) {
    // a name or a list of names is walked as dot paths first (validatePopulateDotPaths: each comma item's segments
    // through the file's schema), then the private pass refuses a private first segment (probe
    // s17-populate-lists-zones: `populate=related.x` is `Invalid key related`, `populate=folder.x` `Invalid key x at
    // folder.x`, `populate=*,related` `Invalid key *` at path `*`)
    validateDotPaths(schema, query.populate);
    const commaString = typeof query.populate === 'string' && query.populate.includes(',');
    for (const key of populatedKeys(query.populate))
      if (schema.attribute(key)?.private && !commaString) throw invalidKey(key, { path: key, source: 'query', param: 'populate' });
  } else if (query.populate && query.populate !== '*') {
    // the file's relations by their first segment: `related` (a morph relation) is one; `folder` is private, and a
    // column (`populate=name`) is no relation
    // (the private pass walks a comma string as one unknown key: `populate=related,folder` passes, harness sitedemo
    // grammar seed 1400)
    const commaString = typeof query.populate === 'string' && query.populate.includes(',');
    let privateKey: string | undefined;
    for (const key of populatedKeys(query.populate)) {
      const attribute = schema.attribute(key);
      // a boolean-like key naming nothing is skipped (qs merging a list into an object keys it by index: harness
      // edtech grammar2 seed 1956, `populate=folder&populate=*&populate[folder]=true` is `Invalid key folder`)
      if (attribute === undefined && isPlainObject(query.populate) && isBooleanLike(key)) continue;
      // a private key is refused by the private pass, after the main walk over the whole populate: an unknown key or a
      // bad fragment target after it comes first (probe s17-files-related-forms: `populate[folder]=true&populate
      // [related][on][x]=true` is `Invalid key x at related.on.x`)
      if (attribute?.private && !commaString && attribute.type !== 'scalar' && attribute.type !== 'password') {
        privateKey ??= key;
        continue;
      }
      if (attribute === undefined || (attribute.private && !commaString) || attribute.type === 'scalar' || attribute.type === 'password')
        // (a name the file model lacks has no attribute path: `populate[folder=true` is `[folder` with path null,
        // probe s15 upload-folder on Strapi 5.54)
        throw invalidKey(key, { path: attribute === undefined ? null : key, source: 'query', param: 'populate' });
    }
    // the validators' walk under the keys (a fragment's targets, nested options), before the converter meets the sort
    // (harness sitedemo grammar2 seed 1952: `sort[focalPoint]=up&populate[related][on][x]=true` is `Invalid key x at
    // related.on.x`); the converter's and the database's errors are met in their turn
    if (isPlainObject(query.populate)) {
      try {
        parseQueryPopulate(index, MEDIA, query.populate);
      } catch (error) {
        if (error instanceof StrapiError && isRefusedKey(error)) throw error;
      }
    }
    if (privateKey !== undefined) throw invalidKey(privateKey, { path: privateKey, source: 'query', param: 'populate' });
  }
  return undefined;
}

/** Strapi's `isDotNotationPopulate`: a name (not `*`) or a non-empty list of names. */
const isDotNotation = (populate: unknown): populate is string | string[] =>
  (typeof populate === 'string' && populate !== '' && populate !== '*') ||
  (Array.isArray(populate) && populate.length > 0 && populate.every((p) => typeof p === 'string'));

/**
 * Strapi's `validatePopulateDotPathSegments` over each comma item of a name or list of names: every segment must be a
 * populatable attribute, and only a relation or a component leads on (a morph relation or a media with more
 * segments is refused at itself); a key is named at its dot path.
 */
function validateDotPaths(schema: StrapiSchema, populate: string | string[]): void {
  const refuse = (key: string, at: string) =>
    invalidKey(key, { parent: at === key ? null : at, path: at, source: 'query', param: 'populate' });
  const paths = [populate].flat().flatMap((item) =>
    item
      .split(',')
      .map((segment) => segment.trim())
      .filter(Boolean),
  );
  for (const path of paths) {
    let current: StrapiSchema | undefined = schema;
    let at = '';
    const segments = path
      .split('.')
      .map((segment) => segment.trim())
      .filter(Boolean);
    for (const [i, head] of segments.entries()) {
      at = at ? `${at}.${head}` : head;
      const attribute: StrapiAttribute | undefined = current?.attribute(head);
      if (!attribute || attribute.type === 'scalar' || attribute.type === 'password') throw refuse(head, at);
      if (i === segments.length - 1) break;
      if (attribute.type === 'morph' || attribute.type === 'media') throw refuse(head, at);
      if (attribute.type === 'dynamiczone') break;
      current = 'target' in attribute ? attribute.target() : undefined;
    }
  }
}

/**
 * The top-level names a populate parameter gives: a comma list, a list of (dotted) paths, or an object's keys (empty
 * names left out). A list
 * item holding a comma is not walked by Strapi's validator (`populate[0]=related,folder` passes, probe
 * upload-files-query).
 */
function populatedKeys(populate: unknown): string[] {
  const first = (path: string) => path.trim().split('.')[0]!;
  // an empty or blank name is no key to Strapi's validator (`populate=&populate=related`, `populate=,related`,
  // `populate[0]=%20`: 200; `populate[0]=&populate[1]=folder`: "Invalid key folder", probe s16 files-empty-populate)
  const named = (keys: string[]) => keys.filter((key) => key !== '');
  if (typeof populate === 'string') return named(populate.split(',').map(first));
  if (Array.isArray(populate)) return named(populate.flatMap((p) => (typeof p === 'string' && !p.includes(',') ? [first(p)] : [])));
  return isPlainObject(populate) ? Object.keys(populate) : [];
}

/**
 * What a files read populates of `related` (the file's polymorphic back-link), after validation: `*` populates every
 * attribute, `related` among them, and the answer's sanitizer keeps the entries of types the caller may find (the key
 * is dropped when it leaves none of a non-empty list); `related`, `related=true`, `{count}` or a fragment go through
 * the query sanitizer (populate.ts parseRelated).
 */
function relatedAsked(rt: Runtime, who: RequestPrincipal, populate: unknown): { node: PopulateNode; wildcard: boolean } | undefined {
  const canRead = (uid: string) => {
    const type = rt.model.contentTypes.get(uid);
    return !type || mayContent(rt, who, type, 'find');
  };
  if (populate === '*') return { node: relatedNode(rt.store.index, undefined), wildcard: true };
  if (populate === undefined || populate === null || populate === '') return undefined;
  const node = parseQueryPopulate(rt.store.index, MEDIA, populate, canRead).get(RELATED);
  return node ? { node, wildcard: false } : undefined;
}

function withRelated(
  rt: Runtime,
  who: RequestPrincipal,
  file: MediaFile,
  shown: Record<string, unknown>,
  asked: ReturnType<typeof relatedAsked>,
  status?: unknown,
) {
  if (!asked) return shown;
  // the list's `status` becomes a filter of every query of the read (convertStatusParams: a draft & publish type's
  // `publishedAt` null for `draft`, not null for any other value), handed down to `related`'s per-type queries
  // when it is not given as fragments, as a comma item leaves it (probe s16-read files-related-status:
  // `populate=related,folder&status=draft` lists only the draft versions)
  const publication =
    status !== undefined && status !== null && asked.node.unsanitized
      ? (type: ContentType) => (type.draftAndPublish ? (row: Row) => isDraftRow(row) === (status === 'draft') : undefined)
      : undefined;
  const related = renderRelated({ index: rt.store.index, status: 'published', ...(publication ? { publication } : {}) }, file, asked.node);
  // the answer's sanitizer keeps a users-permissions caller's readable types only, components never (no permission
  // names one); an API token's `related` given as a comma item is not narrowed (harness cheeses grammar seed 1605,
  // school 1690)
  const narrowed = asked.wildcard || (asked.node.unsanitized === true && who.kind !== 'token');
  if (!narrowed || !Array.isArray(related)) return withValue(shown, related);
  const kept = related.filter((e) => {
    const type = rt.model.contentTypes.get(String(e.__type));
    return !!type && mayContent(rt, who, type, 'find');
  });
  return kept.length === 0 && related.length > 0 ? shown : withValue(shown, kept);
}

/** The library as a files read asks for it (filtered, sorted), and how to show each file. */
function readLibrary(
  rt: Runtime,
  who: RequestPrincipal,
  query: Record<string, unknown>,
  before?: () => void,
  unlimited = false,
  converted?: () => void,
) {
  const index = rt.store.index;
  const populateRefusal = validateFileQuery(index, query);
  before?.();
  // (the converter reads the sort first: `sort[caption]=up&filters=` is the order's refusal)
  const sort = parseSort(index, MEDIA, query.sort);
  // the upload service's findMany converts the query as a content type's is (convertAndSanitizeFilters): keys that
  // are neither attributes nor operators, and the groups they leave empty, go (harness kit grammar seed 1690: a
  // `$and` qs made an object of, an index past 100, filters nothing)
  // (no content-API sanitizer drops an empty `filters=` first: the conversion refuses the text, harness chalets 1802)
  if (query.filters === '') throw new FiltersParameterError();
  // (the fields and populate are converted before the database meets the filters: `filters[$or][$and]…&fields[a]=b`
  // is the fields' refusal, harness sitedemo grammar2 seed 1952)
  const fields = parseFields(MEDIA, query.fields, null);
  if (populateRefusal) throw populateRefusal;
  const filter = compileFilters(index, MEDIA, query.filters ? sanitizeFilters(strapiSchema(index, MEDIA), query.filters) : query.filters);
  const asked = relatedAsked(rt, who, query.populate);
  converted?.();
  const kept = rt.store.data.media.filter((m) => !filter || filter(m) === true);
  const files =
    unlimited && tiesReversed(sort)
      ? sortRecords(
          index,
          MEDIA,
          [...kept].sort((a, b) => Number(b.id) - Number(a.id)),
          sort,
          true,
        )
      : sortRecords(index, MEDIA, kept, sort);
  // `fields` naming columns before a `*` shows them first (harness adfinis grammar2 seed 1955: `fields=caption&fields=*`)
  const lead = fields === null ? starLead(query.fields) : undefined;
  const shown = (f: MediaFile) => (lead ? leading(showFile(f, fields, true, rt.model), lead) : showFile(f, fields, true, rt.model));
  return { files, show: (f: MediaFile) => withRelated(rt, who, f, shown(f), asked, query.status) };
}

/** `GET /api/upload/files`: the (filtered, sorted) library; `pagination[...]` is not read here, top-level start/limit are. */
export function listFiles(rt: Runtime, authorization: string | undefined, search: string): Record<string, unknown>[] {
  const who = authenticateRequest(rt, authorization);
  authorizePluginAction(rt, who, 'plugin::upload.content-api.find');
  const query = parseQueryString(search);
  // the query conversion reads the top-level start and limit (no `pagination[...]`), after validation
  const limited = query.limit !== undefined && query.limit !== null && Number(query.limit) >= 0;
  // (the whole query is converted in the converter's order: sort, filters, fields, populate, then the top-level
  // pagination; probe s17-populate-lists-zones: `sort[alternativeText]=up&page=1e1&page=*` is the order's refusal)
  const { files, show } = readLibrary(rt, who, query, undefined, !limited, () => convertPagination(query, undefined));
  const start = query.start === undefined || query.start === null ? 0 : Number(query.start);
  const limit = query.limit === undefined || query.limit === null ? -1 : Number(query.limit);
  return (limit < 0 ? files.slice(start) : files.slice(start, start + limit)).map(show);
}

/**
 * `GET /api/upload/files/page` (the upload service's findAndCountPage): the library read as a content list is, with
 * `pagination[page|pageSize|start|limit|withCount]`, the REST limits and the list's meta.
 */
export function listFilesPage(rt: Runtime, authorization: string | undefined, search: string): Record<string, unknown> {
  const who = authenticateRequest(rt, authorization);
  authorizePluginAction(rt, who, 'plugin::upload.content-api.findPage');
  const query = parseQueryString(search);
  let window: PageWindow = { start: 0, limit: -1, paged: true };
  // (its pagination is read after the query validated, before the database reads anything)
  const { files, show } = readLibrary(rt, who, query, () => {
    window = paginationInfo(query, rt.config.rest);
    // the service hands the conversion its own start and limit, with the query's top-level page or pageSize
    convertPagination({ ...query, start: window.start, limit: window.limit }, undefined);
  });
  const page = window.limit < 0 ? files.slice(window.start) : files.slice(window.start, window.start + window.limit);
  return { data: page.map(show), meta: { pagination: paginationMeta(window, files.length, shouldCount(query, rt.config.rest)) } };
}

/** `GET /api/upload/files/:id`. */
export function getFile(rt: Runtime, authorization: string | undefined, id: string, search = ''): Record<string, unknown> {
  const who = authenticateRequest(rt, authorization);
  authorizePluginAction(rt, who, 'plugin::upload.content-api.findOne');
  const query = parseQueryString(search);
  const populateRefusal = validateFileQuery(rt.store.index, query);
  if (populateRefusal) throw populateRefusal;
  const asked = relatedAsked(rt, who, query.populate);
  const file = findFile(rt, id);
  if (!file) throw fileNotFound();
  return withRelated(rt, who, file, showFile(file, null, true, rt.model), asked);
}
