import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { one, writeClient, type Answer, type Doc } from './write-client.js';

// A write on the inverse side that names an owner by numeric row id (`{ id }`, a bare number) links that very row, as
// Strapi 5 passes the id to its join table untouched (its `mapRelation` reads a number as `{ id }`, and only
// `{ documentId }` entries are mapped to the versions the writer's status gives). A category or tag (no draft &
// publish) naming an article's draft row links the draft only: the published version does not list it, and it shows
// once the article is published. Replayed against real Strapi 5.54 (scripts/harness/probe.mjs, steps in
// scripts/harness/reports/lead-s12-probes/inverse-links-by-row-id.json and s13-write-probes/inverse-row-id-publish.json).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('inverse-row-id-token')));
afterAll(() => server.close());

const titles = (a: Answer, key: string): string[] => (((a.body.data as Doc)[key] ?? []) as Doc[]).map((d) => String(d.title));
const rows = async (title: string) => {
  const published = one(await call('POST', '/api/articles', { data: { title } }));
  const draft = one(await call('GET', `/api/articles/${published.documentId}?status=draft`));
  return { documentId: published.documentId, published: published.id, draft: draft.id };
};
const categoryOf = async (documentId: string, status: string) =>
  ((one(await call('GET', `/api/articles/${documentId}?populate=category&status=${status}`)).category ?? null) as Doc | null)?.name ?? null;

test('a category naming an article row by id links that version only', async () => {
  const b = await rows('row-id B');
  const c2 = one(await call('POST', '/api/categories?populate=articles', { data: { name: 'row-id c2', articles: b.draft } }));
  expect(c2.articles).toEqual([]);
  expect(titles(await call('GET', `/api/categories/${c2.documentId}?populate=articles&status=draft`), 'articles')).toEqual(['row-id B']);
  expect(await categoryOf(b.documentId, 'draft')).toBe('row-id c2');
  expect(await categoryOf(b.documentId, 'published')).toBe(null);

  const c3 = one(await call('POST', '/api/categories?populate=articles', { data: { name: 'row-id c3', articles: [{ id: b.published }] } }));
  expect((c3.articles as Doc[]).map((d) => d.title)).toEqual(['row-id B']);
  expect(titles(await call('GET', `/api/categories/${c3.documentId}?populate=articles&status=draft`), 'articles')).toEqual([]);
  expect(await categoryOf(b.documentId, 'draft')).toBe('row-id c2');
  expect(await categoryOf(b.documentId, 'published')).toBe('row-id c3');

  // publishing the article gives its published version the draft's links
  expect((await call('PUT', `/api/articles/${b.documentId}`, { data: { title: 'row-id B' } })).status).toBe(200);
  expect(await categoryOf(b.documentId, 'published')).toBe('row-id c2');
});

test('connect, disconnect and set by row id on a many-to-many inverse side', async () => {
  const b = await rows('row-id T1');
  const c = await rows('row-id T2');
  const tag = one(await call('POST', '/api/tags', { data: { name: 'row-id tag', articles: [b.draft, c.published] } }));
  const tagged = async (status: string) =>
    titles(await call('GET', `/api/tags/${tag.documentId}?populate=articles&status=${status}`), 'articles');
  expect(await tagged('draft')).toEqual(['row-id T1']);
  expect(await tagged('published')).toEqual(['row-id T2']);

  await call('PUT', `/api/tags/${tag.documentId}`, {
    data: { articles: { connect: [{ id: b.published }], disconnect: [{ id: c.published }] } },
  });
  expect(await tagged('draft')).toEqual(['row-id T1']);
  expect(await tagged('published')).toEqual(['row-id T1']);

  await call('PUT', `/api/tags/${tag.documentId}`, { data: { articles: { set: [{ id: c.draft }] } } });
  expect(await tagged('draft')).toEqual(['row-id T2']);
  expect(await tagged('published')).toEqual([]);
});
