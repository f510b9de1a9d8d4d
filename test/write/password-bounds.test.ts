import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from './write-client.js';
import { modelServer } from './model-server.js';

// A password attribute's bounds on published writes: Strapi validates the write as a draft, then validates the
// stored draft on publish, where the password is already a bcrypt hash (60 characters). So `minLength: 6` never
// refuses a short password (shop: product-variant.secretCode; scripts/harness/probes/shop-password-bounds.json).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('shop')));
afterAll(() => server.close());

test('a short password passes on published creates and updates; other attributes keep their bounds', async () => {
  expect((await call('POST', '/api/product-variants', { data: { name: 'Pee', price: 1, secretCode: 'x' } })).status).toBe(201);
  const draft = await call('POST', '/api/product-variants?status=draft', { data: { name: 'Pee', price: 1, secretCode: 'x' } });
  const id = (draft.body.data as { documentId: string }).documentId;
  expect((await call('PUT', `/api/product-variants/${id}`, { data: { secretCode: 'y' } })).status).toBe(200);
  const refused = await call('POST', '/api/product-variants', { data: { name: 'Pee', price: 1, secretCode: 'x', stock: -5 } });
  expect(refused.body.error?.details.errors?.map((e) => e.path.join('.'))).toEqual(['stock']);
});
