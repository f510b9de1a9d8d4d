import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { modelServer } from '../write/model-server.js';

// A filter group given as an object where a list is expected (`$or[field]=…` instead of `$or[0][field]=…`) is still
// walked by Strapi's permission check: a relation the caller may not read is refused by name first (shop: the public
// role reads shelves but not warehouses; harness shop run, seed 6).
let server: MockServer;
let url: string;
beforeAll(async () => ({ server, url } = await modelServer('shop')));
afterAll(() => server.close());

test('a relation the caller may not read is refused inside an object-shaped $or and $and', async () => {
  for (const op of ['$or', '$and']) {
    const res = await fetch(`${url}/api/shelves?filters[${op}][warehouse][capacity]=659`);
    const body = (await res.json()) as { error: { message: string; details: { key: string } } };
    expect(res.status, op).toBe(400);
    expect(body.error.message, op).toBe('Invalid key warehouse');
    expect(body.error.details.key, op).toBe('warehouse');
  }
});

test('filters given as a list are walked item by item: the relation is refused before the database sees the list', async () => {
  // harness shop REST 571: `filters[0][publishedAt]…&filters[0][warehouse]=` was Strapi's 400, not the 500 of a list WHERE
  const res = await fetch(`${url}/api/shelves?filters[0][label][$eq]=a&filters[1][warehouse]=`);
  const body = (await res.json()) as { error: { message: string; details: { key: string } } };
  expect(res.status).toBe(400);
  expect(body.error.message).toBe('Invalid key warehouse');
});

test('a wildcard into a relation the caller may not read is dropped, not walked (probes/shop-restricted-wildcard.json)', async () => {
  const res = await fetch(`${url}/api/shelves?populate[warehouse]=*`);
  expect(res.status).toBe(200);
  // with a token that reads warehouses the walk refuses its first populatable attribute
  const config = (await import('../fixtures/models/shop/content-mock.config.json', { with: { type: 'json' } })).default as {
    tokens: { type: string; key: string }[];
  };
  const token = config.tokens.find((t) => t.type === 'full-access')!.key;
  const full = await fetch(`${url}/api/shelves?populate[warehouse]=*`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await full.json()) as { error: { message: string } }).error.message).toBe('Invalid key shelf at warehouse.shelf');
});
