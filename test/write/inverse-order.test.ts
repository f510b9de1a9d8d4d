import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { one, writeClient, type Answer, type Doc } from './write-client.js';

// A list on the inverse side (a tag's articles, a category's articles) is ordered by the join table's order column
// for that side, which a write from that side sets as Strapi's relations orderer does: a connect goes last, or at
// its position, over the join rows of every version (draft first); an anchor is its document's draft row, so the
// draft and published lists can differ. The owner's own list keeps a link it already had in place. Every
// expectation was replayed against real Strapi 5.54 (scripts/harness/probe.mjs) and answered the same.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('inverse-order-test-full-access')));
afterAll(() => server.close());

const create = async (path: string, data: unknown) => {
  const answer = await call('POST', path, { data });
  expect(answer.status).toBe(201);
  return one(answer).documentId;
};
const titles = async (path: string, key: string, field = 'title') =>
  ((one(await call('GET', `${path}${path.includes('?') ? '&' : '?'}populate[${key}][fields][0]=${field}`))[key] ?? []) as Doc[]).map(
    (d) => d[field],
  );
const put = async (path: string, data: unknown) => expect((await call('PUT', path, { data })).status).toBe(200);

test('connects from the inverse side go last or at their position; the owner keeps its order', async () => {
  const [a1, a2, a3] = [
    await create('/api/articles', { title: 'IO-A1' }),
    await create('/api/articles', { title: 'IO-A2' }),
    await create('/api/articles', { title: 'IO-A3' }),
  ];
  const t1 = await create('/api/tags', { name: 'IO-T1', articles: [a1, a2, a3] });
  await create('/api/tags', { name: 'IO-T2', articles: [a1] });
  await put(`/api/tags/${t1}`, { articles: { connect: [a1] } });
  expect(await titles(`/api/tags/${t1}`, 'articles')).toEqual(['IO-A2', 'IO-A3', 'IO-A1']);
  expect(await titles(`/api/articles/${a1}`, 'tags', 'name')).toEqual(['IO-T1', 'IO-T2']);
  await put(`/api/tags/${t1}`, { articles: { connect: [{ documentId: a2, position: { end: true } }] } });
  expect(await titles(`/api/tags/${t1}`, 'articles')).toEqual(['IO-A3', 'IO-A1', 'IO-A2']);
  await put(`/api/tags/${t1}`, { articles: { connect: [{ documentId: a3, position: { before: a1 } }], disconnect: [a2] } });
  expect(await titles(`/api/tags/${t1}?status=draft`, 'articles')).toEqual(['IO-A3', 'IO-A1']);
  await put(`/api/tags/${t1}`, { articles: { set: [a2, a1] } });
  expect(await titles(`/api/tags/${t1}`, 'articles')).toEqual(['IO-A2', 'IO-A1']);
  expect(await titles(`/api/articles/${a1}`, 'tags', 'name')).toEqual(['IO-T1', 'IO-T2']);
});

test("an anchor is its document's draft row, so the published list may read differently", async () => {
  const [a1, a2, a3] = [
    await create('/api/articles', { title: 'IC-A1' }),
    await create('/api/articles', { title: 'IC-A2' }),
    await create('/api/articles', { title: 'IC-A3' }),
  ];
  const category = await create('/api/categories', { name: 'IC', slug: 'ic', articles: [a1, a2] });
  await put(`/api/categories/${category}`, { articles: { connect: [{ documentId: a3, position: { start: true } }] } });
  expect(await titles(`/api/categories/${category}`, 'articles')).toEqual(['IC-A3', 'IC-A1', 'IC-A2']);
  await put(`/api/categories/${category}`, { articles: { connect: [{ documentId: a2, position: { before: a3 } }] } });
  expect(await titles(`/api/categories/${category}`, 'articles')).toEqual(['IC-A3', 'IC-A2', 'IC-A1']);
  expect(await titles(`/api/categories/${category}?status=draft`, 'articles')).toEqual(['IC-A2', 'IC-A3', 'IC-A1']);
});

// The draft's links are checked for presence only when it publishes (documents.strictRelations), never looked up
// again: a link to a document deleted since does not stop the publish (replayed: scripts/harness/probes/deleted-link.json).
test('a draft linking a deleted document still publishes', async () => {
  const category = await create('/api/categories', { name: 'DL', slug: 'dl' });
  const article = await create('/api/articles', { title: 'DL-A', category });
  expect((await call('DELETE', `/api/categories/${category}`)).status).toBe(204);
  await put(`/api/articles/${article}?locale=en`, {});
  expect(one(await call('GET', `/api/articles/${article}?populate=category&status=published`)).category).toBeNull();
});

// A writer without i18n may connect two locale rows of one document: each is its own entry in the orderer
// (replayed: scripts/harness/probes/inverse-two-locales.json).
test('two locale rows of one document are ordered as two entries', async () => {
  const category = await create('/api/categories', { name: 'TL', slug: 'tl' });
  const x = await create('/api/articles', { title: 'TL-X' });
  await put(`/api/articles/${x}?locale=fr`, { title: 'TL-X-fr' });
  const y = await create('/api/articles', { title: 'TL-Y', category });
  await put(`/api/categories/${category}`, { articles: { connect: [{ documentId: x }, { documentId: x, locale: 'fr' }] } });
  const list = async (status: string) =>
    (
      (one(await call('GET', `/api/categories/${category}?status=${status}&populate[articles][fields][0]=title`)).articles ?? []) as Doc[]
    ).map((d) => d.title);
  expect(await list('published')).toEqual(['TL-Y', 'TL-X', 'TL-X-fr']);
  await put(`/api/categories/${category}`, {
    articles: {
      connect: [
        { documentId: x, locale: 'fr', position: { start: true } },
        { documentId: x, position: { after: y } },
      ],
    },
  });
  expect(await list('draft')).toEqual(['TL-X-fr', 'TL-Y', 'TL-X']);
});
