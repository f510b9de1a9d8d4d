import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { one, writeClient, type Answer } from './write-client.js';

// `publishedAt` and `locale` below the root pass only in a relation's or media's own object, where they are attributes
// of the target's schema (every content type has them); a component or a zone entry has none, so Strapi's
// throwUnrecognizedFields refuses them there. Replayed against real Strapi 5.54
// (scripts/harness/reports/s13-write-probes/component-system-keys.json, nested-publishedAt.json, link-extra-keys.json).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('component-system-keys-token')));
afterAll(() => server.close());

const refused = async (data: unknown) => {
  const answer = await call('POST', '/api/articles', { data });
  expect(answer.status).toBe(400);
  return answer.body.error!.message;
};

test.each([
  [{ seo: { metaTitle: 'm', publishedAt: null } }, 'Invalid key publishedAt at seo'],
  [{ seo: { metaTitle: 'm', locale: 'en' } }, 'Invalid key locale at seo'],
  [{ seo: { metaTitle: 'm', links: [{ label: 'l', url: 'u', publishedAt: null }] } }, 'Invalid key publishedAt at seo.links'],
  [{ blocks: [{ __component: 'shared.seo', metaTitle: 'm', publishedAt: null }] }, 'Invalid key publishedAt at blocks'],
  [{ seo: { metaTitle: 'm', data: 1 } }, 'Invalid key data at seo'],
])('a component naming a system key: %j', async (extra, message) => {
  expect(await refused({ title: 'sys', ...extra })).toBe(message);
});

test('a relation object may name publishedAt and locale, and links as without them', async () => {
  const category = one(await call('POST', '/api/categories', { data: { name: 'sys-keys' } }));
  const answer = await call('POST', '/api/articles?populate=category', {
    data: { title: 'sys', category: { documentId: category.documentId, publishedAt: '2020-01-01T00:00:00.000Z', locale: 'fr' } },
  });
  expect(answer.status).toBe(201);
  expect((one(answer).category as { name: string }).name).toBe('sys-keys');
  expect(await refused({ title: 'sys', category: { documentId: category.documentId, status: 'draft' } })).toBe(
    'Invalid key status at category',
  );
});
