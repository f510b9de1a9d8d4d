import { ValidationError } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';
import { tooManyPopulateEntries } from './populate.js';
import { isScalar } from './validate-query.js';
import type { StrapiAttribute, StrapiSchema } from './strapi-schema.js';

// Strapi's content API query sanitizer (`this.sanitizeQuery(ctx)` in a controller, @strapi/utils sanitize
// defaultSanitizeSort / defaultSanitizeFields): unlike the validators it does not refuse, it drops. A custom action
// that only sanitizes (a findOne by slug passing the sanitized query to the document service) answers a query with
// a bad sort or field as if the key were not there. Filters and populate are left as given (the document service's
// own validation meets them, as it meets them in Strapi).

const isIdKey = (key: string) => key === 'id' || key === 'documentId';
const isOrder = (part: string) => ['asc', 'desc'].includes(part.toLowerCase());

/** What the sanitizer's visitors drop at a level: an unknown key, a dynamic zone, a morph relation, a private or password attribute. */
function dropped(attribute: StrapiAttribute | undefined): boolean {
  return !attribute || attribute.type === 'dynamiczone' || attribute.type === 'morph' || attribute.type === 'password' || attribute.private;
}

const targetOf = (attribute: StrapiAttribute | undefined) =>
  attribute && (attribute.type === 'relation' || attribute.type === 'component' || attribute.type === 'media')
    ? attribute.target()
    : undefined;

/**
 * `this.sanitizeQuery`'s sort and fields; its populate traversal's one refusal (a list past qs's array limit); the
 * rest of the query as given.
 */
export function sanitizeSortAndFields(schema: StrapiSchema, query: Record<string, unknown>): Record<string, unknown> {
  const tooMany = tooManyPopulateEntries(query.populate);
  if (tooMany) throw new ValidationError(tooMany, {});
  const out = { ...query };
  if (query.sort) out.sort = sanitizeSort(schema, query.sort);
  if (query.fields) out.fields = sanitizeFields(schema, query.fields);
  return out;
}

const isEmptyValue = (value: unknown) =>
  value === undefined || value === null || value === '' || (typeof value === 'object' && Object.keys(value).length === 0);

/** traverseQuerySort with the sanitizer's visitors: a path through anything dropped, or ending on no scalar, goes. */
function sanitizeSort(schema: StrapiSchema | undefined, sort: unknown): unknown {
  if (typeof sort === 'string') {
    if (sort.split(',').length > 1)
      return sort
        .split(',')
        .map((s) => sanitizeSort(schema, s.trim()))
        .filter((part) => !isEmptyValue(part))
        .join(',');
    return sortString(schema, sort.trim());
  }
  if (Array.isArray(sort)) {
    // a list that sorts nothing (qs's `sort[]` → [null]) is left as it is
    if (!sort.some((item) => typeof item === 'string' || isPlainObject(item))) return sort;
    if (sort.every((item) => typeof item === 'string') || sort.every((item) => typeof item === 'object' && item !== null))
      return sort.map((item) => sanitizeSort(schema, item)).filter((item) => !isEmptyValue(item));
    // a list mixing texts and objects is walked as an object keyed by index: no index names an attribute (harness
    // cheeses grammar seed 1605: `sort[0]=documentId:asc&sort[1][id]=asc` sorts nothing)
    return sanitizeSort(schema, { ...sort });
  }
  if (isPlainObject(sort)) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(sort)) {
      if (isIdKey(key)) {
        out[key] = value;
        continue;
      }
      const attribute = schema?.attribute(key);
      if (dropped(attribute)) continue;
      const target = targetOf(attribute);
      const kept = target && (isPlainObject(value) || typeof value === 'string') ? sanitizeSort(target, value) : value;
      if (!isScalar(attribute) && isEmptyValue(kept)) continue;
      out[key] = kept;
    }
    return out;
  }
  return sort;
}

/** One `a.b.c:desc` item: its root visited, a relation's, component's or media's rest sanitized under its target. */
function sortString(schema: StrapiSchema | undefined, item: string): string | undefined {
  const parts = item.split('.').flatMap((p) => p.split(':'));
  const [root, ...rest] = parts;
  if (!root) return item;
  if (isIdKey(root)) return item;
  const attribute = schema?.attribute(root);
  if (dropped(attribute)) return undefined;
  if (isScalar(attribute)) return item;
  const target = targetOf(attribute);
  const nested = target ? recompose(rest) : undefined;
  const sanitized = nested === undefined ? undefined : sortString(target, nested);
  // a non-scalar left with nothing under it goes too
  return sanitized === undefined || sanitized === '' ? undefined : `${root}.${sanitized}`;
}

/** The sort traversal's recompose: segments joined by dots, an order joined by a colon. */
function recompose(parts: readonly string[]): string | undefined {
  if (parts.length === 0) return undefined;
  return parts.reduce((acc, part) => (part === '' ? acc : acc === '' ? part : isOrder(part) ? `${acc}:${part}` : `${acc}.${part}`), '');
}

/** traverseQueryFields with the sanitizer's visitors: scalars kept (not private, not passwords), `*` as it is. */
function sanitizeFields(schema: StrapiSchema, fields: unknown): unknown {
  const keep = (name: string): string | undefined => {
    const field = name.trim();
    if (field === '*') return field;
    if (isIdKey(field)) return field;
    const attribute = schema.attribute(field);
    return attribute && isScalar(attribute) && !attribute.private && attribute.type !== 'password' ? field : undefined;
  };
  if (Array.isArray(fields) && fields.every((f) => typeof f === 'string')) return fields.map(keep).filter((f) => f !== undefined);
  if (typeof fields === 'string') {
    if (fields.includes(','))
      return fields
        .split(',')
        .map(keep)
        .filter((f) => f !== undefined);
    return keep(fields);
  }
  return fields;
}
