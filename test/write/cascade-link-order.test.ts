import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { fixtureClient, one, type Answer, type Doc } from './write-client.js';

// Strapi's SQLite database turns foreign keys on, and deleting an entry deletes its row before `deleteRelations`
// runs: the join rows go by cascade and no list is numbered again. A relation write (set, connect, disconnect, from
// either side) numbers the lists it touched 1..n. So a published owner list that lost a republished target keeps its
// values, gaps included, and a link a first publish copies back with the draft's value can tie with one of them
// (probes/cascade-order.json, probes/self-cascade-order.json; harness graphql-run self-nest seed 533).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await fixtureClient('shared-inverse')));
afterAll(() => server.close());

const create = async (name: string, status = '') =>
  one(await call('POST', `/api/products${status}`, { data: { name } })).documentId as string;
const extraOf = async (bundle: string, status = 'published') =>
  (one(await call('GET', `/api/bundles/${bundle}?status=${status}&populate[extra][fields][0]=name`)).extra as Doc[]).map((p) => p.name);

test("a republished target's cascade leaves the owner list's values: a first publish's link ties with its equal", async () => {
  const p1 = await create('P1');
  const p2 = await create('P2');
  const p3 = await create('P3', '?status=draft');
  const p4 = await create('P4');
  // published list P1 1, P2 2, P4 4 (a first publish restores the draft's values); draft P1..P4 1..4
  const bundle = one(await call('POST', '/api/bundles', { data: { title: 'B', extra: [p1, p2, p3, p4] } })).documentId as string;
  expect(await extraOf(bundle)).toEqual(['P1', 'P2', 'P4']);
  // P1's draft lets go of the bundle (a relation write: the bundle's draft list is P2 1, P3 2, P4 3) ...
  expect((await call('PUT', `/api/products/${p1}?status=draft`, { data: { bundles: [] } })).status).toBe(200);
  // ... and its republish deletes its old published row: the published list keeps P2 2, P4 4
  expect((await call('PUT', `/api/products/${p1}`, { data: { name: 'P1b' } })).status).toBe(200);
  expect(await extraOf(bundle)).toEqual(['P2', 'P4']);
  expect(await extraOf(bundle, 'draft')).toEqual(['P2', 'P3', 'P4']);
  // P3's first publish copies the draft's value, 2: after P2 (an older join row), before P4
  expect((await call('PUT', `/api/products/${p3}?status=published`, { data: { name: 'P3b' } })).status).toBe(200);
  expect(await extraOf(bundle)).toEqual(['P2', 'P3b', 'P4']);
  const graphql = await call('POST', '/graphql', { query: `{ bundle(documentId: "${bundle}") { extra { name } } }` });
  expect((graphql.body as unknown as { data: { bundle: { extra: Doc[] } } }).data.bundle.extra.map((p) => p.name)).toEqual([
    'P2',
    'P3b',
    'P4',
  ]);
  // a connect from the owner's draft numbers its list again and goes last; the republishes that follow keep it so
  expect((await call('PUT', `/api/products/${p2}?status=draft`, { data: { bundles: [] } })).status).toBe(200);
  expect((await call('PUT', `/api/bundles/${bundle}?status=draft`, { data: { extra: { connect: [p1] } } })).status).toBe(200);
  expect(await extraOf(bundle, 'draft')).toEqual(['P3b', 'P4', 'P1b']);
  expect((await call('PUT', `/api/products/${p1}`, { data: { name: 'P1c' } })).status).toBe(200);
  expect(await extraOf(bundle)).toEqual(['P2', 'P3b', 'P4', 'P1c']);
  expect((await call('PUT', `/api/products/${p2}`, { data: { name: 'P2b' } })).status).toBe(200);
  expect(await extraOf(bundle)).toEqual(['P3b', 'P4', 'P1c']);
});
