import type { ContentType, ScalarAttribute } from '../../core/model/types.js';

/** A value a required scalar accepts; `tag` keeps unique fields unique across runs. */
function sampleValue(a: ScalarAttribute, tag: string): unknown {
  const text = (s: string) => (a.maxLength !== undefined ? s.slice(0, a.maxLength) : s);
  switch (a.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'password':
      return text(`content-mock check ${tag}`);
    case 'uid':
      return text(`content-mock-check-${tag}`);
    case 'email':
      return `check-${tag}@example.com`;
    case 'enumeration':
      return a.enum?.[0] ?? null;
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return a.min ?? 1;
    case 'boolean':
      return false;
    case 'date':
      return '2025-01-01';
    case 'datetime':
    case 'timestamp':
      return '2025-01-01T00:00:00.000Z';
    case 'time':
      return '12:00:00.000';
    case 'json':
      return {};
    case 'blocks':
      return [];
  }
}

/**
 * The smallest valid body for a type: its required scalars. Undefined when a required relation, media,
 * component or zone would need content the checker cannot invent safely.
 */
export function minimalData(type: ContentType, tag: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  for (const a of type.attributes.values()) {
    if (!a.required) continue;
    if (a.kind !== 'scalar') return undefined;
    data[a.name] = sampleValue(a, tag);
  }
  return data;
}
