import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Deleting one locale of a document deletes the join rows that pointed at its rows: a locale created again for the
// same document is not linked (links-mini: holder without i18n → things, localized). Replayed against real Strapi
// 5.54 with scripts/harness/probes/links-mini-deleted-locale.json.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('links-mini')));
afterAll(() => server.close());

test('a deleted locale row loses its links for good', async () => {
  const thing = ((await call('POST', '/api/things', { data: { title: 'en' } })).body.data as Doc).documentId;
  expect((await call('PUT', `/api/things/${thing}?locale=fr`, { data: { title: 'fr' } })).status).toBe(200);
  const created = await call('POST', '/api/holders', { data: { name: 'H', things: [thing], ref: { label: 'r', thing } } });
  const holder = (created.body.data as Doc).documentId;
  const inComponent = async () =>
    (((await call('GET', `/api/holders/${holder}?populate[ref][populate]=*`)).body.data as Doc).ref as Doc).thing;
  const linked = async () =>
    (((await call('GET', `/api/holders/${holder}?populate[things][fields][0]=title`)).body.data as Doc).things as Doc[]).map(
      (t) => t.title,
    );
  expect(await linked()).toEqual(['en']);
  expect((await call('DELETE', `/api/things/${thing}?locale=en`)).status).toBe(204);
  expect(await linked()).toEqual([]);
  expect((await call('PUT', `/api/things/${thing}?locale=en`, { data: { title: 'en again' } })).status).toBe(200);
  expect(await linked()).toEqual([]);
  // a link held in a component too
  expect(await inComponent()).toBeNull();
});
