import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { modelServer } from './model-server.js';

// Strapi's body middleware reads a multipart form with formidable (`multiples: true`): each text field goes through
// qs, so `data[title]` is `data.title` and the content API creates or updates from it; a `data` field holding JSON
// text is a string, the "Missing data" 400. Real Strapi 5.54's answers on the kit:
// scripts/harness/probes/multipart-data-fields.json.
let server: MockServer;
let url: string;
let token: string;
beforeAll(async () => {
  ({ server, url, token } = await modelServer('json-strings'));
});
afterAll(() => server.close());

const send = async (method: string, path: string, fields: [string, string][], file?: string) => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  if (file !== undefined) form.append('files', new Blob([file], { type: 'text/plain' }), 'a.txt');
  const res = await fetch(url + path, { method, body: form, headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.status,
    body: (await res.json()) as { data: { documentId: string; title: unknown } | null; error?: { message: string } },
  };
};

test('a multipart form with data[...] fields creates and updates', async () => {
  const created = await send('POST', '/api/notes', [['data[title]', 'm1']], 'hello');
  expect(created.status).toBe(201);
  expect(created.body.data?.title).toBe('m1');
  const updated = await send('PUT', `/api/notes/${created.body.data!.documentId}`, [['data[title]', 'm1b']]);
  expect(updated.status).toBe(200);
  expect(updated.body.data?.title).toBe('m1b');
});

test("a JSON text in a 'data' field, or a dotted name, is no data; a repeated name is a list", async () => {
  for (const fields of [[['data', '{"title":"m2"}']], [['data.title', 'm5']]] as [string, string][][]) {
    const answer = await send('POST', '/api/notes', fields);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe('Missing "data" payload in the request body');
  }
  const repeated = await send('POST', '/api/notes', [
    ['data[title]', 'm6'],
    ['data[title]', 'm7'],
  ]);
  expect(repeated.status).toBe(400);
  expect(repeated.body.error?.message).toMatch(/^title must be a `string` type/);
});

test('a form that is not multipart as its header says is a 400 naming it, never a 500', async () => {
  const res = await fetch(`${url}/api/notes`, {
    method: 'POST',
    body: '--nope\r\nnot a form',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=XbOuNdArY' },
  });
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { name: string; message: string } };
  expect(body.error.name).toBe('ValidationError');
  expect(body.error.message).toMatch(/^Invalid multipart body/);
});

test('a form with a file of a few megabytes beside its data[...] fields creates (formidable takes 200 MB of files)', async () => {
  const created = await send('POST', '/api/notes', [['data[title]', 'with-a-picture']], 'x'.repeat(3 * 1024 * 1024));
  expect(created.status).toBe(201);
  expect(created.body.data?.title).toBe('with-a-picture');
});
