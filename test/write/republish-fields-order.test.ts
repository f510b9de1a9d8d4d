import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startFixtureModel } from '../helpers/fixture-server.js';
import { list, one, type Answer } from './write-client.js';

// Strapi's publish creates the new published row with the request's `fields` and its bidirectional sync maps old rows
// to new ones by `locale`: a `fields` without `locale` maps nothing, and a republished product's join rows stay where
// they were created, last in each published bundle's list (real Strapi 5.54, probe
// reports/s15-write-probes/shared-inverse-republish-fields-*; harness shared-inverse 1713).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  ({ server, call } = await startFixtureModel('shared-inverse'));
});
afterAll(() => server.close());

const extras = async (status: string) =>
  Object.fromEntries(
    list(await call('GET', `/api/bundles?fields[0]=title&populate[extra][fields][0]=name&status=${status}`)).map((b) => [
      b.title,
      (b.extra as { name: string }[]).map((p) => p.name),
    ]),
  );

test("a republish whose fields leave out locale puts the product last in published bundles' lists", async () => {
  const product = async (name: string) => one(await call('POST', '/api/products', { data: { name } })).documentId;
  const [p, a, b] = [await product('p'), await product('a'), await product('b')];
  await call('POST', '/api/bundles', { data: { title: 'x', extra: [p, a, b] } });
  await call('POST', '/api/bundles', { data: { title: 'y', extra: [a, p, b] } });

  expect((await call('PUT', `/api/products/${p}?fields=name`, { data: { name: 'p1' } })).status).toBe(200);
  expect(await extras('published')).toEqual({ x: ['a', 'b', 'p1'], y: ['a', 'b', 'p1'] });
  // the drafts' lists are not the publish's business
  expect(await extras('draft')).toEqual({ x: ['p1', 'a', 'b'], y: ['a', 'p1', 'b'] });

  // without fields, or with `*`, the sync restores the old place
  await call('PUT', `/api/products/${a}`, { data: { name: 'a1' } });
  await call('PUT', `/api/products/${b}?fields=*`, { data: { name: 'b1' } });
  expect(await extras('published')).toEqual({ x: ['a1', 'b1', 'p1'], y: ['a1', 'b1', 'p1'] });
  // a first publish (a new product) through the inverse side goes last either way
  await call('POST', `/api/products?fields=name`, {
    data: { name: 'n', bundles: [(await list(await call('GET', '/api/bundles?status=draft&sort=id')))[0]!.documentId] },
  });
  expect((await extras('published')).x).toEqual(['a1', 'b1', 'p1', 'n']);
});
