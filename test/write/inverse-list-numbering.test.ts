import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { fixtureClient, one, type Answer, type Doc } from './write-client.js';

// Strapi numbers each target row's inverse list on its own: a new join row takes the list's highest value + 1, a
// relation write that deletes join rows numbers the lists it touched 1..n again, and a publish's self-referential
// relation sync copies the draft's join row values onto the published pair. A draft list numbered again can so hand
// the published list a value below links made before it (probes/self-inverse-renumber.json).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await fixtureClient('self-nest')));
afterAll(() => server.close());

const node = async (title: string, linked: string[], status = '') =>
  one(await call('POST', `/api/nodes${status}`, { data: { title, code: 'same', linked } })).documentId as string;
const linkedByOf = async (documentId: string, status = 'published') =>
  (one(await call('GET', `/api/nodes/${documentId}?status=${status}&populate[linkedBy][fields][0]=title`)).linkedBy as Doc[]).map(
    (n) => n.title,
  );

test("a value copied from a draft list numbered again ties in the published list: the draft's place, not the end", async () => {
  const x = await node('X', []);
  const a = await node('A', [x]);
  const b = await node('B', [x]);
  const w = await node('W', [x], '?status=draft');
  expect(await linkedByOf(x, 'draft')).toEqual(['A', 'B', 'W']);
  // the drafts of A and B let go of X: X's draft list is W 1 (published: A 1, B 2)
  expect((await call('PUT', `/api/nodes/${a}?status=draft`, { data: { linked: [] } })).status).toBe(200);
  expect((await call('PUT', `/api/nodes/${b}?status=draft`, { data: { linked: [] } })).status).toBe(200);
  expect(await linkedByOf(x)).toEqual(['A', 'B']);
  // W's publish copies its value, 1: after A (an older join row), before B
  expect((await call('PUT', `/api/nodes/${w}?status=published`, { data: { title: 'W2' } })).status).toBe(200);
  expect(await linkedByOf(x)).toEqual(['A', 'W2', 'B']);
  const graphql = await call('POST', '/graphql', {
    query: `{ node(documentId: "${x}") { linkedBy { title } s: linkedBy(sort: "code") { title } } }`,
  });
  const data = (graphql.body as unknown as { data: { node: { linkedBy: Doc[]; s: Doc[] } } }).data.node;
  expect(data.linkedBy.map((n) => n.title)).toEqual(['A', 'W2', 'B']);
  // a sort's ties under GraphQL's LIMIT come in target row id order
  expect(data.s.map((n) => n.title)).toEqual(['A', 'B', 'W2']);
  // a disconnect from the inverse side numbers X's draft list again (C 1, then D 2): C's republish copies 1
  const c = await node('C', [x]);
  expect(await linkedByOf(x)).toEqual(['A', 'W2', 'B', 'C']);
  expect((await call('PUT', `/api/nodes/${x}?status=draft`, { data: { linkedBy: { disconnect: [w] } } })).status).toBe(200);
  expect(await linkedByOf(x, 'draft')).toEqual(['C']);
  await node('D', [x]);
  expect((await call('PUT', `/api/nodes/${c}`, { data: { title: 'C2' } })).status).toBe(200);
  expect(await linkedByOf(x)).toEqual(['A', 'W2', 'C2', 'B', 'D']);
  expect(await linkedByOf(x, 'draft')).toEqual(['C2', 'D']);
});
