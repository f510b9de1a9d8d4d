import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// A PUT replaces a component whole, so the component's required attributes are checked again, like on create.
const TOKEN = 'component-required-test-full-access';
let server: MockServer;
let url: string;
const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data: Record<string, unknown>; error?: { details: { errors?: { path: string[] }[] } } },
  };
};

beforeAll(async () => ({ server, url } = await startKitServer({ tokens: [{ name: 'writer', type: 'full-access', key: TOKEN }] })));
afterAll(() => server.close());

test('PUT with a component missing a required attribute is refused at that attribute', async () => {
  const first = (await call('GET', '/api/articles?fields[0]=title&pagination[pageSize]=1')).body.data as unknown as {
    documentId: string;
  }[];
  const id = first[0].documentId;
  const refused = await call('PUT', `/api/articles/${id}`, { data: { seo: { metaDescription: 'no title' } } });
  expect(refused.status).toBe(400);
  expect(refused.body.error?.details.errors?.map((e) => e.path)).toContainEqual(['seo', 'metaTitle']);
  // the same component with its required attribute is accepted
  const accepted = await call('PUT', `/api/articles/${id}?populate=seo`, {
    data: { seo: { metaTitle: 'T', metaDescription: 'with title' } },
  });
  expect(accepted.status).toBe(200);
  expect(accepted.body.data.seo).toMatchObject({ metaTitle: 'T', metaDescription: 'with title' });
});
