import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// A writer without i18n links rows, not documents: one connect may join two locale rows of one localized document,
// each a join row of its own, and a disconnect or a deleted locale takes only its own row (links-mini: holder
// without i18n → things, localized). Replayed against real Strapi 5.54 with
// scripts/harness/probes/links-mini-two-locale-rows.json (harness links-mini, seed 302).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('links-mini')));
afterAll(() => server.close());

const created = async (path: string, data: Record<string, unknown>) => ((await call('POST', path, { data })).body.data as Doc).documentId;

test('two locale rows of one document connected by one writer are two links', async () => {
  const thing = await created('/api/things', { title: 'en' });
  expect((await call('PUT', `/api/things/${thing}?locale=fr`, { data: { title: 'fr' } })).status).toBe(200);
  const other = await created('/api/things', { title: 'other' });
  const holder = await created('/api/holders', { name: 'H', things: { connect: [{ documentId: thing, locale: 'fr' }, thing, other] } });
  const titles = async (status = '') =>
    (((await call('GET', `/api/holders/${holder}?populate[things][fields][0]=title${status}`)).body.data as Doc).things as Doc[]).map(
      (t) => t.title,
    );
  expect(await titles()).toEqual(['fr', 'en', 'other']);
  expect(await titles('&status=draft')).toEqual(['fr', 'en', 'other']);
  // a filter through the relation sees every joined row
  const found = await call('GET', '/api/holders?filters[things][title][$eq]=fr&fields[0]=name');
  expect((found.body.data as Doc[]).map((h) => h.name)).toEqual(['H']);
  // a plain documentId names the default locale's row: the French one stays
  expect((await call('PUT', `/api/holders/${holder}`, { data: { things: { disconnect: [thing] } } })).status).toBe(200);
  expect(await titles()).toEqual(['fr', 'other']);
  expect(
    (await call('PUT', `/api/holders/${holder}`, { data: { things: { connect: [{ documentId: thing, locale: 'en' }] } } })).status,
  ).toBe(200);
  // deleting the French locale deletes its join row only
  expect((await call('DELETE', `/api/things/${thing}?locale=fr`)).status).toBe(204);
  expect(await titles()).toEqual(['other', 'en']);
});

test('a connect of another locale row adds a join row beside the one a set made', async () => {
  const thing = await created('/api/things', { title: 'en' });
  const other = await created('/api/things', { title: 'other' });
  const holder = await created('/api/holders', {
    name: 'H2',
    things: {
      set: [
        { documentId: other, locale: 'en' },
        { documentId: thing, locale: 'en' },
      ],
    },
  });
  expect((await call('PUT', `/api/things/${thing}?locale=fr`, { data: { title: 'fr' } })).status).toBe(200);
  expect(
    (await call('PUT', `/api/holders/${holder}`, { data: { things: { connect: [{ documentId: thing, locale: 'fr' }] } } })).status,
  ).toBe(200);
  const got = await call('GET', `/api/holders/${holder}?populate[things][fields][0]=title`);
  expect(((got.body.data as Doc).things as Doc[]).map((t) => t.title)).toEqual(['other', 'en', 'fr']);
});
