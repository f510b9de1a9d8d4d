import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { StoreData } from '../../src/core/data/types.js';
import { createServer } from '../../src/mock/create-server.js';
import type { ReloadEvent } from '../../src/mock/watch/hot-reload.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';
import { postTag } from './child-server.js';

// Under one write every 100 ms the store is never idle: the file of record is folded anyway within seconds, and an
// edit of it by hand (valid or not) while acknowledged writes are only in the journal never drops them.

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const namesIn = (file: string) =>
  new Set((JSON.parse(readFileSync(file, 'utf8')) as StoreData).types['api::tag.tag'].map((t) => t.name as string));

test('steady writes: the file is folded within seconds; hand edits, valid or not, lose no acknowledged write', async () => {
  const data = join(mkdtempSync(join(tmpdir(), 'cm-steady-')), 'db.json');
  const options = { schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, data };
  const logs: string[] = [];
  const events: ReloadEvent[] = [];
  const server = await createServer({
    ...options,
    watch: true,
    logger: { info: (l) => logs.push(l), error: (l) => logs.push(l) },
    onReload: (e) => events.push(e),
  });
  const { url } = await server.listen(0);
  const acked: string[] = [];
  let stop = false;
  const writer = (async () => {
    for (let i = 0; !stop; i++) {
      const res = await postTag(url, `steady-${i}`);
      if (res.status === 201) acked.push(`steady-${i}`);
      await sleep(100);
    }
  })();
  try {
    await sleep(7_500);
    // never idle for 2 s, yet the file holds what was acknowledged more than ~5 s ago
    const early = acked.slice(0, 10);
    expect(early).toHaveLength(10);
    const inFile = namesIn(data);
    for (const name of early) expect(inFile.has(name)).toBe(true);

    // a valid edit by hand while the journal holds acknowledged writes the file lacks
    const waitFor = async (n: number) => {
      const deadline = Date.now() + 10_000;
      while (events.filter((e) => e.kind === 'data').length < n && Date.now() < deadline) await sleep(50);
    };
    const edited = JSON.parse(readFileSync(data, 'utf8')) as StoreData;
    const lacking = acked.filter((n) => !new Set(edited.types['api::tag.tag'].map((t) => t.name)).has(n));
    edited.types['api::tag.tag'][0].name = 'edited-by-hand';
    writeFileSync(data, JSON.stringify(edited, null, 2));
    await waitFor(1);
    expect(events.filter((e) => e.kind === 'data')).toEqual([expect.objectContaining({ ok: true })]);
    if (lacking.length > 0)
      expect(logs.join('\n')).toMatch(/re-applied \d+ acknowledged changes? that db\.json did not hold yet on top of the edit/);

    // an invalid edit: the server keeps its data and goes on
    writeFileSync(data, '{ "format": "content-mock-store/1", "types": {');
    await waitFor(2);
    expect(events.filter((e) => e.kind === 'data')[1]).toMatchObject({ ok: false });
    await sleep(1_000);
  } finally {
    stop = true;
    await writer;
  }
  const check = async (base: string) => {
    const res = await fetch(`${base}/api/tags?pagination[pageSize]=1000`);
    const names = new Set(((await res.json()) as { data: { name: string }[] }).data.map((t) => t.name));
    expect(names.has('edited-by-hand')).toBe(true);
    for (const name of acked) expect(names.has(name)).toBe(true);
  };
  await check(url);
  await server.close();
  // and after a restart
  const again = await createServer(options);
  const { url: url2 } = await again.listen(0);
  await check(url2);
  await again.close();
}, 60_000);
