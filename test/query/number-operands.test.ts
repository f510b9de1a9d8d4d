import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// Filter operands on number columns, cast as Strapi's database fields cast them (events: tag-group.rank is a
// biginteger, event-entry.capacity an integer). What they refuse is a 500 on real Strapi and a 400 here
// (scripts/harness/probes/events-number-operands.json).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('events')));
afterAll(() => server.close());

const status = async (path: string) => (await call('GET', path)).status;

test('a big integer operand is digits with an optional sign', async () => {
  for (const ok of ['12', '+12', '-12', ' 12 ']) expect(await status(`/api/tag-groups-list?filters[rank][$eq]=${ok}`), ok).toBe(200);
  for (const bad of ['1e3', '1.5', '0x10', 'Infinity', '12abc'])
    expect(await status(`/api/tag-groups-list?filters[rank][$eq]=${bad}`), bad).toBe(400);
});

test('another number operand is anything read as a finite number', async () => {
  for (const ok of ['1e3', '0x10', '1.5', '-3']) expect(await status(`/api/speakers?filters[events][capacity][$eq]=${ok}`), ok).toBe(200);
  for (const bad of ['Infinity', '-Infinity', 'abc'])
    expect(await status(`/api/speakers?filters[events][capacity][$eq]=${bad}`), bad).toBe(400);
});
