import type { ScalarType } from '../model/types.js';
import { ValidationError } from '../errors/strapi-errors.js';
import { parseDate, parseDateTime, parseTime } from './strapi-dates.js';

// Value semantics follow Strapi on SQLite, the reference backend: numbers compare as numbers, strings by their
// bytes, booleans as 0/1, datetimes as instants, JSON as its text; LIKE folds ASCII letters only.

export type ColumnType = ScalarType | 'id';

const NUMERIC = new Set<ColumnType>(['id', 'integer', 'biginteger', 'float', 'decimal']);
const DATETIME = new Set<ColumnType>(['datetime', 'timestamp']);
const TEXT = new Set<ColumnType>(['string', 'text', 'richtext', 'email', 'uid', 'enumeration']);
/** Whether the database's field reads a list given for the column as one value: its items joined by commas. */
export const readsListAsText = (type: ColumnType): boolean => DATETIME.has(type) || TEXT.has(type);

/** A comparable key for a stored value: numbers, strings, or null. */
export function sortKey(type: ColumnType, value: unknown): number | string | null {
  if (value === null || value === undefined) return null;
  if (NUMERIC.has(type)) return typeof value === 'number' ? value : Number(value);
  if (type === 'boolean') return value === true ? 1 : 0;
  if (DATETIME.has(type)) {
    // stored as an instant: ISO text, or (timestamps) a string of epoch milliseconds ("1651604231000")
    const t = typeof value === 'number' ? value : /^-?\d+$/.test(String(value)) ? Number(value) : Date.parse(String(value));
    return Number.isNaN(t) ? String(value) : t;
  }
  // JSON columns have NUMERIC affinity on SQLite: a stored number is a number, anything else is its JSON text
  // (so the string "a" is stored, compared and sorted as `"a"`, quotes included).
  // A JSON string is stored as its raw text (not quoted), which a numeric literal turns back into a number.
  if (type === 'json' || type === 'blocks') {
    if (typeof value === 'number') return value;
    if (typeof value === 'string') return numericLiteral(value) ?? value;
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * sortKey for one column type, chosen once: a filter reads a column of thousands of rows per request (a new filter
 * value is a new scan), and the generic function asks which kind of type it has for every value.
 */
export function sortKeyFor(type: ColumnType): (value: unknown) => number | string | null {
  if (NUMERIC.has(type)) return (v) => (v === null || v === undefined ? null : typeof v === 'number' ? v : Number(v));
  if (TEXT.has(type)) return (v) => (v === null || v === undefined ? null : typeof v === 'string' ? v : String(v));
  return (v) => sortKey(type, v);
}

/**
 * The text SQLite's LIKE and LOWER() see for a stored value: string operators ($eqi, $contains, $startsWith…)
 * compare the raw query text with it, uncast, so `featured $containsi t` never matches (a boolean is stored 1/0)
 * and a datetime is the epoch milliseconds Strapi stores on SQLite, not its ISO form.
 */
export function storedText(type: ColumnType, value: unknown): string | null {
  const key = sortKey(type, value);
  if (key === null) return null;
  if (typeof key === 'number' && type === 'float' && Number.isInteger(key)) return `${key}.0`;
  return String(key);
}

/** SQLite turns a well-formed numeric literal into a number when a column with numeric affinity meets it. */
function numericLiteral(text: string): number | undefined {
  if (!/^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(text)) return undefined;
  return Number(text);
}

export function compareKeys(a: number | string | null, b: number | string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // SQLite orders numbers before text.
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : 1;
}

const TRUE = new Set(['true', 't', '1']);
const FALSE = new Set(['false', 'f', '0']);

export function parseBooleanLike(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw === 1 ? true : raw === 0 ? false : undefined;
  if (typeof raw !== 'string') return undefined;
  const s = raw.toLowerCase();
  return TRUE.has(s) ? true : FALSE.has(s) ? false : undefined;
}

export const isBooleanLike = (raw: unknown): boolean => parseBooleanLike(raw) !== undefined;

/**
 * Turns a filter operand (a string from the query) into the key it is compared with. Real Strapi answers 500 to a
 * value it cannot cast (`views=abc`, an empty value, the string "null"); a mock answers 400 with the reason.
 */
export function castOperand(type: ColumnType, raw: unknown, where: string): number | string {
  const fail = (expected: string) =>
    new ValidationError(`Invalid value ${JSON.stringify(raw)} for filter ${where}: expected ${expected}`, { path: where, value: raw });
  // the database's parsers of a list or object: date-times read it as text (items joined by commas, so `[2026]` is
  // a year), dates and times refuse anything but a string with their own messages
  if (typeof raw === 'object' && raw !== null) {
    if (type === 'date') throw new ValidationError('Invalid format, expected yyyy-MM-dd', {});
    if (type === 'time') throw new ValidationError('Expected a string, got a object', {});
  }
  // a JSON column's field casts a list or object to its JSON text (@strapi/database's JSONField.toDB)
  if ((type === 'json' || type === 'blocks') && typeof raw === 'object' && raw !== null) return JSON.stringify(raw);
  // (the id column casts nothing: knex writes a list's items in, which SQLite reads as the one value; a text column
  // casts nothing either: a list inside an `$in` list is bound as its text, `$in[1][0]=b&$in[1][1]=c` as 'b,c')
  const bound = (type === 'id' || TEXT.has(type)) && Array.isArray(raw);
  // the boolean field reads any other value by JS truthiness: a list is true (harness flesz-model-702:
  // `googleIndex[$notIn][1][0]=1` runs)
  if (Array.isArray(raw) && type === 'boolean') return 1;
  if (raw === null || raw === undefined || (typeof raw === 'object' && !DATETIME.has(type) && !bound)) throw fail('a single value');
  const text = String(raw);
  // Strapi casts no value for the id column: SQLite compares a non-numeric text with it (never equal, and
  // greater than every number), so `id=abc` is an empty answer, not an error.
  if (type === 'id') return numericLiteral(text) ?? text;
  if (type === 'json' || type === 'blocks') return numericLiteral(text) ?? text;
  // Strapi's database fields: a big integer is digits with an optional sign (no exponent, point or hex); other
  // numbers anything `Number` reads as finite
  if (type === 'biginteger') {
    if (!/^[+-]?\d+$/.test(text.trim())) throw fail('a whole number');
    return Number(text);
  }
  if (NUMERIC.has(type)) {
    if (text.trim() === '') throw fail('a number');
    const n = Number(text);
    if (!Number.isFinite(n)) throw fail('a number');
    return n;
  }
  if (type === 'boolean') {
    // Strapi's boolean field: true/t/1 and false/f/0 (exact spelling), anything else is JS truthiness.
    if (['true', 't', '1'].includes(text)) return 1;
    if (['false', 'f', '0'].includes(text)) return 0;
    return text === '' ? 0 : 1;
  }
  // Strapi's database layer casts dates and times (its own 400s: its message, no details)
  if (DATETIME.has(type)) {
    const t = parseDateTime(text);
    if (t === undefined) throw new ValidationError('Invalid format, expected a timestamp or an ISO date', {});
    return t;
  }
  if (type === 'date') {
    const d = parseDate(text);
    if ('error' in d) throw new ValidationError(d.error, {});
    return d.date;
  }
  if (type === 'time') {
    const t = parseTime(text);
    if (t === undefined) throw new ValidationError('Invalid time format, expected HH:mm:ss.SSS', {});
    return t;
  }
  return text;
}

/** SQLite's LOWER(): ASCII letters only, so "É" and "é" stay different. */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

export type LikeMode = 'contains' | 'startsWith' | 'endsWith' | 'equals';

/** SQL LIKE as Strapi issues it on SQLite: ASCII case-insensitive, `%` and `_` escaped to match themselves. */
export function like(value: string, pattern: string, mode: LikeMode): boolean {
  const v = asciiLower(value);
  const p = asciiLower(pattern);
  switch (mode) {
    case 'contains':
      return v.includes(p);
    case 'startsWith':
      return v.startsWith(p);
    case 'endsWith':
      return v.endsWith(p);
    case 'equals':
      return v === p;
  }
}
