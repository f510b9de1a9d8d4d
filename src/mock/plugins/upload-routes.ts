import type express from 'express';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { ApplicationError, NotFoundError, ValidationError } from '../../core/errors/strapi-errors.js';
import type { Runtime } from '../runtime.js';
import type { Json, MediaFile, Row } from '../../core/data/types.js';
import { MEDIA_TABLE, type Transaction } from '../../core/data/transaction.js';
import { authenticateRequest, authorizePluginAction } from '../auth/authenticate-request.js';
import { adoptUpload, deleteUpload, incomingDir, locateUpload, saveUpload } from './file-storage.js';
import { isValidFilename, mimeOf, newFileRecord, type FileInfo } from './new-file-record.js';
import { readMultipart, type UploadedPart } from './read-multipart.js';
import { SNIFF_BYTES, sniffServedType, sniffUploadType } from './sniff-type.js';
import { formatsOf, optimizeImage, resizeImage } from '../media/image-formats.js';
import { fileNotFound, findFile, getFile, listFiles, listFilesPage, showFile } from './media-view.js';
import { route } from '../express/route.js';
import { isPlainObject } from '../../core/is-plain-object.js';

// The upload plugin's Content API: the media library as bare JSON (no `data` envelope), uploads as multipart with
// the field `files`, and the stored bytes served under /uploads/ as Strapi's local provider does.

