import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { writeClient, fixtureClient, type Answer, type Doc } from './write-client.js';

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

// A biginteger reads back as SQLite and better-sqlite3 give it to Strapi: a JS number, printed (past 2^53 the nearest
// double). As on Strapi 5.54: s13-write-probes/biginteger-readback.json (field-zoo 1601).
describe('a biginteger past 2^53', () => {
  let server: MockServer;
  let call: Call;
  beforeAll(async () => ({ server, call } = await fixtureClient('field-zoo')));
  afterAll(() => server.close());

  test.each([
    ['9007199254740993', '9007199254740992'],
    ['12345678901234567890', '12345678901234567000'],
    ['999999999999999999999999', '1e+24'],
    ['-42', '-42'],
  ])('%s reads %s', async (sent, read) => {
    const answer = await call('POST', '/api/buses', { data: { seats: 30, mileage: sent, route: 'north-1' } });
    expect(answer.body.error?.message).toBeUndefined();
    expect((answer.body.data as Doc).mileage).toBe(read);
  });
});
