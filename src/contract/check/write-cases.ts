import type { ContentType, ScalarAttribute } from '../../core/model/types.js';
import { patternValue } from '../../core/model/pattern-value.js';

/** A value a required scalar accepts (its regex, lengths and bounds); `tag` keeps unique fields unique across runs. */
function sampleValue(a: ScalarAttribute, tag: string): unknown {
  const text = (s: string) => (a.maxLength !== undefined ? s.slice(0, a.maxLength) : s).padEnd(a.minLength ?? 0, '.');
  // Choices for a pattern drawn from the tag, so runs differ where a unique field needs it.
  let state = [...tag].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const randInt = (lo: number, hi: number) => lo + ((state = (state * 1103515245 + 12345) >>> 0) % (hi - lo + 1));
  switch (a.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'password':
      return (a.regex && patternValue(a, randInt)) || text(`content-mock check ${tag}`);
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
      return a.min ?? (a.max !== undefined && a.max < 1 ? a.max : 1);
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
