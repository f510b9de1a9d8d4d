import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { KIT_TOKEN, startKitServer } from '../helpers/kit.js';

// The upload plugin's file reads validate their query as a content type's do, with the file model (its folder
// private, `related` a morph relation), before any lookup. Real Strapi 5.54's answers on the kit:
// scripts/harness/probes/upload-files-query.json.
let server: MockServer;
let url: string;
beforeAll(async () => {
  ({ server, url } = await startKitServer());
});
afterAll(() => server.close());

const get = async (path: string) => {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${KIT_TOKEN}` } });
  return { status: res.status, body: (await res.json()) as { error?: { message: string; details: Record<string, unknown> } } };
};

test.each([
  [
    '/api/upload/files?filters[name][$nope]=x',
    'Invalid key $nope at name',
    { key: '$nope', path: 'name', source: 'query', param: 'filters' },
  ],
  [
    '/api/upload/files?filters[related][id]=1',
    'Invalid key related',
    { key: 'related', path: 'related', source: 'query', param: 'filters' },
  ],
  [
    '/api/upload/files?sort=folderPath',
    'Invalid key folderPath',
    { key: 'folderPath', path: 'folderPath', source: 'query', param: 'sort' },
  ],
  ['/api/upload/files?fields[0]=folder', 'Invalid key folder', { key: 'folder', path: 'folder', source: 'query', param: 'fields' }],
  ['/api/upload/files?populate=name', 'Invalid key name', { key: 'name', path: 'name', source: 'query', param: 'populate' }],
  [
    '/api/upload/files/999999?populate[folder]=true',
    'Invalid key folder',
    { key: 'folder', path: 'folder', source: 'query', param: 'populate' },
  ],
])("%s is the validators' 400", async (path, message, details) => {
  const answer = await get(path);
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toBe(message);
  expect(answer.body.error?.details).toEqual(details);
});

test('related may be populated, and a list item holding a comma is not walked', async () => {
  for (const path of ['/api/upload/files?populate=related&fields[0]=name', '/api/upload/files?populate[0]=related,folder&fields[0]=name']) {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
  }
  expect((await get('/api/upload/files/999999?fields[0]=name')).status).toBe(404);
});

// A file's `related` (a morph relation) populated with a fragment: Strapi's populate validator checks each `on`
// target names a model before the sanitizer drops the types the caller may not find; its traversal walks only a
// fragment that is an object or a list (`on=x` passes). Probed on Strapi 5.54 (harness cheeses grammar seed 1604).
test('an unknown target under related is refused at its traversal path', async () => {
  const { status, body } = await get('/api/articles?populate[cover][populate][related][on][x]=true&pagination[pageSize]=1');
  expect(status).toBe(400);
  expect(body.error?.message).toBe('Invalid key x at cover.populate.related.on.x');
  expect(body.error?.details).toEqual({ key: 'x', path: 'cover.populate.related.on.x', source: 'query', param: 'populate' });
});

test('a list as the fragment is refused at its first index; a text fragment is not looked at', async () => {
  expect((await get('/api/articles?populate[cover][populate][related][on][0]=x&pagination[pageSize]=1')).body.error?.message).toBe(
    'Invalid key 0 at cover.populate.related.on.0',
  );
  expect((await get('/api/articles?populate[cover][populate][related][on]=x&pagination[pageSize]=1')).status).toBe(200);
  expect((await get('/api/articles?populate[cover][populate][related][on][api::article.article]=true&pagination[pageSize]=1')).status).toBe(
    200,
  );
});

test("under a zone fragment the target is named by Strapi's traversal through the fragment", async () => {
  const { status, body } = await get(
    '/api/articles?populate[blocks][on][shared.slider][populate][files][populate][related][on][x]=true&pagination[pageSize]=1',
  );
  expect(status).toBe(400);
  expect(body.error?.message).toBe('Invalid key x at blocks.on[shared.slider].populate.files.populate.related.on.x');
});

test('a $and qs made an object of (an index past 100) filters nothing on the files route, as the query conversion drops it', async () => {
  const all = await get('/api/upload/files');
  const { status, body } = await get('/api/upload/files?filters[$and][101][name][$eq]=nothing-named-so');
  expect(status).toBe(200);
  expect(body).toEqual(all.body);
});

test('an empty filters= on the files route is the query conversion refusing a text (no sanitizer drops it first)', async () => {
  // real Strapi 5.54 (harness chalets --code grammar 1802)
  const files = await get('/api/upload/files?filters=&pagination[limit]=1');
  expect(files.status).toBe(400);
  expect(files.body.error?.message).toBe('The filters parameter must be an object or an array');
});
