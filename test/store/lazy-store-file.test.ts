import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished, test } from 'vitest';
import { generatedSeed } from '../helpers/lazy-seed.js';
import { postTag, startChildServer } from './child-server.js';

// `serve --seed` over a store file that is not there yet imports the seed lazily too (components, zones, json and
// blocks built after start-up): the file is written once every value is built, and a write acknowledged before
// that is on disk after it. Checked with kill -9 right after the write, and against a server in memory.

const { file: SEED } = await generatedSeed({ articles: 1500, authors: 10, categories: 6, tags: 20, seed: 5 });

const READS = [
  '/api/articles?populate=*&sort=id&pagination[pageSize]=100',
  '/api/articles?populate[seo][populate]=*&populate[blocks][populate]=*&locale=fr&status=draft&pagination[page]=3',
  '/api/articles?filters[metadata][$notNull]=true&fields[0]=metadata&fields[1]=body&pagination[pageSize]=20',
  '/api/upload/files?sort=id',
];

const answers = async (url: string) => Promise.all(READS.map(async (path) => (await fetch(url + path)).json()));

describe('a store file made from a seed imported lazily', () => {
  test('a write acknowledged right after start-up survives kill -9, and the store reads as one imported in memory', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'cm-lazy-file-')), 'db.json');
    const first = await startChildServer(data, ['--no-watch'], { seed: SEED });
    onTestFinished(() => first.kill());
    // at once: the values are still being built when it arrives
    const made = await postTag(first.url, 'written-while-building');
    expect(made.status).toBe(201);
    await first.kill();
    expect(existsSync(data)).toBe(true);

    const again = await startChildServer(data, ['--no-watch'], { seed: SEED });
    onTestFinished(() => again.kill());
    expect((await fetch(`${again.url}/api/tags/${made.documentId}`)).status).toBe(200);
    const memory = await startChildServer(data, ['--no-watch', '--memory'], { seed: SEED });
    onTestFinished(() => memory.kill());
    expect(await answers(again.url)).toEqual(await answers(memory.url));
  });
});
