import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Strapi's join tables link rows, not documents: link rules on the shop model (test/fixtures/models/shop), where
// writers and targets differ in draft & publish and i18n. Every expectation was checked on real Strapi 5.54 with
// scripts/harness/probe.mjs (the same requests replayed on a fresh Strapi and a fresh mock).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('shop')));
afterAll(() => server.close());

const idOf = (a: Answer) => (a.body.data as Doc).documentId as string;
const rows = (a: Answer) => (Array.isArray(a.body.data) ? a.body.data : [a.body.data]) as Doc[];

/** A published product variant in en and pt-BR. */
async function variant(name: string): Promise<string> {
  const id = idOf(await call('POST', '/api/product-variants', { data: { name, price: 1 } }));
  await call('PUT', `/api/product-variants/${id}?locale=pt-BR`, { data: { name: `${name}PT` } });
  return id;
}

describe('inverse set and disconnect from a writer without i18n (brand.variants → product-variant.brand)', () => {
  const variantsOf = async (brand: string) =>
    rows(await call('GET', `/api/brands/${brand}?populate[variants][fields][0]=name&populate[variants][fields][1]=locale`))[0]
      .variants as Doc[];
  const brandsIn = async (locale: string, status: string) =>
    rows(await call('GET', `/api/product-variants?populate[brand][fields][0]=name&fields[0]=name&locale=${locale}&status=${status}`)).map(
      (r) => [r.name, (r.brand as Doc | null)?.name ?? null],
    );

  test('each set entry links the locale row it names; a disconnect unlinks the one it names', async () => {
    const a = await variant('Alpha');
    const b = await variant('Beta');
    const br = idOf(
      await call('POST', '/api/brands', {
        data: {
          name: 'BR1',
          variants: {
            set: [
              { documentId: b, locale: 'pt-BR' },
              { documentId: a, locale: 'en' },
            ],
          },
        },
      }),
    );
    expect((await variantsOf(br)).map((v) => [v.name, v.locale])).toEqual([
      ['BetaPT', 'pt-BR'],
      ['Alpha', 'en'],
    ]);
    for (const status of ['draft', 'published']) {
      expect(await brandsIn('en', status)).toEqual([
        ['Alpha', 'BR1'],
        ['Beta', null],
      ]);
      expect(await brandsIn('pt-BR', status)).toEqual([
        ['AlphaPT', null],
        ['BetaPT', 'BR1'],
      ]);
    }
    // two locale rows of one document in one set: two links; a disconnect naming one locale leaves the other
    const br2 = idOf(
      await call('POST', '/api/brands', { data: { name: 'BR2', variants: { set: [{ documentId: a, locale: 'pt-BR' }, a] } } }),
    );
    expect((await variantsOf(br2)).map((v) => [v.name, v.locale])).toEqual([
      ['AlphaPT', 'pt-BR'],
      ['Alpha', 'en'],
    ]);
    // Alpha's en row moved from BR1 to BR2 (manyToOne: one brand per row)
    expect((await variantsOf(br)).map((v) => v.name)).toEqual(['BetaPT']);
    await call('PUT', `/api/brands/${br2}`, { data: { variants: { disconnect: [{ documentId: a, locale: 'pt-BR' }] } } });
    expect((await variantsOf(br2)).map((v) => v.name)).toEqual(['Alpha']);
  });
});
