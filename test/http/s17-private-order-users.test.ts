import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { replayOnKit, type Recorded } from '../helpers/recorded-steps.js';
import { modelServer } from '../write/model-server.js';

// Recorded on Strapi 5.54, replayed on a mock; what the held-out grammar2 runs found (starterblog 1954, adfinis 1955).
// - The private pass walks the populate in its key order, private system relations included: a private relation
//   before `createdBy` is the one named (probe s17-private-system-order, test/fixtures/models/dotted-private).
// - A name under a file's private `folder` is walked as a dot path under the folder type; the users routes convert
//   their top-level pagination as the plugin's service does (the converter's messages) and take any `status`
//   (probe s17-users-pagination-folder-name, an empty kit).
const recorded = (file: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'recorded', file), 'utf8')) as Recorded[];

describe('private relations and createdBy in key order (probe s17-private-system-order)', () => {
  let server: MockServer;
  let call: Awaited<ReturnType<typeof modelServer>>['call'];
  beforeAll(async () => {
    ({ server, call } = await modelServer('dotted-private'));
  });
  afterAll(() => server.close());
  test.each(recorded('s17-private-system-order.json').map((r) => [r.step.path, r] as const))('%s', async (path, r) => {
    const answer = await call('GET', path);
    expect(answer.status).toBe(r.status);
    expect(answer.body).toEqual(r.body);
  });
});

describe('folder names and users pagination (probe s17-users-pagination-folder-name)', () => {
  replayOnKit('s17-users-pagination-folder-name.json', (body) => body);
});
