import { describe, expect, test } from 'vitest';
import { KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';
import { generatedSeed, lazySeedModules } from '../helpers/lazy-seed.js';

// `serve` reads the project before the server's modules load and tells the seed's read ahead how it will be
// imported (SeedSource.prepare), so its thread shrinks documents without waiting for the import: whatever was
// prepared, the first load imports the store an import in one go makes.

const { file: GENERATED } = await generatedSeed({ articles: 200, authors: 6, categories: 4, tags: 9, seed: 11 });
const modules = lazySeedModules;

describe('a seed read ahead, prepared before its first load', () => {
  test.each([
    ['the kit, prepared lazy, loaded lazy', KIT_DATASET, true, true],
    ['a generated seed, prepared lazy, loaded lazy', GENERATED, true, true],
    ['a generated seed, prepared in one go, loaded in one go', GENERATED, false, false],
    ['a generated seed, prepared lazy, loaded in one go (the file is read again)', GENERATED, true, false],
    ['a generated seed, prepared in one go, loaded lazy (the file is read again)', GENERATED, false, true],
  ])('%s: the store an import in one go makes', async (_name, file, preparedLazy, loadedLazy) => {
    const { readSeed, loadModel, datasetLocales, openSeedFile, prefetchSeed, deferredOf, importDataset } = await modules();
    const whole = readSeed(file);
    const model = await loadModel(KIT_MODEL, { locales: datasetLocales(whole) });
    const source = openSeedFile(file, await prefetchSeed(file).take());
    source.prepare(model, preparedLazy);
    const data = source.load(model, undefined, loadedLazy);
    deferredOf(data)?.all();
    expect(deferredOf(data)).toBeUndefined();
    expect(data).toEqual(importDataset(model, whole));
  });

  test('prepared for one model, loaded with another: imported as that other one asks', async () => {
    const { readSeed, loadModel, datasetLocales, openSeedFile, prefetchSeed, importDataset } = await modules();
    const whole = readSeed(GENERATED);
    const prepared = await loadModel(KIT_MODEL, { locales: datasetLocales(whole) });
    const loaded = await loadModel(KIT_MODEL, { locales: datasetLocales(whole) });
    const source = openSeedFile(GENERATED, await prefetchSeed(GENERATED).take());
    source.prepare(prepared, false);
    expect(source.load(loaded)).toEqual(importDataset(loaded, whole));
  });
});
