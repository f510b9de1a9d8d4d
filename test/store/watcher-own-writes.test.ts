import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Row, StoreData } from '../../src/core/data/types.js';
import { createServer } from '../../src/mock/create-server.js';
import type { ReloadEvent } from '../../src/mock/watch/hot-reload.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

const ROWS = 10_000;

// The data-file watcher is on while concurrent writers run against a 10k-row store, and the store rewrites its file
// in the middle of it: none of those rewrites may be taken for an outside edit (the store knows its files by
// content hash), no acknowledged write may be lost, and a real edit made by hand must still be reloaded.
describe('hot reload beside a busy 10k-row store', () => {
  let verify: string | undefined;
  beforeEach(() => {
    // replaying each change over a copy of 10k rows is the slow check for small stores
    verify = process.env.CM_STORE_VERIFY;
    delete process.env.CM_STORE_VERIFY;
  });
  afterEach(() => {
    if (verify !== undefined) process.env.CM_STORE_VERIFY = verify;
  });

  test('own writes are recognised, nothing acknowledged is lost, an outside edit reloads', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'cm-watch10k-')), 'db.json');
    const options = { schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, data };
    await (await createServer(options)).close();
    const store = JSON.parse(readFileSync(data, 'utf8')) as StoreData;
    const tags = store.types['api::tag.tag'];
    const model = tags[0];
    let id = store.sequences['api::tag.tag'] ?? 0;
    for (let i = 0; i < ROWS; i++)
      tags.push({ ...model, id: ++id, documentId: `bulk${String(i).padStart(20, '0')}`, name: `bulk-${i}` } as Row);
    store.sequences['api::tag.tag'] = id;
    writeFileSync(data, JSON.stringify(store, null, 1) + '\n');

    const events: ReloadEvent[] = [];
    const logs: string[] = [];
    const server = await createServer({
      ...options,
      watch: true,
      logger: { info: (l) => logs.push(l), error: (l) => logs.push(l) },
      onReload: (e) => events.push(e),
    });
    const { url } = await server.listen(0);
    try {
      const acked = new Map<string, string>();
      const removed = new Set<string>();
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const name = `busy-${w}-${i}`;
          const res = await fetch(`${url}/api/tags`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ data: { name } }),
          });
          const body = (await res.json()) as { data: { documentId: string } };
          expect(res.status).toBe(201);
          acked.set(body.data.documentId, name);
          if (i % 4 === 3) {
            const del = await fetch(`${url}/api/tags/${body.data.documentId}`, { method: 'DELETE' });
            expect(del.status).toBe(204);
            acked.delete(body.data.documentId);
            removed.add(body.data.documentId);
          }
        }
      };
      const storm = Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
      // the store rewrites its file twice during the storm; the watcher sees each rename
      await new Promise((ok) => setTimeout(ok, 700));
      await server.runtime().store.compact();
      await new Promise((ok) => setTimeout(ok, 700));
      await server.runtime().store.compact();
      await new Promise((ok) => setTimeout(ok, 300));
      stop = true;
      await storm;
      await server.runtime().store.compact();
      await new Promise((ok) => setTimeout(ok, 500)); // let the watcher report what it saw

      expect(events.filter((e) => e.kind === 'data')).toEqual([]);
      expect(logs.join('\n')).not.toMatch(/changed outside the server/);
      expect(acked.size).toBeGreaterThan(20);
      // in memory, and in the file the store wrote
      const onDisk = JSON.parse(readFileSync(data, 'utf8')) as StoreData;
      const fileTags = new Map(onDisk.types['api::tag.tag'].map((t) => [t.documentId, t.name]));
      for (const [documentId, name] of acked) {
        expect(fileTags.get(documentId)).toBe(name);
        expect(server.runtime().store.index.documentRows('api::tag.tag', documentId)).toHaveLength(1);
      }
      for (const documentId of removed) expect(fileTags.has(documentId)).toBe(false);
      expect(onDisk.types['api::tag.tag'].length).toBeGreaterThan(ROWS);

      // a real edit by hand still reloads
      const edited = onDisk.types['api::tag.tag'].find((t) => t.name === 'bulk-5')!;
      edited.name = 'edited-by-hand';
      writeFileSync(data, JSON.stringify(onDisk, null, 2));
      const deadline = Date.now() + 10_000;
      while (!events.some((e) => e.kind === 'data' && e.ok) && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 50));
      expect(events.filter((e) => e.kind === 'data')).toEqual([expect.objectContaining({ kind: 'data', ok: true })]);
      const res = await fetch(`${url}/api/tags/${edited.documentId}`);
      expect(((await res.json()) as { data: { name: string } }).data.name).toBe('edited-by-hand');
    } finally {
      await server.close();
    }
  }, 60_000);
});
