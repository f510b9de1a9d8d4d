import type { ContentModel, Locale } from '../core/model/types.js';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { DatasetError, datasetLocales, type Dataset } from '../core/data/import-dataset.js';
import { readBytes } from './read-bytes.js';
import { importOutline } from './import-outline.js';
import { outline, outlineHead, type Outline, type OutlineStream } from './seed-outline.js';
import type { StoreData } from '../core/data/types.js';
import { importStreamedSeed } from './import-streamed-seed.js';
import { shrinkPlanOf } from './shrink-snapshot.js';

/** A seed file, read lazily: its small parts at once, its documents only when imported. */
export interface SeedSource {
  readonly file: string;
  /** The locales the seed declares (the model needs them before anything is imported). */
  readonly locales: Locale[];
  /**
   * Imports every document into a new store. The first call reuses the bytes read at open; later ones read again.
   * `lazy`: the first call may leave components, dynamic zones, json and blocks to be built later (see
   * DeferredValues): only for a store that builds them before anything reads them (ContentStore does);
   * `buildWhileWaiting`: see StreamedSeed.
   */
  load(model: ContentModel, warn?: (message: string) => void, lazy?: boolean, buildWhileWaiting?: boolean): StoreData;
  /**
   * Tells a read ahead still outlining the seed how the first load will import it (`model`, `lazy`), so its thread
   * shrinks the documents from now on instead of waiting for that load (its modules still load meanwhile: ~0.2 s
   * at start-up). A first load with another model or `lazy` then reads and outlines the file itself.
   */
  prepare(model: ContentModel, lazy?: boolean): void;
}

/** A seed file's bytes and outline, read ahead on another thread (see seed-prefetch.ts); the outline maybe streaming. */
export interface ReadSeed {
  readonly file: string;
  readonly bytes: Buffer;
  readonly outline: Outline | OutlineStream;
}

/**
 * Opens a seed file. Each document is parsed and imported on its own, so a large seed never exists in memory as
 * one tree next to the store built from it. `read`, when it is this file's, is its bytes and outline already read,
 * or being read: an outline still streaming from the read-ahead thread is imported as it comes.
 */
export function openSeedFile(file: string, read?: ReadSeed): SeedSource {
  const ahead = read?.file === file ? read : undefined;
  let buf: Buffer | undefined = ahead?.bytes;
  let shape: Outline | OutlineStream | undefined = ahead?.outline;
  // Without a read ahead, the documents wait for the first load (a store file already there needs none of them):
  // the locales come from the file's first bytes when they name them there, else from the whole file read now.
  const head = shape ? undefined : headOf(file);
  if (!shape && !head) {
    buf = readBytes(file);
    shape = outline(buf, file);
  }
  const locales = datasetLocales(head ? headDataset(head) : shape && 'head' in shape ? headDataset(shape.head) : shape!.meta);
  let prepared: { model: ContentModel; lazy: boolean } | undefined;
  return {
    file,
    locales,
    prepare(model, lazy = false) {
      if (prepared || !shape || !('head' in shape)) return;
      prepared = { model, lazy };
      shape.plan(shrinkPlanOf(model, shape.head.media, lazy));
    },
    load(model, warn, lazy, buildWhileWaiting) {
      let first = shape;
      // a plan for another import was posted: its shrunk documents may lack what this one reads
      const planned = prepared !== undefined && first !== undefined && 'head' in first;
      if (planned && (prepared!.model !== model || prepared!.lazy !== (lazy ?? false))) {
        buf = undefined;
        first = undefined;
      }
      const bytes = buf ?? readBytes(file);
      // The bytes read at open serve the first load only: a later reset reads the file again.
      buf = undefined;
      shape = undefined;
      if (first && 'head' in first)
        return importStreamedSeed({ bytes, file, stream: first, locales, lazy, buildWhileWaiting, planned }, model, warn);
      const { meta, documents } = first ?? outline(bytes, file);
      // the model was read with the locales before the documents (as a read ahead does, see importStreamedSeed)
      if (head && JSON.stringify(datasetLocales(meta)) !== JSON.stringify(locales)) {
        throw new DatasetError(
          `${file}: its locales are not those it names before "contentTypes" (read at start): give "locales" and "defaultLocale" once, before "contentTypes", and restart after changing them`,
        );
      }
      return importOutline(bytes, file, meta, documents, model, warn);
    },
  };
}

/** The first bytes read for a seed's head, and the most read for it (a media library may come before the documents). */
const HEAD_FIRST = 1 << 16;
const HEAD_MOST = 1 << 26;

/**
 * The members before a seed's "contentTypes", read from its first bytes, when they name its locales (a seed without
 * them there is read whole at open, as before); undefined if the file cannot be read so (its error comes from the
 * whole read).
 */
function headOf(file: string): Record<string, unknown> | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    for (let n = Math.min(size, HEAD_FIRST); ; n = Math.min(size, 2 * n)) {
      const piece = Buffer.allocUnsafe(n);
      if (readSync(fd, piece, 0, n, 0) !== n) return undefined;
      const head = outlineHead(piece);
      if (head) return 'locales' in head ? head : undefined;
      if (n === size || n >= HEAD_MOST) return undefined;
    }
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The members before "contentTypes", as the dataset they begin (for its locales). */
export const headDataset = (head: Record<string, unknown>): Dataset => ({ ...head, contentTypes: {} });
