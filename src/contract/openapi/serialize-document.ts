import { createRequire } from 'node:module';
import type { OpenAPIV3_1 } from 'openapi-types';

// yaml is loaded when a YAML document is asked for: `serve` imports this module, and most runs never need it.
const load = createRequire(import.meta.url);
const yaml = () => load('yaml') as typeof import('yaml');

export type DocumentFormat = 'json' | 'yaml';

/**
 * The document as text. Deterministic: keys keep the generator's insertion order (no sorting, no timestamps),
 * JSON is indented by two spaces, YAML never uses anchors or folds lines, and both end with one newline.
 */
export function serializeDocument(document: OpenAPIV3_1.Document, format: DocumentFormat): string {
  if (format === 'yaml') return yaml().stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The format a file name asks for; anything but .yaml/.yml is JSON. */
export function formatOfPath(path: string): DocumentFormat {
  return /\.ya?ml$/i.test(path) ? 'yaml' : 'json';
}
