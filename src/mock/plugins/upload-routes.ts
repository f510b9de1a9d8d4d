import type express from 'express';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { ApplicationError, NotFoundError, ValidationError } from '../../core/errors/strapi-errors.js';
import type { Runtime } from '../runtime.js';
import type { MediaFile } from '../../core/data/types.js';
import { authenticateRequest, authorizePluginAction } from '../auth/authenticate-request.js';
import { adoptUpload, deleteUpload, incomingDir, locateUpload, saveUpload } from './file-storage.js';
import { isValidFilename, mimeOf, newFileRecord, type FileInfo } from './new-file-record.js';
import { readMultipart } from './read-multipart.js';
import { SNIFF_BYTES, sniffServedType, sniffUploadType } from './sniff-type.js';
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
      const limits = {
        fileSize: rt.config.plugins.uploadSizeLimit,
        files: rt.config.plugins.uploadMaxFiles,
        tmpDir: incomingDir(rt.store),
      };
      const body = await readMultipart(req, limits);
      const adopted: string[] = [];
      try {
        const parts = body.files.filter((f) => f.field === 'files');
        if (parts.length === 0) throw new ValidationError('Files are empty', {});
        if (!parts.every((p) => isValidFilename(p.filename))) throw new ApplicationError('File name contains invalid characters', {});
        const infos = readFileInfo(body.fields.fileInfo, parts.length);
        const mimes = parts.map((p) => sniffUploadType(p.head) ?? mimeOf(p.filename, p.mime));
        // Images get Strapi's formats (thumbnail, large, medium, small), resized before the record is made; only
        // images are read whole, and only up to the size limit.
        const resized = await Promise.all(
          parts.map((p) => (sniffUploadType(p.head)?.startsWith('image/') ? resizeImage(readFileSync(p.path)) : [])),
        );
        const records = parts.map((p, i) => newFileRecord(rt.store, p.filename, mimes[i], p, infos[i]));
        records.forEach((r, i) => (r.formats = formatsOf(r, resized[i])));
        // The bytes are in place before the records exist: a record never points at a missing file.
        records.forEach((record, i) => {
          const name = record.url.slice('/uploads/'.length);
          adoptUpload(rt.store, name, parts[i].path);
          adopted.push(name);
          for (const f of resized[i]) {
            const formatName = `${f.key}_${record.hash}${record.ext ?? ''}`;
            saveUpload(rt.store, formatName, f.bytes);
            adopted.push(formatName);
          }
        });
        const created = await rt.store.mutate((data) => {
          data.media.push(...records);
          return records;
        });
        adopted.length = 0;
        for (const record of created) rt.listener?.media('media.create', record);
        res.status(201).json(created.map((f) => showFile(f, null, false)));
      } finally {
        for (const name of adopted) deleteUpload(rt.store, name);
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
