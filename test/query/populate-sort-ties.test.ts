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
