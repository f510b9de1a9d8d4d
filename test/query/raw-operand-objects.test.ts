import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// A list the database hands to the query builder unprocessed (an `$and`/`$or` entry, or under `$not`) skips
// processAttributeWhere: only applying it reads the operators, the column's own and those under `$not`; an operand
// is written in as it is, so an operator object inside one is never read as conditions. Real Strapi 5.54's answers
// on the school model: scripts/harness/probes/school-raw-operand-objects.json (harness school-502).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  ({ server, call } = await modelServer('school'));
  const olga = (await call('POST', '/api/people?locale=en', { data: { fullName: 'Olga', email: 'olga@example.com' } })).body.data as Doc;
  await call('POST', '/api/syllabi?locale=en&status=published', { data: { heading: 'xylo', pages: 3, reader: olga.documentId } });
});
afterAll(() => server.close());

const headings = async (filters: string) => {
  const answer = await call('GET', `/api/syllabi?locale=en&fields[0]=heading&${filters}`);
  return answer.status === 200 ? (answer.body.data as Doc[]).map((d) => d.heading) : answer.body.error?.message;
};

test('an operator object as the operand of a raw condition is text, never conditions', async () => {
  expect(await headings('filters[reader][$or][0][0][email][$startsWith][$and][0]=o')).toEqual([]);
  expect(await headings('filters[reader][$or][0][0][email][$startsWith]=o')).toEqual(['xylo']);
  expect(await headings('filters[$or][0][0][heading][$startsWith][$and][0]=x')).toEqual([]);
  expect(await headings('filters[$or][0][0][heading][$not][$startsWith][$and][0]=x')).toEqual(['xylo']);
  expect(
    await headings(
      'filters[$or][0][id]=9.5&filters[$or][1][reader][$or][0][0][email][$startsWith][$and][0]=o&filters[$or][1][reader][$or][1][email][$startsWith]=o',
    ),
  ).toEqual(['xylo']);
});

test("an operator that is no column operator, straight under a raw condition's column or its $not, fails", async () => {
  for (const filters of ['filters[$or][0][0][heading][$and][0]=x', 'filters[$or][0][0][heading][$not][$and][0]=x']) {
    expect(await headings(filters)).toContain('Undefined attribute level operator $and');
  }
  // outside a raw list the operand's operators are processed: the same $and under $startsWith is refused
  expect(await headings('filters[heading][$startsWith][$and][0]=x')).toContain('Undefined attribute level operator $and');
});