function readFileInfo(raw: string | undefined, count: number): FileInfo[] {
  if (raw === undefined || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ValidationError('fileInfo must be a JSON object (or a list of them, one per file)', {});
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (!list.every(isPlainObject) || list.length > count)
    throw new ValidationError('fileInfo must be a JSON object (or a list of them, one per file)', {});
  return list.map((i) => ({
    name: typeof i.name === 'string' && i.name !== '' ? i.name : undefined,
    alternativeText: typeof i.alternativeText === 'string' ? i.alternativeText : undefined,
    caption: typeof i.caption === 'string' ? i.caption : undefined,
    focalPoint: isPlainObject(i.focalPoint) ? (i.focalPoint as Json) : undefined,
  }));
}

/** Strapi's `?id=` check on an update or a replace: one id, never a list or an object. */
function singleId(id: unknown): string {
  if (typeof id !== 'string' || id === '') throw new ValidationError('File id is required and must be a single value', {});
  return id;
}

/** The record `?id=` names; Strapi's upload service throws a bare NotFoundError ("Entity not found"). */
function fileToChange(rt: Runtime, id: string): MediaFile {
  const file = findFile(rt, id);
  if (!file) throw new NotFoundError('Entity not found', {});
  return file;
}

/** Strapi's updateFileInfo: a key left out or null keeps the record's value. */
function withInfo(file: MediaFile, info: FileInfo | undefined): MediaFile {
  return {
    ...file,
    name: info?.name ?? file.name,
    alternativeText: info?.alternativeText ?? file.alternativeText,
    caption: info?.caption ?? file.caption,
    focalPoint: info?.focalPoint ?? file.focalPoint ?? null,
    updatedAt: new Date().toISOString(),
  };
}

/**
 * Stores uploaded files as Strapi's upload service does: images optimized (the bytes stored instead of the upload's)
 * with Strapi's formats, each file's bytes (the parts' temporary files are adopted) and its record, linked to `link`
 * when given; `old` is a record the one part replaces. What was stored is removed again if it fails.
 */
export async function saveUploadedFiles(
  rt: Runtime,
  parts: readonly UploadedPart[],
  infos: readonly (FileInfo | undefined)[],
  old?: MediaFile,
  link?: LinkTarget,
): Promise<MediaFile[]> {
  const adopted: string[] = [];
  try {
    const mimes = parts.map((p) => sniffUploadType(p.head) ?? mimeOf(p.filename, p.mime));
    // Images are optimized as Strapi does (optimized: the bytes stored instead of the upload's) and get Strapi's
    // formats (thumbnail, large, medium, small), resized from those bytes before the record is made; only
    // images are read whole, and only up to the size limit.
    const optimized = await Promise.all(
      parts.map((p) => (sniffUploadType(p.head)?.startsWith('image/') ? optimizeImage(readFileSync(p.path)) : undefined)),
    );
    const resized = await Promise.all(optimized.map((bytes) => (bytes ? resizeImage(bytes, rt.config.plugins.uploadBreakpoints) : [])));
    const records = parts.map((p, i) => {
      const bytes = optimized[i];
      const sent = bytes ? { head: bytes.subarray(0, p.head.length), size: bytes.length } : p;
      const fresh = newFileRecord(rt.store, p.filename, mimes[i], sent, infos[i], old?.id);
      // a replace keeps the record's id, hash and extension (so its url), and what fileInfo does not name
      if (!old) return fresh;
      const kept = withInfo(old, infos[i]);
      return { ...fresh, ...kept, name: fresh.name, mime: fresh.mime, size: fresh.size, width: fresh.width, height: fresh.height };
    });
    records.forEach((r, i) => (r.formats = formatsOf(r, resized[i])));
    // The bytes are in place before the records exist: a record never points at a missing file.
    if (old) for (const url of urlsOf(old)) deleteUpload(rt.store, url.slice('/uploads/'.length));
    records.forEach((record, i) => {
      const name = record.url.slice('/uploads/'.length);
      const bytes = optimized[i];
      if (bytes) saveUpload(rt.store, name, bytes);
      else adoptUpload(rt.store, name, parts[i].path);
      adopted.push(name);
      for (const f of resized[i]) {
        const formatName = `${f.key}_${record.hash}${record.ext ?? ''}`;
        saveUpload(rt.store, formatName, f.bytes);
        adopted.push(formatName);
      }
    });
    const created = await rt.store.mutate((tx) => {
      if (old) return [tx.replace(MEDIA_TABLE, asRow(old), asRow(records[0])) as MediaFile];
      for (const record of records) tx.insert(MEDIA_TABLE, asRow(record));
      if (link) attach(tx, link, records);
      return records;
    });
    adopted.length = 0;
    return created;
  } finally {
    for (const name of adopted) deleteUpload(rt.store, name);
  }
}

export function registerUploadRoutes(app: express.Express, current: () => Runtime): void {
  app.get(
    '/api/upload/files',
    route((req, res) => {
      const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
      res.status(200).json(listFiles(current(), req.headers.authorization, search));
    }),
  );

  app.get(
    '/api/upload/files/page',
    route((req, res) => {
      const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
      res.status(200).json(listFilesPage(current(), req.headers.authorization, search));
    }),
  );

  app.get(
    '/api/upload/files/:id',
    route((req, res) => {
      const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
      res.status(200).json(getFile(current(), req.headers.authorization, String(req.params.id), search));
    }),
  );

  app.delete(
    '/api/upload/files/:id',
    route(async (req, res) => {
      const rt = current();
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), 'plugin::upload.content-api.destroy');
      const file = findFile(rt, String(req.params.id));
      if (!file) throw fileNotFound();
      await rt.store.mutate((tx) => tx.remove(MEDIA_TABLE, asRow(file)));
      for (const url of urlsOf(file)) deleteUpload(rt.store, url.slice('/uploads/'.length));
      rt.listener?.media('media.delete', file);
      res.status(200).json(showFile(file, null, true, rt.model));
    }),
  );

  app.post(
    '/api/upload',
    route(async (req, res) => {
      const rt = current();
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), 'plugin::upload.content-api.upload');
      const limits = {
        fileSize: rt.config.plugins.uploadSizeLimit,
        files: rt.config.plugins.uploadMaxFiles,
        tmpDir: incomingDir(rt.store),
      };
      const body = await readMultipart(req, limits);
      const id = req.query.id;
      try {
        const parts = body.files.filter((f) => f.field === 'files');
        // Strapi's one upload route: no file and an `id` updates the file's info, a file and an `id` replaces it
        if (parts.length === 0) {
          if (!id) throw new ValidationError('Files are empty', {});
          const info = readFileInfo(body.fields.fileInfo, 1)[0];
          const file = fileToChange(rt, singleId(id));
          const updated = await rt.store.mutate((tx) => tx.replace(MEDIA_TABLE, asRow(file), asRow(withInfo(file, info))) as MediaFile);
          rt.listener?.media('media.update', updated);
          res.status(200).json(showFile(updated, null, true, rt.model));
          return;
        }
        if (id && parts.length > 1) throw new ValidationError('Cannot replace a file with multiple ones', {});
        if (!parts.every((p) => isValidFilename(p.filename))) throw new ApplicationError('File name contains invalid characters', {});
        const infos = readFileInfo(body.fields.fileInfo, parts.length);
        const old = id ? fileToChange(rt, singleId(id)) : undefined;
        const created = await saveUploadedFiles(rt, parts, infos, old, old ? undefined : linkTarget(rt, body.fields));
        if (old) {
          rt.listener?.media('media.update', created[0]);
          res.status(200).json(showFile(created[0], null, true, rt.model));
          return;
        }
        for (const record of created) rt.listener?.media('media.create', record);
        res.status(201).json(created.map((f) => showFile(f, null, true, rt.model)));
      } finally {
        body.discard();
      }
    }),
  );

  app.get(
    '/uploads/:name',
    route((req, res) => {
      const rt = current();
      const found = locateUpload(rt.store, String(req.params.name));
      if (!found) throw new NotFoundError('Not Found', {});
      // The type is what the bytes are, never what the uploader claimed; `nosniff` stops a browser from guessing
      // better, and the sandbox keeps an uploaded SVG's script from running on the mock's origin.
      res.set('X-Content-Type-Options', 'nosniff').set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if ('bytes' in found) {
        res
          .status(200)
          .type(sniffServedType(found.bytes.subarray(0, SNIFF_BYTES)))
          .send(found.bytes);
        return;
      }
      res.type(sniffServedType(readHead(found.path)));
      const options = { root: dirname(resolve(found.path)), dotfiles: 'allow', etag: false, lastModified: false } as const;
      return new Promise<void>((ok, fail) => res.sendFile(basename(found.path), options, (e) => (e ? fail(e) : ok())));
    }),
  );
}

