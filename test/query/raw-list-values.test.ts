import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// A list the database hands to the query builder unprocessed (under `$not`, or as an `$and`/`$or` entry) binds its
// values as they came: a number column compares them as SQLite does (a numeric text is the number, any other text
// sorts after every number), never a cast error. Real Strapi 5.54's answers on the shop model:
// scripts/harness/probes/shop-raw-list-values.json (harness shop-601).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  ({ server, call } = await modelServer('shop'));
  await call('POST', '/api/brands', { data: { name: 'Old', code: 'OL-1', founded: 1990 } });
  await call('POST', '/api/brands', { data: { name: 'New', code: 'NE-2', founded: 2010 } });
  await call('POST', '/api/brands', { data: { name: 'None', code: 'NO-3' } });
});
afterAll(() => server.close());

const codes = async (filters: string) => {
  const answer = await call('GET', `/api/brands?fields[0]=code&sort=code&${filters}`);
  expect(answer.status).toBe(200);
  return (answer.body.data as Doc[]).map((b) => b.code);
};

test('a text that is no number, bound uncast, sorts after every number', async () => {
  expect(await codes('filters[$not][$not][0][founded][$gte]=true')).toEqual([]);
  expect(await codes('filters[$not][0][founded][$gte]=true')).toEqual(['NE-2', 'OL-1']);
  expect(await codes('filters[$not][0][founded][$lt]=abc')).toEqual([]);
  expect(await codes('filters[$or][0][0][founded][$gt]=1995x')).toEqual([]);
});

test('a numeric text, bound uncast, is the number', async () => {
  expect(await codes('filters[$or][0][0][founded][$gte]=2000')).toEqual(['NE-2']);
  expect(await codes('filters[$and][0][0][founded][$eq]=1990.0')).toEqual(['OL-1']);
});

test('the same value straight under the field is cast, and refused', async () => {
  expect((await call('GET', '/api/brands?filters[founded][$gte]=true')).status).toBe(400);
});

test("a list inside a text operator's list is ORed over again, never cast (harness links-mini-501)", async () => {
  expect(await codes('filters[name][$contains][0][0]=Ol&filters[name][$contains][0][1]=ew')).toEqual(['NE-2', 'OL-1']);
  expect(await codes('filters[name][$startsWith][0][0][0]=No')).toEqual(['NO-3']);
});
