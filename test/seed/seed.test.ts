import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ContentModel } from '../../src/core/model/types.js';
import { loadModel } from '../../src/project/load-model.js';
import { generateSeed } from '../../src/dataset/seed/generate-seed.js';
import { parseCounts, runSeed } from '../../src/dataset/seed/run-seed.js';
import { ContentStore } from '../../src/store/content-store.js';
import { importDataset, type Dataset } from '../../src/core/data/import-dataset.js';
import type { Row, StoreData } from '../../src/core/data/types.js';
import { call, KIT_MODEL, startKit, type Running } from '../plugins/plugin-server.js';

const LOCALES = ['en', 'fr', 'de'];
let model: ContentModel;
let dataset: Dataset;
let data: StoreData;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-seed-'));
  model = await loadModel(KIT_MODEL, { locales: LOCALES.map((code, i) => ({ code, name: code, isDefault: i === 0 })) });
  dataset = generateSeed(model, { count: 40, counts: { tags: 12 }, seed: 'fixed', locales: LOCALES });
  // Re-read through the store, as `serve --seed` does.
  const store = await ContentStore.open(model, { initial: () => importDataset(model, dataset) });
  data = store.data;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = (uid: string): Row[] => data.types[uid] ?? [];
const attrs = (uid: string) => {
  const type = model.contentTypes.get(uid);
  if (!type) throw new Error(`no ${uid}`);
  return type;
};

