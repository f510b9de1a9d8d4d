import { readFileSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHandlers } from '../../src/mock/msw/index.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL, KIT_TOKEN, kitCases } from '../helpers/kit.js';
import { firstDifference, Replayer } from '../kit/replay.js';

// Every read-only case the kit recorded from real Strapi 5.54, answered in-process by the MSW handlers (no server,
// no port: `fetch` is intercepted) and compared as the kit test compares the server's answers.
const BASE = 'http://strapi.msw.test';

describe('conformance kit through MSW (setupServer + fetch)', () => {
  const handlers = createHandlers({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, baseUrl: BASE });
  const server = setupServer(...handlers);
  const replayer = new Replayer(BASE, JSON.parse(readFileSync(KIT_DATASET, 'utf8')), KIT_TOKEN);

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    await handlers.ready;
  });
  afterAll(() => server.close());

  for (const c of kitCases().filter((k) => !k.mutates)) {
    test(`${c.group}: ${c.method ?? 'GET'} ${c.path.slice(0, 110)} (${c.name})`, async () => {
      const answer = await replayer.send(c);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(c.status);
      expect(firstDifference(replayer.normaliser()(c.response), replayer.normaliser()(answer.body))).toBeNull();
    });
  }
});
