import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Strapi's ordering error prints a positional connect's position as the body gave it, plus the default locale its
// `setDefaultLocaleToRelations` writes into the position of a writer without i18n when the entry names no locale.
// A writer with i18n gets no locale added. Replayed on real Strapi 5.54: scripts/harness/probes/inverse-position-locale.json.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('events')));
afterAll(() => server.close());

test('the position in an ordering error carries a locale only where Strapi adds one', async () => {
  const a = (await call('POST', '/api/speakers?locale=de', { data: { name: 'A' } })).body.data as Doc;
  const b = (await call('POST', '/api/speakers?locale=de', { data: { name: 'B' } })).body.data as Doc;
  const message = async (path: string, data: unknown) => (await call('POST', path, { data })).body.error?.message;
  const refused = (position: string) =>
    `There was a problem connecting relation with id ${a.id} at position ${position}. The relation with id ${b.id} needs to be connected first.`;
  const after = { after: b.documentId };
  expect(
    await message('/api/event-entries?locale=de&status=draft', {
      title: 'E',
      startsAt: '2024-01-01T00:00:00.000Z',
      speakers: { connect: [{ documentId: a.documentId, position: after }] },
    }),
  ).toBe(refused(`{"after":${b.id}}`));
  expect(
    await message('/api/tag-groups-list?status=draft', {
      label: 'P',
      speakers: { connect: [{ documentId: a.documentId, locale: 'de', position: after }] },
    }),
  ).toBe(refused(`{"after":${b.id}}`));
  expect(
    await message('/api/tag-groups-list?status=draft', {
      label: 'P',
      speakers: { connect: [{ documentId: a.documentId, locale: 'de', position: { ...after, locale: 'de' } }] },
    }),
  ).toBe(refused(`{"after":${b.id},"locale":"de"}`));
});
