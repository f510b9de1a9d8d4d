import { readFileSync } from 'node:fs';
import type { ContentModel, Locale } from '../core/model/types.js';
import { parseJsonText } from '../core/model/parse-json-text.js';
import { formatProblem } from '../core/model/schema-errors.js';
import { assertDataset, DatasetError, DatasetImporter, datasetLocales, type Dataset } from '../core/data/import-dataset.js';
import {
  arrayItemsAt,
  isObjectAt,
  objectMembersAt,
  parseSlice,
  rootStart,
  ScanError,
  skipSpace,
  valueEnd,
  type Slice,
} from './json-scanner.js';
import type { StoreData } from '../core/data/types.js';

/** A seed file, read lazily: its small parts at once, its documents only when imported. */
export interface SeedSource {
  readonly file: string;
  /** The locales the seed declares (the model needs them before anything is imported). */
  readonly locales: Locale[];
  /** Imports every document into a new store. The first call reuses the bytes read at open; later ones read again. */
  load(model: ContentModel, warn?: (message: string) => void): StoreData;
}

export interface Outline {
  /** Everything but the documents, parsed: locales, media, type names. */
  readonly meta: Dataset;
  /** Per content-type key: where each of its document snapshots lies in the buffer. */
  readonly documents: Map<string, Slice[]>;
}

/** A seed file's bytes and outline, read ahead on another thread (see seed-prefetch.ts). */
export interface ReadSeed {
  readonly file: string;
  readonly bytes: Buffer;
  readonly outline: Outline;
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;

export function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new DatasetError(`${file}: cannot read the seed file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/**
 * Walks a type's `documents` (per locale, per status: a list, one document or null; or a plain list) once, keeping
 * each snapshot's extent; returns where `documents` ends.
 */
function walkDocuments(buf: Buffer, start: number, out: Slice[]): number {
  const keep = (s: Slice) => {
    if (isObjectAt(buf, s)) out.push(s);
  };
  const list = (at: number) => {
    const { items, end } = arrayItemsAt(buf, at);
    items.forEach(keep);
    return end;
  };
  if (buf[start] === OPEN_BRACKET) return list(start);
  if (buf[start] !== OPEN_BRACE) return valueEnd(buf, start);
  return objectMembersAt(buf, start, (_locale, localeStart) => {
    if (buf[localeStart] !== OPEN_BRACE) return undefined;
    const statuses = objectMembersAt(buf, localeStart, (_status, at) => (buf[at] === OPEN_BRACKET ? list(at) : undefined));
    for (const [, single] of statuses.members) keep(single);
    return statuses.end;
  }).end;
}

/** Parses all of the seed but its documents, and finds where each document lies. */
export function outline(buf: Buffer, file: string): Outline {
  try {
    const root = { start: rootStart(buf), end: buf.length };
    if (!isObjectAt(buf, root)) throw new DatasetError(`${file}: a seed file must be a JSON object`);
    const documents = new Map<string, Slice[]>();
    const types: Record<string, unknown> = {};
    const meta: Record<string, unknown> = {};
    const top = objectMembersAt(buf, root.start, (key, start) => {
      if (key !== 'contentTypes' || buf[start] !== OPEN_BRACE) return undefined;
      meta.contentTypes = types;
      return objectMembersAt(buf, start, (typeKey, typeStart) => {
        if (buf[typeStart] !== OPEN_BRACE) return undefined;
        const slices: Slice[] = [];
        const entry: Record<string, unknown> = {};
        const members = objectMembersAt(buf, typeStart, (k, at) => {
          if (k !== 'documents') return undefined;
          // A placeholder of the same kind keeps the outline checkable without the documents themselves.
          entry.documents = buf[at] === OPEN_BRACKET ? [] : {};
          return walkDocuments(buf, at, slices);
        });
        for (const [k, s] of members.members) entry[k] = parseSlice(buf, s);
        documents.set(typeKey, slices);
        types[typeKey] = entry;
        return members.end;
      }).end;
    });
    // anything after the object is malformed JSON (the full parser then says where)
    if (skipSpace(buf, top.end) !== buf.length) throw new ScanError(top.end);
    for (const [key, slice] of top.members) meta[key] = parseSlice(buf, slice);
    assertDataset(meta, file);
    return { meta, documents };
  } catch (e) {
    if (!(e instanceof ScanError) && !(e instanceof SyntaxError)) throw e;
    // Malformed JSON: the full parser says where, with line and column.
    const parsed = parseJsonText(buf.toString('utf8'), file);
    if (!parsed.ok) throw new DatasetError(formatProblem(parsed.problem));
    throw new DatasetError(`${file}: ${(e as Error).message}`);
  }
}

/**
 * Opens a seed file. Each document is parsed and imported on its own, so a large seed never exists in memory as
 * one tree next to the store built from it. `read`, when it is this file's, is its bytes and outline already read.
 */
export function openSeedFile(file: string, read?: ReadSeed): SeedSource {
  const ahead = read?.file === file ? read : undefined;
  let buf: Buffer | undefined = ahead?.bytes ?? readBytes(file);
  let shape: Outline | undefined = ahead?.outline ?? outline(buf, file);
  const locales = datasetLocales(shape.meta);
  return {
    file,
    locales,
    load(model, warn) {
      const bytes = buf ?? readBytes(file);
      const { meta, documents } = shape ?? outline(bytes, file);
      // The bytes read at open serve the first load only: a later reset reads the file again.
      buf = undefined;
      shape = undefined;
      const importer = new DatasetImporter(model, warn);
      importer.setLocales(meta.locales);
      importer.addMedia(meta.media ?? []);
      try {
        for (const [key, entry] of Object.entries(meta.contentTypes)) {
          const type = importer.typeFor(key, entry);
          if (!type) continue;
          for (const slice of documents.get(key) ?? []) importer.addSnapshot(type, parseSlice(bytes, slice) as Record<string, unknown>);
        }
      } catch (e) {
        if (!(e instanceof SyntaxError)) throw e;
        // A document that does not parse: the full parser says where, with line and column.
        const parsed = parseJsonText(bytes.toString('utf8'), file);
        throw new DatasetError(parsed.ok ? `${file}: ${e.message}` : formatProblem(parsed.problem));
      }
      return importer.finish();
    },
  };
}
