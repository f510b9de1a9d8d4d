import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Strapi's i18n middleware syncs a write's non-localized attributes to the other locales when they differ from
// "the document's first row", which its lookup by documentId meets through the documents index: by locale, then
// draft before published, not by row id. Replayed against real Strapi 5.54 with scripts/harness/probe.mjs.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('events')));
afterAll(() => server.close());

test("the first row is the first locale's draft, whichever row was created first", async () => {
  const created = await call('POST', '/api/event-entries?status=draft', { data: { title: 'E', startsAt: '2024-01-01T00:00:00.000Z' } });
  const id = (created.body.data as Doc).documentId;
  const put = async (query: string, data: unknown) =>
    expect((await call('PUT', `/api/event-entries/${id}?${query}`, { data })).status).toBe(200);
  const capacity = async (query: string) =>
    ((await call('GET', `/api/event-entries/${id}?${query}&fields[0]=capacity`)).body.data as Doc).capacity;
  await put('locale=de&status=draft', { title: 'D' });
  await put('locale=de&status=published', { capacity: 4095 });
  await put('', { capacity: 1675 });
  // the de draft (the first row) keeps 4095 and an empty write to it changes nothing elsewhere
  await put('locale=de&status=draft', {});
  expect(await capacity('status=draft&locale=de')).toBe(4095);
  expect(await capacity('status=draft')).toBe(1675);
  // an empty write to the en draft differs from the first row: its values reach the other drafts
  await put('status=draft', {});
  expect(await capacity('status=draft&locale=de')).toBe(1675);
});
