import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { writeClient, type Answer, type Doc } from './write-client.js';

type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;

// A PUT in a locale an existing document lacks creates that locale from `{ ...data, documentId }` (the document
// service's update): a list spreads into index keys that are no attribute, so nothing of it is written and the
// answer is 200; in a locale the document has, the list is refused as before. Probed on Strapi 5.54 for a type
// without draft & publish (scripts/harness/reports/s13-write-probes/list-data-new-locale.json; launchpad 1601).
describe('a list as data for a new locale', () => {
  let server: MockServer;
  let call: Call;
  beforeAll(async () => ({ server, call } = await writeClient('list-data-token')));
  afterAll(() => server.close());

  test('creates the locale empty, then is refused', async () => {
    expect((await call('PUT', '/api/global?locale=fr', { data: { siteName: 'fr' } })).status).toBe(200);
    const created = await call('PUT', '/api/global?locale=de', { data: [{ siteName: 'de' }] });
    expect(created.status).toBe(200);
    expect((created.body.data as Doc).siteName).toBe(null);
    expect((created.body.data as Doc).locale).toBe('de');
    const again = await call('PUT', '/api/global?locale=de', { data: [{ siteName: 'de2' }] });
    expect(again.status).toBe(400);
  });
});
