import { isPlainObject } from '../is-plain-object.js';
import { ValidationError, type FieldError } from '../errors/strapi-errors.js';
import type { ScalarAttribute } from '../model/types.js';

// Strapi validates bodies with yup: its messages, casts and quirks are what clients see, so they are kept here
// word for word ("must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).").

function printSimple(v: unknown): string | null {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') return Number.isNaN(v) ? 'NaN' : Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'string') return `"${v}"`;
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
  return null;
}

/**
 * yup's printValue: a simple value bare (strings in double quotes); an object or array as JSON indented by two,
 * where every simple value inside is first printed the same way, so `{"x":1}` reads `{\n  "x": "1"\n}`.
 */
export function printValue(v: unknown): string {
  const simple = printSimple(v);
  if (simple !== null) return simple;
  return JSON.stringify(
    v,
    function (this: Record<string, unknown>, key: string, value: unknown) {
      const printed = printSimple(this[key]);
      return printed !== null ? printed : value;
    },
    2,
  );
}

export const UID_PATTERN = /^[A-Za-z0-9-_.~]*$/;
/** yup 0.32's `string().email()` pattern, which Strapi's email validator uses (the last label is letters only). */
const EMAIL =
  /^((([a-z]|\d|[!#\$%&'\*\+\-\/=\?\^_`{\|}~]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])+(\.([a-z]|\d|[!#\$%&'\*\+\-\/=\?\^_`{\|}~]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])+)*)|((\x22)((((\x20|\x09)*(\x0d\x0a))?(\x20|\x09)+)?(([\x01-\x08\x0b\x0c\x0e-\x1f\x7f]|\x21|[\x23-\x5b]|[\x5d-\x7e]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(\\([\x01-\x09\x0b\x0c\x0d-\x7f]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]))))*(((\x20|\x09)*(\x0d\x0a))?(\x20|\x09)+)?(\x22)))@((([a-z]|\d|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(([a-z]|\d|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])*([a-z]|\d|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])))\.)+(([a-z]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])|(([a-z]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])([a-z]|\d|-|\.|_|~|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])*([a-z]|[\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF])))$/i;

/**
 * A value Strapi's validator lets through but its database layer cannot store (a date, time or date-time it cannot
 * parse): Strapi throws it when the row is written, after validation, so it counts only when validation passed.
 */
export class DatabaseCastError extends ValidationError {}

/** The forms date-fns `parseISO` reads: a calendar date, optionally a time (after `T` or a space) and an offset. */
const ISO_DATE_TIME =
  /^(\d{4})(?:-?(\d{2})(?:-?(\d{2}))?)?(?:[T ](\d{2})(?::?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** Strapi's date-time parser: an ISO date (parseISO), else milliseconds since the epoch; undefined when neither. */
function parseDateTime(raw: unknown): Date | undefined {
  const text = typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : undefined;
  if (text === undefined) return undefined;
  const m = ISO_DATE_TIME.exec(text);
  if (m) {
    const [, y, mo = '01', d = '01', h = '00', mi = '00', sec = '00', frac = '', zone] = m;
    const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
    const validDay = Number(mo) >= 1 && day.getUTCMonth() === Number(mo) - 1 && day.getUTCDate() === Number(d);
    const validTime = (Number(h) < 24 || (h === '24' && mi === '00' && sec === '00')) && Number(mi) < 60 && Number(sec) < 60;
    if (!validDay || !validTime) return undefined;
    const ms = frac ? `.${frac.slice(0, 3).padEnd(3, '0')}` : '';
    const offset = !zone
      ? 'Z'
      : zone.toUpperCase() === 'Z'
        ? 'Z'
        : zone.length === 3
          ? `${zone}:00`
          : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
    // without an offset, parseISO reads local time: the mock's server time is UTC
    const t = Date.parse(`${y}-${mo}-${d}T${h === '24' ? '23' : h}:${mi}:${sec}${ms}${offset}`) + (h === '24' ? 3600000 : 0);
    return Number.isNaN(t) ? undefined : new Date(t);
  }
  // date-fns `parse(value, 'T')`: milliseconds since the epoch
  if (/^-?\d+$/.test(text)) {
    const d = new Date(Number(text));
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  return undefined;
}

const STRICT_TEXT = new Set(['string', 'text', 'richtext', 'email', 'uid', 'password']);

type Path = readonly (string | number)[];
const label = (path: Path) => path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : p), '');

/** `more`: further errors of the same value (yup runs the type check and a `oneOf` check side by side). */
export type Coerced = { ok: true; value: unknown } | { ok: false; error: FieldError; more?: FieldError[] };

function typeError(path: Path, yupType: string, final: unknown, original: unknown): Coerced {
  const cast =
    final !== original && !(Number.isNaN(final) && Number.isNaN(original)) ? ` (cast from the value \`${printValue(original)}\`)` : '';
  const message = `${label(path)} must be a \`${yupType}\` type, but the final value was: \`${printValue(final)}\`${cast}.`;
  return { ok: false, error: { path, message, value: Number.isNaN(final) ? null : final } };
}

const fail = (path: Path, message: string, value: unknown): Coerced => ({ ok: false, error: { path, message, value } });

/** Every broken rule of one value as errors (the first, then `more`); undefined when none broke. */
function failAll(path: Path, broken: readonly string[], value: unknown): Coerced | undefined {
  if (broken.length === 0) return undefined;
  const [first, ...more] = broken.map((rule) => ({ path, message: `${label(path)} ${rule}`, value }));
  return { ok: false, error: first, ...(more.length > 0 ? { more } : {}) };
}

// Strapi appends null to the allowed values, which yup prints as an empty last item.
const enumError = (attribute: ScalarAttribute, path: Path, value: unknown): FieldError => ({
  path,
  message: `${label(path)} must be one of the following values: ${[...(attribute.enum ?? []), ''].join(', ')}`,
  value,
});

/** The yup type Strapi's validator uses for an attribute: the word in "must be a `…` type". */
export function yupType(attribute: ScalarAttribute): string {
  switch (attribute.type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'datetime':
    case 'timestamp':
    case 'time':
      return 'date';
    // Strapi 5.54's biginteger is a `mixed` schema with its own integer test: null reaches the required test
    case 'json':
    case 'biginteger':
      return 'mixed';
    // a yup array: what is not a list casts to null (a required one fails its type; harness run.mjs casino 601)
    case 'blocks':
      return 'array';
    default:
      return 'string';
  }
}

/**
 * Casts and checks one scalar value. `draft` relaxes what Strapi relaxes for drafts (min, minLength, regex, email
 * format); `max`/`maxLength` and types are always enforced. Null is accepted here; required is checked by the caller.
 */
/** The block node types Strapi's blocks validator knows (`blockNodeValidator`). */
const BLOCK_TYPES = new Set(['paragraph', 'heading', 'quote', 'list', 'image', 'code']);

/** bcrypt's output length: what a stored password measures. */
const BCRYPT_LENGTH = 60;

export function coerceScalar(attribute: ScalarAttribute, raw: unknown, path: Path, draft: boolean): Coerced {
  if (raw === null) return { ok: true, value: null };
  switch (attribute.type) {
    case 'integer':
    case 'float':
    case 'decimal': {
      const n =
        typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : typeof raw === 'boolean' ? NaN : NaN;
      if (Number.isNaN(n) || !Number.isFinite(n)) return typeError(path, 'number', NaN, raw);
      // yup runs every test of the value (abortEarly off): each rule it breaks is one error, in the rules' order
      const broken: string[] = [];
      if (attribute.type === 'integer' && !Number.isInteger(n)) broken.push('must be an integer');
      if (!draft && attribute.min !== undefined && n < attribute.min) broken.push(`must be greater than or equal to ${attribute.min}`);
      if (attribute.max !== undefined && n > attribute.max) broken.push(`must be less than or equal to ${attribute.max}`);
      return failAll(path, broken, n) ?? { ok: true, value: n };
    }
    case 'biginteger': {
      // Strapi's own test (a `mixed` schema): an integer number, or a string of digits with an optional sign
      const s = typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
      if (s === undefined || !/^[+-]?\d+$/.test(s)) return fail(path, `${label(path)} must be a valid integer`, raw);
      // (stored exact, as SQLite's 64-bit integer keeps it; Strapi READS it back through a JS number, so past 2^53 an
      // answer shows the nearest double: "9007199254740993" reads "9007199254740992", probe
      // s13-write-probes/biginteger-readback.json. Not done here: the rounding belongs to every read path, not the store.)
      return { ok: true, value: BigInt(s).toString() };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const s = typeof raw === 'string' ? raw.trim().toLowerCase() : typeof raw === 'number' ? String(raw) : '';
      if (s === 'true' || s === '1') return { ok: true, value: true };
      if (s === 'false' || s === '0') return { ok: true, value: false };
      return typeError(path, 'boolean', raw, raw);
    }
    case 'date': {
      // Strapi's database parser: a `yyyy-MM-dd` prefix naming a day that exists
      const m = typeof raw === 'string' ? /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])/.exec(raw) : null;
      if (!m) throw new DatabaseCastError('Invalid format, expected yyyy-MM-dd', {});
      // A well-formed day that does not exist (2024-02-30) is refused too, with its own message.
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) throw new DatabaseCastError('Invalid date', {});
      return { ok: true, value: `${m[1]}-${m[2]}-${m[3]}` };
    }
    case 'time': {
      // Strapi's database parser wants the seconds: `10:00` is refused
      if (typeof raw !== 'string') throw new DatabaseCastError(`Expected a string, got a ${typeof raw}`, {});
      const m = /^(2[0-3]|[01][0-9]):([0-5][0-9]):([0-5][0-9])(?:\.([0-9]{1,3}))?$/.exec(raw);
      if (!m) throw new DatabaseCastError('Invalid time format, expected HH:mm:ss.SSS', {});
      return { ok: true, value: `${m[1]}:${m[2]}:${m[3]}.${(m[4] ?? '000').padEnd(3, '0')}` };
    }
    case 'datetime':
    case 'timestamp': {
      const d = parseDateTime(raw);
      if (!d) throw new DatabaseCastError('Invalid format, expected a timestamp or an ISO date', {});
      // a timestamp column reads back as milliseconds since the epoch, in a string (Strapi's TimestampField.fromDB)
      return { ok: true, value: attribute.type === 'timestamp' ? String(d.getTime()) : d.toISOString() };
    }
    case 'json':
      return { ok: true, value: raw };
    case 'blocks': {
      // Real Strapi keeps only a list of block nodes; anything else is silently stored as null.
      if (!Array.isArray(raw)) return { ok: true, value: null };
      // Its blocks validator picks each node's schema by its `type`: any other node fails, one error per node (yup
      // names the item by its index, as text). The nodes of a known type are stored as given.
      const broken = raw.flatMap((node, i) =>
        isPlainObject(node) && BLOCK_TYPES.has(node.type as string)
          ? []
          : [{ path: [...path, String(i)], message: 'Block node is of invalid type', value: node }],
      );
      const [first, ...more] = broken;
      return first ? { ok: false, error: first, more } : { ok: true, value: raw };
    }
    default: {
      if (typeof raw === 'object') {
        const type = typeError(path, 'string', raw, raw);
        // an enumeration's `oneOf` fails beside the type check
        if (attribute.type === 'enumeration' && !type.ok) return { ...type, more: [enumError(attribute, path, raw)] };
        return type;
      }
      // yup's string schema is strict for text types: a number or boolean is not turned into text.
      if (STRICT_TEXT.has(attribute.type) && typeof raw !== 'string') return typeError(path, 'string', raw, raw);
      const s = String(raw);
      if (attribute.type === 'enumeration' && attribute.enum && !attribute.enum.includes(s))
        return { ok: false, error: enumError(attribute, path, s) };
      // A published write is validated as a draft (no min, minLength or regex), then its stored draft is validated
      // on publish: a password is stored hashed by then (bcrypt, 60 characters), so its bounds see the hash.
      const hashed = attribute.type === 'password' && !draft;
      const length = hashed ? BCRYPT_LENGTH : s.length;
      // every rule the text breaks, in the order Strapi's string validator adds them: minLength, maxLength, regex
      const broken: string[] = [];
      // (yup's string `min` is exclusive: the email validator's `min(1)` replaces a minLength)
      if (!draft && attribute.type !== 'email' && attribute.minLength !== undefined && length < attribute.minLength) {
        broken.push(`must be at least ${attribute.minLength} characters`);
      }
      // A `string` is a varchar(255): Strapi refuses a longer value even without a maxLength in the schema.
      const maxLength = attribute.maxLength ?? (attribute.type === 'string' ? 255 : undefined);
      if (maxLength !== undefined && (hashed ? Math.max(length, s.length) : length) > maxLength) {
        broken.push(`must be at most ${maxLength} characters`);
      }
      // (yup's `excludeEmptyString` is `!required`: an empty text passes the regex only where it is optional)
      if (attribute.regex && !draft && !hashed && (s !== '' || attribute.required) && !new RegExp(attribute.regex).test(s)) {
        broken.push(`must match the following: "${String(new RegExp(attribute.regex))}"`);
      }
      // the email and uid validators add their own tests after the string ones
      if (attribute.type === 'email' && !draft && s !== '' && !EMAIL.test(s)) broken.push('must be a valid email');
      if (attribute.type === 'email' && !draft && s === '') broken.push('cannot be empty');
      if (attribute.type === 'uid' && !draft && !attribute.regex && !UID_PATTERN.test(s)) {
        broken.push(`must match the following: "${String(UID_PATTERN)}"`);
      }
      if (attribute.type === 'uid' && !draft && attribute.regex && !new RegExp(attribute.regex).test(s)) {
        broken.push(`must match the following: "${String(new RegExp(attribute.regex))}"`);
      }
      return failAll(path, broken, s) ?? { ok: true, value: s };
    }
  }
}

/**
 * A required attribute without a value, as Strapi's validator words it: a create checks `notNil` ("must be defined."),
 * an update `notNull` ("cannot be null."); but `null` first fails the type check of the typed yup schemas (string,
 * number, blocks' array), which are not nullable. Boolean (nullable) and the `mixed` ones (dates, json, biginteger) reach the test.
 * yup 0.32's number transform casts a value that is not a number with `parseFloat`, and `null` is one when the
 * schema is not nullable (a required number): the final value is `NaN` (string's transform keeps `null`).
 */
export function requiredError(
  path: Path,
  attribute: ScalarAttribute,
  value: null | undefined,
  creating: boolean,
  original: unknown = value,
): FieldError {
  const yup = yupType(attribute);
  if (value === null && (yup === 'string' || yup === 'number' || yup === 'array')) {
    // yup names the value a cast made null from (blocks given a number: `(cast from the value \`42\`)`)
    const cast = original !== null && original !== undefined ? ` (cast from the value \`${printValue(original)}\`)` : '';
    return {
      path,
      message: `${label(path)} must be a \`${yup}\` type, but the final value was: \`${yup === 'number' ? 'NaN' : 'null'}\`${cast}.`,
      value: null,
    };
  }
  // an absent key has no value: Strapi's details leave `value` out
  return { path, message: `${label(path)} ${creating ? 'must be defined.' : 'cannot be null.'}`, value };
}

export { label as pathLabel };

/**
 * A json attribute's value as its column gives it back (Strapi's JSONField): an object is stored as its JSON, any
 * other value as it is; reading parses a string (twice when that gives a string: values 5.0 release candidates
 * stringified twice), and keeps a string that is no JSON as stored. So a string `"[]"` (a schema's `default: "[]"`)
 * reads back as a list (harness run.mjs nuxt-sandbox 901).
 */
export function jsonReadBack(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? (JSON.parse(parsed) as unknown) : parsed;
  } catch {
    return value;
  }
}
