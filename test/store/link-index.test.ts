import { afterAll, beforeAll, expect, test } from 'vitest';
import { ContentIndex, refsOf } from '../../src/core/data/content-index.js';
import type { RelationAttribute } from '../../src/core/model/types.js';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// The index of which owner rows link a documentId (and rows by id) is patched change by change (never rebuilt by a write): after
// inverse-side connects, disconnects, sets, positional connects, republishing and deletes, it answers as a scan of
// the table does, and the inverse lists (link order) as an index built from scratch.
const TOKEN = 'link-index-test-full-access';
let server: MockServer;
let url: string;
beforeAll(async () => ({ server, url } = await startKitServer({ tokens: [{ name: 'writer', type: 'full-access', key: TOKEN }] })));
afterAll(() => server.close());

interface Doc {
  readonly documentId: string;
}
const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; data: unknown }> => {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, data: text ? (JSON.parse(text) as { data: unknown }).data : undefined };
};
const list = (a: { data: unknown }) => a.data as Doc[];
const one = (a: { data: unknown }) => a.data as Doc;

const ARTICLE = 'api::article.article';

function expectIndexAsScan(): void {
  const rt = server.runtime();
  const index = rt.store.index;
  const fresh = new ContentIndex(rt.model, rt.store.data);
  const article = rt.model.contentTypes.get(ARTICLE)!;
  const rows = rt.store.data.types[ARTICLE];
  for (const id of [...rows.map((r) => r.id), 0, Math.max(...rows.map((r) => r.id)) + 1]) {
    expect(index.rowById(ARTICLE, id)).toBe(rows.find((r) => r.id === id));
  }
  for (const name of ['category', 'author', 'tags']) {
    const attribute = article.attributes.get(name) as RelationAttribute;
    const targets = new Set(rt.store.data.types[ARTICLE].flatMap((r) => refsOf(r[name])));
    for (const target of rt.store.data.types[attribute.target].map((r) => r.documentId)) targets.add(target);
    for (const target of targets) {
      const scanned = rt.store.data.types[ARTICLE].filter((r) => refsOf(r[name]).includes(target)).sort((a, b) => a.id - b.id);
      expect(index.linkingRows(ARTICLE, name, target)).toEqual(scanned);
      expect(index.ownersOf(article, attribute, target)).toEqual(fresh.ownersOf(article, attribute, target));
    }
  }
}

test('owner rows linking a document: patched by every kind of write, as a scan of the table finds them', async () => {
  const categories = list(await call('GET', '/api/categories?sort=id:asc&populate[articles][fields][0]=title'));
  const articles = list(await call('GET', '/api/articles?sort=id:asc&pagination[pageSize]=10'));
  const tags = list(await call('GET', '/api/tags?sort=id:asc'));
  // read every inverse list first, so the writes below patch lists that exist
  expectIndexAsScan();
  const [a1, a2, a3] = articles.map((a) => a.documentId);
  const [c1, c2] = categories.map((c) => c.documentId);
  expect(
    (await call('PUT', `/api/categories/${c1}`, { data: { articles: { connect: [a1, { documentId: a2, locale: 'fr' }] } } })).status,
  ).toBe(200);
  expectIndexAsScan();
  expect(
    (await call('PUT', `/api/categories/${c1}`, { data: { articles: { connect: [{ documentId: a3, position: { before: a1 } }] } } }))
      .status,
  ).toBe(200);
  expectIndexAsScan();
  expect((await call('PUT', `/api/categories/${c2}`, { data: { articles: { disconnect: [a1], connect: [a2] } } })).status).toBe(200);
  expectIndexAsScan();
  expect((await call('PUT', `/api/categories/${c1}`, { data: { articles: { set: [a3] } } })).status).toBe(200);
  expectIndexAsScan();
  expect((await call('PUT', `/api/tags/${tags[0].documentId}`, { data: { articles: [a1, a2] } })).status).toBe(200);
  expectIndexAsScan();
  // owning side, republish (a new published row takes the old one's links), a draft only, a delete
  expect((await call('PUT', `/api/articles/${a1}`, { data: { category: c2, tags: [tags[1].documentId] } })).status).toBe(200);
  expect((await call('PUT', `/api/articles/${a2}?status=draft`, { data: { category: null } })).status).toBe(200);
  expectIndexAsScan();
  const created = one(await call('POST', '/api/articles', { data: { title: 'Linked later', category: c1, tags: [tags[0].documentId] } }));
  expectIndexAsScan();
  expect((await call('DELETE', `/api/articles/${created.documentId}`)).status).toBe(204);
  expect((await call('DELETE', `/api/articles/${a3}?locale=*`)).status).toBe(204);
  expectIndexAsScan();
  // a refused write leaves nothing behind, in the index either
  expect((await call('PUT', `/api/categories/${c1}`, { data: { articles: { connect: ['no-such-document'] } } })).status).toBe(400);
  expectIndexAsScan();
});
