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
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Strapi's email check wants a dotted domain (`a@b` is refused). */
const EMAIL_DOMAIN_DOT = /@[^@]+\.[^@.]+$/;
const STRICT_TEXT = new Set(['string', 'text', 'richtext', 'email', 'uid', 'password']);

type Path = readonly (string | number)[];
const label = (path: Path) => path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : p), '');

export type Coerced = { ok: true; value: unknown } | { ok: false; error: FieldError };

function typeError(path: Path, yupType: string, final: unknown, original: unknown): Coerced {
  const cast =
    final !== original && !(Number.isNaN(final) && Number.isNaN(original)) ? ` (cast from the value \`${printValue(original)}\`)` : '';
  const message = `${label(path)} must be a \`${yupType}\` type, but the final value was: \`${printValue(final)}\`${cast}.`;
  return { ok: false, error: { path, message, value: Number.isNaN(final) ? null : final } };
}

const fail = (path: Path, message: string, value: unknown): Coerced => ({ ok: false, error: { path, message, value } });

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
    case 'json':
    case 'blocks':
      return 'mixed';
    default:
      return 'string';
  }
}

/**
 * Casts and checks one scalar value. `draft` relaxes what Strapi relaxes for drafts (min, minLength, regex, email
 * format); `max`/`maxLength` and types are always enforced. Null is accepted here; required is checked by the caller.
 */
export function coerceScalar(attribute: ScalarAttribute, raw: unknown, path: Path, draft: boolean): Coerced {
  if (raw === null) return { ok: true, value: null };
  switch (attribute.type) {
    case 'integer':
    case 'float':
    case 'decimal': {
      const n =
        typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : typeof raw === 'boolean' ? NaN : NaN;
      if (Number.isNaN(n) || !Number.isFinite(n)) return typeError(path, 'number', NaN, raw);
      if (attribute.type === 'integer' && !Number.isInteger(n)) return fail(path, `${label(path)} must be an integer`, n);
      if (!draft && attribute.min !== undefined && n < attribute.min)
        return fail(path, `${label(path)} must be greater than or equal to ${attribute.min}`, n);
      if (attribute.max !== undefined && n > attribute.max)
        return fail(path, `${label(path)} must be less than or equal to ${attribute.max}`, n);
      return { ok: true, value: n };
    }
    case 'biginteger': {
      const s = typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
      if (s === undefined || !/^-?\d+$/.test(s)) return typeError(path, 'string', raw, raw);
      return { ok: true, value: s };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const s = typeof raw === 'string' ? raw.trim().toLowerCase() : typeof raw === 'number' ? String(raw) : '';
      if (s === 'true' || s === '1') return { ok: true, value: true };
      if (s === 'false' || s === '0') return { ok: true, value: false };
      return typeError(path, 'boolean', raw, raw);
    }
    case 'date': {
      const s = typeof raw === 'string' ? raw : '';
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
      if (!m || Number.isNaN(Date.parse(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`)))
        throw new ValidationError('Invalid format, expected yyyy-MM-dd', {});
      // A well-formed day that does not exist (2024-02-30) is refused too, with its own message.
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) throw new ValidationError('Invalid date', {});
      return { ok: true, value: `${m[1]}-${m[2]}-${m[3]}` };
    }
    case 'time': {
      const s = typeof raw === 'string' ? raw : '';
      const m = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(s);
      if (!m) throw new ValidationError('Invalid time format, expected HH:mm:ss.SSS', {});
      return { ok: true, value: `${m[1]}:${m[2]}:${m[3] ?? '00'}.${(m[4] ?? '000').padEnd(3, '0')}` };
    }
    case 'datetime':
    case 'timestamp': {
      const t = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Date.parse(raw) : NaN;
      if (Number.isNaN(t)) throw new ValidationError(`Invalid format, expected an ISO compatible date`, {});
      return { ok: true, value: new Date(t).toISOString() };
    }
    case 'json':
      return { ok: true, value: raw };
    case 'blocks':
      // Real Strapi keeps only a list of block nodes; anything else is silently stored as null.
      return { ok: true, value: Array.isArray(raw) ? raw : null };
    default: {
      if (typeof raw === 'object') return typeError(path, 'string', raw, raw);
      // yup's string schema is strict for text types: a number or boolean is not turned into text.
      if (STRICT_TEXT.has(attribute.type) && typeof raw !== 'string') return typeError(path, 'string', raw, raw);
      const s = String(raw);
      if (attribute.type === 'enumeration' && attribute.enum && !attribute.enum.includes(s)) {
        // Strapi appends null to the allowed values, which yup prints as an empty last item.
        return fail(path, `${label(path)} must be one of the following values: ${[...attribute.enum, ''].join(', ')}`, s);
      }
      if (attribute.type === 'email' && !draft && s === '') return fail(path, `${label(path)} cannot be empty`, s);
      if (attribute.type === 'email' && !draft && (!EMAIL.test(s) || !EMAIL_DOMAIN_DOT.test(s)))
        return fail(path, `${label(path)} must be a valid email`, s);
      if (attribute.type === 'uid' && !draft && !UID_PATTERN.test(s)) {
        return fail(path, `${label(path)} must match the following: "${String(UID_PATTERN)}"`, s);
      }
      if (attribute.regex && !draft && s !== '' && !new RegExp(attribute.regex).test(s)) {
        return fail(path, `${label(path)} must match the following: "${String(new RegExp(attribute.regex))}"`, s);
      }
      if (!draft && attribute.minLength !== undefined && s.length < attribute.minLength) {
        return fail(path, `${label(path)} must be at least ${attribute.minLength} characters`, s);
      }
      // A `string` is a varchar(255): Strapi refuses a longer value even without a maxLength in the schema.
      const maxLength = attribute.maxLength ?? (attribute.type === 'string' ? 255 : undefined);
      if (maxLength !== undefined && s.length > maxLength) {
        return fail(path, `${label(path)} must be at most ${maxLength} characters`, s);
      }
      return { ok: true, value: s };
    }
  }
}

/** The message Strapi gives for a required attribute left empty on a published write. */
export function requiredError(path: Path, yup: string): FieldError {
  return { path, message: `${label(path)} must be a \`${yup}\` type, but the final value was: \`null\`.`, value: null };
}

export { label as pathLabel };
