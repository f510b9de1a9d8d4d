import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished, test } from 'vitest';
import { postTag, startChildServer } from './child-server.js';
// @ts-expect-error: a plain .mjs script without types (the bench's dataset generator)
import { generateDataset } from '../../scripts/bench/generate-dataset.mjs';

// The first start over a store file answers reads while the file is written (store/content-store.ts writeFirst):
// a write made meanwhile is acknowledged only once the file and its journal line are on disk, and a kill at any
// moment loses nothing acknowledged.
describe('the first write of a store imported from its seed', () => {
  test('killed at its first answer (its file not yet written, or being written): the next start imports the seed again, and writes made during its first write survive a kill', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-firstwrite-'));
    const seed = join(dir, 'seed.json');
    // large enough that its store file takes a while to write
    writeFileSync(seed, JSON.stringify(generateDataset({ articles: 2000 })));
    const data = join(dir, 'db.json');

    const first = await startChildServer(data, ['--no-watch'], { seed });
    onTestFinished(() => first.kill());
    const listed = await fetch(`${first.url}/api/articles?pagination[pageSize]=1`);
    expect(listed.status).toBe(200);
    const total = ((await listed.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
    await first.kill();

    const second = await startChildServer(data, ['--no-watch'], { seed });
    onTestFinished(() => second.kill());
    const again = (await (await fetch(`${second.url}/api/articles?pagination[pageSize]=1`)).json()) as {
      meta: { pagination: { total: number } };
    };
    expect(again.meta.pagination.total).toBe(total);
    // writes from the first moment: each acknowledged one finds the store file there
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const made = await postTag(second.url, `early-${w}-${i}`);
          if (made.status !== 201 || !made.documentId) continue;
          expect(existsSync(data)).toBe(true);
          acknowledged.push(made.documentId);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Promise.all([0, 1, 2].map(writer));
    const deadline = Date.now() + 20_000;
    while (acknowledged.length < 5 && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 5));
    await second.kill();
    stop = true;
    await writers;
    expect(acknowledged.length).toBeGreaterThanOrEqual(5);

    const third = await startChildServer(data, ['--no-watch'], { seed });
    try {
      for (const id of acknowledged) expect((await fetch(`${third.url}/api/tags/${id}`)).status, id).toBe(200);
    } finally {
      await third.stop();
    }
  }, 90_000);
});
