import { expect, test } from 'vitest';
import { checkErrorEnvelope } from '../../src/contract/proxy/validate-exchange.js';
import type { Violation } from '../../src/contract/proxy/violation.js';

const judge = (status: number, name: string) => {
  const out: Violation[] = [];
  checkErrorEnvelope(status, { data: null, error: { status, name, message: 'x', details: {} } }, out);
  return out;
};

test("an error name that is Strapi's name for another status is a violation", () => {
  expect(judge(400, 'NotFoundError')).toEqual([expect.objectContaining({ rule: 'error-envelope', path: '$.error.name' })]);
  expect(judge(404, 'ValidationError')).toHaveLength(1);
  expect(judge(403, 'UnauthorizedError')).toHaveLength(1);
});

test('the names Strapi sends with a status pass, and a project\u2019s own error name is not judged', () => {
  expect(judge(400, 'ValidationError')).toEqual([]);
  expect(judge(400, 'PaginationError')).toEqual([]);
  expect(judge(403, 'PolicyError')).toEqual([]);
  expect(judge(404, 'NotFoundError')).toEqual([]);
  expect(judge(418, 'TeapotError')).toEqual([]);
});