function readHead(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    return head.subarray(0, readSync(fd, head, 0, SNIFF_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/** The file's url and its formats' urls (all stored under /uploads/). */
function urlsOf(file: MediaFile): string[] {
  const urls = [file.url];
  if (isPlainObject(file.formats)) {
    for (const f of Object.values(file.formats)) if (isPlainObject(f) && typeof f.url === 'string') urls.push(f.url);
  }
  return urls.filter((u) => u.startsWith('/uploads/'));
}

export interface LinkTarget {
  readonly uid: string;
  readonly rowId: number;
  readonly field: string;
  readonly multiple: boolean;
}

/**
 * `ref`, `refId` and `field` beside the files: Strapi links the new files to that entry's media field (a morph
 * link to the row `refId` names: one version of one locale). A media field that holds one file shows the new one,
 * a multiple one lists it after the files it had. A ref, row or field that is not there links nothing, as Strapi's
 * morph link points at nothing then.
 */
function linkTarget(rt: Runtime, fields: Record<string, string>): LinkTarget | undefined {
  const { ref, refId, field } = fields;
  if (!ref || !refId || !field || !/^\d+$/.test(refId)) return undefined;
  const type = rt.model.contentTypes.get(ref);
  const attribute = type?.attributes.get(field);
  if (!type || attribute?.kind !== 'media') return undefined;
  if (!rt.store.index.rowById(ref, Number(refId))) return undefined;
  return { uid: ref, rowId: Number(refId), field, multiple: attribute.multiple };
}

function attach(tx: Transaction, link: LinkTarget, files: readonly MediaFile[]): void {
  const found = tx.data.types[link.uid]?.find((r) => r.id === link.rowId);
  if (!found) return;
  const row = tx.edit(link.uid, found);
  const ids = files.map((f) => f.id);
  if (link.multiple) row[link.field] = [...(Array.isArray(row[link.field]) ? (row[link.field] as number[]) : []), ...ids];
  else row[link.field] = ids[ids.length - 1];
}

/** A media record as a row of the `@media` table (both have an id, a documentId and timestamps). */
const asRow = (file: MediaFile): Row => file as unknown as Row;
