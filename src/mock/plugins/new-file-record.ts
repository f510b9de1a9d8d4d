import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import type { ContentStore } from '../../store/content-store.js';
import type { MediaFile } from '../../core/data/types.js';
import { newDocumentId } from '../../core/write/document-writer.js';
import { imageSize } from './image-size.js';

export interface FileInfo {
  readonly name?: string;
  readonly alternativeText?: string | null;
  readonly caption?: string | null;
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

/** Strapi's file hash: the base name made safe, then 10 random hex digits (`mountains_1f7dbf5d83`). */
export function fileHash(filename: string): string {
  const base = filename.slice(0, filename.length - extname(filename).length);
  const slug =
    base
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '_')
      .replace(/_+/g, '_')
      .replace(/^_|_$/g, '') || 'file';
  return `${slug}_${randomBytes(5).toString('hex')}`;
}

/** Size in kilobytes with two decimals, as Strapi stores `size`. */
export const kilobytes = (bytes: number): number => Math.round((bytes / 1000) * 100) / 100;

/**
 * The media library record of a new upload, `formats` null (the upload route adds them for images, see
 * media/image-formats.ts); width and height come from the image header when it is one we can read.
 */
export function newFileRecord(store: ContentStore, filename: string, mime: string, bytes: Buffer, info: FileInfo = {}): MediaFile {
  const now = new Date().toISOString();
  const ext = extname(filename) || null;
  const hash = fileHash(filename);
  const size = mime.startsWith('image/') ? imageSize(bytes) : undefined;
  return {
    id: store.nextId('media'),
    documentId: newDocumentId(),
    name: info.name ?? filename,
    alternativeText: info.alternativeText ?? null,
    caption: info.caption ?? null,
    focalPoint: null,
    width: size?.width ?? null,
    height: size?.height ?? null,
    formats: null,
    hash,
    ext,
    mime,
    size: kilobytes(bytes.length),
    url: `/uploads/${hash}${ext ?? ''}`,
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
  };
}
