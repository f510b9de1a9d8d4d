import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadModel } from '../../src/project/load-model.js';
import { EXAMPLE, readSeed } from '../../src/project/load-project.js';
import { datasetLocales, importDataset } from '../../src/core/data/import-dataset.js';
import { openSeedFile } from '../../src/store/read-seed-file.js';
import { KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

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
      startEarlySeedRead(['serve', '--quiet', '--seed', typed], {});
      const same = await prefetchSeed(file).take();
      results.push(same?.file === file && same.outline.documents.size > 0);
      // --seed=FILE, and the environment variable
      startEarlySeedRead(['serve', '--seed=' + typed], {});
      results.push((await prefetchSeed(file).take()) !== undefined);
      startEarlySeedRead(['serve'], { CONTENT_MOCK_SEED: typed });
      results.push((await prefetchSeed(file).take()) !== undefined);
      // another file than serve's: stopped, and serve's own is read
      startEarlySeedRead(['serve', '--seed', typed], {});
      const read = await prefetchSeed(other).take();
      results.push(read?.file === other && read.outline.documents.size === 0);
      // no seed after all: stopped, and the process ends without waiting for it
      startEarlySeedRead(['serve', '--seed', typed], {});
      results.push(prefetchSeed(undefined) === undefined);
      startEarlySeedRead(['serve', '--seed', typed], {});
      console.log(JSON.stringify(results));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, KIT_DATASET, other], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([true, true, true, true, true]);
  });
});
