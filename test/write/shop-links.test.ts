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
/** A query string that keeps the given documents only (the server is shared by the tests). */
const only = (ids: string[]) => ids.map((id, i) => `filters[documentId][$in][${i}]=${id}`).join('&');

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

describe('publishing the inverse side (product-variant.reviews ← review.variant, both draft & publish)', () => {
  test('the published version is linked by the published versions of the documents whose drafts link the draft', async () => {
    const p = idOf(await call('POST', '/api/product-variants', { data: { name: 'Pee', price: 1 } }));
    const q = idOf(await call('POST', '/api/product-variants', { data: { name: 'Que', price: 1 } }));
    const review = async (title: string, variant: string | null, status = 'published') =>
      idOf(await call('POST', `/api/reviews?status=${status}`, { data: { title, rating: 1, variant } }));
    const r1 = await review('R1', p);
    await review('R2', p, 'draft'); // no published version: left out
    const r3 = await review('R3', null);
    await call('PUT', `/api/reviews/${r3}?status=draft`, { data: { variant: p } }); // draft only: linked at publish
    const r4 = await review('R4', p);
    await call('PUT', `/api/reviews/${r4}?status=draft`, { data: { variant: null } }); // draft unlinked: unlinked
    const r5 = await review('R5', q);
    await call('PUT', `/api/reviews/${r5}?status=draft`, { data: { variant: p } }); // moves from Que to Pee
    const reviewsOf = async (status: string) =>
      rows(
        await call('GET', `/api/product-variants?populate[reviews][fields][0]=title&fields[0]=name&status=${status}&${only([p, q])}`),
      ).map((r) => [r.name, (r.reviews as Doc[]).map((x) => x.title)]);
    expect(await reviewsOf('published')).toEqual([
      ['Pee', ['R1', 'R4']],
      ['Que', ['R5']],
    ]);
    await call('PUT', `/api/product-variants/${p}`, { data: { name: 'Pee2' } });
    expect(await reviewsOf('published')).toEqual([
      ['Que', []],
      ['Pee2', ['R1', 'R3', 'R5']],
    ]);
    expect(await reviewsOf('draft')).toEqual([
      ['Pee2', ['R1', 'R2', 'R3', 'R5']],
      ['Que', []],
    ]);
    const variants = rows(
      await call('GET', `/api/reviews?populate[variant][fields][0]=name&fields[0]=title&${only([r1, r3, r4, r5])}`),
    ).map((r) => [r.title, (r.variant as Doc | null)?.name ?? null]);
    expect(variants).toEqual([
      ['R1', 'Pee2'],
      ['R3', 'Pee2'],
      ['R4', null],
      ['R5', 'Pee2'],
    ]);
  });

  test('a writer without i18n: only the links to the published locale are rebuilt', async () => {
    const p = idOf(await call('POST', '/api/product-variants', { data: { name: 'Pee', price: 1 } }));
    await call('PUT', `/api/product-variants/${p}?locale=pt-BR`, { data: { name: 'PeePT' } });
    const r1 = idOf(
      await call('POST', '/api/reviews', { data: { title: 'R1', rating: 1, variant: { connect: [{ documentId: p, locale: 'pt-BR' }] } } }),
    );
    await call('POST', '/api/reviews', { data: { title: 'R2', rating: 1, variant: p } });
    const r3 = idOf(await call('POST', '/api/reviews', { data: { title: 'R3', rating: 1 } }));
    await call('PUT', `/api/reviews/${r3}?status=draft`, { data: { variant: { set: [{ documentId: p, locale: 'pt-BR' }] } } });
    await call('PUT', `/api/reviews/${r1}?status=draft`, { data: { title: 'R1b' } });
    const titles = async (locale: string) =>
      (
        rows(await call('GET', `/api/product-variants/${p}?populate[reviews][fields][0]=title&fields[0]=name&locale=${locale}`))[0]
          .reviews as Doc[]
      ).map((x) => x.title);
    await call('PUT', `/api/product-variants/${p}?locale=en`, { data: { name: 'Pee2' } });
    expect(await titles('pt-BR')).toEqual(['R1']);
    expect(await titles('en')).toEqual(['R2']);
    await call('PUT', `/api/product-variants/${p}?locale=pt-BR`, { data: { name: 'PeePT2' } });
    expect(await titles('pt-BR')).toEqual(['R1', 'R3']);
    expect(await titles('en')).toEqual(['R2']);
  });
});

describe('publishing the to-one inverse side of a writer without draft & publish (warehouse.shelf ← shelf.warehouse)', () => {
  test('only the first shelf row linking the draft keeps the published version; the others keep the draft', async () => {
    const w = idOf(await call('POST', '/api/warehouses', { data: { city: 'W' } }));
    const s1 = idOf(await call('POST', '/api/shelves', { data: { label: 'S1', warehouse: w } }));
    // another locale row of the same shelf document: a sibling, so both links stay
    await call('PUT', `/api/shelves/${s1}?locale=fr`, { data: { label: 'S1fr', warehouse: w } });
    const warehouseOf = async (locale: string, status = 'published') =>
      (
        rows(
          await call(
            'GET',
            `/api/shelves/${s1}?populate[warehouse][fields][0]=city&populate[warehouse][fields][1]=publishedAt&locale=${locale}&status=${status}`,
          ),
        )[0].warehouse as Doc | null
      )?.publishedAt ?? null;
    expect(await warehouseOf('en')).not.toBeNull();
    expect(await warehouseOf('fr')).not.toBeNull();
    await call('PUT', `/api/warehouses/${w}`, { data: {} });
    const shelf = rows(await call('GET', `/api/warehouses/${w}?populate[shelf][fields][0]=label`))[0].shelf as Doc;
    expect(shelf.label).toBe('S1');
    expect(await warehouseOf('en')).not.toBeNull();
    expect(await warehouseOf('fr')).toBeNull();
    // the fr row still links the draft
    const draft = rows(await call('GET', `/api/shelves/${s1}?populate[warehouse][fields][0]=publishedAt&locale=fr&status=draft`))[0]
      .warehouse as Doc;
    expect(draft.publishedAt).toBeNull();
  });
});
