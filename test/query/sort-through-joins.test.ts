import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// A sort through a relation sorts each entry by ONE of its joined rows (Strapi's wrapWithDeepSort: ROW_NUMBER() OVER
// (PARTITION BY id ORDER BY the sort), Knex dropping the "nulls last"): NULL is the smallest value there, so ascending
// an entry with any NULL (a draft's publishedAt, a join that found nothing) sorts as NULL, first. Every order below
// was checked on real Strapi 5.54 with scripts/harness/probe.mjs.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('shop')));
afterAll(() => server.close());

const idOf = (a: Answer) => (a.body.data as Doc).documentId as string;
const labels = async (sort: string) => ((await call('GET', `/api/shelves?${sort}&fields[0]=label`)).body.data as Doc[]).map((d) => d.label);

test('NULL is the smallest value of an entry: ascending it wins, descending the largest value does', async () => {
  const w1 = idOf(await call('POST', '/api/warehouses', { data: { city: 'W1' } }));
  const w2 = idOf(await call('POST', '/api/warehouses', { data: { city: 'W2' } }));
  // A links both versions of W1 (the draft's publishedAt is NULL), B nothing, C only W2's published version
  const a = idOf(await call('POST', '/api/shelves', { data: { label: 'A', warehouse: w1 } }));
  const b = idOf(await call('POST', '/api/shelves', { data: { label: 'B' } }));
  const c = idOf(
    await call('POST', '/api/shelves', { data: { label: 'C', warehouse: { connect: [{ documentId: w2, status: 'published' }] } } }),
  );
  expect(await labels('sort[0]=warehouse.publishedAt:asc')).toEqual(['A', 'B', 'C']);
  expect(await labels('sort[0]=warehouse.publishedAt:desc')).toEqual(['C', 'A', 'B']);
  expect(await labels('sort[0]=warehouse.city:asc')).toEqual(['B', 'A', 'C']);

  // through two joins: a variant without a brand gives its shelf a NULL brand name
  const zed = idOf(await call('POST', '/api/brands', { data: { name: 'Zed' } }));
  const mid = idOf(await call('POST', '/api/brands', { data: { name: 'Mid' } }));
  const v1 = idOf(await call('POST', '/api/product-variants', { data: { name: 'Vee1', price: 1, brand: zed } }));
  const v2 = idOf(await call('POST', '/api/product-variants', { data: { name: 'Vee2', price: 1 } }));
  const v3 = idOf(await call('POST', '/api/product-variants', { data: { name: 'Vee3', price: 1, brand: mid } }));
  await call('PUT', `/api/shelves/${a}`, { data: { variants: [v1, v2] } });
  await call('PUT', `/api/shelves/${b}`, { data: { variants: [v3] } });
  await call('PUT', `/api/shelves/${c}`, { data: { variants: [v1] } });
  expect(await labels('sort[0]=variants.brand.name:asc')).toEqual(['A', 'B', 'C']);
  expect(await labels('sort[0]=variants.brand.name:desc')).toEqual(['A', 'C', 'B']);
  expect(await labels('sort[0]=variants.name:asc')).toEqual(['A', 'C', 'B']);
});
