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
