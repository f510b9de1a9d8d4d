import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ContentStore } from '../../store/content-store.js';

// Where uploaded bytes live, as Strapi's local provider keeps them in public/uploads: an `uploads/` folder beside
// the store's data file, or memory when the store is in memory (`--memory`, tests). Keys are file names
// (`<hash><ext>`), the last segment of the `/uploads/...` url.

const memory = new WeakMap<ContentStore, Map<string, Buffer>>();

export function uploadsDir(store: ContentStore): string | undefined {
  return store.file ? join(dirname(store.file), 'uploads') : undefined;
}

/** A name safe to use as a file name: never a path. */
const safe = (name: string) => (name === basename(name) && name !== '..' && name !== '.' && !name.includes('\0') ? name : undefined);

export function saveUpload(store: ContentStore, name: string, bytes: Buffer): void {
  const key = safe(name);
  if (!key) throw new Error(`refusing to store an upload named ${JSON.stringify(name)}`);
  const dir = uploadsDir(store);
  if (!dir) {
    let files = memory.get(store);
    if (!files) memory.set(store, (files = new Map()));
    files.set(key, bytes);
    return;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, key), bytes);
}

export function readUpload(store: ContentStore, name: string): Buffer | undefined {
  const key = safe(name);
  if (!key) return undefined;
  const dir = uploadsDir(store);
  if (!dir) return memory.get(store)?.get(key);
  const file = join(dir, key);
  return existsSync(file) ? readFileSync(file) : undefined;
}

export function deleteUpload(store: ContentStore, name: string): void {
  const key = safe(name);
  if (!key) return;
  const dir = uploadsDir(store);
  if (!dir) memory.get(store)?.delete(key);
  else rmSync(join(dir, key), { force: true });
}
