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

/** `GET /api/upload/files`: the whole (filtered, sorted) library; Strapi ignores pagination here. */
export function listFiles(rt: Runtime, authorization: string | undefined, search: string): Record<string, unknown>[] {
  authorizePluginAction(rt, authenticateRequest(rt, authorization), 'plugin::upload.content-api.find', true);
  const query = parseQueryString(search);
  const index = rt.store.index;
  const filter = compileFilters(index, MEDIA, query.filters);
  const sort = parseSort(index, MEDIA, query.sort);
  const fields = parseFields(MEDIA, query.fields, null);
  const files = rt.store.data.media.filter((m) => !filter || filter(m) === true);
  return sortRecords(index, MEDIA, files, sort).map((f) => showFile(f, fields, true, rt.model));
}

/** `GET /api/upload/files/:id`. */
export function getFile(rt: Runtime, authorization: string | undefined, id: string): Record<string, unknown> {
  authorizePluginAction(rt, authenticateRequest(rt, authorization), 'plugin::upload.content-api.findOne', true);
  const file = findFile(rt, id);
  if (!file) throw fileNotFound();
  return showFile(file, null, true, rt.model);
}
