import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { list, one, writeClient, type Answer } from './write-client.js';

// Strapi's document service deletes the rows it looks up with the request's where spread over the lookup
// (`{ ...lookup, ...where, documentId }`): `filters`, `_q` and `publicationFilter` on a DELETE narrow which versions
// go, a top-level `locale` filter replaces the locale lookup, and the route's documentId replaces a documentId filter.
// Replayed against real Strapi 5.54 (scripts/harness/reports/s13-write-probes/delete-filters.json); found by the
// write grammar (sitedemo seed 1501: `DELETE …?filters[id]=1` left the draft in Strapi).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('delete-filters-token')));
afterAll(() => server.close());

const create = async (title: string, query = '') => one(await call('POST', `/api/articles${query}`, { data: { title } })).documentId;
const status = async (path: string) => (await call('GET', path)).status;

test('a filter on the published row deletes that version only', async () => {
  const a = await create('delete-filter A');
  expect((await call('DELETE', `/api/articles/${a}?filters[publishedAt][$notNull]=true`)).status).toBe(204);
  expect(await status(`/api/articles/${a}`)).toBe(404);
  expect(await status(`/api/articles/${a}?status=draft`)).toBe(200);
});

test('a filter no row matches, an unmatched _q or publication filter delete nothing', async () => {
  const b = await create('delete-filter B');
  for (const query of ['filters[title]=nope', '_q=zzz', 'publicationFilter=never-published'])
    expect((await call('DELETE', `/api/articles/${b}?${query}`)).status).toBe(204);
  expect(await status(`/api/articles/${b}`)).toBe(200);
  expect(await status(`/api/articles/${b}?status=draft`)).toBe(200);
});

test('filters on the row id; the route documentId wins over a documentId filter; a locale filter picks the locale', async () => {
  const c = await create('delete-filter C');
  const draftId = one(await call('GET', `/api/articles/${c}?status=draft`)).id;
  await call('DELETE', `/api/articles/${c}?filters[id]=${draftId}`);
  expect(await status(`/api/articles/${c}?status=draft`)).toBe(404);
  expect(await status(`/api/articles/${c}`)).toBe(200);

  const d = await create('delete-filter D');
  await call('DELETE', `/api/articles/${d}?filters[documentId]=zzz`);
  expect(await status(`/api/articles/${d}?status=draft`)).toBe(404);

  const f = await create('delete-filter F', '?locale=fr');
  await call('DELETE', `/api/articles/${f}?filters[locale]=fr`);
  expect(await status(`/api/articles/${f}?locale=fr&status=draft`)).toBe(404);
  expect(list(await call('GET', `/api/articles?locale=fr&status=draft&filters[documentId]=${f}`))).toEqual([]);
});

test('an enumeration given a number or boolean is echoed as yup casts it, as text', async () => {
  const answer = await call('POST', '/api/articles', { data: { title: 'E', kind: 12, cover: 999_999 } });
  expect(answer.status).toBe(400);
  const errors = answer.body.error!.details.errors!;
  expect(errors[0].value).toBe('12');
  expect((errors.at(-1)!.value as Record<string, unknown>).kind).toBe('12');
  const listed = await call('POST', '/api/articles', { data: { title: 'E', kind: [1], cover: 999_999 } });
  expect(listed.body.error!.details.errors![0].value).toEqual([1]);
});
