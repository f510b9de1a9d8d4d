import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL, kitConfigWithFullToken } from '../helpers/kit.js';
import { generatedSeed, lazySeedModules, readAheadWaiting } from '../helpers/lazy-seed.js';

// `serve --memory` with a seed builds components, dynamic zones, json and blocks after start-up (DeferredValues):
// whatever is asked, and in whatever order, the answers are those of the import that builds everything at once.

const { dir, file: GENERATED } = await generatedSeed({ articles: 300, authors: 8, categories: 5, tags: 12, seed: 7 });
const modules = lazySeedModules;
const TOKEN = 'lazy-seed-full-access-token-1';

describe('a seed imported lazily', () => {
  test.each([
    ['the kit', KIT_DATASET],
    ['a generated seed', GENERATED],
  ])('%s: once every value is built, the store an import in one go makes', async (_name, file) => {
    const { readSeed, loadModel, datasetLocales, openSeedFile, deferredOf, importDataset } = await modules();
    const whole = readSeed(file);
    const model = await loadModel(KIT_MODEL, { locales: datasetLocales(whole) });
    const data = openSeedFile(file, await readAheadWaiting(file)).load(model, undefined, true);
    const deferred = deferredOf(data);
    expect(deferred?.pending).toBe(true);
    // a row built on its own first, then the rest in slices
    const first = data.types['api::article.article'][3];
    deferred!.rows([first]);
    while (deferred!.step(() => true));
    expect(deferredOf(data)).toBeUndefined();
    expect(data).toEqual(importDataset(model, whole));
  });

  test('values built while the import waits for the thread, the rest after: the store an import in one go makes', async () => {
    const { readSeed, loadModel, datasetLocales, openSeedFile, prefetchSeed, deferredOf, importDataset } = await modules();
    const whole = readSeed(GENERATED);
    const model = await loadModel(KIT_MODEL, { locales: datasetLocales(whole) });
    const data = openSeedFile(GENERATED, await prefetchSeed(GENERATED).take()).load(model, undefined, true, true);
    deferredOf(data)?.all();
    expect(deferredOf(data)).toBeUndefined();
    expect(data).toEqual(importDataset(model, whole));
  });

  test('a document whose deferred member is not JSON fails at start-up, as it does in one go', async () => {
    const { readSeed, loadModel, datasetLocales, openSeedFile, prefetchSeed } = await modules();
    const file = join(dir, 'damaged.json');
    const text = readFileSync(GENERATED, 'utf8');
    // a component's value made invalid (a bare word) in the first article that has one
    const damaged = text.replace(/"metaTitle":"([^"]*)"/, '"metaTitle":tru');
    expect(damaged).not.toBe(text);
    writeFileSync(file, damaged);
    const model = await loadModel(KIT_MODEL, { locales: datasetLocales(readSeed(GENERATED)) });
    const eager = (() => {
      try {
        openSeedFile(file).load(model);
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(eager).toMatch(/damaged\.json/);
    expect(() => openSeedFile(file, undefined).load(model, undefined, true)).toThrow(eager);
    const ahead = await prefetchSeed(file).take();
    expect(() => openSeedFile(file, ahead).load(model, undefined, true)).toThrow(eager);
  });
});

/**
 * The generated seed served lazily (in memory, its background build stopped: each request builds what it needs, so
 * the state between is seen) and eagerly (a store file, imported at once), both listening.
 */
async function startPair(name: string): Promise<{ lazy: MockServer; eager: MockServer; urls: [string, string] }> {
  const { createServer } = await modules();
  const common = { schemas: KIT_MODEL, seed: GENERATED, config: KIT_CONFIG, configObject: kitConfigWithFullToken(TOKEN) };
  const lazy = await createServer({ ...common, memory: true, seedRead: { take: () => readAheadWaiting(GENERATED) } });
  lazy.runtime().store.stopSettling();
  const eager = await createServer({ ...common, data: join(dir, name, 'db.json') });
  return { lazy, eager, urls: [(await lazy.listen(0, '127.0.0.1')).url, (await eager.listen(0, '127.0.0.1')).url] };
}

describe('serving a seed in memory while its values wait', () => {
  let lazy: MockServer;
  let eager: MockServer;
  let lazyUrl: string;
  let eagerUrl: string;
  beforeAll(async () => {
    ({
      lazy,
      eager,
      urls: [lazyUrl, eagerUrl],
    } = await startPair('eager'));
  });
  afterAll(async () => {
    await lazy.close();
    await eager.close();
  });

  const both = async (path: string, init?: RequestInit) => {
    const [a, b] = await Promise.all([fetch(lazyUrl + path, init), fetch(eagerUrl + path, init)]);
    const [ta, tb] = await Promise.all([a.text(), b.text()]);
    return { status: [a.status, b.status], lazy: ta, eager: tb };
  };

  test('reads are answered from the rows they show and gather, the rest still waiting', async () => {
    expect(lazy.runtime().store.unsettled).toBe(true);
    for (const path of [
      '/api/articles',
      '/api/articles?pagination[page]=3&sort=title:desc',
      '/api/articles?locale=fr&status=draft&fields[0]=title',
      '/api/articles?filters[views][$gt]=5000',
      '/api/categories',
      // a populate builds the rows it gathers
      '/api/articles?populate=*&pagination[pageSize]=7',
      '/api/articles?populate[seo][populate]=*&populate[blocks][populate]=*&locale=fr',
      '/api/articles?populate[category][populate][articles][fields][0]=body&pagination[pageSize]=3',
      '/api/categories?populate[articles][populate]=*',
      '/api/articles?populate=localizations&locale=fr&fields[0]=metadata',
    ]) {
      const r = await both(path);
      expect(r.status).toEqual([200, 200]);
      expect(r.lazy).toBe(r.eager);
    }
    const id = (JSON.parse((await both('/api/articles?pagination[pageSize]=1&sort=id:desc')).lazy) as { data: { documentId: string }[] })
      .data[0].documentId;
    const one = await both(`/api/articles/${id}`);
    expect(one.lazy).toBe(one.eager);
    // the json and blocks of the rows shown are there
    expect(one.lazy).toMatch(/"body":\[/);
    expect(lazy.runtime().store.unsettled).toBe(true);
  });

  test('a read filtering on a deferred attribute, and a write, see every value built', async () => {
    const seo = await both('/api/articles?filters[seo][metaTitle][$contains]=SEO%201&populate[seo][populate]=*');
    expect(seo.status).toEqual([200, 200]);
    expect(seo.lazy).toBe(seo.eager);
    expect(lazy.runtime().store.unsettled).toBe(false);
    for (const path of ['/api/articles?populate=*', '/api/articles?populate[blocks][populate]=*&locale=fr', '/api/upload/files']) {
      const r = await both(path, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(r.lazy).toBe(r.eager);
    }
    const body = JSON.stringify({
      data: { title: 'New', slug: 'new-one', seo: { metaTitle: 'n' }, blocks: [{ __component: 'shared.quote', body: 'q' }] },
    });
    const init = { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }, body };
    const created = await both('/api/articles?populate=*', init);
    expect(created.status).toEqual([201, 201]);
    // (documentId and timestamps are the write's own)
    const strip = (t: string) => t.replace(/"documentId":"[a-z0-9]+"/g, '').replace(/"(createdAt|updatedAt|publishedAt)":"[^"]+"/g, '');
    expect(strip(created.lazy)).toBe(strip(created.eager));
  });
});

describe('a write as the first request of a server whose values wait', () => {
  test('it sees every value built, as a server that imported them at once answers it', async () => {
    const { lazy, eager, urls } = await startPair('eager-2');
    try {
      expect(lazy.runtime().store.unsettled).toBe(true);
      // a document with a component and a zone, edited without them: Strapi keeps both (ids included)
      const rows = eager.runtime().store.data.types['api::article.article'];
      const target = rows.find((r) => r.locale === 'en' && r.seo && Array.isArray(r.blocks) && (r.blocks as unknown[]).length > 0)!;
      const init = {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ data: { title: 'Edited first' } }),
      };
      const answers = await Promise.all(
        urls.map(async (u) => (await fetch(`${u}/api/articles/${target.documentId}?populate=*`, init)).text()),
      );
      expect(JSON.parse(answers[0]).data.title).toBe('Edited first');
      // (the time of the write, and of the publication it makes, is each server's own)
      const [a, b] = answers.map((t) => JSON.parse(t) as { data: Record<string, unknown> });
      for (const x of [a, b]) {
        delete x.data.updatedAt;
        delete x.data.publishedAt;
      }
      expect(a).toEqual(b);
      expect(lazy.runtime().store.unsettled).toBe(false);
    } finally {
      await lazy.close();
      await eager.close();
    }
  });
});
