import { expect, test } from 'vitest';
import { castOperand } from '../../src/core/query/values.js';

// @strapi/database's JSON field casts an object operand to its JSON text (JSONField.toDB): a GraphQL filter
// `meta: { in: [[1, "x"]] }` compares the column with '[1,"x"]' and finds nothing, where it used to be refused.
test('a JSON or blocks column casts a list or object operand to its JSON text', () => {
  expect(castOperand('json', [1, 'x'], 'meta')).toBe('[1,"x"]');
  expect(castOperand('json', { a: 1 }, 'meta')).toBe('{"a":1}');
  expect(castOperand('blocks', [], 'body')).toBe('[]');
  // other columns still refuse an object where one value is expected
  expect(() => castOperand('integer', { a: 1 }, 'views')).toThrow(/expected a single value/);
});