describe('generateSeed', () => {
  test('the same seed value gives the same dataset; another gives another', () => {
    const again = generateSeed(model, { count: 40, counts: { tags: 12 }, seed: 'fixed', locales: LOCALES });
    expect(JSON.stringify(again)).toBe(JSON.stringify(dataset));
    const other = generateSeed(model, { count: 40, counts: { tags: 12 }, seed: 'other', locales: LOCALES });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(dataset));
  });

  test('counts per type; single types get one document', () => {
    const docs = (uid: string) => new Set(rows(uid).map((r) => r.documentId)).size;
    expect(docs('api::article.article')).toBe(40);
    expect(docs('api::tag.tag')).toBe(12);
    expect(docs('api::global.global')).toBe(1);
    expect(docs('api::homepage.homepage')).toBe(1);
  });

  test('draft & publish: every document has a draft, most a published version, some drafts edited after publishing', () => {
    const articles = rows('api::article.article');
    const drafts = articles.filter((r) => r.publishedAt === null);
    const published = articles.filter((r) => r.publishedAt !== null);
    expect(drafts.length).toBeGreaterThan(published.length);
    expect(published.length).toBeGreaterThan(0);
    expect(drafts.some((d) => String(d.title).endsWith('(draft edit)'))).toBe(true);
    for (const p of published) expect(drafts.some((d) => d.documentId === p.documentId && d.locale === p.locale && d.id < p.id)).toBe(true);
    expect(rows('api::author.author').every((r) => r.publishedAt !== null)).toBe(true);
  });

  test('translations: default locale always, others for some documents; non-localized fields shared', () => {
    const articles = rows('api::article.article');
    const byLocale = (l: string) => articles.filter((r) => r.locale === l);
    expect(new Set(byLocale('en').map((r) => r.documentId)).size).toBe(40);
    expect(byLocale('fr').length).toBeGreaterThan(0);
    expect(byLocale('de').length).toBeGreaterThan(0);
    const type = attrs('api::article.article');
    const shared = [...type.attributes.values()].filter((a) => a.kind === 'scalar' && !a.localized).map((a) => a.name);
    for (const fr of byLocale('fr')) {
      const en = articles.find(
        (r) => r.documentId === fr.documentId && r.locale === 'en' && (r.publishedAt === null) === (fr.publishedAt === null),
      );
      if (en) for (const name of shared) expect(fr[name], name).toEqual(en[name]);
    }
  });

  test('values respect type, required, enum, uid pattern and uniqueness', () => {
    const articles = rows('api::article.article');
    for (const a of articles) {
      expect(typeof a.title).toBe('string');
      expect(a.kind === null || ['news', 'review', 'opinion'].includes(String(a.kind))).toBe(true);
      expect(a.views === null || Number.isInteger(a.views)).toBe(true);
      expect(a.publishDate === null || /^\d{4}-\d{2}-\d{2}$/.test(String(a.publishDate))).toBe(true);
      expect(a.slug === null || /^[A-Za-z0-9-_.~]*$/.test(String(a.slug))).toBe(true);
    }
    const published = articles.filter((a) => a.publishedAt !== null && a.slug !== null);
    for (const l of LOCALES) {
      const slugs = published.filter((a) => a.locale === l).map((a) => a.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
    const names = rows('api::tag.tag').map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(
      rows('api::author.author').every(
        (a) => typeof a.name === 'string' && (a.email === null || /^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(String(a.email))),
      ),
    ).toBe(true);
  });

  test('components and zones: own ids per version, only declared components, media of allowed types', () => {
    const ids = new Set<number>();
    for (const a of rows('api::article.article')) {
      const seo = a.seo as { id: number } | null;
      if (seo) {
        expect(ids.has(seo.id)).toBe(false);
        ids.add(seo.id);
      }
      for (const entry of (a.blocks as { __component: string }[]) ?? []) {
        expect(['shared.quote', 'shared.rich-text', 'shared.slider']).toContain(entry.__component);
      }
      if (a.cover !== null) expect(data.media.find((m) => m.id === a.cover)?.mime).toMatch(/^image\//);
    }
    expect(ids.size).toBeGreaterThan(10);
    const images = data.media.filter((m) => m.mime.startsWith('image/'));
    expect(images.every((m) => m.formats !== null && typeof m.formats === 'object' && 'thumbnail' in m.formats)).toBe(true);
  });
});

describe('seed file, served', () => {
  let running: Running;
  const file = () => join(dir, 'seed.json');

  beforeAll(async () => {
    await runSeed({ schemas: KIT_MODEL, count: ['25', 'tags=8'], 'seed-value': 's1', locales: ['en,fr'], out: file() }, () => undefined);
    running = await startKit({}, file());
  });
  afterAll(() => running.server.close());

  test('the same seed value writes the same bytes', async () => {
    const first = readFileSync(file(), 'utf8');
    const second = join(dir, 'again.json');
    await runSeed({ schemas: KIT_MODEL, count: ['25', 'tags=8'], 'seed-value': 's1', locales: ['en,fr'], out: second }, () => undefined);
    expect(readFileSync(second, 'utf8')).toBe(first);
  });

  test('relations resolve on both sides when served', async () => {
    const res = await call(
      `${running.url}/api/articles?populate[tags][fields][0]=name&populate[category][fields][0]=name&pagination[pageSize]=100`,
    );
    expect(res.status).toBe(200);
    const list = (res.body as { data: { documentId: string; tags: { documentId: string }[] }[] }).data;
    const tagged = list.find((a) => a.tags.length > 0);
    if (!tagged) throw new Error('no article has tags');
    const tag = tagged.tags[0].documentId;
    const back = await call(`${running.url}/api/tags/${tag}?populate[articles][fields][0]=title`);
    expect((back.body as { data: { articles: { documentId: string }[] } }).data.articles.map((a) => a.documentId)).toContain(
      tagged.documentId,
    );
  });

  test('drafts and translations are served', async () => {
    const drafts = await call(`${running.url}/api/articles?status=draft&locale=fr`);
    expect(drafts.status).toBe(200);
    expect((drafts.body as { meta: { pagination: { total: number } } }).meta.pagination.total).toBeGreaterThan(0);
  });

  test('--count parsing', () => {
    expect(parseCounts(['50', 'articles=5,tags=2'])).toEqual({ count: 50, counts: { articles: 5, tags: 2 } });
    expect(() => parseCounts(['many'])).toThrow(/expected a number/);
  });
});
