import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { writeClient, type Answer, type Doc } from '../write/write-client.js';

// A populate sort with ties: SQLite hands the joined rows to its sorter in join-table order, so equal keys keep the
// order the links were made in, not the target ids' (kit: tag.articles, the inverse side of article.tags). Replayed
// against real Strapi 5.54 with scripts/harness/probes/kit-populate-sort-ties.json.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('sort-ties-token')));
afterAll(() => server.close());

const create = async (path: string, data: unknown) => ((await call('POST', path, { data })).body.data as Doc).documentId;

test('equal sort keys keep the order the links were made in', async () => {
  const tag = await create('/api/tags', { name: 'ties' });
  const a1 = await create('/api/articles', { title: 'A1', featured: true });
  const a2 = await create('/api/articles', { title: 'A2' });
  const a3 = await create('/api/articles', { title: 'A3' });
  for (const article of [a3, a1, a2]) expect((await call('PUT', `/api/articles/${article}`, { data: { tags: [tag] } })).status).toBe(200);
  for (const status of ['draft', 'published']) {
    const answer = await call(
      'GET',
      `/api/tags/${tag}?status=${status}&populate[articles][fields][0]=title&populate[articles][sort]=featured:asc`,
    );
    expect(
      ((answer.body.data as Doc).articles as Doc[]).map((a) => a.title),
      status,
    ).toEqual(['A3', 'A2', 'A1']);
  }
});

test("a publish re-creates the published row's join rows: its links go last among a sort's ties, not in the list", async () => {
  // replayed against real Strapi 5.54 with scripts/harness/probes/kit-publish-sort-ties.json (every answer the same)
  const tag = await create('/api/tags', { name: 'republished' });
  const [a1, a2, a3] = [
    await create('/api/articles', { title: 'P1' }),
    await create('/api/articles', { title: 'P2' }),
    await create('/api/articles', { title: 'P3' }),
  ];
  await call('PUT', `/api/articles/${a1}`, { data: { tags: [tag] } });
  await call('PUT', `/api/articles/${a2}`, { data: { tags: [tag] } });
  await call('PUT', `/api/articles/${a3}?status=draft`, { data: { tags: [tag] } });
  await call('PUT', `/api/articles/${a1}`, { data: { title: 'P1b' } });
  const titles = async (status: string, sort = '') =>
    ((await call('GET', `/api/tags/${tag}?status=${status}&populate[articles][fields][0]=title${sort}`)).body.data as Doc)
      .articles as Doc[];
  const bySort = '&populate[articles][sort]=featured:asc';
  expect((await titles('published')).map((a) => a.title)).toEqual(['P1b', 'P2']);
  expect((await titles('published', bySort)).map((a) => a.title)).toEqual(['P2', 'P1b']);
  expect((await titles('draft', bySort)).map((a) => a.title)).toEqual(['P1b', 'P2', 'P3']);
  await call('PUT', `/api/articles/${a3}`, { data: { title: 'P3b' } });
  await call('PUT', `/api/articles/${a2}`, { data: { title: 'P2b' } });
  expect((await titles('published')).map((a) => a.title)).toEqual(['P1b', 'P2b', 'P3b']);
  expect((await titles('published', bySort)).map((a) => a.title)).toEqual(['P1b', 'P3b', 'P2b']);
  expect((await titles('draft', bySort)).map((a) => a.title)).toEqual(['P1b', 'P2b', 'P3b']);
});
