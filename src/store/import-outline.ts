import type { ContentModel } from '../core/model/types.js';
import { parseJsonText } from '../core/model/parse-json-text.js';
import { formatProblem } from '../core/model/schema-errors.js';
import { DatasetError, DatasetImporter, type Dataset } from '../core/data/import-dataset.js';
import type { StoreData } from '../core/data/types.js';
import { parseSlice, type Slice } from './json-scanner.js';

/** Imports the documents an outline found, type by type in the outline's order. */
export function importOutline(
  bytes: Buffer,
  file: string,
  meta: Dataset,
  documents: Map<string, Slice[]>,
  model: ContentModel,
  warn?: (message: string) => void,
): StoreData {
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
    throw documentProblem(bytes, file, e);
  }
  return importer.finish();
}

/** A document that does not parse: the full parser says where, with line and column. Other errors pass through. */
export function documentProblem(bytes: Buffer, file: string, e: unknown): unknown {
  if (!(e instanceof SyntaxError)) return e;
  const parsed = parseJsonText(bytes.toString('utf8'), file);
  return new DatasetError(parsed.ok ? `${file}: ${e.message}` : formatProblem(parsed.problem));
}
