import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The read-ahead thread runs the compiled worker (dist/, built before the tests): tests of a lazily imported seed use
// dist's modules throughout, so the thread's outline, the import and the store that builds what waits are one program.
export const fromDist = (path: string) => import(pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', path)).href);

/**
 * The seed read ahead, its outline handed on without `poll`: the import then builds nothing while it waits for the
 * thread (it builds what it can meanwhile otherwise, how much depends on the machine), so every value still waits
 * when the import returns.
 */
export async function readAheadWaiting(file: string) {
  const { prefetchSeed } = (await fromDist('store/seed-prefetch.js')) as typeof import('../../src/store/seed-prefetch.js');
  const read = await prefetchSeed(file).take();
  if (!read || !('head' in read.outline)) throw new Error('the seed was not read ahead');
  const stream = read.outline;
  return { ...read, outline: { head: stream.head, plan: stream.plan.bind(stream), next: stream.next.bind(stream) } };
}

/** The modules a lazily imported seed goes through, all from dist (see fromDist). */
export const lazySeedModules = async () => ({
  ...((await fromDist('project/load-model.js')) as typeof import('../../src/project/load-model.js')),
  ...((await fromDist('project/load-project.js')) as typeof import('../../src/project/load-project.js')),
  ...((await fromDist('core/data/import-dataset.js')) as typeof import('../../src/core/data/import-dataset.js')),
  ...((await fromDist('store/read-seed-file.js')) as typeof import('../../src/store/read-seed-file.js')),
  ...((await fromDist('store/seed-prefetch.js')) as typeof import('../../src/store/seed-prefetch.js')),
  ...((await fromDist('store/deferred-registry.js')) as typeof import('../../src/store/deferred-registry.js')),
  ...((await fromDist('mock/create-server.js')) as typeof import('../../src/mock/create-server.js')),
});

/** A seed of the kit's model from the bench's generator (`options`: its counts and seed), in a new folder. */
export async function generatedSeed(options: { articles: number; authors: number; categories: number; tags: number; seed: number }) {
  // @ts-expect-error: a plain .mjs script without types (the bench's dataset generator)
  const { generateDataset } = (await import('../../scripts/bench/generate-dataset.mjs')) as { generateDataset: (o: object) => unknown };
  const dir = mkdtempSync(join(tmpdir(), 'cm-generated-seed-'));
  const file = join(dir, 'generated.json');
  writeFileSync(file, JSON.stringify(generateDataset(options)));
  return { dir, file };
}
