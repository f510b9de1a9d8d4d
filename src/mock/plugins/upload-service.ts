import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, mkdirSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ValidationError } from '../../core/errors/strapi-errors.js';
import type { MediaFile } from '../../core/data/types.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { incomingDir } from './file-storage.js';
import { HEAD_BYTES, type UploadedPart } from './read-multipart.js';
import type { FileInfo } from './new-file-record.js';
import { saveUploadedFiles } from './upload-routes.js';
import type { Runtime } from '../runtime.js';

// The upload plugin's service as project code calls it (`strapi.plugin('upload').service('upload').upload(...)`: a
// seed script or a controller storing a file it made), over the mock's media library: `files` are formidable's file
// objects (`{ filepath, originalFilename, mimetype, size }`, or v4's `{ path, name, type, size }`), one or a list,
// `data.fileInfo` one object or one per file. The project's file is copied, not moved (Strapi's local provider reads
// it as a stream). The answer is each new file's row as the query engine answers it (probe s12 upload: Strapi 5.54).
// The project app is given it (createProjectApp's `uploadService`): the plugin routes' folder is not the runtime's.

type Params = Record<string, unknown>;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function fileInfoOf(v: unknown): FileInfo {
  if (!isPlainObject(v)) return {};
  return {
    name: text(v.name),
    alternativeText: typeof v.alternativeText === 'string' ? v.alternativeText : undefined,
    caption: typeof v.caption === 'string' ? v.caption : undefined,
    focalPoint: isPlainObject(v.focalPoint) ? (v.focalPoint as FileInfo['focalPoint']) : undefined,
  };
}

/** A formidable file as an uploaded part: its bytes copied to a temporary file the media store adopts. */
function partOf(rt: Runtime, file: unknown): UploadedPart {
  const f = isPlainObject(file) ? file : {};
  const source = text(f.filepath) ?? text(f.path);
  if (!source)
    throw new ValidationError('File path is missing: pass formidable file objects ({ filepath, originalFilename, mimetype, size })', {});
  const dir = incomingDir(rt.store);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `.incoming-${randomBytes(8).toString('hex')}`);
  copyFileSync(source, path);
  const head = Buffer.alloc(HEAD_BYTES);
  const fd = openSync(path, 'r');
  const read = readSync(fd, head, 0, HEAD_BYTES, 0);
  closeSync(fd);
  return {
    field: 'files',
    // Strapi's enhanceAndValidateFile: the original name, else its `unamed`
    filename: text(f.originalFilename) ?? text(f.name) ?? 'unamed',
    mime: text(f.mimetype) ?? text(f.type) ?? 'application/octet-stream',
    size: typeof f.size === 'number' ? f.size : statSync(path).size,
    head: head.subarray(0, read),
    path,
  };
}

/** A stored file as Strapi's query engine answers its row (the upload service's answer: nothing sanitized). */
function fileRow(file: MediaFile): Record<string, unknown> {
  const { related: _related, folder: _folder, ...row } = file;
  return { ...row, folderPath: file.folderPath ?? '/', publishedAt: file.publishedAt ?? file.createdAt, locale: null };
}

export function uploadService(current: () => Runtime): Record<string, unknown> {
  return {
    async upload(params: Params = {}) {
      const rt = current();
      const data = isPlainObject(params.data) ? params.data : {};
      const files = Array.isArray(params.files) ? params.files : params.files ? [params.files] : [];
      if (files.length === 0) throw new ValidationError('Files are empty', {});
      const infos = (Array.isArray(data.fileInfo) ? data.fileInfo : [data.fileInfo]).map(fileInfoOf);
      const parts = files.map((f) => partOf(rt, f));
      try {
        const created = await saveUploadedFiles(rt, parts, infos);
        // the service's uploads go to the root folder (no `folder` given); the REST route's to API Uploads
        for (const record of created) {
          record.folderPath ??= '/';
          rt.listener?.media('media.create', record);
        }
        return created.map(fileRow);
      } finally {
        for (const p of parts) rmSync(p.path, { force: true });
      }
    },
  };
}
