import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { list, one, type Answer } from './write-client.js';
import { modelServer } from './model-server.js';

// A project made before Strapi 5.54: its config/api.js sets neither `rest.strictParams` nor a `documents` block, so
// Strapi 5.54 runs with both strictParams off. Unknown query keys are ignored, `status` is never checked (anything
// but `published` reads and writes drafts) and pagination fails in the query conversion, with its own messages.
// Each answer was replayed against real Strapi 5.54 (scripts/harness/probes/nonstrict-params-reads.json and
// required-component-create.json with scripts/harness/probe.mjs, on two such projects).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('legacy-params')));
afterAll(() => server.close());

const error = (a: Answer) => [a.status, (a.body as { error?: { name?: string; message: string } }).error?.message];
const nameOf = (a: Answer) => (a.body as { error?: { name: string } }).error?.name;

test('unknown query keys are ignored, on reads and writes', async () => {
  expect((await call('GET', '/api/notes?foo=1')).status).toBe(200);
  const created = await call('POST', '/api/notes?foo=1', { data: { name: 'n' } });
  expect(created.status).toBe(201);
  expect((await call('PUT', `/api/notes/${one(created).documentId}?foo=1`, { data: { name: 'm' } })).status).toBe(200);
});

test('a status other than published means draft, on reads and writes; only status=draft refuses a delete', async () => {
  const draft = one(await call('POST', '/api/notes?status=modified', { data: { name: 'draft only' } }));
  expect(draft.publishedAt).toBeNull();
  const published = one(await call('POST', '/api/notes?status=published', { data: { name: 'published' } }));
  expect(published.publishedAt).not.toBeNull();
  const names = async (q: string) => list(await call('GET', `/api/notes?${q}&fields[0]=name`)).map((d) => d.name);
  expect(await names('status=modified')).toEqual(expect.arrayContaining(['draft only', 'published']));
  expect(await names('status[0]=published')).toContain('draft only');
  expect(await names('status=published')).not.toContain('draft only');
  expect((await call('GET', `/api/notes/${draft.documentId}?status=other`)).status).toBe(200);
  expect((await call('GET', '/api/notes?locale[a]=b')).status).toBe(200);
  expect((await call('DELETE', `/api/notes/${draft.documentId}?status=modified`)).status).toBe(204);
  expect((await call('GET', `/api/notes/${draft.documentId}?status=draft`)).status).toBe(404);
});

test('pagination fails in the query conversion: its messages, after the sort conversion, before withCount', async () => {
  expect(error(await call('GET', '/api/notes?pagination[page]=1.5'))).toEqual([
    400,
    'convertStartQueryParams expected a positive integer got 12.5',
  ]);
  expect(error(await call('GET', '/api/notes?pagination[page]=abc'))).toEqual([
    400,
    'convertStartQueryParams expected a positive integer got NaN',
  ]);
  expect(error(await call('GET', '/api/notes?pagination[pageSize]=1.5'))).toEqual([
    400,
    'convertLimitQueryParams expected a positive integer got 1.5',
  ]);
  expect(error(await call('GET', '/api/notes?pagination[page]=abc&sort=id:sideways'))).toEqual([
    400,
    'Invalid order. order can only be one of asc|desc|ASC|DESC',
  ]);
  expect(error(await call('GET', '/api/notes?pagination[page]=abc&pagination[withCount]=no'))[1]).toMatch(/^convertStartQueryParams/);
  expect(error(await call('GET', '/api/notes?status=x&pagination[withCount]=no'))[1]).toMatch(/^Invalid withCount parameter/);
  const pageForm = 'Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object';
  for (const q of ['page=2', 'page=']) {
    const a = await call('GET', `/api/notes?${q}`);
    expect([...error(a), nameOf(a)]).toEqual([400, pageForm, 'PaginationError']);
  }
  // a list's top-level start is replaced by the service's window; a findOne's is converted
  expect((await call('GET', '/api/notes?start=abc')).status).toBe(200);
  const id = one(await call('POST', '/api/notes', { data: { name: 'x' } })).documentId;
  expect(error(await call('GET', `/api/notes/${id}?page=abc`))).toEqual([
    400,
    "Invalid 'page' parameter. Expected an integer > 0, received: abc",
  ]);
  expect(error(await call('GET', `/api/notes/${id}?start=abc`))).toEqual([
    400,
    'convertStartQueryParams expected a positive integer got NaN',
  ]);
  expect(error(await call('GET', `/api/notes/${id}?limit=1.5`))).toEqual([
    400,
    'convertLimitQueryParams expected a positive integer got 1.5',
  ]);
  expect(error(await call('GET', `/api/notes/${id}?page=1&start=1`))).toEqual([400, pageForm]);
  expect((await call('GET', `/api/notes/${id}?page=2`)).status).toBe(200);
});

test('a required component: absent on a create must be defined, null is not an object', async () => {
  const errorsOf = (a: Answer) => a.body.error?.details.errors?.map((e) => [e.path.join('.'), e.message, e.value]);
  expect(errorsOf(await call('POST', '/api/pages', { data: { title: 't' } }))).toEqual([['seo', 'seo must be defined.', undefined]]);
  const nullType = ['seo', 'seo must be a `object` type, but the final value was: `null`.', null];
  expect(errorsOf(await call('POST', '/api/pages', { data: { title: 't', seo: null } }))).toEqual([nullType]);
  const page = await call('POST', '/api/pages', { data: { title: 't', seo: { metaTitle: 'm' } } });
  expect(page.status).toBe(201);
  expect(errorsOf(await call('PUT', `/api/pages/${one(page).documentId}`, { data: { seo: null } }))).toEqual([nullType]);
  expect((await call('PUT', `/api/pages/${one(page).documentId}`, { data: { title: 'u' } })).status).toBe(200);
});
