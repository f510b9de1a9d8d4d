import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { fixtureClient, one, writeClient, type Answer } from './write-client.js';

// A connect by `{ id }` keeps its position as given (Strapi looks up positions of `{ documentId }` entries only): an
// anchor naming no row id (a documentId, an unknown word) is never found by the database's orderer. Real Strapi 5.54
// answers 500 and writes nothing, on the owning and the inverse side (s13-write-probes/connect-id-unknown-anchor.json;
// sitedemo write grammar 1602, where the mock had written it last); the mock refuses it with a 400. A school single
// type without its document answers a DELETE with a bad `status` 204 before the document service checks it.
type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;
let server: MockServer;
let call: Call;
beforeAll(async () => ({ server, call } = await writeClient('anchor-unknown-token')));
afterAll(() => server.close());

test('an { id } connect positioned next to no row is refused and writes nothing', async () => {
  const article = one(await call('POST', '/api/articles', { data: { title: 'anchor' } }));
  const tag = one(await call('POST', '/api/tags', { data: { name: 'anchor tag' } }));
  const refused = await call('PUT', `/api/tags/${tag.documentId}`, {
    data: { articles: { connect: [{ id: article.id, position: { before: 'nope-not-linked' } }] } },
  });
  expect(refused.status).toBe(400);
  expect(refused.body.error?.message).toMatch(/needs to be connected first\. \(the position names no row id: real Strapi answers 500\)$/);
  expect(one(await call('GET', `/api/tags/${tag.documentId}?populate=articles`)).articles).toEqual([]);
  const owning = await call('PUT', `/api/articles/${article.documentId}`, {
    data: { tags: { connect: [{ id: tag.id, position: { after: tag.documentId } }] } },
  });
  expect(owning.status).toBe(400);
  // a falsy anchor is no anchor
  const placed = await call('PUT', `/api/articles/${article.documentId}?populate=tags`, {
    data: { tags: { connect: [{ id: tag.id, position: { before: '' } }] } },
  });
  expect(placed.status).toBe(200);
});

test('a single type without its document: DELETE with a bad status is a 204 under strictParams', async () => {
  const school = await fixtureClient('school');
  try {
    expect((await school.call('PUT', '/api/admissions', { data: { open: true } })).status).toBe(200);
    expect((await school.call('DELETE', '/api/admissions?status=nope')).status).toBe(400);
    expect((await school.call('DELETE', '/api/admissions?status=published')).status).toBe(204);
    expect((await school.call('DELETE', '/api/admissions?status=nope')).status).toBe(204);
  } finally {
    await school.server.close();
  }
});
