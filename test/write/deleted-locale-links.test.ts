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

// The deleted locale's own links go too: made again later, the same document and locale links anew, last in each
// target's list (Strapi's highest + 1), not in the place its deleted rows held (harness graphql-run frameless-model
// 811 #591; probe deleted-locale-relink on shop, identical to Strapi 5.54).
test('a locale deleted and made again links last in the lists it joins', async () => {
  const shop = await modelServer('shop');
  try {
    const brand = ((await shop.call('POST', '/api/brands', { data: { name: 'BR1' } })).body.data as Doc).documentId;
    const variant = async (name: string) =>
      ((await shop.call('POST', '/api/product-variants', { data: { name, price: 1, brand } })).body.data as Doc).documentId;
    const alpha = await variant('Alpha');
    const beta = await variant('Beta');
    expect((await shop.call('PUT', `/api/product-variants/${beta}?locale=pt-BR`, { data: { name: 'BetaPT', brand } })).status).toBe(200);
    const variants = async () =>
      (((await shop.call('GET', `/api/brands/${brand}?populate[variants][fields][0]=name`)).body.data as Doc).variants as Doc[]).map(
        (v) => v.name,
      );
    expect(await variants()).toEqual(['Alpha', 'Beta', 'BetaPT']);
    // the default locale of beta deleted, then made again with the same link
    expect((await shop.call('DELETE', `/api/product-variants/${beta}`)).status).toBe(204);
    expect((await shop.call('PUT', `/api/product-variants/${beta}?locale=en`, { data: { name: 'BetaEN', price: 2, brand } })).status).toBe(
      200,
    );
    expect(await variants()).toEqual(['Alpha', 'BetaPT', 'BetaEN']);
    // a draft linked anew, then published (the document keeps another locale)
    expect((await shop.call('PUT', `/api/product-variants/${alpha}?locale=pt-BR`, { data: { name: 'AlphaPT' } })).status).toBe(200);
    expect((await shop.call('DELETE', `/api/product-variants/${alpha}`)).status).toBe(204);
    expect(
      (await shop.call('PUT', `/api/product-variants/${alpha}?locale=en&status=draft`, { data: { name: 'AlphaEN', price: 3, brand } }))
        .status,
    ).toBe(200);
    expect((await shop.call('PUT', `/api/product-variants/${alpha}?locale=en`, { data: {} })).status).toBe(200);
    expect(await variants()).toEqual(['BetaPT', 'BetaEN', 'AlphaEN']);
  } finally {
    await shop.server.close();
  }
});
