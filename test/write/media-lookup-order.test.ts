import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { writeClient, type Answer } from './write-client.js';

// Strapi resolves the documentIds of relations AND media walking the body's keys in their order (its data-ids
// transform traverses the entity with `includeMedia`): the first unknown one in body order is the one its error names,
// whatever the schema's attribute order (write grammar events and blogcms seed 1601: a media's before a relation's).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('media-lookup-order-token')));
afterAll(() => server.close());

test.each([
  [{ cover: 'not-a-file', category: 'no-such-category' }, 'not-a-file'],
  [{ category: 'no-such-category', cover: 'not-a-file' }, 'no-such-category'],
])('the first unknown documentId in body order is named: %j', async (links, named) => {
  const answer = await call('POST', '/api/articles', { data: { title: 'order', ...links } });
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toBe(`Document with id "${named}", locale "null" not found`);
});
