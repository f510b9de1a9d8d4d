import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType } from '../helpers/schema-files.js';

// A blocks attribute is a yup array in Strapi's validator: what is not a list casts to null, which a required one
// refuses as a type error and an optional one stores. Real Strapi 5.54's answers, recorded with
// `scripts/harness/probe.mjs --code` on an unseen public project (a required `review` and an optional
// `bonusOverview`, both blocks, on a draft & publish type): the four creates below all answer this message (a create
// without the key is published from its stored draft, where the attribute is null).

let root: string;
let server: MockServer;
let base: string;
const post = (path: string, data: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cm-required-blocks-'));
  writeCollectionType(
    root,
    { singular: 'review', plural: 'reviews', display: 'Review' },
    { title: { type: 'string' }, body: { type: 'blocks', required: true }, notes: { type: 'blocks' } },
    true,
  );
  server = await createServer({
    schemas: root,
    memory: true,
    configObject: { permissions: { public: { 'api::review.review': ['find', 'create'] } } },
    logger: { info() {}, error() {} },
  });
  base = (await server.listen(0)).url;
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

test.each([
  ['an object', { title: 'x', body: { type: 'paragraph' } }],
  ['null', { title: 'x', body: null }],
  ['nothing', { title: 'x' }],
  ['a text', { title: 'x', body: 'text' }],
])('a required blocks attribute given %s is a type error', async (_what, data) => {
  const res = await post('/api/reviews', data);
  expect(res.status).toBe(400);
  const error = ((await res.json()) as { error: { message: string; details: { errors: { path: string[]; message: string }[] } } }).error;
  expect(error.message).toBe('body must be a `array` type, but the final value was: `null`.');
  expect(error.details.errors.map((e) => e.path)).toEqual([['body']]);
});

test('an optional blocks attribute given an object is stored as null', async () => {
  const res = await post('/api/reviews', {
    title: 'x',
    body: [{ type: 'paragraph', children: [{ type: 'text', text: 'hi' }] }],
    notes: { type: 'x' },
  });
  expect(res.status).toBe(201);
  expect(((await res.json()) as { data: { notes: unknown } }).data.notes).toBeNull();
});
