import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// An operator object as the value of a comparison (`$eq[$not]=x`, `$ne[0][$eq]=x`) is processed by Strapi's database
// as conditions, never cast by the JSON field, then bound as the value: SQLite refuses the binding and real Strapi
// 5.54 answers 500 (on any column type). `$in`/`$notIn` bind such an object as no value and match nothing; a list
// in the list is the JSON field's text. Real Strapi's answers on the kit's json attribute:
// scripts/harness/probes/json-operator-operands.json (harness kit-907).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  ({ server, call } = await modelServer('json-strings'));
  await call('POST', '/api/notes', { data: { title: 'n1', data: { a: 1 } } });
});
afterAll(() => server.close());

const titles = async (filters: string) => {
  const answer = await call('GET', `/api/notes?fields[0]=title&${filters}`);
  return answer.status === 200
    ? (answer.body.data as Doc[]).map((d) => d.title)
    : { status: answer.status, message: answer.body.error?.message };
};

test('an operator object compared with a JSON field is the 400 naming the binding Strapi fails on', async () => {
  for (const filters of [
    'filters[$and][0][data][$eq][0][$not]=&filters[$and][0][data][$eq][1][$not]=',
    'filters[data][$eq][$not]=x',
    'filters[data][$ne][0][$not]=x',
    'filters[data][$ne][$eq]=x',
    'filters[data][$gt][$not]=x',
    'filters[title][$eq][0][$not]=',
  ]) {
    const answer = await titles(filters);
    expect(answer, filters).toMatchObject({ status: 400 });
    expect((answer as { message: string }).message, filters).toMatch(/operator object.*SQLite3 can only bind numbers/);
  }
});

test('the shapes Strapi runs on a JSON field still run', async () => {
  expect(await titles('filters[data][$in][0][$not]=x')).toEqual([]);
  expect(await titles('filters[data][$notIn][$not]=x')).toEqual(['n1']);
  expect(await titles('filters[data][$eq][0][0]=a')).toEqual([]);
  expect(await titles('filters[data][$not][$eq]=x')).toEqual(['n1']);
  expect(await titles('filters[data][$not][0][$not]=x')).toEqual([]);
  expect(await titles('filters[data][$contains][$not]=x')).toEqual([]);
  expect(await titles('filters[data][$ne]=x')).toEqual(['n1']);
});
