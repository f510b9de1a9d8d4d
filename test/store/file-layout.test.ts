import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Row, StoreData } from '../../src/core/data/types.js';
import { createServer } from '../../src/mock/create-server.js';
import { hashBytes, readStoreBytes, writeStoreFile } from '../../src/store/store-file.js';
import { readStoreFile } from '../../src/store/read-store-file.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

// A rewrite of the store file copies the bytes of rows that did not change from the file on disk (their places are
// known from reading or writing it) and serializes the others: the file is still exactly JSON.stringify(data, null, 1).

const kitData = async (): Promise<StoreData> => {
  const server = await createServer({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, memory: true });
  const data = structuredClone(server.runtime().store.data);
  await server.close();
  return data;
};
const canonical = (data: StoreData) => JSON.stringify(data, null, 1) + '\n';

describe('rewriting the store file from the one on disk', () => {
  test('rows read from the file are copied, changed, added and removed rows are not: the text is JSON.stringify', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cm-layout-')), 'db.json');
    writeFileSync(file, canonical(await kitData()));
    const bytes = readFileSync(file);
    // read row by row (as a large file is), with where each row lies
    const { data, layout } = readStoreBytes(bytes, file, 0);
    expect(layout).toBeDefined();
    const articles = data.types['api::article.article'];
    expect(layout!.spans.size).toBe(Object.values(data.types).reduce((n, rows) => n + rows.length, 0));
    for (const row of articles) {
      const { start, end } = (({ s }) => ({ start: Math.floor(s / 2 ** 21), end: Math.floor(s / 2 ** 21) + (s % 2 ** 21) }))({
        s: layout!.spans.get(row)!,
      });
      expect(JSON.parse(bytes.toString('utf8', start, end))).toEqual(row);
    }
    // changes: edited in place (forgotten, as the store does), removed, added
    const edited = articles[3];
    layout!.spans.delete(edited);
    edited.title = 'Edited — ünïcödé';
    articles.splice(5, 2);
    articles.push({ ...articles[0], id: 9999, documentId: 'added', title: 'Added' } as Row);
    const spans = new Map<Row, number>();
    const written = await writeStoreFile(file, data, undefined, layout, spans);
    expect(readFileSync(file, 'utf8')).toBe(canonical(data));
    expect(written.size).toBe(Buffer.byteLength(canonical(data)));
    // the new places are right too: the next rewrite copies from them
    const layout2 = { hash: written.hash, size: written.size, spans };
    articles[0].title = 'Second edit';
    spans.delete(articles[0]);
    const spans3 = new Map<Row, number>();
    const third = await writeStoreFile(file, data, undefined, layout2, spans3);
    expect(readFileSync(file, 'utf8')).toBe(canonical(data));
    // proof that rows are copied, not serialized again: a change nobody told about does not reach the file
    articles[1].title = 'Not told';
    await writeStoreFile(file, data, undefined, { hash: third.hash, size: third.size, spans: spans3 }, new Map());
    expect(readFileSync(file, 'utf8')).not.toContain('Not told');
  });

  test('a file changed behind the layout is never copied from: everything is serialized', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cm-layout-')), 'db.json');
    writeFileSync(file, canonical(await kitData()));
    const { data, layout } = readStoreBytes(readFileSync(file), file, 0);
    // same size, other content
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('"id": 1,', '"id": 7,'));
    await writeStoreFile(file, data, undefined, layout, new Map());
    expect(readFileSync(file, 'utf8')).toBe(canonical(data));
  });

  test('another layout (two-space indent) is read by the general scanner, with no places kept', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cm-layout-')), 'db.json');
    const original = await kitData();
    const bytes = Buffer.from(JSON.stringify(original, null, 2));
    const { data, layout } = readStoreBytes(bytes, file, 0);
    expect(data).toEqual(original);
    expect(layout).toBeUndefined();
  });

  test('a server copies rows across its rewrites and after a restart, and the file stays JSON.stringify', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cm-layout-')), 'db.json');
    const open = () => createServer({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, data: file, watch: false });
    for (let round = 0; round < 3; round++) {
      const server = await open();
      const { url } = await server.listen(0);
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${url}/api/tags`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: { name: `layout ${round} ${i}` } }),
        });
        expect(res.status).toBe(201);
      }
      await server.runtime().store.flush();
      await (server.runtime().store as unknown as { compact(): Promise<void> }).compact();
      const tags = (await (await fetch(`${url}/api/tags?pagination[pageSize]=100`)).json()) as { data: { documentId: string }[] };
      expect((await fetch(`${url}/api/tags/${tags.data[0].documentId}`, { method: 'DELETE' })).status).toBe(204);
      await server.close();
      expect(readFileSync(file, 'utf8')).toBe(canonical(server.runtime().store.data));
    }
  });

  test("a store file in content-mock's layout is read a window at a time: the same data, its hash, every row's place", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-layout-'));
    const data = await kitData();
    data.types['api::empty.empty'] = [];
    (data as unknown as Record<string, unknown>).plugins = { x: { y: [1, 2] } };
    const text = canonical(data);
    const file = join(dir, 'db.json');
    writeFileSync(file, text);
    const bytes = Buffer.from(text);
    // windows smaller than a row, than a separator, and larger than the file
    for (const window of [3, 7, 64, 1000, 1 << 20]) {
      const read = readStoreFile(file, window)!;
      expect(read, `window ${window}`).toBeDefined();
      expect(JSON.stringify(read.data)).toBe(JSON.stringify(JSON.parse(text)));
      expect(read.hash).toBe(hashBytes(bytes));
      expect(read.layout.size).toBe(bytes.length);
      for (const rows of Object.values(read.data.types)) {
        for (const row of rows) {
          const s = read.layout.spans.get(row)!;
          const start = Math.floor(s / 2 ** 21);
          expect(JSON.parse(bytes.toString('utf8', start, start + (s % 2 ** 21)))).toEqual(row);
        }
      }
    }
    // no types, no rows
    writeFileSync(file, canonical({ format: 'content-mock-store/1', types: {} } as unknown as StoreData));
    expect(readStoreFile(file, 5)?.data).toEqual({ format: 'content-mock-store/1', types: {} });
    // another layout, or broken JSON: not read here (the caller reads the file whole, with the parser's messages)
    writeFileSync(file, JSON.stringify(data, null, 2));
    expect(readStoreFile(file)).toBeUndefined();
    writeFileSync(file, text.slice(0, -30));
    expect(readStoreFile(file, 64)).toBeUndefined();
    writeFileSync(file, text.replace('"api::article.article": [', '"api::article.article": [ '));
    expect(readStoreFile(file, 64)).toBeUndefined();
  });
});
