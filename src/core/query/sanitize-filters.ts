import { isPlainObject } from '../is-plain-object.js';
import { FiltersParameterError } from './query-errors.js';
import type { StrapiSchema } from './strapi-schema.js';
import { STRAPI_OPERATORS } from './validate-query.js';

/**
 * convert-query-params' `convertAndSanitizeFilters`: what of a (validated) filters object reaches the database.
 * Keys that are neither operators, `id`/`documentId` nor attributes are dropped, and so are passwords, dynamic zones
 * and every object left empty: `filters[$or][nope]=x` (an operand the validators do not walk) filters nothing, and
 * `filters[title][$eq][x]=1` neither.
 */
export function sanitizeFilters(schema: StrapiSchema | undefined, filters: unknown): unknown {
  // a bare `filters` is no filter; `filters=` is a string like any other
  if (filters === undefined || filters === null) return filters;
  if (typeof filters !== 'object') throw new FiltersParameterError();
  return sanitize(schema, filters);
}

function sanitize(schema: StrapiSchema | undefined, filters: unknown): unknown {
  if (Array.isArray(filters)) {
    return filters.map((item) => sanitize(schema, item)).filter((item) => !isPlainObject(item) || Object.keys(item).length > 0);
  }
  if (!isPlainObject(filters)) return filters;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    const attribute = schema?.attribute(key);
    let kept: unknown;
    if (attribute) {
      if (attribute.type === 'password' || attribute.type === 'dynamiczone') continue;
      const inner =
        attribute.type === 'relation' || attribute.type === 'component' || attribute.type === 'media' ? attribute.target() : schema;
      kept = attribute.type === 'morph' ? sanitize(undefined, value) : sanitize(inner, value);
    } else if (STRAPI_OPERATORS.has(key) || key === 'id' || key === 'documentId') {
      kept = typeof value === 'object' && value !== null ? sanitize(schema, value) : value;
    } else continue;
    if (isPlainObject(kept) && Object.keys(kept).length === 0) continue;
    out[key] = kept;
  }
  return out;
}
