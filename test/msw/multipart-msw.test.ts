import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHandlers } from '../../src/mock/msw/index.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

// content-mock/msw reads a multipart form as the server does (Strapi's formidable through qs): the same shared
// reader, with no Node-only parser (it is bundled for the browser too).
const BASE = 'http://multipart.msw.test';
const handlers = createHandlers({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, baseUrl: BASE });
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const post = async (fields: [string, string][], file = 'hello') => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append('files', new Blob([file], { type: 'text/plain' }), 'a.txt');
  const res = await fetch(`${BASE}/api/tags`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as { data: { name?: string } | null; error?: { message: string } } };
};

test('data[...] fields create a document; a JSON text in a data field is no data', async () => {
  const created = await post([['data[name]', 'from-a-form']]);
  expect(created.status).toBe(201);
  expect(created.body.data?.name).toBe('from-a-form');
  const refused = await post([['data', '{"name":"json-text"}']]);
  expect(refused.status).toBe(400);
  expect(refused.body.error?.message).toBe('Missing "data" payload in the request body');
});

test('a file of a few megabytes beside the fields is no JSON body: the form is read', async () => {
  const created = await post([['data[name]', 'with-a-big-file']], 'x'.repeat(3 * 1024 * 1024));
  expect(created.status).toBe(201);
  expect(created.body.data?.name).toBe('with-a-big-file');
});
