import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { hostileRequests, vocabularyOf } from '../../scripts/fuzz/requests.mjs';
import { runFuzz } from '../../scripts/fuzz/send.mjs';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL, startKitServer } from '../helpers/kit.js';
import { readFileSync } from 'node:fs';

// Seeded fuzzing: a few thousand hostile query strings and bodies (every parameter, nested, malformed, prototype
// keys, non-callable toString, broken JSON and multipart, forged tokens) against the kit. Not one 5xx, not one
// dropped connection, and the server answers afterwards. `node scripts/fuzz.mjs` runs the long version.

const kitConfig = JSON.parse(readFileSync(KIT_CONFIG, 'utf8')) as { permissions: { public: Record<string, unknown> } };
let server: MockServer;
let url: string;
beforeAll(async () => {
  ({ server, url } = await startKitServer({
    permissions: {
      public: { ...kitConfig.permissions.public, 'plugin::upload.content-api.upload': true, 'plugin::users-permissions.user.find': true },
    },
  }));
});
afterAll(() => server.close());

describe('seeded fuzzing', () => {
  test('2,000 hostile requests: zero 5xx, zero dropped connections, the server alive', { timeout: 60_000 }, async () => {
    const generator = hostileRequests(vocabularyOf(KIT_MODEL, KIT_DATASET), 20261124);
    const { statuses, failures } = await runFuzz(url, generator, { count: 2000, concurrency: 8 });
    expect(failures.slice(0, 5)).toEqual([]);
    expect(Object.keys(statuses).every((s) => /^[1-4]\d\d$/.test(s) || s === '200')).toBe(true);
    // a spread of answers, not 2,500 copies of one refusal
    expect(Object.keys(statuses).length).toBeGreaterThan(4);
    expect((await fetch(`${url}/_health`)).status).toBe(204);
  });
});
