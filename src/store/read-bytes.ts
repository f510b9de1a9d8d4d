import { readFileSync } from 'node:fs';
import { DatasetError } from '../core/data/import-dataset.js';

/** A seed file's bytes, or a clear error naming it. */
export function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new DatasetError(`${file}: cannot read the seed file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}
