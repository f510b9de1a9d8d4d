import type { ContentModel, Locale } from '../core/model/types.js';
import { datasetLocales, type Dataset } from '../core/data/import-dataset.js';
import { readBytes } from './read-bytes.js';
import { importOutline } from './import-outline.js';
import { outline, type Outline, type OutlineStream } from './seed-outline.js';
import type { StoreData } from '../core/data/types.js';
import { importStreamedSeed } from './import-streamed-seed.js';

/** A seed file, read lazily: its small parts at once, its documents only when imported. */
export interface SeedSource {
  readonly file: string;
  /** The locales the seed declares (the model needs them before anything is imported). */
  readonly locales: Locale[];
  /** Imports every document into a new store. The first call reuses the bytes read at open; later ones read again. */
  load(model: ContentModel, warn?: (message: string) => void): StoreData;
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
  let buf: Buffer | undefined = ahead?.bytes ?? readBytes(file);
  let shape: Outline | OutlineStream | undefined = ahead?.outline ?? outline(buf, file);
  const locales = datasetLocales('head' in shape ? headDataset(shape.head) : shape.meta);
  return {
    file,
    locales,
    load(model, warn) {
      const bytes = buf ?? readBytes(file);
      const first = shape;
      // The bytes read at open serve the first load only: a later reset reads the file again.
      buf = undefined;
      shape = undefined;
      if (first && 'head' in first) return importStreamedSeed({ bytes, file, stream: first, locales }, model, warn);
      const { meta, documents } = first ?? outline(bytes, file);
      return importOutline(bytes, file, meta, documents, model, warn);
    },
  };
}

/** The members before "contentTypes", as the dataset they begin (for its locales). */
export const headDataset = (head: Record<string, unknown>): Dataset => ({ ...head, contentTypes: {} });
