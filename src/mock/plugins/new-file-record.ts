import { randomBytes } from 'node:crypto';
import { basename, extname } from 'node:path';
import { extension } from 'mime-types-2';
import type { ContentStore } from '../../store/content-store.js';
import type { Json, MediaFile } from '../../core/data/types.js';
import { newDocumentId } from '../../core/write/document-writer.js';
import { imageSize } from './image-size.js';

/** A `fileInfo` entry; a key left out (or null) keeps what the record has (on an update or a replace). */
export interface FileInfo {
  readonly name?: string;
  readonly alternativeText?: string;
  readonly caption?: string;
  readonly focalPoint?: Json;
}

const MIME_BY_EXT: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.zip': 'application/zip',
  '.md': 'text/markdown',
  '.html': 'text/html',
};

export const mimeOf = (filename: string, given?: string): string =>
  given && given !== 'application/octet-stream'
    ? given
    : (MIME_BY_EXT[extname(filename).toLowerCase()] ?? given ?? 'application/octet-stream');

/** Longest file name the disk takes (ext4, APFS, NTFS: 255 bytes). */
const MAX_STORED_NAME = 255;

/**
 * Strapi's file hash: the base name made safe, then 10 random hex digits (`mountains_1f7dbf5d83`). Strapi keeps the
 * whole name, so a long one makes a file name the disk refuses (its 500); the slug is cut so that `<hash><ext>`
 * always fits, and a name that fits is hashed exactly as Strapi hashes it.
 */
export function fileHash(base: string, ext: string): string {
  const slug =
    base
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '_')
      .replace(/_+/g, '_')
      .replace(/^_|_$/g, '') || 'file';
  const room = Math.max(1, MAX_STORED_NAME - '_0123456789'.length - Buffer.byteLength(storedExt(ext)));
  return `${slug.slice(0, room)}_${randomBytes(5).toString('hex')}`;
}

/**
 * Strapi's formatFileInfo: the extension is the uploaded file name's, else the one mime-types gives the part's
 * type (`.png` for a Blob sent without a name, whose name is `blob`; `.false` for a type it does not know, as
 * Strapi's template string makes it); the name is `fileInfo.name`, else the file name; the hash is made from that
 * name without the extension.
 */
export function namesOf(filename: string, mime: string, info: FileInfo = {}): { name: string; ext: string; hash: string } {
  const ext = extname(filename) || `.${extension(mime)}`;
  const name = (info.name || filename).normalize();
  return { name, ext, hash: fileHash(basename(name, ext), ext) };
}

/** The extension the stored file keeps: the name's, unless it alone would not fit on disk. */
const storedExt = (ext: string) => (Buffer.byteLength(ext) <= 32 ? ext : '');

/** Strapi's check of an upload's name (valid-filename): a 400 ApplicationError otherwise, as Strapi answers. */
export function isValidFilename(name: string): boolean {
  if (!name || name.length > 255) return false;
  // eslint-disable-next-line no-control-regex
  if (/[<>:"/\\|?*\u0000-\u001F]/.test(name) || /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(name)) return false;
  return name !== '.' && name !== '..';
}

/** Size in kilobytes with two decimals, as Strapi stores `size`. */
export const kilobytes = (bytes: number): number => Math.round((bytes / 1000) * 100) / 100;

/**
 * The media library record of a new upload, `formats` null (the upload route adds them for images, see
 * media/image-formats.ts); width and height come from the image header (the upload's first bytes) when it is one
 * we can read.
 */
export function newFileRecord(
  store: ContentStore,
  filename: string,
  mime: string,
  upload: { readonly head: Buffer; readonly size: number },
  info: FileInfo = {},
  id: number = store.nextId('media'),
): MediaFile {
  const now = new Date().toISOString();
  const { name, ext, hash } = namesOf(filename, mime, info);
  const size = mime.startsWith('image/') ? imageSize(upload.head) : undefined;
  return {
    id,
    documentId: newDocumentId(),
    name,
    alternativeText: info.alternativeText ?? null,
    caption: info.caption ?? null,
    focalPoint: info.focalPoint ?? null,
    width: size?.width ?? null,
    height: size?.height ?? null,
    formats: null,
    hash,
    ext,
    mime,
    size: kilobytes(upload.size),
    url: `/uploads/${hash}${storedExt(ext)}`,
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
  };
}
