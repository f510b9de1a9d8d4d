import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { datasetLocales, importDataset, type Dataset } from '../../src/core/data/import-dataset.js';
import { loadModel } from '../../src/project/load-model.js';
import { importStreamedSeed } from '../../src/store/import-streamed-seed.js';
import { newReadProgress, READ_DONE, READ_FAILED, READING, ReadProgress, UnreadBytes } from '../../src/store/read-progress.js';
import { outline, type OutlineStep, type OutlineStream } from '../../src/store/seed-outline.js';
import { KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

// The read-ahead threads outline a seed while it is still being read (seed-read-worker.ts beside
// seed-outline-worker.ts): each value waits until the bytes from its start to a margin past it are read, and a value
// walked past what was read before its walk is refused (UnreadBytes), as is a read that failed. The thread then
// posts "failed" and the main thread reads, outlines and imports the file itself.
const bytes = readFileSync(KIT_DATASET);

/** A progress record saying `read` bytes are read, in `state`. */
function progressAt(read: number, state: bigint): SharedArrayBuffer {
  const progress = newReadProgress();
  const view = new BigInt64Array(progress);
  view[0] = BigInt(read);
  view[1] = state;
  return progress;
}

/** Where the largest document of the kit lies in its file. */
function largestDocument(): { start: number; end: number } {
  const { documents } = outline(bytes, KIT_DATASET);
  return [...documents.values()].flat().reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
}

describe('an outline that follows the read of its file', () => {
  test('read whole: the same outline as over bytes read before it', () => {
    const read = new ReadProgress(progressAt(bytes.length, READ_DONE), bytes.length, 64);
    expect(outline(bytes, KIT_DATASET, undefined, read)).toEqual(outline(bytes, KIT_DATASET));
  });

  test('a read that failed half way: refused, never a partial outline', () => {
    const read = new ReadProgress(progressAt(bytes.length >> 1, READ_FAILED), bytes.length, 64);
    expect(() => outline(bytes, KIT_DATASET, undefined, read)).toThrow(UnreadBytes);
  });

  test('a document longer than the margin, read only in part when its walk began: refused', () => {
    const doc = largestDocument();
    const margin = 16;
    // read to the middle of the document: its start plus the margin is read, its end is not
    const middle = Math.max(doc.start + margin + 1, (doc.start + doc.end) >> 1);
    expect(middle).toBeLessThan(doc.end);
    const read = new ReadProgress(progressAt(middle, READING), bytes.length, margin);
    expect(() => outline(bytes, KIT_DATASET, undefined, read)).toThrow(UnreadBytes);
  });

  test('a value is walked only once a margin past its start is read', () => {
    const read = new ReadProgress(progressAt(1000, READ_DONE), 5000, 100);
    expect(read.need(0)).toBe(1000);
    expect(read.covered(1000, 999)).toBe(999);
    // its end's next byte is looked at too (a number ends where a comma starts)
    expect(() => read.covered(1000, 1000)).toThrow(UnreadBytes);
  });
});

describe('an outline thread that gives up part way', () => {
  test('the main thread imports the file itself: the same store as a plain import, from documents already streamed', async () => {
    const dataset = JSON.parse(bytes.toString('utf8')) as Dataset;
    const locales = datasetLocales(dataset);
    const model = await loadModel(KIT_MODEL, { locales });
    const whole = outline(bytes, KIT_DATASET);
    // the steps of the first type, then the thread's "failed"
    const [key, slices] = [...whole.documents][0];
    const steps: OutlineStep[] = [
      { kind: 'type', key, members: { uid: (dataset.contentTypes[key] as { uid: string }).uid, pluralName: 'x' } },
      { kind: 'documents', key, extents: new Float64Array(slices.slice(0, 3).flatMap((s) => [s.start, s.end])) },
      { kind: 'failed' },
    ];
    const stream: OutlineStream = {
      head: { locales: dataset.locales, defaultLocale: dataset.defaultLocale },
      plan: () => {},
      next: () => steps.shift()!,
    };
    const store = importStreamedSeed({ bytes, file: KIT_DATASET, stream, locales }, model);
    expect(store).toEqual(importDataset(model, dataset));
  });
});
