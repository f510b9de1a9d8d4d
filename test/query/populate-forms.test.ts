import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// Populate forms that qs produces when a client mixes lists, objects and strings, and wildcards that reach a
// localized type (links-mini: holder → things (localized, scalars only), holder → plain (scalars only), holder.ref
// component → thing). Each expectation was replayed against real Strapi 5.54 (scripts/harness/probes/links-mini-*.json).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
let holder: string;
beforeAll(async () => {
  ({ server, call } = await modelServer('links-mini'));
  const thing = ((await call('POST', '/api/things', { data: { title: 'published' } })).body.data as Doc).documentId;
  const plain = ((await call('POST', '/api/plains', { data: { label: 'pl' } })).body.data as Doc).documentId;
  const created = await call('POST', '/api/holders', { data: { name: 'H', ref: { label: 'a', thing }, things: [thing], plain } });
  holder = (created.body.data as Doc).documentId;
});
afterAll(() => server.close());

const get = (query: string) => call('GET', `/api/holders/${holder}?${query}`);
const INVALID_POPULATE = 'Invalid populate parameter. Expected a string, an array of strings, a populate object';

test('a populate list holding an object is refused as a whole; from its third item on, by the index as a key', async () => {
  for (const query of [
    'populate[ref][populate]=*&populate=things',
    'populate=things&populate[ref][populate]=*',
    'populate[0][ref]=true',
    'populate[0][zzz]=true',
    'populate[0]=zzz&populate[1][ref]=true',
  ]) {
    const answer = await get(query);
    expect(answer.status, query).toBe(400);
    expect(answer.body.error?.message, query).toBe(INVALID_POPULATE);
    expect(answer.body.error?.details, query).toEqual({});
  }
  const third = await get('populate[0]=things&populate[1]=plain&populate[2][ref]=true');
  expect(third.status).toBe(400);
  expect(third.body.error?.details).toEqual({ key: '2', path: null, source: 'query', param: 'populate' });
});

test('boolean-like keys of a populate object are skipped, whatever they hold', async () => {
  for (const query of [
    'populate[0]=plain&populate[things]=true',
    'populate[0]=true&populate[things]=true',
    'populate[true]=true&populate[things]=true',
    'populate[1][zzz]=true&populate[things]=true',
  ]) {
    const answer = await get(query);
    expect(answer.status, query).toBe(200);
    const data = answer.body.data as Doc;
    expect(
      (data.things as Doc[]).map((t) => t.title),
      query,
    ).toEqual(['published']);
    expect(data.plain, query).toBeUndefined();
  }
  // the key after a skipped one is still checked
  const answer = await get('populate[0]=plain&populate[zzz]=true');
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toBe('Invalid key zzz');
});

test("`populate[attr]=*` on a localized target with scalars only stops at i18n's `localizations`", async () => {
  for (const [query, path] of [
    ['populate[things]=*', 'things.localizations'],
    ['populate[plain]=true&populate[things]=*', 'things.localizations'],
    ['populate[ref][populate][thing]=*', 'ref.thing.localizations'],
  ]) {
    const answer = await get(query);
    expect(answer.status, query).toBe(400);
    expect(answer.body.error?.message, query).toBe(`Invalid key localizations at ${path}`);
  }
  const self = await call('GET', '/api/things?populate[localizations]=*');
  expect(self.body.error?.message).toBe('Invalid key localizations at localizations.localizations');
  // a target without i18n has no such attribute: its scalars are all there is
  expect((await get('populate[plain]=*')).status).toBe(200);
  // (there `localizations` is i18n's hidden field, refused by name)
  const plains = await call('GET', '/api/plains?populate[localizations]=*');
  expect(plains.body.error?.details).toEqual({ key: 'localizations', path: 'localizations', source: 'query', param: 'populate' });
});

test('a nested wildcard is refused after the whole query validated and the pagination form, before the rest', async () => {
  const message = async (query: string) => (await call('GET', `/api/holders?${query}`)).body.error?.message;
  const wildcard = 'Invalid key localizations at things.localizations';
  // validation of every populate key, filters and fields comes first
  expect(await message('populate[things]=*&populate[zzz]=true')).toBe('Invalid key zzz');
  expect(await message('populate[things]=*&populate[ref][populate][zzz]=true')).toBe('Invalid key zzz at ref');
  expect(await message('populate[things]=*&filters[name][$foo]=1')).toBe('Invalid key $foo at name');
  expect(await message('populate[things]=*&pagination[page]=1&pagination[limit]=2')).toBe(
    'Cannot use both page & offset pagination in the same query',
  );
  // then the wildcard, before status, pagination values, top-level pagination keys and sort conversion
  for (const query of ['status=foo', 'pagination[page]=0', 'page=2', 'sort=name:up'])
    expect(await message(`populate[things]=*&${query}`), query).toBe(wildcard);
});
