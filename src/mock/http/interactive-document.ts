import type { OpenAPIV3_1 } from 'openapi-types';
import { isPlainObject } from '../../core/is-plain-object.js';

// The document as the /docs page shows it: the same operations, with the query parameters a browser form cannot
// express as typed (nested filters, populate objects) turned into text boxes that take JSON, which the page's
// request builder sends as nested brackets. No optional query parameter is pre-filled, so "Try it out" with
// nothing edited sends a request Strapi answers with 200. The contract at /openapi.json stays as it is.

const AS_JSON_TEXT: Readonly<Record<string, string>> = {
  filters: 'JSON, sent as nested brackets: {"title":{"$containsi":"hello"}} or {"$or":[{"views":{"$gt":5}},{"featured":true}]}.',
  populate: 'Text (`*`, `cover,author`) or JSON sent as nested brackets: {"cover":{"fields":["url"]},"author":{"populate":"*"}}.',
};

function interactiveParameter(p: Record<string, unknown>): Record<string, unknown> {
  if (p.in !== 'query' || p.required === true) return p;
  const { example: _example, examples: _examples, ...rest } = p;
  void _example;
  void _examples;
  const hint = typeof p.name === 'string' ? AS_JSON_TEXT[p.name] : undefined;
  if (hint === undefined) return rest;
  const { style: _style, explode: _explode, ...plain } = rest;
  void _style;
  void _explode;
  return { ...plain, description: `${hint}\n\n${String(p.description ?? '')}`, schema: { type: 'string' } };
}

export function interactiveDocument(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const doc = structuredClone(document) as unknown as Record<string, unknown>;
  const components = isPlainObject(doc.components) ? doc.components : {};
  if (isPlainObject(components.parameters)) {
    for (const [name, p] of Object.entries(components.parameters)) {
      if (isPlainObject(p)) components.parameters[name] = interactiveParameter(p);
    }
  }
  for (const item of Object.values(isPlainObject(doc.paths) ? doc.paths : {})) {
    if (!isPlainObject(item)) continue;
    for (const op of Object.values(item)) {
      if (isPlainObject(op) && Array.isArray(op.parameters))
        op.parameters = op.parameters.map((p) => (isPlainObject(p) ? interactiveParameter(p) : p));
    }
  }
  return doc as unknown as OpenAPIV3_1.Document;
}
