import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// A to-one relation connected to several documents in one write reads the first connected, as on Strapi 5.54 (its
// database drops the old link and inserts a join row per connect; a read shows the first). Probed with
// scripts/harness/probe.mjs, steps scripts/harness/reports/lead-s12-probes/to-one-connects.json; found by the write
// grammar generator on sitedemo seed 1501.
let server: MockServer;
let url: string;
beforeAll(async () => {
  ({ server, url } = await startKitServer());
});
afterAll(() => server.close());

const write = async (method: string, path: string, data: unknown) => {
  const res = await fetch(url + path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
  return (await res.json()) as { data: { documentId: string; name?: string; category?: { name: string } } };
};

test('the first of several connects is the link, in the order given', async () => {
  const c1 = (await write('POST', '/api/categories', { name: 'first' })).data.documentId;
  const c2 = (await write('POST', '/api/categories', { name: 'second' })).data.documentId;
  const created = await write('POST', '/api/articles?populate=category', { title: 'A', category: { connect: [c1, c2] } });
  expect(created.data.category?.name).toBe('first');
  const again = await write('PUT', `/api/articles/${created.data.documentId}?populate=category`, {
    category: { connect: [{ documentId: c2 }, { documentId: c1 }] },
  });
  expect(again.data.category?.name).toBe('second');
});
