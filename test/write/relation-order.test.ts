import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { list, one, writeClient, type Answer } from './write-client.js';

// Strapi's rules for relation values: positional connects need a connected anchor, a to-one keeps the last entry
// of a list, unknown numeric ids fail the validator's relations check, and a failed write takes no id.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('relation-order-test-full-access')));
afterAll(() => server.close());

const tagsOf = (a: Answer) => (one(a).tags as { documentId: string }[]).map((t) => t.documentId);
const Q = '?populate[tags][fields][0]=name&populate[category][fields][0]=name&fields[0]=title';

test('connect next to an entry that is not connected is refused with both row ids; an unknown anchor is not found', async () => {
  const tags = list(await call('GET', '/api/tags?sort=id:asc'));
  const article = one(await call('POST', `/api/articles${Q}`, { data: { title: 'anchors', tags: [tags[0].documentId] } }));
  const position = { before: tags[1].documentId };
  const refused = await call('PUT', `/api/articles/${article.documentId}${Q}`, {
    data: { tags: { connect: [{ documentId: tags[2].documentId, position }] } },
  });
  expect(refused.status).toBe(400);
  expect(refused.body.error?.message).toBe(
    `There was a problem connecting relation with id ${tags[2].id} at position {"before":${tags[1].id}}. The relation with id ${tags[1].id} needs to be connected first.`,
  );
  const unknown = await call('PUT', `/api/articles/${article.documentId}${Q}`, {
    data: { tags: { connect: [{ documentId: tags[2].documentId, position: { after: 'notadocument' } }] } },
  });
  expect(unknown.body.error?.message).toBe('Document with id "notadocument", locale "null" not found');
  // an anchor the same request connects is fine: it goes first
  const ok = await call('PUT', `/api/articles/${article.documentId}${Q}`, {
    data: {
      tags: {
        connect: [
          { documentId: tags[2].documentId, position },
          { documentId: tags[1].documentId, position: { start: true } },
        ],
      },
    },
  });
  expect(ok.status).toBe(200);
  expect(tagsOf(ok)).toEqual([tags[2].documentId, tags[1].documentId, tags[0].documentId]);
});

test('a connect placed next to an entry the request disconnects lands where that entry was', async () => {
  const tags = list(await call('GET', '/api/tags?sort=id:asc'));
  const ids = tags.slice(0, 3).map((t) => t.documentId);
  const article = one(await call('POST', `/api/articles${Q}`, { data: { title: 'redirect', tags: ids } }));
  const moved = await call('PUT', `/api/articles/${article.documentId}${Q}`, {
    data: { tags: { connect: [{ documentId: tags[3].documentId, position: { before: ids[1] } }], disconnect: [ids[1]] } },
  });
  expect(tagsOf(moved)).toEqual([ids[0], tags[3].documentId, ids[2]]);
});

test('a list given to a to-one relation keeps its last entry', async () => {
  const categories = list(await call('GET', '/api/categories?sort=id:asc'));
  const article = one(
    await call('POST', `/api/articles${Q}`, { data: { title: 'to-one', category: [categories[0].documentId, categories[1].documentId] } }),
  );
  expect((article.category as { documentId: string }).documentId).toBe(categories[1].documentId);
  // only the kept entry is looked up
  const kept = await call('PUT', `/api/articles/${article.documentId}${Q}`, {
    data: { category: { set: ['notadocument', categories[0].documentId] } },
  });
  expect((one(kept).category as { documentId: string }).documentId).toBe(categories[0].documentId);
});

test('unknown numeric ids fail the relations check, which echoes the rewritten data', async () => {
  const tags = list(await call('GET', '/api/tags?sort=id:asc'));
  const missing = Math.max(...tags.map((t) => t.id)) + 100;
  const article = one(await call('POST', '/api/articles', { data: { title: 'numeric' } }));
  const refused = await call('PUT', `/api/articles/${article.documentId}`, { data: { tags: [missing, tags[0].id], views: '3' } });
  expect(refused.status).toBe(400);
  expect(refused.body.error?.message).toBe('1 relation(s) of type api::tag.tag associated with this entity do not exist');
  expect(refused.body.error?.details.errors?.[0]).toMatchObject({
    path: [],
    value: { tags: { set: [{ id: missing }, { id: tags[0].id }] }, views: 3, publishedAt: null, locale: 'en' },
  });
});

test('a refused create takes no id from the sequence', async () => {
  const tags = list(await call('GET', '/api/tags?sort=id:asc'));
  const refused = await call('POST', '/api/tags', { data: { name: String(tags[0].name) } });
  expect(refused.status).toBe(400);
  const created = one(await call('POST', '/api/tags', { data: { name: 'fresh tag' } }));
  expect(created.id).toBe(Math.max(...tags.map((t) => t.id)) + 1);
  expect(list(await call('GET', '/api/tags?pagination[pageSize]=100'))).toHaveLength(tags.length + 1);
});

test('a writer without i18n connects the locale a connect entry names, else the default locale', async () => {
  // an article that exists in French as well as in the default locale
  const fr = await list(await call('GET', '/api/articles?locale=fr&fields[0]=title&sort=id:asc'));
  const target = fr[0].documentId as string;
  const make = async (connect: unknown) =>
    one(
      await call('POST', '/api/tags?populate[articles][fields][0]=locale', {
        data: { name: `tag-${Math.random().toString(36).slice(2)}`, articles: { connect: [connect] } },
      }),
    );
  const french = await make({ documentId: target, locale: 'fr' });
  expect((french.articles as { documentId: string; locale: string }[]).map((a) => [a.documentId, a.locale])).toEqual([[target, 'fr']]);
  const plain = await make({ documentId: target });
  expect((plain.articles as { locale: string }[]).map((a) => a.locale)).toEqual(['en']);
});
