import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { list, one, writeClient, type Answer } from './write-client.js';

// An inverse-side list (an author's articles) is in the order links were made, as Strapi's join-table order column
// keeps it: a link made later goes last whatever the row ids, and a republished row keeps its place.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('link-order-test-full-access')));
afterAll(() => server.close());

const articlesOf = async (author: string) =>
  (
    one(await call('GET', `/api/authors/${author}?populate[articles][fields][0]=title`)).articles as { id: number; documentId: string }[]
  ).map((a) => a.documentId);

test('a link made later goes last, even from an older row', async () => {
  const authors = await list(await call('GET', '/api/authors?sort=id:asc&populate[articles][fields][0]=title'));
  const [target, other] = authors.filter((a) => (a.articles as unknown[]).length > 0);
  const before = await articlesOf(target.documentId as string);
  // the oldest article of another author, connected to the target now
  const moved = (other.articles as { documentId: string }[])[0].documentId;
  expect(before).not.toContain(moved);
  await call('PUT', `/api/articles/${moved}`, { data: { author: target.documentId } });
  const after = await articlesOf(target.documentId as string);
  expect(after.slice(0, before.length)).toEqual(before);
  expect(after.slice(before.length)).toEqual([moved]);
});

test('a republished article keeps its place in the list', async () => {
  const authors = await list(await call('GET', '/api/authors?sort=id:asc&populate[articles][fields][0]=title'));
  const author = authors.find((a) => (a.articles as unknown[]).length > 2)!;
  const before = await articlesOf(author.documentId as string);
  const first = (author.articles as { id: number; documentId: string }[])[0];
  const republished = one(await call('PUT', `/api/articles/${first.documentId}`, { data: {} }));
  expect(republished.id).not.toBe(first.id);
  expect(await articlesOf(author.documentId as string)).toEqual(before);
});

test("a first publish takes the draft's place in the inverse list, ahead of links made after it (probe first-publish-inverse-order)", async () => {
  const tag = one(await call('POST', '/api/tags', { data: { name: 'first-publish' } })).documentId as string;
  const draftOnly = one(await call('POST', '/api/articles?status=draft', { data: { title: 'A', slug: 'first-publish-a', tags: [tag] } }))
    .documentId as string;
  const later = one(await call('POST', '/api/articles', { data: { title: 'B', slug: 'first-publish-b', tags: [tag] } }))
    .documentId as string;
  const tagged = async () =>
    (one(await call('GET', `/api/tags/${tag}?populate[articles][fields][0]=title`)).articles as { documentId: string }[]).map(
      (a) => a.documentId,
    );
  expect(await tagged()).toEqual([later]);
  await call('PUT', `/api/articles/${draftOnly}?status=published`, { data: { title: 'A' } });
  expect(await tagged()).toEqual([draftOnly, later]);
});
