import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { fixtureClient, one, type Answer } from './write-client.js';

// Strapi's i18n middleware copies non-localized attributes to the document's other locale rows of the same status,
// found by a query its (document_id, locale, published_at) index answers: in locale order, whatever the rows' ids.
// Each copy re-creates the non-localized components, so their new ids follow the locale order (harness graphql-run
// self-nest seed 542: a node's `meta` id one apart after a write from another locale).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await fixtureClient('self-nest')));
afterAll(() => server.close());

const metaId = async (node: string, locale: string) =>
  (one(await call('GET', `/api/nodes/${node}?locale=${locale}&populate[meta]=true`)).meta as { id: number }).id;

test('a non-localized component copied to the other locales is re-created in locale order, not row order', async () => {
  const node = one(await call('POST', '/api/nodes?status=draft', { data: { title: 'N', code: 'sync-order', meta: { note: 'n' } } }))
    .documentId as string;
  // zh-Hans is published before en: its published row has the lower id
  expect((await call('PUT', `/api/nodes/${node}?locale=zh-Hans`, { data: { title: 'N zh' } })).status).toBe(200);
  expect((await call('PUT', `/api/nodes/${node}?locale=en`, { data: { title: 'N' } })).status).toBe(200);
  expect((await call('PUT', `/api/nodes/${node}?locale=es`, { data: { title: 'N es' } })).status).toBe(200);
  // a non-localized change from es: the other published rows get new components, en's first
  expect((await call('PUT', `/api/nodes/${node}?locale=es`, { data: { rank: 7 } })).status).toBe(200);
  const en = await metaId(node, 'en');
  const zh = await metaId(node, 'zh-Hans');
  const es = await metaId(node, 'es');
  expect(en).toBe(es + 1);
  expect(zh).toBe(en + 1);
});
