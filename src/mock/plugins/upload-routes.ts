import type express from 'express';
import { NotFoundError, ValidationError } from '../../core/errors/strapi-errors.js';
import type { Runtime } from '../runtime.js';
import type { MediaFile } from '../../core/data/types.js';
import { authenticateRequest, authorizePluginAction } from '../auth/authenticate-request.js';
import { deleteUpload, readUpload, saveUpload } from './file-storage.js';
import { mimeOf, newFileRecord, type FileInfo } from './new-file-record.js';
import { readMultipart } from './read-multipart.js';
import { formatsOf, resizeImage } from '../media/image-formats.js';
import { fileNotFound, findFile, getFile, listFiles, showFile } from './media-view.js';
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
    alternativeText: typeof i.alternativeText === 'string' ? i.alternativeText : null,
    caption: typeof i.caption === 'string' ? i.caption : null,
  }));
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
    '/api/upload/files/:id',
    route((req, res) => {
      res.status(200).json(getFile(current(), req.headers.authorization, String(req.params.id)));
    }),
  );

  app.delete(
    '/api/upload/files/:id',
    route(async (req, res) => {
      const rt = current();
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), 'plugin::upload.content-api.destroy', false);
      const file = findFile(rt, String(req.params.id));
      if (!file) throw fileNotFound();
      await rt.store.mutate((data) => {
        data.media = data.media.filter((m) => m.id !== file.id);
      });
      for (const url of urlsOf(file)) deleteUpload(rt.store, url.slice('/uploads/'.length));
      rt.listener?.media('media.delete', file);
      res.status(200).json(showFile(file, null, false));
    }),
  );

  app.post(
    '/api/upload',
    route(async (req, res) => {
      const rt = current();
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), 'plugin::upload.content-api.upload', false);
      const body = await readMultipart(req, rt.config.plugins.uploadSizeLimit);
      const parts = body.files.filter((f) => f.field === 'files');
      if (parts.length === 0) throw new ValidationError('Files are empty', {});
      const infos = readFileInfo(body.fields.fileInfo, parts.length);
      // Images get Strapi's formats (thumbnail, large, medium, small), resized before the record is made.
      const resized = await Promise.all(parts.map((p) => resizeImage(p.bytes)));
      const created = await rt.store.mutate((data) => {
        const records = parts.map((p, i) => newFileRecord(rt.store, p.filename, mimeOf(p.filename, p.mime), p.bytes, infos[i]));
        records.forEach((r, i) => (r.formats = formatsOf(r, resized[i])));
        data.media.push(...records);
        return records;
      });
      created.forEach((record, i) => saveUpload(rt.store, record.url.slice('/uploads/'.length), parts[i].bytes));
      created.forEach((r, i) => resized[i].forEach((f) => saveUpload(rt.store, `${f.key}_${r.hash}${r.ext ?? ''}`, f.bytes)));
      for (const record of created) rt.listener?.media('media.create', record);
      res.status(201).json(created.map((f) => showFile(f, null, false)));
    }),
  );

  app.get(
    '/uploads/:name',
    route((req, res) => {
      const rt = current();
      const name = String(req.params.name);
      const bytes = readUpload(rt.store, name);
      const file = rt.store.data.media.find((m) => urlsOf(m).includes(`/uploads/${name}`));
      if (!bytes) throw new NotFoundError('Not Found', {});
      res
        .status(200)
        .type(file?.mime ?? mimeOf(name))
        .send(bytes);
    }),
  );
}

/** The file's url and its formats' urls (all stored under /uploads/). */
function urlsOf(file: MediaFile): string[] {
  const urls = [file.url];
  if (isPlainObject(file.formats)) {
    for (const f of Object.values(file.formats)) if (isPlainObject(f) && typeof f.url === 'string') urls.push(f.url);
  }
  return urls.filter((u) => u.startsWith('/uploads/'));
}
