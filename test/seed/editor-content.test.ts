import { join } from 'node:path';
import { allLocales } from '@faker-js/faker';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/index.js';
import type { StoreData } from '../../src/core/data/types.js';
import { describeGenerated } from '../../src/mock/generated-store.js';

// Generated content as a frontend meets it on an i18n project that declares no locale: an editor's content in two
// languages, structure present in every locale, media that answer with their own type, values that fit their names.

const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'editor-site');
type Row = Record<string, unknown>;
const disjoint = (a: Set<unknown>, b: Set<unknown>) => [...a].every((x) => !b.has(x));

let server: MockServer;
let url: string;
let data: StoreData;
let generated: StoreData | undefined;

beforeAll(async () => {
  server = await createServer({ schemas: PROJECT, memory: true, seedIfEmpty: true, public: true, onGenerated: (d) => (generated = d) });
  ({ url } = await server.listen(0));
  data = server.runtime().store.data;
});
afterAll(() => server.close());

const rows = (uid: string) => (data.types[uid] ?? []) as Row[];
const get = async (path: string) => {
  const res = await fetch(`${url}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as { data: Row | Row[] };
};

describe('locales of generated content', () => {
  test('an i18n project declaring none gets its default locale and one other; every localized type holds both', async () => {
    expect(server.runtime().model.locales.map((l) => l.code)).toEqual(['en', 'fr']);
    for (const uid of ['api::product.product', 'api::category.category', 'api::global.global'])
      expect(new Set(rows(uid).map((r) => r.locale)), uid).toEqual(new Set(['en', 'fr']));
    const lines = describeGenerated(server.runtime().model, server.runtime().config, generated as StoreData, undefined);
    expect(lines[0]).toMatch(/^content: generated \d+ documents of 5 types, \d+ media files, locales en \(default\), fr; kept in memory$/);
    expect(lines[1]).toContain('none declared');
  });

  test('the navbar, footer and SEO of a single type are there in every locale, with their repeatable items', async () => {
    for (const locale of ['en', 'fr']) {
      const { data: global } = await get(
        `/api/global?locale=${locale}&populate[navbar][populate]=*&populate[footer][populate]=*&populate[seo]=true`,
      );
      const g = global as Row;
      for (const part of ['navbar', 'footer', 'seo']) expect(g[part], `${locale} ${part}`).toBeTruthy();
      const items = (g.navbar as Row).items as Row[];
      expect(items.length).toBeGreaterThanOrEqual(1);
      expect(items.length).toBeLessThanOrEqual(3);
      for (const link of [...items, ...((g.footer as Row).links as Row[])])
        expect(String(link.URL), 'a link in a navigation').toMatch(/^\//);
    }
  });

  test('text is in the locale’s language: French rows use French words, not Latin filler', () => {
    const latin = new Set(allLocales.en.lorem?.word ?? []);
    const french = rows('api::product.product').filter((r) => r.locale === 'fr');
    const words = french
      .flatMap((r) =>
        String(r.description)
          .toLowerCase()
          .split(/[^\p{L}]+/u),
      )
      .filter((w) => w.length > 3);
    expect(words.length).toBeGreaterThan(50);
    expect(words.filter((w) => latin.has(w)).length / words.length).toBeLessThan(0.1);
    const english = rows('api::product.product').filter((r) => r.locale === 'en');
    expect(disjoint(new Set(french.map((r) => r.description)), new Set(english.map((r) => r.description)))).toBe(true);
  });
});

describe('values an editor would enter', () => {
  test('redirects go from a site path to a site path', () => {
    const redirects = rows('api::redirection.redirection');
    expect(redirects.length).toBeGreaterThan(0);
    for (const r of redirects) {
      expect(r.source).toMatch(/^\/[a-z0-9/-]+$/);
      expect(r.destination).toMatch(/^\/[a-z0-9/-]+$/);
    }
  });

  test('names fit what they name: products, categories and people do not share one pool', () => {
    const names = (uid: string) => new Set(rows(uid).map((r) => String(r.name)));
    const products = names('api::product.product');
    const categories = names('api::category.category');
    const people = names('api::person.person');
    expect(disjoint(products, people)).toBe(true);
    expect(disjoint(categories, people)).toBe(true);
    // A person's name is a name (two words or more, capitalised), their fields fit their names.
    for (const p of rows('api::person.person')) {
      expect(String(p.name)).toMatch(/^\p{Lu}\S*( \S+)+$/u);
      expect(String(p.email)).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(String(p.favouriteColour)).toMatch(/^#[0-9a-f]{6}$/);
    }
    for (const r of rows('api::product.product')) expect(typeof r.price === 'number' && r.price > 0, 'a price').toBe(true);
  });

  test('keywords are comma-separated words even under the regex [^,]+; meta fields are filled', async () => {
    const { data: products } = await get('/api/products?populate=seo&locale=fr');
    for (const p of products as Row[]) {
      const seo = p.seo as Row;
      // Optional fields are mostly filled, not always.
      if (seo.keywords !== null) expect(String(seo.keywords)).toMatch(/^[\p{L}' -]+(, [\p{L}' -]+){2,}$/u);
      expect(String(seo.metaDescription).length).toBeGreaterThanOrEqual(50);
      expect(String(seo.canonicalURL)).toMatch(/^https:\/\//);
    }
  });

  test('repeatable components and to-many relations hold one to three items', async () => {
    const { data: products } = await get('/api/products?populate=*&locale=en');
    expect((products as Row[]).length).toBeGreaterThan(0);
    for (const p of products as Row[]) {
      for (const list of [p.perks, p.categories] as Row[][]) {
        expect(list.length).toBeGreaterThanOrEqual(1);
        expect(list.length).toBeLessThanOrEqual(3);
      }
    }
  });

  test('no users are generated for a project whose content never links to one', () => {
    expect(rows('plugin::users-permissions.user')).toEqual([]);
  });
});

describe('media', () => {
  test('fields named for images hold images; a files-only field holds files; a video field a video', async () => {
    const { data: products } = await get('/api/products?populate=*');
    for (const p of products as Row[]) {
      for (const img of p.images as Row[]) expect(String(img.mime)).toMatch(/^image\//);
      expect((p.images as Row[]).length).toBeGreaterThanOrEqual(1);
      if (p.manual) expect(String((p.manual as Row).mime)).not.toMatch(/^(image|video|audio)\//);
      if (p.video) expect(String((p.video as Row).mime)).toMatch(/^video\//);
    }
    const { data: people } = await get('/api/people?populate=avatar');
    for (const p of people as Row[]) if (p.avatar) expect(String((p.avatar as Row).mime)).toMatch(/^image\//);
  });

  test('every media URL of the seeded store answers 200 with the record’s type and bytes of that kind', async () => {
    const magic: Record<string, (b: Buffer) => boolean> = {
      'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' && b.toString('latin1').trimEnd().endsWith('%%EOF'),
      'video/mp4': (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' && b.includes(Buffer.from('moov')),
      'audio/mpeg': (b) => b[0] === 0xff && (b[1] & 0xe0) === 0xe0,
      'text/plain': (b) => b.length > 0 && !b.includes(0),
    };
    const kinds = new Set<string>();
    for (const m of data.media) {
      const res = await fetch(`${url}${m.url}`);
      expect(res.status, m.url).toBe(200);
      expect(res.headers.get('content-type')?.split(';')[0], m.url).toBe(m.mime);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (!m.mime.startsWith('image/')) expect(magic[m.mime]?.(bytes), `${m.url} is a valid ${m.mime}`).toBe(true);
      kinds.add(m.mime.split('/')[0]);
    }
    expect([...kinds].sort()).toEqual(['application', 'audio', 'image', 'text', 'video']);
  });
});
