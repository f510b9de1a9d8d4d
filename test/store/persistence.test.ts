import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';
import { refusedServe, startChildServer } from './child-server.js';

const post = (url: string, body: unknown) =>
  fetch(`${url}/api/tags`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the store', () => {
  test('a write survives a restart with the file store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-store-'));
    const data = join(dir, 'db.json');
    const first = await createServer({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, data });
    const { url } = await first.listen(0);
    const created = (await (await post(url, { data: { name: 'survivor' } })).json()) as { data: { documentId: string } };
    await first.close();

    const second = await createServer({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, data });
    const again = await second.listen(0);
    const res = await fetch(`${again.url}/api/tags/${created.data.documentId}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { name: string } }).data.name).toBe('survivor');
    await second.close();
    // atomic writes leave no temp file behind
    expect(readdirSync(dir)).toEqual(['db.json']);
  });

  test('--memory writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-memory-'));
    const data = join(dir, 'db.json');
    const server = await createServer({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, data, memory: true });
    const { url } = await server.listen(0);
    expect((await post(url, { data: { name: 'ephemeral' } })).status).toBe(201);
    await server.close();
    expect(existsSync(data)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('a broken data file is a clear error with file, line and column, and is left untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-broken-'));
    const data = join(dir, 'db.json');
    writeFileSync(data, '{\n  "format": "content-mock-store/1",\n  "types": {,\n}');
    await expect(createServer({ schemas: KIT_MODEL, config: KIT_CONFIG, data })).rejects.toThrow(/db\.json:3:13 #: invalid JSON/);
    expect(readFileSync(data, 'utf8')).toContain('"types": {,');
  });

  test('a store file already there: the seed gives its locales only (a damaged document is not read) until a reset', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-storefirst-'));
    const data = join(dir, 'db.json');
    const first = await startChildServer(data, ['--no-watch']);
    const created = (await (await post(first.url, { data: { name: 'kept-in-the-store' } })).json()) as { data: { documentId: string } };
    await first.stop();
    // the kit's seed with a document damaged after its head (its locales come first)
    const damaged = join(dir, 'damaged-seed.json');
    const text = readFileSync(KIT_DATASET, 'utf8');
    const at = text.indexOf('"documentId"', text.indexOf('"contentTypes"'));
    writeFileSync(damaged, text.slice(0, at) + '"documentId":,' + text.slice(at));
    expect(text.indexOf('"locales"')).toBeLessThan(text.indexOf('"contentTypes"'));

    const again = await startChildServer(data, ['--no-watch'], { seed: damaged });
    try {
      const res = await fetch(`${again.url}/api/tags/${created.data.documentId}`);
      expect(res.status).toBe(200);
    } finally {
      await again.stop();
    }
    // a reset reads the documents: the damage is said with file and position
    const reset = await refusedServe(data, ['--no-watch', '--reset-on-start'], { seed: damaged });
    expect(reset.code).not.toBe(0);
    expect(reset.output).toMatch(/damaged-seed\.json:\d+:\d+/);
  });

  test('a seed of the wrong shape is a clear error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-seed-'));
    const seed = join(dir, 'seed.json');
    writeFileSync(seed, JSON.stringify({ documents: [] }));
    await expect(createServer({ schemas: KIT_MODEL, config: KIT_CONFIG, seed, memory: true })).rejects.toThrow(/missing "contentTypes"/);
  });
});
