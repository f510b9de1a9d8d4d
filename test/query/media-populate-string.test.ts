import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { modelServer } from '../write/model-server.js';
import type { Answer } from '../write/write-client.js';

// Real Strapi 5.54's answers to scripts/harness/probes/media-populate-string.json on test/fixtures/models/events: a
// name given as a media attribute's populate (`populate[photos]=updatedAt`) is refused at `photos.<name>` when the
// upload file's schema has it (its scalars, timestamps, `related`, `folder`), at `photos` otherwise (harness run.mjs
// nuxt-sandbox 902).
interface Recorded {
  readonly step: { method: string; path: string };
  readonly status: number;
  readonly body: { data: unknown; error?: unknown };
}
const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'recorded', 'media-populate-string.json'), 'utf8'),
) as Recorded[];

let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  ({ server, call } = await modelServer('events'));
});
afterAll(() => server.close());

test.each(recorded.map((r, i) => [i, r.step.path, r] as const))('step %i: GET %s', async (_, __, r) => {
  const answer = await call(r.step.method, r.step.path);
  expect(answer.status).toBe(r.status);
  expect(answer.body.error).toEqual(r.body.error);
});
