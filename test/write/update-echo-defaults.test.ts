import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from './write-client.js';
import { modelServer } from './model-server.js';

// yup adds an attribute's default on a create only (Strapi's validator: `default(undefined)` on an update), so the
// value a failed update's relations check reports keeps a component as it was given, while the stored component
// still gets the database's default (harness graphql-run shop 552: `banner.link.external` was false in the mock's
// report of an update that names a missing file).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  ({ server, call } = await modelServer('shop'));
  // (a single type's first PUT creates it)
  expect((await call('PUT', '/api/store-setting', { data: { title: 'first' } })).status).toBe(200);
});
afterAll(() => server.close());

test("a failed update reports its components without yup's defaults, in the order given", async () => {
  const failed = await call('PUT', '/api/store-setting', { data: { title: 't', banner: { image: 999, link: { label: 'x' } } } });
  expect(failed.status).toBe(400);
  const reported = failed.body.error?.details.errors?.[0]?.value as Record<string, unknown>;
  expect(Object.keys(reported)).toEqual(['title', 'banner', 'publishedAt', 'locale']);
  expect((reported.banner as Record<string, unknown>).link).toEqual({ label: 'x' });
});

test('the stored component still takes the default', async () => {
  const saved = await call('PUT', '/api/store-setting?populate[banner][populate]=link', { data: { banner: { link: { label: 'x' } } } });
  expect(saved.status).toBe(200);
  expect((saved.body.data as { banner: { link: Record<string, unknown> } }).banner.link).toMatchObject({ label: 'x', external: false });
});
