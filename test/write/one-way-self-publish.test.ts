import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// A one-way self-relation (shop: a product variant's `related`): publishing a variant gives the published versions of
// the other variants whose drafts link it that link too, as Strapi's self-referential relation sync inserts it (real
// Strapi 5.54: scripts/harness/probes/unidirectional-republish.json; harness graphql-run shop 561).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('shop')));
afterAll(() => server.close());

const create = async (name: string, status: 'draft' | 'published', related: string[] = []) =>
  (await call('POST', `/api/product-variants?status=${status}`, { data: { name, price: 1, related } })).body.data as Doc;
const relatedNames = async (documentId: string, status: string) =>
  (
    (await call('GET', `/api/product-variants/${documentId}?status=${status}&populate[related][fields][0]=name`)).body.data as {
      related: { name: string }[];
    }
  ).related.map((r) => r.name);

test('publishing a variant first links it from the published variants whose drafts link it', async () => {
  const zed = await create('Zed', 'published');
  const host = await create('Host', 'published', [zed.documentId]);
  const fresh = await create('Fresh', 'draft');
  await call('PUT', `/api/product-variants/${host.documentId}`, { data: { related: [fresh.documentId, zed.documentId] } });
  await call('PUT', `/api/product-variants/${fresh.documentId}?status=published`, { data: { name: 'Fresh2' } });
  expect(await relatedNames(host.documentId, 'published')).toEqual(['Fresh2', 'Zed']);
  expect(await relatedNames(host.documentId, 'draft')).toEqual(['Fresh2', 'Zed']);
});
