import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// The document service's own checks under `documents.strictParams` (shop model), with real Strapi 5.54's answers
// (scripts/harness/probes/shop-service-params.json; harness shop-303): its pagination check over the parameters it
// is given, a list under a relation bound as it stands, and its validators' refusals before the database's.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
let brand: string;
beforeAll(async () => {
  ({ server, call } = await modelServer('shop'));
  brand = ((await call('POST', '/api/brands', { data: { name: 'B' } })).body.data as Doc).documentId;
  const w = ((await call('POST', '/api/warehouses', { data: { city: 'W', capacity: 500 } })).body.data as Doc).documentId;
  await call('POST', '/api/shelves', { data: { position: 1, warehouse: w } });
  await call('PUT', '/api/footer', { data: { text: 'f' } });
});
afterAll(() => server.close());

const message = async (path: string) => (await call('GET', path)).body.error?.message;

test("a single type's or a findOne's top-level pagination keys are the service's: checked as such", async () => {
  expect(await message('/api/footer?status=draft&fields[0]=text&limit=1&limit=1')).toBe(
    "Invalid parameter at 'limit'. Expected integer >= 1 or -1, received: 1,1",
  );
  expect((await call('GET', '/api/footer?limit=1')).status).toBe(200);
  expect(await message('/api/footer?start=-1')).toBe("Invalid parameter at 'start'. Expected integer >= 0, received: -1");
  expect(await message('/api/footer?page=0')).toBe("Invalid parameter at 'page'. Expected integer >= 1, received: 0");
  expect(await message('/api/footer?page=1&limit=2')).toContain('Cannot use both page-based');
  // (a top-level withCount is no parameter of the REST API: its strict params refuse it first)
  expect(await message('/api/footer?withCount=true')).toBe('Invalid key withCount');
  expect(await message(`/api/brands/${brand}?start=x`)).toBe("Invalid parameter at 'start'. Expected integer >= 0, received: x");
});

test("a list's top-level start and limit give way to the service's own window", async () => {
  expect((await call('GET', '/api/brands?limit=1&limit=1')).status).toBe(200);
});

test('a list under a relation is its id IN (…) as it stands: objects in it are not processed', async () => {
  const shelves = async (q: string) => ((await call('GET', `/api/shelves?${q}`)).body.data as Doc[] | undefined)?.length;
  expect(
    await shelves('locale=*&filters[warehouse][0][capacity][$and][0][$lte]=600&filters[warehouse][1][capacity][$and][0][$lte]=600'),
  ).toBe(0);
  expect(await shelves('filters[warehouse][0][capacity]=500&fields[0]=position')).toBe(0);
});

test("the service's validators refuse a fields list the controller's did not walk before the database's errors", async () => {
  const answer = await call('GET', '/api/brands?filters[$or][name]&fields[0]=variants&fields[1]');
  expect(answer.body.error).toMatchObject({ message: 'Invalid key variants', details: { key: 'variants', path: 'variants' } });
  const unknown = await call('GET', '/api/brands?filters[$or][name]&fields[0]=nope&fields[1]&status=bad');
  expect(unknown.body.error).toMatchObject({ message: 'Invalid key nope', details: { key: 'nope', path: null } });
});

test("a findOne's top-level start is its lookup's offset: past the first row there is none (harness school-501)", async () => {
  expect((await call('GET', '/api/footer?start=1')).status).toBe(404);
  expect((await call('GET', '/api/footer?start=0')).status).toBe(200);
  expect((await call('GET', `/api/brands/${brand}?start=1`)).status).toBe(404);
});

test('a top-level locale filter replaces the lookup of one locale, `locale=*` included (harness events-501)', async () => {
  expect((await call('PUT', '/api/store-setting', { data: { title: 'Shop', currency: 'USD' } })).status).toBe(200);
  expect((await call('GET', '/api/store-setting?status=draft&locale=*')).status).toBe(404);
  expect((await call('GET', '/api/store-setting?status=draft&locale=*&filters[locale]=en')).status).toBe(200);
});
