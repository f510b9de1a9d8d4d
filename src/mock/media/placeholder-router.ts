import express from 'express';
import { extname } from 'node:path';
import type { MediaFile } from '../../core/data/types.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import type { Runtime } from '../runtime.js';
import { placeholderFormat, placeholderImage } from './placeholder-image.js';
import { sampleFile, sampleKind } from './sample-file.js';

/** Width and height recorded for a url of a file: the original's, or one of its formats'. */
function recordedSize(file: MediaFile, url: string): { width: number; height: number } | undefined {
  const sized = (v: { width?: unknown; height?: unknown }) =>
    typeof v.width === 'number' && typeof v.height === 'number' && v.width > 0 && v.height > 0
      ? { width: Math.round(v.width), height: Math.round(v.height) }
      : undefined;
  if (file.url === url) return sized(file);
  if (isPlainObject(file.formats)) {
    for (const f of Object.values(file.formats)) if (isPlainObject(f) && f.url === url) return sized(f);
  }
  return undefined;
}

const MAX_SIDE = 8000;
const CACHE_ENTRIES = 256;

/**
 * `GET /uploads/<name>` for media records the mock has no bytes for: a generated image of the recorded size, in
 * the format the extension names, or a small valid file of the record's kind (PDF, MP4, MP3, text). Files with
 * bytes (uploads) and unknown names go on to the upload routes.
 */
export function createPlaceholderRouter(current: () => Runtime, hasBytes: (rt: Runtime, name: string) => boolean): express.RequestHandler {
  const router = express.Router();
  // Rendering a large PNG takes tens of ms: keep the last few, keyed by everything that shapes them.
  const cache = new Map<string, Promise<{ bytes: Buffer; mime: string }>>();
  router.get('/uploads/:name', (req, res, next) => {
    const rt = current();
    const name = String(req.params.name);
    const url = `/uploads/${name}`;
    const format = placeholderFormat(extname(name));
    const sample = format ? undefined : sampleKind(extname(name));
    if ((!format && !sample) || hasBytes(rt, name)) return next();
    if (!format) {
      const record = rt.store.data.media.find((m) => m.url === url);
      if (!record) return next();
      const { bytes, mime } = sampleFile(sample ?? 'text', record.name, record.caption);
      // The record's own type where it has one (`audio/mpeg`, `application/pdf`), as Strapi's static server sends.
      const type = record.mime && record.mime !== '' ? record.mime : mime;
      res.status(200).type(type).set('Cache-Control', 'no-cache').set('x-content-mock-placeholder', 'true').send(bytes);
      return;
    }
    let size: { width: number; height: number } | undefined;
    let file: MediaFile | undefined;
    for (const m of rt.store.data.media) {
      size = recordedSize(m, url);
      if (size) {
        file = m;
        break;
      }
    }
    if (!file || !size || size.width > MAX_SIDE || size.height > MAX_SIDE) return next();
    const key = `${url}|${size.width}x${size.height}|${file.name}`;
    let made = cache.get(key);
    if (!made) {
      made = placeholderImage(file.name, size.width, size.height, format);
      cache.set(key, made);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    }
    made.then(
      ({ bytes, mime }) => {
        res.status(200).type(mime).set('Cache-Control', 'no-cache').set('x-content-mock-placeholder', 'true').send(bytes);
      },
      (e: unknown) => next(e),
    );
  });
  // every request passes here: only an `/uploads/` path enters the router (its dispatch costs a cold read ~2 %)
  return (req, res, next) => (UPLOADS.test(req.path) ? router(req, res, next) : next());
}

/** The paths the placeholder router answers (any other goes on at once). */
export const UPLOADS = /^\/uploads\//i;
