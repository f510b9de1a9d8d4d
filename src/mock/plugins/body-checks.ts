import type { FieldError } from '../../core/errors/strapi-errors.js';
import { printValue } from '../../core/write/coerce-scalar.js';
import { byteLength } from '../auth/base64url.js';

// The checks the users & permissions plugin runs on bodies with yup (through Strapi's validateYupSchema: strict, all
// errors at once), written out for the few shapes its routes take, with yup's messages.

// Strapi's own email check (controllers/auth.js), stricter than yup's about the domain part.
export const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/**
 * yup `string()` (strict: a number is a type error, unless `loose`), `.required()` when asked. A missing field carries
 * no value in its error, as yup reports it.
 */
export function checkString(
  body: Record<string, unknown>,
  name: string,
  opts: { required: boolean; loose?: boolean },
): FieldError | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') {
    return opts.required ? { path: [name], message: `${name} is a required field`, value: v } : undefined;
  }
  if (typeof v === 'string' || (opts.loose && typeof v === 'number')) return undefined;
  return { path: [name], message: `${name} must be a \`string\` type, but the final value was: \`${printValue(v)}\`.`, value: v };
}

/** yup `string().email()`: a string that is not an email. */
export function checkEmail(body: Record<string, unknown>, name: string): FieldError | undefined {
  const v = body[name];
  return typeof v === 'string' && v !== '' && !EMAIL.test(v)
    ? { path: [name], message: `${name} must be a valid email`, value: v }
    : undefined;
}

/** The plugin's bcrypt limit, checked on every new password. */
export function checkPasswordBytes(body: Record<string, unknown>, name = 'password'): FieldError | undefined {
  const v = body[name];
  return typeof v === 'string' && byteLength(v) > 72
    ? { path: [name], message: 'Password must be less than 73 bytes', value: v }
    : undefined;
}

/** yup `.noUnknown()`: keys the schema does not name. */
export function checkNoUnknown(body: Record<string, unknown>, known: readonly string[]): FieldError | undefined {
  const unknown = Object.keys(body).filter((k) => !known.includes(k));
  return unknown.length ? { path: [], message: `this field has unspecified keys: ${unknown.join(', ')}`, value: body } : undefined;
}

export const present = (errors: readonly (FieldError | undefined)[]): FieldError[] =>
  errors.filter((e): e is FieldError => e !== undefined);
