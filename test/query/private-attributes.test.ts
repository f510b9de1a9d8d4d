import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { list, one, type Answer, type Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// A project whose config/api sets `responses.privateAttributes: ['localizations', 'createdAt', 'note']` and whose
// `writer` schema adds `options.privateAttributes: ['bio']` (test/fixtures/models/private-attributes). Strapi 5.54
// hides those attributes everywhere (populated relations and components too), refuses them in fields, filters, sort
// and populate with `Invalid key`, still writes them and still searches them (`_q` reads the database model).
// Each answer was replayed against real Strapi 5.54 (scripts/harness/probes/private-attributes.json).
let server: MockServer;
let url: string;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
let article: Doc;
let writer: Doc;
beforeAll(async () => {
  ({ server, call, url } = await modelServer('private-attributes'));
  writer = one(await call('POST', '/api/writers', { data: { name: 'w1', bio: 'b', note: 'n' } }));
  article = one(
    await call('POST', '/api/articles?locale=en', {
      data: { title: 'a1', note: 'x', seo: { metaTitle: 'm', note: 'sn' }, writer: writer.documentId },
    }),
  );
  await call('PUT', `/api/articles/${article.documentId}?locale=fr`, { data: { title: 'a1fr', note: 'y' } });
});
afterAll(() => server.close());

const refusal = async (path: string) => {
  const a = await call('GET', path);
  return [a.status, a.body.error?.message, a.body.error?.details];
};

test('answers leave private attributes out, written ones included', () => {
  expect(Object.keys(writer)).toEqual(['id', 'documentId', 'name', 'updatedAt', 'publishedAt']);
  expect(Object.keys(article)).toEqual(['id', 'documentId', 'title', 'updatedAt', 'publishedAt', 'locale']);
});

test('populate=* leaves them out of relations and components, and does not populate localizations', async () => {
  const [a] = list(await call('GET', '/api/articles?populate=*'));
  expect(Object.keys(a)).toEqual(['id', 'documentId', 'title', 'updatedAt', 'publishedAt', 'locale', 'seo', 'writer', 'cover']);
  expect(a.seo).toEqual({ id: expect.any(Number), metaTitle: 'm' });
  expect(Object.keys(a.writer as Doc)).toEqual(['id', 'documentId', 'name', 'updatedAt', 'publishedAt']);
  const [w] = list(await call('GET', '/api/writers?populate=articles'));
  expect(Object.keys((w.articles as Doc[])[0])).toEqual(['id', 'documentId', 'title', 'updatedAt', 'publishedAt', 'locale']);
});

test.each([
  ['/api/articles?populate[localizations]=true', 'localizations', 'localizations', 'populate'],
  ['/api/articles?populate=localizations', 'localizations', 'localizations', 'populate'],
  ['/api/articles?populate[0]=localizations', 'localizations', 'localizations', 'populate'],
  ['/api/articles?populate[localizations][fields][0]=title', 'localizations', 'localizations', 'populate'],
  ['/api/articles?filters[localizations][title][$eq]=x', 'localizations', 'localizations', 'filters'],
  ['/api/articles?filters[localizations][id][$notNull]=true', 'localizations', 'localizations', 'filters'],
  ['/api/articles?sort=createdAt', 'createdAt', 'createdAt', 'sort'],
  ['/api/articles?sort=note', 'note', 'note', 'sort'],
  ['/api/articles?sort[0]=writer.note', 'note', 'writer.note', 'sort'],
  ['/api/articles?fields[0]=note', 'note', 'note', 'fields'],
  ['/api/articles?fields[0]=createdAt', 'createdAt', 'createdAt', 'fields'],
  ['/api/articles?filters[note][$eq]=x', 'note', 'note', 'filters'],
  ['/api/articles?filters[createdAt][$notNull]=true', 'createdAt', 'createdAt', 'filters'],
  ['/api/articles?filters[$or][0][note]=x', 'note', 'note', 'filters'],
  ['/api/writers?filters[bio][$eq]=b', 'bio', 'bio', 'filters'],
  ['/api/writers?sort=bio', 'bio', 'bio', 'sort'],
  ['/api/articles?populate[writer][fields][0]=bio', 'bio', 'bio', 'populate'],
  ['/api/articles?populate[seo][fields][0]=note', 'note', 'note', 'populate'],
  ['/api/articles?populate[writer][filters][note][$eq]=n', 'note', 'note', 'populate'],
  [
    '/api/articles?populate[writer][populate][articles][populate]=localizations',
    'localizations',
    'writer.articles.localizations',
    'populate',
  ],
])('GET %s is refused with Invalid key', async (path, key, at, param) => {
  const message = at === key ? `Invalid key ${key}` : `Invalid key ${key} at ${at}`;
  expect(await refusal(path)).toEqual([400, message, { key, path: at, source: 'query', param }]);
});

test('a document populates no localizations, public callers alike', async () => {
  expect((await refusal(`/api/articles/${article.documentId}?populate=localizations`))[1]).toBe('Invalid key localizations');
  const res = await fetch(`${url}/api/articles?populate[localizations]=true`);
  expect(res.status).toBe(400);
});

test('the other locale, drafts and the fields left public answer without them', async () => {
  expect(list(await call('GET', '/api/articles?locale=fr')).map((d) => [d.title, 'note' in d, 'createdAt' in d])).toEqual([
    ['a1fr', false, false],
  ]);
  const [draft] = list(await call('GET', '/api/articles?status=draft&populate=*'));
  expect('localizations' in draft).toBe(false);
  expect(draft.publishedAt).toBeNull();
  expect(list(await call('GET', '/api/articles?fields[0]=title&fields[1]=updatedAt')).map((d) => Object.keys(d))).toEqual([
    ['id', 'documentId', 'title', 'updatedAt'],
  ]);
});

test('private attributes are still written and still searched', async () => {
  expect((await call('PUT', `/api/writers/${writer.documentId}`, { data: { note: 'n2', bio: 'b2' } })).status).toBe(200);
  // only the private `note` holds an x: Strapi's search reads the database columns, private or not
  expect(list(await call('GET', '/api/articles?_q=x')).map((d) => d.title)).toEqual(['a1']);
  const refused = await call('POST', '/api/articles', { data: { title: 'a2', localizations: [] } });
  expect([refused.status, refused.body.error?.message]).toEqual([400, 'Invalid key localizations']);
});

test("the users & permissions and upload answers leave the project's private names out too", async () => {
  const registered = await fetch(`${url}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'user1', email: 'u1@x.co', password: 'secret123' }),
  });
  const { user } = (await registered.json()) as { user: Record<string, unknown> };
  expect(Object.keys(user)).toEqual([
    'id',
    'documentId',
    'username',
    'email',
    'provider',
    'confirmed',
    'blocked',
    'updatedAt',
    'publishedAt',
  ]);
  const users = (await call('GET', '/api/users?populate=role')).body as unknown as Record<string, unknown>[];
  expect(Object.keys(users[0])).toEqual([...Object.keys(user), 'role']);
  expect(Object.keys(users[0].role as object)).not.toContain('createdAt');
  expect(await refusal('/api/users?sort=createdAt')).toEqual([
    400,
    'Invalid key createdAt',
    { key: 'createdAt', path: 'createdAt', source: 'query', param: 'sort' },
  ]);
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(Buffer.from('hello'))], { type: 'text/plain' }), 'a.txt');
  const uploaded = await fetch(`${url}/api/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: 'Bearer priv-full-access-key-0123456789abcdef' },
  });
  const [file] = (await uploaded.json()) as Record<string, unknown>[];
  expect(file.updatedAt).toEqual(expect.any(String));
  expect('createdAt' in file).toBe(false);
  const files = (await call('GET', '/api/upload/files')).body as unknown as Record<string, unknown>[];
  expect(files.map((f) => 'createdAt' in f)).toEqual([false]);
  await call('PUT', `/api/articles/${article.documentId}?locale=en`, { data: { cover: file.id } });
  const [withCover] = list(await call('GET', '/api/articles?populate=cover'));
  expect(Object.keys(withCover.cover as object)).not.toContain('createdAt');
  expect((withCover.cover as Doc).url).toEqual(file.url);
});
