import type { OpenAPIV3_1 } from 'openapi-types';
import type { ScalarAttribute, ScalarType } from '../../core/model/types.js';
import { copyList, isJsonValue, ref } from './schema-ref.js';

type SchemaObject = OpenAPIV3_1.SchemaObject;
type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array';

/** Strapi's uid rule (entity-validator); checked on published writes only, so it is documented on inputs only. */
const UID_PATTERN = '^[A-Za-z0-9-_.~]*$';
/** Strapi stores `time` as HH:mm:ss.SSS; seconds and milliseconds are optional on input. */
const TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,3})?)?$';
const BIGINT_PATTERN = '^-?\\d+$';

interface ScalarShape {
  readonly type: JsonType | 'any';
  readonly format?: string;
  readonly pattern?: string;
  readonly note?: string;
}

/** What each scalar type looks like on the wire; a `Record` so a new scalar type does not compile until mapped. */
const SHAPES: Record<ScalarType, ScalarShape> = {
  string: { type: 'string' },
  text: { type: 'string' },
  richtext: { type: 'string', note: 'Rich text (Markdown).' },
  blocks: { type: 'array', note: 'Blocks rich text: an array of block nodes.' },
  email: { type: 'string', format: 'email' },
  password: { type: 'string', format: 'password' },
  uid: { type: 'string', note: 'UID: URL-friendly identifier (letters, digits, -, _, ., ~).' },
  enumeration: { type: 'string' },
  integer: { type: 'integer' },
  biginteger: { type: 'string', pattern: BIGINT_PATTERN, note: 'Big integer: Strapi returns it as a string of digits.' },
  float: { type: 'number' },
  decimal: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date', note: 'Date (yyyy-MM-dd).' },
  time: { type: 'string', pattern: TIME_PATTERN, note: 'Time of day (HH:mm:ss.SSS).' },
  datetime: { type: 'string', format: 'date-time' },
  // Strapi 5.54 answers a timestamp as a string of epoch milliseconds (`"1689574301000"`) where a datetime is ISO.
  timestamp: { type: 'string', note: 'Timestamp: a string (Strapi 5.54 answers epoch milliseconds, e.g. "1689574301000").' },
  json: { type: 'any', note: 'Any JSON value (object, array, string, number, boolean or null).' },
};

function describe(attr: ScalarAttribute, shape: ScalarShape, extra: string[]): string | undefined {
  const parts = [shape.note, attr.customField ? `Custom field ${attr.customField}.` : undefined, ...extra];
  const text = parts.filter((p): p is string => p !== undefined && p !== '').join(' ');
  return text === '' ? undefined : text;
}

function base(attr: ScalarAttribute, shape: ScalarShape, description: string | undefined): SchemaObject {
  if (shape.type === 'any') return description === undefined ? {} : { description };
  const schema: SchemaObject =
    shape.type === 'array'
      ? { type: ['array', 'null'], items: ref('BlocksNode') }
      : { type: [shape.type, 'null'] };
  if (description !== undefined) schema.description = description;
  if (attr.type === 'enumeration' && attr.enum) schema.enum = [...copyList(attr.enum), null];
  if (shape.format !== undefined && shape.format !== 'email' && shape.format !== 'password') schema.format = shape.format;
  if (shape.pattern !== undefined) schema.pattern = shape.pattern;
  return schema;
}

/**
 * A scalar as Strapi returns it: always nullable (unset values come back as null), with no min/max constraints
 * because drafts skip them. Email format is not asserted either: drafts skip that check too.
 */
export function scalarReadSchema(attr: ScalarAttribute): SchemaObject {
  const shape = SHAPES[attr.type];
  return base(attr, shape, describe(attr, shape, attr.unique ? ['Unique.'] : []));
}

/** A scalar as a write body takes it, with the constraints Strapi enforces on published writes. */
export function scalarWriteSchema(attr: ScalarAttribute): SchemaObject {
  const shape = SHAPES[attr.type];
  const notes: string[] = [];
  if (attr.unique) notes.push('Must be unique.');
  if (attr.type === 'password') notes.push('Write-only: never returned.');
  if (attr.private && attr.type !== 'password') notes.push('Private: accepted on write, never returned.');
  if (attr.type === 'blocks') notes.push('A value that is not an array is stored as null.');
  const schema = base(attr, shape, describe(attr, shape, notes));
  if (attr.type === 'biginteger') schema.type = ['string', 'integer', 'null'];
  if (shape.format === 'email' || shape.format === 'password') schema.format = shape.format;
  if (attr.type === 'password') schema.writeOnly = true;
  if (attr.type === 'uid') schema.pattern = UID_PATTERN;
  if (attr.regex !== undefined && isValidRegex(attr.regex)) schema.pattern = attr.regex;
  const numeric = shape.type === 'integer' || shape.type === 'number' || attr.type === 'biginteger';
  if (numeric) {
    if (attr.min !== undefined) schema.minimum = attr.min;
    if (attr.max !== undefined) schema.maximum = attr.max;
  } else if (shape.type === 'string') {
    if (attr.minLength !== undefined) schema.minLength = attr.minLength;
    if (attr.maxLength !== undefined) schema.maxLength = attr.maxLength;
  }
  if (attr.default !== undefined && isJsonValue(attr.default)) schema.default = attr.default;
  return schema;
}

/** Strapi accepts any JS regex source; one that is not a valid pattern is left out rather than emitted broken. */
function isValidRegex(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Scalars a response may hold and `sort`/`fields`/`filters` may name: Strapi refuses private ones and passwords. */
export function isVisibleScalar(attr: ScalarAttribute): boolean {
  return !attr.private && attr.type !== 'password';
}
