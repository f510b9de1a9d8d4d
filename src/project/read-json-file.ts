import { readFile } from 'node:fs/promises';
import { parseJsonText, type JsonReadResult } from '../core/model/parse-json-text.js';

export type { JsonReadResult };

/** Parses a JSON file; a syntax error comes back with the line and column V8 only gives as an offset. */
export async function readJsonFile(file: string): Promise<JsonReadResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    return { ok: false, problem: { file, path: '#', message: `cannot read: ${(e as Error).message}` } };
  }
  return parseJsonText(text, file);
}
