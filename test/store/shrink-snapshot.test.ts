import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { generateSeed } from '../../src/dataset/seed/generate-seed.js';
import { describe, expect, test } from 'vitest';
import { loadModel } from '../../src/project/load-model.js';
import { datasetLocales, DatasetImporter, type Dataset } from '../../src/core/data/import-dataset.js';
import type { ContentModel } from '../../src/core/model/types.js';
import { jsonValueEnd } from '../../src/store/json-check.js';
import type { Slice } from '../../src/store/json-scanner.js';
import { outline } from '../../src/store/seed-outline.js';
import { shrinkPlanOf, SnapshotShrinker } from '../../src/store/shrink-snapshot.js';
import { KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';
// @ts-expect-error: a plain .mjs script without types (the bench's dataset generator)
import { generateDataset } from '../../scripts/bench/generate-dataset.mjs';

/**
 * Imports every snapshot of a seed text as it is, and as the read-ahead thread shrinks it: the stores must be equal.
 * Returns how many bytes the shrunk snapshots kept, and the snapshots passed on whole.
 */
function importBothWays(model: ContentModel, text: string, watched = 'api::article.article') {
  const buf = Buffer.from(text);
  const { meta, documents } = outline(buf, 'seed.json');
  const shrinker = new SnapshotShrinker(shrinkPlanOf(model, meta.media));
  const original = new DatasetImporter(model);
  const shrunk = new DatasetImporter(model);
  let before = 0;
  let after = 0;
  const whole: string[] = [];
  for (const importer of [original, shrunk]) {
    importer.setLocales(meta.locales);
    importer.addMedia(meta.media ?? []);
  }
  for (const [key, entry] of Object.entries(meta.contentTypes)) {
    const type = original.typeFor(key, entry);
    shrunk.typeFor(key, entry);
    const uid = shrinker.typeOf(key, entry);
    const slices = documents.get(key) ?? [];
    if (!type || !uid) continue;
    expect(uid).toBe(type.uid);
    const { bytes, extents } = shrinker.shrink(buf, slices, uid);
    expectSameOnWalk(shrinker, buf, slices, uid, { bytes, extents });
    slices.forEach((s, i) => {
      const originalText = buf.toString('utf8', s.start, s.end);
      const shrunkText = bytes.toString('utf8', extents[2 * i], extents[2 * i + 1]);
      before += s.end - s.start;
      after += extents[2 * i + 1] - extents[2 * i];
      if (uid === watched && originalText === shrunkText) whole.push(originalText);
      original.addSnapshot(type, JSON.parse(originalText) as Record<string, unknown>);
      shrunk.addSnapshot(type, JSON.parse(shrunkText) as Record<string, unknown>);
    });
  }
  const store = original.finish();
  expect(shrunk.finish()).toEqual(store);
  return { before, after, whole, store };
}

/**
 * Shrinks the documents at `slices` as the outline thread does, one at a time on its walk of them (begin, document,
 * take): each walk must end where the document does, and give what shrink() gives.
 */
function expectSameOnWalk(
  shrinker: SnapshotShrinker,
  buf: Buffer,
  slices: readonly Slice[],
  uid: string,
  expected: { bytes: Buffer; extents: Float64Array },
) {
  shrinker.begin(uid);
  for (const s of slices) expect(shrinker.document(buf, s.start)).toBe(s.end);
  const walked = shrinker.take(slices)!;
  expect(walked.extents).toEqual(expected.extents);
  expect(walked.bytes.equals(expected.bytes.subarray(0, expected.extents[expected.extents.length - 1] ?? 0))).toBe(true);
  // documents other than the ones walked: no chunk (posted as they are)
  shrinker.begin(uid);
  for (const s of slices.slice(1)) shrinker.document(buf, s.start);
  if (slices.length > 0) expect(shrinker.take(slices)).toBeUndefined();
}

const kitText = readFileSync(KIT_DATASET, 'utf8');
const MODELS = join(import.meta.dirname, '..', 'fixtures', 'models');
const kitModel = async (text = kitText) => loadModel(KIT_MODEL, { locales: datasetLocales(JSON.parse(text) as Dataset) });

describe('snapshots shrunk on the read-ahead thread: the import reads the same of them', () => {
  test('the kit and a generated seed: the same store from far fewer bytes', async () => {
    const model = await kitModel();
    const kit = importBothWays(model, kitText);
    expect(kit.after).toBeLessThan(kit.before);
    const generated = importBothWays(model, JSON.stringify(generateDataset({ articles: 300 })));
    expect(generated.after / generated.before).toBeLessThan(0.6);
    expect(generated.whole).toEqual([]);
  });

  test.each(readdirSync(MODELS).filter((m) => statSync(join(MODELS, m)).isDirectory()))(
    'model %s: a generated seed, its links of every kind kept as far as the import reads them',
    async (name) => {
      const schemas = join(MODELS, name);
      const model = await loadModel(schemas, {
        locales: [
          { code: 'en', name: 'English', isDefault: true },
          { code: 'fr', name: 'French', isDefault: false },
        ],
      });
      const seed = generateSeed(model, { count: 5, seed: name, locales: ['en', 'fr'] });
      importBothWays(model, JSON.stringify(seed), '');
    },
  );

  test("a holder without i18n and draft & publish: the linked version's locale and status are kept (link notes)", async () => {
    const model = await loadModel(join(MODELS, 'links-mini'), {
      locales: [
        { code: 'en', name: 'English', isDefault: true },
        { code: 'fr', name: 'French', isDefault: false },
      ],
    });
    const at = '2025-01-01T00:00:00.000Z';
    const thing = (id: number, documentId: string, locale: string, published: boolean) => ({
      id,
      documentId,
      title: `${documentId} ${locale}`,
      locale,
      createdAt: at,
      updatedAt: at,
      publishedAt: published ? at : null,
    });
    const [t1fr, t1frPublished, t2] = [thing(3, 't1', 'fr', false), thing(4, 't1', 'fr', true), thing(5, 't2', 'en', false)];
    const holder = (things: object[], ref: object) => ({
      id: 1,
      documentId: 'h1',
      name: 'h',
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
      things,
      ref,
    });
    const seed = {
      locales: [
        { id: 1, code: 'en', name: 'English', isDefault: true },
        { id: 2, code: 'fr', name: 'French', isDefault: false },
      ],
      defaultLocale: 'en',
      contentTypes: {
        'api::thing.thing': {
          uid: 'api::thing.thing',
          pluralName: 'things',
          documents: {
            en: { draft: [thing(1, 't1', 'en', false), t2], published: [thing(2, 't1', 'en', true)] },
            fr: { draft: [t1fr], published: [t1frPublished] },
          },
        },
        'api::holder.holder': {
          uid: 'api::holder.holder',
          pluralName: 'holders',
          documents: {
            '*none*': {
              draft: [holder([t1fr, t2], { id: 7, label: 'r', thing: t1fr, many: [t2] })],
              published: [holder([t1frPublished], { id: 7, label: 'r', thing: t1frPublished, many: [] })],
            },
          },
        },
      },
    };
    const { whole, store } = importBothWays(model, JSON.stringify(seed), 'api::holder.holder');
    expect(whole).toEqual([]);
    // the notes the shrunk snapshots must still give: the French row linked, the draft-only link
    const [row] = store.types['api::holder.holder'];
    expect(JSON.stringify(row)).toMatch(/"__locales":\{[^}]*"t1":"fr"/);
    expect(JSON.stringify(row)).toMatch(/"__versions":\{[^}]*"t2":"draft"/);
  });

  test('unusual but sound snapshots: escaped and repeated keys, white space, odd lists, files the library lacks', async () => {
    const seed = JSON.parse(kitText) as { contentTypes: Record<string, { documents: Record<string, Record<string, unknown[]>> }> };
    const articles = seed.contentTypes['api::article.article'].documents.en;
    const [first] = articles.draft as Record<string, unknown>[];
    const variants: Record<string, unknown>[] = [
      // a relation list holding a non-object, a file not in the library, a file with two ids
      { ...first, id: 9001, tags: [7, { documentId: 'x1', name: 'n', extra: { deep: [1, 2, { a: null }] } }, null] },
      { ...first, id: 9002, cover: { id: 987654, url: '/uploads/new.png', name: 'new.png' } },
      { ...first, id: 9003, gallery: [{ id: 1, url: 'a' }, 'not a file'] },
      // members the import never reads (left out), a zone entry naming an unknown component
      { ...first, id: 9004, localizations: [{ id: 1, documentId: 'q' }], createdBy: { id: 1 } },
      { ...first, id: 9005, blocks: [{ id: 77, __component: 'shared.nope', files: [{ id: 1 }] }, 'x'] },
    ];
    (articles.draft as unknown[]).push(...variants);
    const pretty = JSON.stringify(seed, null, 1);
    const types = pretty.indexOf('"contentTypes"');
    // keys written with escapes, and a key given twice (the last value counts, as in JSON.parse), in the documents
    const text =
      pretty.slice(0, types) +
      pretty
        .slice(types)
        .replace('"category": {', '"\\u0063ategory": {')
        .replace('"author": {', '"author": null, "author": {')
        // a zone entry's "__component" written with an escape: its entry is still shrunk as that component's
        .replace('"__component": "shared.slider"', '"\\u005f_component": "shared.slider"');
    expect(text).toContain('"\\u0063ategory": {');
    expect(text).toContain('"\\u005f_component": "shared.slider"');
    const { whole } = importBothWays(await kitModel(text), text);
    expect(whole).toEqual([]);
  });

  test.each([
    ['a bad literal in a left-out member', 'tru'],
    ['a bad escape', '"a\\xb"'],
    ['a raw control character in a string', '"a\u0001b"'],
    ['a number with a leading zero', '01'],
    ['a number without digits after its point', '1.'],
    ['a number without an exponent', '1e'],
    ['a lone minus', '-'],
    ['a missing value in a list', '[1,,2]'],
    ['a trailing comma in an object', '{"a":1,}'],
    ['an unquoted key', '{a:1}'],
    ['a short \\u escape', '"\\u12"'],
  ])('%s: the snapshot is passed on whole, and fails to parse as before', async (_name, damage) => {
    const model = await kitModel();
    // the name of an article's related category: a member the shrinker leaves out
    const seed = JSON.parse(kitText) as {
      contentTypes: Record<string, { documents: Record<string, Record<string, { category: object }[]>> }>;
    };
    const article = seed.contentTypes['api::article.article'].documents.en.draft[1];
    article.category = { ...article.category, name: '@@damage@@' };
    const marked = JSON.stringify(seed);
    const at = marked.indexOf('"@@damage@@"');
    const text = marked.replace('"@@damage@@"', damage);
    const buf = Buffer.from(text);
    const { meta, documents } = outline(buf, 'seed.json');
    const shrinker = new SnapshotShrinker(shrinkPlanOf(model, meta.media));
    const slices = documents.get('api::article.article')!;
    const damaged = slices.findIndex((s) => s.start <= at && at < s.end);
    expect(damaged).toBeGreaterThanOrEqual(0);
    const { bytes, extents } = shrinker.shrink(buf, slices, 'api::article.article');
    expectSameOnWalk(shrinker, buf, slices, 'api::article.article', { bytes, extents });
    const original = buf.toString('utf8', slices[damaged].start, slices[damaged].end);
    expect(bytes.toString('utf8', extents[2 * damaged], extents[2 * damaged + 1])).toBe(original);
    expect(() => JSON.parse(original)).toThrow(SyntaxError);
  });
});

describe('the strict JSON check of what is left out', () => {
  const accepts = (text: string) => jsonValueEnd(Buffer.from(text), 0) === Buffer.byteLength(text);
  const parses = (text: string) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };

  test('agrees with JSON.parse on sound values and on thousands of damaged ones', () => {
    const sound = [
      '{"a":[1,-2.5e+3,0,true,false,null,"x\\"y\\\\z\\/\\b\\f\\n\\r\\t\\u00e9"],"b":{}}',
      '[ 1 , { "k" : [ [ ] , { } ] } ]',
      '"caf\u00e9 \ud83d\ude00"',
      '-0.0E-7',
      JSON.stringify(
        (JSON.parse(kitText) as { contentTypes: Record<string, { documents: { en: { draft: unknown[] } } }> }).contentTypes[
          'api::article.article'
        ].documents.en.draft[0],
      ),
    ];
    for (const text of sound) expect(accepts(text)).toBe(true);
    // every one-byte change of short sound values, and random ones of a long one
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const alphabet = ' \t\n{}[]:,"\\0123456789.eE+-tfnulrsax\u0001';
    let checked = 0;
    for (const text of sound) {
      const positions = Array.from({ length: Math.min(text.length, 400) }, (_, i) => (text.length < 400 ? i : random(text.length)));
      for (const at of positions) {
        for (const change of [alphabet[random(alphabet.length)], alphabet[random(alphabet.length)], '']) {
          const damaged = text.slice(0, at) + change + text.slice(at + 1);
          // white space around a value is the caller's (the outline hands over values without it)
          if (damaged.trim() !== damaged) continue;
          expect([damaged, accepts(damaged)]).toEqual([damaged, parses(damaged)]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
