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
