import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { ContentStore } from '../../store/content-store.js';
import { sessionSlot } from '../../core/data/store-session.js';

// Where uploaded bytes live, as Strapi's local provider keeps them in public/uploads: an `uploads/` folder beside
// the store's data file, or memory when the store is in memory (`--memory`, tests). Keys are file names
// (`<hash><ext>`), the last segment of the `/uploads/...` url. Uploads are first streamed to a temporary file
// (`incomingDir`), then adopted under their key.

/** A memory store's uploaded bytes by key, on its session: a reset drops them with the records that named them. */
const MEMORY = sessionSlot('uploads', () => new Map<string, Buffer>());

export function uploadsDir(store: ContentStore): string | undefined {
  return store.file ? join(dirname(store.file), 'uploads') : undefined;
}

/** Where a request's files are streamed while it is read: beside the uploads (a rename adopts them), or the OS's tmp. */
export function incomingDir(store: ContentStore): string {
  return uploadsDir(store) ?? join(tmpdir(), 'content-mock-uploads');
}

/** A name safe to use as a file name: never a path, never one of our temporary files. */
const safe = (name: string) =>
  name === basename(name) && name !== '..' && name !== '.' && !name.startsWith('.incoming-') && !name.includes('\0') ? name : undefined;

/** Stores bytes made here (an image's formats) under their key. */
export function saveUpload(store: ContentStore, name: string, bytes: Buffer): void {
  const key = safe(name);
  if (!key) throw new Error(`refusing to store an upload named ${JSON.stringify(name)}`);
  const dir = uploadsDir(store);
  if (!dir) {
    store.session.get(MEMORY).set(key, bytes);
    return;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, key), bytes);
}

/** Moves a streamed upload under its key (into memory for a memory store). */
export function adoptUpload(store: ContentStore, name: string, tempPath: string): void {
  const key = safe(name);
  if (!key) throw new Error(`refusing to store an upload named ${JSON.stringify(name)}`);
  const dir = uploadsDir(store);
  if (!dir) {
    store.session.get(MEMORY).set(key, readFileSync(tempPath));
    rmSync(tempPath, { force: true });
    return;
  }
  mkdirSync(dir, { recursive: true });
  renameSync(tempPath, join(dir, key));
}

/** The stored bytes of a memory store, or the path of a file store's file; undefined when there is none. */
export function locateUpload(store: ContentStore, name: string): { bytes: Buffer } | { path: string } | undefined {
  const key = safe(name);
  if (!key) return undefined;
  const dir = uploadsDir(store);
  if (!dir) {
    const bytes = store.session.get(MEMORY).get(key);
    return bytes && { bytes };
  }
  const path = join(dir, key);
  return existsSync(path) ? { path } : undefined;
}

export function deleteUpload(store: ContentStore, name: string): void {
  const key = safe(name);
  if (!key) return;
  const dir = uploadsDir(store);
  if (!dir) store.session.get(MEMORY).delete(key);
  else rmSync(join(dir, key), { force: true });
}
