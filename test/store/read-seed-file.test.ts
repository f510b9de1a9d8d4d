import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadModel } from '../../src/project/load-model.js';
import { EXAMPLE, readSeed } from '../../src/project/load-project.js';
import { datasetLocales, importDataset } from '../../src/core/data/import-dataset.js';
import { openSeedFile } from '../../src/store/read-seed-file.js';
import { KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';
// @ts-expect-error: a plain .mjs script without types (the bench's dataset generator)
import { generateDataset } from '../../scripts/bench/generate-dataset.mjs';

describe('reading a seed file document by document', () => {
  test.each([
    ['the kit', KIT_MODEL, KIT_DATASET],
    ['the embedded example', EXAMPLE.schemas, EXAMPLE.seed],
  ])('%s: the same store as parsing the whole file at once, on every load', async (_name, schemas, seed) => {
    const whole = readSeed(seed);
    const model = await loadModel(schemas, { locales: datasetLocales(whole) });
    const source = openSeedFile(seed);
    expect(source.locales).toEqual(datasetLocales(whole));
    const expected = importDataset(model, whole);
    expect(source.load(model)).toEqual(expected);
    // a reset reads the file again
    expect(source.load(model)).toEqual(expected);
  });

  test('a plain list of documents per type, and single types as one object or null', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-seedfile-'));
    const file = join(dir, 'seed.json');
    const doc = (id: number, documentId: string, extra: object = {}) => ({
      id,
      documentId,
      createdAt: 't',
      updatedAt: 't',
      publishedAt: 't',
      ...extra,
    });
    writeFileSync(
      file,
      JSON.stringify({
        contentTypes: {
          tags: {
            documents: [
              doc(1, 'tag1aaaaaaaaaaaaaaaaaaaa', { name: 'a "quoted" \\ name' }),
              doc(2, 'tag2aaaaaaaaaaaaaaaaaaaa', { name: 'b' }),
            ],
          },
          'api::global.global': {
            documents: { en: { draft: doc(1, 'glob1aaaaaaaaaaaaaaaaaaa', { locale: 'en' }), published: null }, fr: null },
          },
        },
      }),
    );
    const model = await loadModel(KIT_MODEL);
    const store = openSeedFile(file).load(model);
    expect(store.types['api::tag.tag'].map((r) => r.name)).toEqual(['a "quoted" \\ name', 'b']);
    expect(store.types['api::global.global']).toHaveLength(1);
  });

  test('malformed JSON is reported with file, line and column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-seedbad-'));
    const file = join(dir, 'seed.json');
    writeFileSync(file, '{\n  "contentTypes": {\n    "tags": { "documents": [ {"id": 1,} ] }\n  }\n}');
    const model = await loadModel(KIT_MODEL);
    expect(() => openSeedFile(file).load(model)).toThrow(/seed\.json:3:39 #: invalid JSON/);
    writeFileSync(file, '{ "contentTypes": { "tags": { "documents": [ ');
    expect(() => openSeedFile(file)).toThrow(/seed\.json:1:46 #: invalid JSON/);
  });

  test("without a read ahead, a seed's documents wait for the first load: its locales come from its first bytes", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-seedhead-'));
    const file = join(dir, 'seed.json');
    const text = readFileSync(KIT_DATASET, 'utf8');
    const at = text.indexOf('"documentId"', text.indexOf('"contentTypes"'));
    writeFileSync(file, text.slice(0, at) + '"documentId":,' + text.slice(at));
    const source = openSeedFile(file);
    expect(source.locales).toEqual(datasetLocales(readSeed(KIT_DATASET)));
    const model = await loadModel(KIT_MODEL, { locales: source.locales });
    expect(() => source.load(model)).toThrow(/seed\.json:\d+:\d+ #: invalid JSON/);
    // the file's locales changed since it was opened: said, not imported under the model's old ones
    writeFileSync(file, text.replace('"code": "fr"', '"code": "it"').replace('"code":"fr"', '"code":"it"'));
    expect(readFileSync(file, 'utf8')).not.toBe(text);
    expect(() => openSeedFile(file).load(model)).not.toThrow();
    expect(() => source.load(model)).toThrow(/its locales are not those it names before "contentTypes" \(read at start\)/);
    // locales given after the documents: the whole file is read at open (its damage said then), as before
    const late = JSON.parse(text) as Record<string, unknown>;
    const { locales, defaultLocale, ...rest } = late;
    writeFileSync(file, JSON.stringify({ ...rest, locales, defaultLocale }));
    expect(openSeedFile(file).locales).toEqual(datasetLocales(readSeed(KIT_DATASET)));
    writeFileSync(file, JSON.stringify({ ...rest, locales, defaultLocale }).replace('"documentId":', '"documentId":,'));
    expect(() => openSeedFile(file)).toThrow(/seed\.json:\d+:\d+ #: invalid JSON/);
  });

  test('read ahead on another thread (serve does): the same store as reading it on the main thread', () => {
    // The thread runs the compiled worker (dist/, built before the tests): a child process imports the real modules.
    const dist = join(import.meta.dirname, '..', '..', 'dist');
    const script = `
      import { prefetchSeed } from '${dist}/store/seed-prefetch.js';
      import { openSeedFile } from '${dist}/store/read-seed-file.js';
      import { loadModel } from '${dist}/project/load-model.js';
      const file = process.argv[1];
      const read = await prefetchSeed(file).take();
      const source = openSeedFile(file, read);
      const model = await loadModel(process.argv[2], { locales: source.locales });
      const same = JSON.stringify(source.load(model)) === JSON.stringify(openSeedFile(file).load(model));
      console.log(JSON.stringify({ readAhead: read !== undefined, same }));
    `;
    for (const [schemas, seed] of [
      [KIT_MODEL, KIT_DATASET],
      [EXAMPLE.schemas, EXAMPLE.seed],
    ]) {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, seed, schemas], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual({ readAhead: true, same: true });
    }
  });

  test('read ahead started from the command line (bin): taken over for the same file, stopped for another', () => {
    const dist = join(import.meta.dirname, '..', '..', 'dist');
    const other = join(mkdtempSync(join(tmpdir(), 'cm-seedearly-')), 'other.json');
    writeFileSync(other, JSON.stringify({ contentTypes: {} }));
    const script = `
      import { relative } from 'node:path';
      import { startEarlySeedRead } from '${dist}/cli/early-seed-read.js';
      import { prefetchSeed } from '${dist}/store/seed-prefetch.js';
      const [file, other] = process.argv.slice(1);
      const typed = relative(process.cwd(), file);
      const results = [];
      // the same file, named as typed on the command line: the early thread's read, under the name serve gives
      startEarlySeedRead(['serve', '--quiet', '--memory', '--seed', typed], {});
      const same = await prefetchSeed(file).take();
      results.push(same?.file === file && 'head' in same.outline);
      // --seed=FILE, and the environment variable
      startEarlySeedRead(['serve', '--memory', '--seed=' + typed], {});
      results.push((await prefetchSeed(file).take()) !== undefined);
      startEarlySeedRead(['serve'], { CONTENT_MOCK_SEED: typed, CONTENT_MOCK_MEMORY: 'true' });
      results.push((await prefetchSeed(file).take()) !== undefined);
      // another file than serve's: stopped, and serve's own is read
      startEarlySeedRead(['serve', '--seed', typed], {});
      const read = await prefetchSeed(other).take();
      results.push(read?.file === other && read.outline.documents?.size === 0);
      // no seed after all: stopped, and the process ends without waiting for it
      startEarlySeedRead(['serve', '--seed', typed], {});
      results.push(prefetchSeed(undefined) === undefined);
      startEarlySeedRead(['serve', '--seed', typed], {});
      // a store file (and its journal, missing here) read ahead into the page cache: nothing held, nothing said
      startEarlySeedRead(['serve', '--data', other], {});
      startEarlySeedRead(['serve', '--data=' + other + '.missing'], {});
      console.log(JSON.stringify(results));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, KIT_DATASET, other], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([true, true, true, true, true]);
  });
});

/** The kit's dataset as top-level members and type entries, to be written back in any order (or twice). */
const kit = () =>
  JSON.parse(readFileSync(KIT_DATASET, 'utf8')) as { contentTypes: Record<string, Record<string, unknown>> } & Record<string, unknown>;
const objectText = (members: [string, unknown][]) =>
  `{${members.map(([k, v]) => `${JSON.stringify(k)}:${typeof v === 'string' && v.startsWith('\u0000') ? v.slice(1) : JSON.stringify(v)}`).join(',')}}`;
/** A value written as the text given (an object built of members in an order JSON.stringify would not keep). */
const raw = (text: string) => `\u0000${text}`;
const typesText = (types: [string, unknown][]) => raw(objectText(types));
const withTypes = (top: Record<string, unknown>, types: [string, unknown][], after: [string, unknown][] = []) =>
  objectText([...Object.entries(top).filter(([k]) => k !== 'contentTypes'), ['contentTypes', typesText(types)], ...after]);

const breakLast = (text: string, what: string, by: string) => {
  const at = text.lastIndexOf(what);
  return text.slice(0, at) + by + text.slice(at + what.length);
};

/**
 * Imports a seed as serve does (read ahead, the outline streamed from the thread into the import) and on the main
 * thread alone, in a child process over the compiled modules; says whether it streamed, and what each gave.
 */
function bothWays(schemas: string, seedText: string, shrink: boolean, readThreadFrom?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'cm-seedstream-'));
  const file = join(dir, 'seed.json');
  writeFileSync(file, seedText);
  const dist = join(import.meta.dirname, '..', '..', 'dist');
  const script = `
    import { createHash } from 'node:crypto';
    import { prefetchSeed } from '${dist}/store/seed-prefetch.js';
    import { openSeedFile } from '${dist}/store/read-seed-file.js';
    import { loadModel } from '${dist}/project/load-model.js';
    const [file, schemas] = process.argv.slice(1);
    const run = async (read) => {
      const warnings = [];
      try {
        const source = openSeedFile(file, read);
        const model = await loadModel(schemas, { locales: source.locales });
        const store = JSON.stringify(source.load(model, (w) => warnings.push(w)));
        return { store: createHash('sha1').update(store).digest('hex'), rows: store.length, warnings };
      } catch (e) {
        return { error: e.message, warnings };
      }
    };
    const read = await prefetchSeed(file, { shrink: ${shrink}, readThreadFrom: ${readThreadFrom} }).take();
    const streamed = read !== undefined && 'head' in read.outline;
    // chunks of documents that came shrunk from the thread, and all chunks
    const chunks = { shrunk: 0, all: 0 };
    if (streamed) {
      const next = read.outline.next.bind(read.outline);
      read.outline.next = () => {
        const step = next();
        if (step.kind === 'documents') {
          chunks.all++;
          if (step.shrunk) chunks.shrunk++;
        }
        return step;
      };
    }
    console.log(JSON.stringify({ streamed, ahead: await run(read), main: await run(undefined), chunks }));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, file, schemas], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as {
    streamed: boolean;
    ahead: Record<string, unknown>;
    main: Record<string, unknown>;
    chunks: { shrunk: number; all: number };
  };
}

describe('the outline streamed into the import (serve --seed): the same store, warnings and errors', () => {
  const data = kit();
  const types = Object.entries(data.contentTypes);
  const [articleKey, article] = types[0];
  const withoutLocales = Object.fromEntries(Object.entries(data).filter(([k]) => k !== 'locales' && k !== 'defaultLocale'));
  const withoutMedia = Object.fromEntries(Object.entries(data).filter(([k]) => k !== 'media'));
  const docsFirst = Object.fromEntries([['documents', article.documents], ...Object.entries(article).filter(([k]) => k !== 'documents')]);
  const articles = article.documents as Record<string, Record<string, Record<string, unknown>[]>>;
  const brokenArticle = {
    ...article,
    documents: { ...articles, en: { ...articles.en, draft: articles.en.draft.map((d, i) => (i === 7 ? { ...d, id: 'seven' } : d)) } },
  };
  const damagedRelation = {
    ...article,
    documents: {
      ...articles,
      en: {
        ...articles.en,
        draft: articles.en.draft.map((d, i) => (i === 3 ? { ...d, category: { ...(d.category as object), name: '@@damage@@' } } : d)),
      },
    },
  };
  test.each<[string, string, boolean]>([
    ['the kit as it is', JSON.stringify(data), true],
    [
      'locales after the content types: the whole outline first',
      withTypes(withoutLocales, types, [
        ['defaultLocale', data.defaultLocale],
        ['locales', data.locales],
      ]),
      false,
    ],
    ['the media library after the content types', withTypes(withoutMedia, types, [['media', data.media]]), true],
    ['a type named only after its documents', withTypes(data, [[articleKey, docsFirst], ...types.slice(1)]), true],
    [
      'a type given twice (the last counts)',
      withTypes(data, [...types, [types[1][0], { ...types[1][1], documents: { '*none*': { draft: [], published: [] } } }]]),
      true,
    ],
    [
      'a type the schemas do not define',
      withTypes(data, [
        ...types.slice(0, 2),
        ['api::unknown.unknown', { uid: 'api::unknown.unknown', pluralName: 'unknowns', documents: [] }],
        ...types.slice(2),
      ]),
      true,
    ],
    ['type keys JSON.parse orders otherwise (an integer key)', withTypes(data, [...types, ['7', { documents: [] }]]), true],
    ['a document without a numeric id, past the first', withTypes(data, [[articleKey, brokenArticle], ...types.slice(1)]), true],
    ['malformed JSON after the content types', JSON.stringify(data).slice(0, -1) + ',}', true],
    ['malformed JSON inside a document', breakLast(JSON.stringify(data), '"views":', '"views":tru,"x":'), true],
    [
      'malformed JSON in a related document (a member the thread leaves out)',
      withTypes(data, [[articleKey, damagedRelation], ...types.slice(1)]).replace('"@@damage@@"', 'tru'),
      true,
    ],
  ])('%s', (_name, text, streams) => {
    // with the thread shrinking snapshots (a machine with cores to spare) and without
    for (const shrink of [false, true]) {
      const { streamed, ahead, main } = bothWays(KIT_MODEL, text, shrink);
      expect(streamed).toBe(streams);
      expect(ahead).toEqual(main);
    }
  });

  test('a seed read on a thread of its own while it is outlined (a large one): the same store', () => {
    // every seed from 0 bytes on: the outline follows the reading thread, 8 MB behind at most
    const text = JSON.stringify(generateDataset({ articles: 2500 }));
    const { streamed, ahead, main, chunks } = bothWays(KIT_MODEL, text, true, 0);
    expect(streamed).toBe(true);
    expect(main.error).toBeUndefined();
    expect(ahead).toEqual(main);
    expect(chunks.shrunk).toBe(chunks.all);
  });

  test('a seed of several chunks per type (2,500 articles): the same store, from shrunk chunks when shrinking', () => {
    const text = JSON.stringify(generateDataset({ articles: 2500 }));
    for (const shrink of [false, true]) {
      const { streamed, ahead, main, chunks } = bothWays(KIT_MODEL, text, shrink);
      expect(streamed).toBe(true);
      expect(main.error).toBeUndefined();
      expect(ahead).toEqual(main);
      // the thread waits for the plan before the documents: every chunk of a type it knows comes shrunk
      expect(chunks.all).toBeGreaterThan(4);
      expect(chunks.shrunk).toBe(shrink ? chunks.all : 0);
    }
  });
});
