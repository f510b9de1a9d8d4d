import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { modelServer } from '../write/model-server.js';

// Strapi's fields validator runs its private pass over every field before its password pass; a password is private
// to it only when its schema says so (shop: product-variant.secretCode is a password, internalNote is private).
// Filters and sort run the password pass first. scripts/harness/probes/shop-password-private-order.json.
let server: MockServer;
let url: string;
beforeAll(async () => ({ server, url } = await modelServer('shop')));
afterAll(() => server.close());

const refused = async (query: string) =>
  ((await (await fetch(`${url}/api/product-variants?${query}`)).json()) as { error: { details: { key: string } } }).error.details.key;

test('fields: the private field is named before an earlier password; filters and sort: the password first', async () => {
  expect(await refused('fields[0]=secretCode&fields[1]=details&fields[2]=internalNote')).toBe('internalNote');
  expect(await refused('fields[0]=secretCode&fields[1]=details')).toBe('secretCode');
  expect(await refused('filters[internalNote][$eq]=y&filters[secretCode][$eq]=x')).toBe('secretCode');
  expect(await refused('sort[0]=internalNote&sort[1]=secretCode')).toBe('secretCode');
});
