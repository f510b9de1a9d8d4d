import { NotFoundError } from '../../core/errors/strapi-errors.js';
import type { Runtime } from '../runtime.js';
import { compileFilters } from '../../core/query/filters.js';
import { parseFields } from '../../core/query/fields.js';
import { parseQueryString } from '../../core/query/run-query.js';
import type { Scope } from '../../core/query/scope.js';
import { parseSort, sortRecords } from '../../core/query/sort.js';
import type { MediaFile } from '../../core/data/types.js';
import type { ContentModel } from '../../core/model/types.js';
import { shownFileField } from '../../core/model/private-attributes.js';
import { strapiSchema } from '../../core/query/strapi-schema.js';
import { validateFields, validateFilters, validateSort } from '../../core/query/validate-query.js';
import { invalidKey } from '../../core/errors/strapi-errors.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { checkPublicationFilterParam } from '../../core/query/publication-filter.js';
import type { ContentIndex } from '../../core/data/content-index.js';
import { authenticateRequest, authorizePluginAction } from '../auth/authenticate-request.js';

// The upload plugin's reads of the media library, framework-free: the express routes and the MSW handlers answer
// with these.

const MEDIA: Scope = { kind: 'media' };
/** Columns Strapi keeps private on files: never shown. */
const PRIVATE = new Set(['folder', 'folderPath', 'related', 'createdBy', 'updatedBy']);

/** A file as the upload routes answer it; `model`: the project's, whose privateAttributes hide file fields too. */
export function showFile(file: MediaFile, fields: string[] | null, signed: boolean, model?: ContentModel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(file)) {
    if (PRIVATE.has(key) || (model !== undefined && !shownFileField(model, key))) continue;
    if (fields === null || key === 'id' || key === 'documentId' || fields.includes(key)) out[key] = value;
  }
  if (signed) out.isUrlSigned = false;
  return out;
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
function validateFileQuery(index: ContentIndex, query: Record<string, unknown>): void {
  const schema = strapiSchema(index, MEDIA);
  if ('publicationFilter' in query) checkPublicationFilterParam(query);
  if (query.filters) validateFilters(schema, query.filters);
  if (query.sort) validateSort(schema, query.sort);
  if (query.fields) validateFields(schema, query.fields);
  if (query.populate && query.populate !== '*') {
    // the file's relations by their first segment: `related` (a morph relation) is one; `folder` is private, and a
    // column (`populate=name`) is no relation
    for (const key of populatedKeys(query.populate)) {
      const attribute = schema.attribute(key);
      if (attribute === undefined || attribute.private || attribute.type === 'scalar' || attribute.type === 'password')
        throw invalidKey(key, { path: key, source: 'query', param: 'populate' });
    }
  }
}

/**
 * The top-level names a populate parameter gives: a comma list, a list of (dotted) paths, or an object's keys. A list
 * item holding a comma is not walked by Strapi's validator (`populate[0]=related,folder` passes, probe
 * upload-files-query).
 */
function populatedKeys(populate: unknown): string[] {
  const first = (path: string) => path.trim().split('.')[0]!;
  if (typeof populate === 'string') return populate.split(',').map(first);
  if (Array.isArray(populate)) return populate.flatMap((p) => (typeof p === 'string' && !p.includes(',') ? [first(p)] : []));
  return isPlainObject(populate) ? Object.keys(populate) : [];
}

/** `GET /api/upload/files`: the whole (filtered, sorted) library; Strapi ignores pagination here. */
export function listFiles(rt: Runtime, authorization: string | undefined, search: string): Record<string, unknown>[] {
  authorizePluginAction(rt, authenticateRequest(rt, authorization), 'plugin::upload.content-api.find');
  const query = parseQueryString(search);
  const index = rt.store.index;
  validateFileQuery(index, query);
  const filter = compileFilters(index, MEDIA, query.filters);
  const sort = parseSort(index, MEDIA, query.sort);
  const fields = parseFields(MEDIA, query.fields, null);
  const files = rt.store.data.media.filter((m) => !filter || filter(m) === true);
  return sortRecords(index, MEDIA, files, sort).map((f) => showFile(f, fields, true, rt.model));
}

/** `GET /api/upload/files/:id`. */
export function getFile(rt: Runtime, authorization: string | undefined, id: string, search = ''): Record<string, unknown> {
  authorizePluginAction(rt, authenticateRequest(rt, authorization), 'plugin::upload.content-api.findOne');
  validateFileQuery(rt.store.index, parseQueryString(search));
  const file = findFile(rt, id);
  if (!file) throw fileNotFound();
  return showFile(file, null, true, rt.model);
}
