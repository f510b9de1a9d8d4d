import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { StoreData } from '../../src/core/data/types.js';
import { createServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

// compact() promises a file that holds every change acknowledged before the call. A compaction already running took
// its snapshot earlier, so compact() waits for it and compacts again (found by the busy-store watcher test under load).
test('a change acknowledged while a compaction runs is in the file once compact() resolves', async () => {
  const data = join(mkdtempSync(join(tmpdir(), 'cm-compact-')), 'db.json');
  const server = await createServer({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, data });
  const { url } = await server.listen(0);
  try {
    const post = async (name: string) => {
      const res = await fetch(`${url}/api/tags`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { name } }),
      });
      expect(res.status).toBe(201);
    };
    await post('before');
    const store = server.runtime().store;
    const running = store.compact(); // snapshot taken now
    await post('during');
    await store.compact();
    await running;
    const names = (JSON.parse(readFileSync(data, 'utf8')) as StoreData).types['api::tag.tag'].map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['before', 'during']));
  } finally {
    await server.close();
  }
});
