import { describe, expect, test } from 'vitest';
import type { ScalarAttribute, ScalarType } from '../../src/core/model/types.js';
import { coerceScalar, printValue } from '../../src/core/write/coerce-scalar.js';

// Body validation rules Strapi 5.54 applies (found by scripts/differential.mjs), checked on the pure coercion.
const attr = (type: ScalarType, extra: Partial<ScalarAttribute> = {}): ScalarAttribute => ({
  kind: 'scalar',
  name: 'f',
  type,
  unique: false,
  private: false,
  required: false,
  localized: false,
  source: 't',
  ...extra,
});
const message = (type: ScalarType, value: unknown, draft = false) => {
  const r = coerceScalar(attr(type), value, ['f'], draft);
  return r.ok ? 'ok' : r.error.message;
};

describe('scalar coercion', () => {
  test.each([
    ['a number in a string attribute is not cast', 'string', 5, 'f must be a `string` type, but the final value was: `5`.'],
    ['nor in a text attribute', 'text', 7, 'f must be a `string` type, but the final value was: `7`.'],
    ['nor a boolean in an email attribute', 'email', true, 'f must be a `string` type, but the final value was: `true`.'],
    ['a string attribute holds at most 255 characters', 'string', 'x'.repeat(256), 'f must be at most 255 characters'],
    ['a text attribute has no such limit', 'text', 'x'.repeat(300), 'ok'],
    ['an empty email', 'email', '', 'f cannot be empty'],
    ['an email without a dotted domain', 'email', 'a@b', 'f must be a valid email'],
    ['a valid email', 'email', 'a@b.co', 'ok'],
  ] as const)('%s', (_name, type, value, expected) => {
    expect(message(type, value)).toBe(expected);
  });

  test('a date that does not exist is refused with "Invalid date"', () => {
    expect(() => coerceScalar(attr('date'), '2024-02-30', ['f'], false)).toThrow('Invalid date');
    expect(coerceScalar(attr('date'), '2024-02-29', ['f'], false)).toEqual({ ok: true, value: '2024-02-29' });
  });

  test('printValue prints like yup: simple values inside objects are printed first, indented by two', () => {
    expect(printValue({ x: 1 })).toBe('{\n  "x": "1"\n}');
    expect(printValue(['x'])).toBe('[\n  "\\"x\\""\n]');
    expect(printValue('a')).toBe('"a"');
  });
});
