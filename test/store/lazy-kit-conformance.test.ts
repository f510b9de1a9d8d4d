import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL, KIT_TOKEN, kitCases } from '../helpers/kit.js';
import { firstDifference, Replayer } from '../kit/replay.js';
import { fromDist, readAheadWaiting } from '../helpers/lazy-seed.js';

// The kit's recorded reads (those before its first write), each answered by a server whose seed's components, zones,
// json and blocks still wait as text (serve --memory builds them after start-up, see DeferredValues): a read either
// builds the rows it shows and gathers, or waits for every value. Either way its answer is real Strapi's. A server
// that has built everything is replaced by a fresh one, so every read meets values still waiting.

/** The kit served lazily, nothing built: the outline handed on without `poll`, the background build stopped. */
async function startWaiting(): Promise<{ server: MockServer; url: string }> {
  const { createServer } = (await fromDist('mock/create-server.js')) as typeof import('../../src/mock/create-server.js');
  const take = () => readAheadWaiting(KIT_DATASET);
  const server = await createServer({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, memory: true, seedRead: { take } });
  server.runtime().store.stopSettling();
  const { url } = await server.listen(0, '127.0.0.1');
  return { server, url };
}

describe('the kit read before its values are built', () => {
  const dataset = JSON.parse(readFileSync(KIT_DATASET, 'utf8')) as ConstructorParameters<typeof Replayer>[1];
  const cases = kitCases();
  const reads = cases.slice(
    0,
    cases.findIndex((c) => c.mutates || (c.method ?? 'GET') !== 'GET'),
  );
  let current: { server: MockServer; url: string } | undefined;
  let waitingReads = 0;
  afterAll(async () => {
    await current?.server.close();
  });

  test('every read answers as real Strapi did, most of them with values still waiting', async () => {
    for (const c of reads) {
      if (!current || !current.server.runtime().store.unsettled) {
        await current?.server.close();
        current = await startWaiting();
      }
      expect(current.server.runtime().store.unsettled).toBe(true);
      const replayer = new Replayer(current.url, dataset, KIT_TOKEN);
      const answer = await replayer.send(c);
      if (current.server.runtime().store.unsettled) waitingReads++;
      expect(answer.status, `${c.name}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(c.status);
      const norm = replayer.normaliser();
      expect(firstDifference(norm(c.response), norm(answer.body)), c.name).toBeNull();
    }
    // populates included: only a filter or sort naming a waiting attribute, or another route, builds them all
    expect(waitingReads).toBeGreaterThan(reads.length / 2);
  });
});
