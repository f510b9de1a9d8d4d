import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Strapi 5's conditional fields (`conditions.visible`, a JSON Logic rule): where the rule does not hold over the
// data being validated (the body, a component value, the whole draft on publish), the attribute is not validated at
// all. Each expectation was replayed against real Strapi 5.54 (scripts/harness/probes/conditions-visible.json).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('conditions')));
afterAll(() => server.close());

const paths = (a: Answer) => (a.body.error?.details.errors ?? []).map((e) => e.path.join('.'));
const post = (data: unknown, query = '') => call('POST', `/api/link-items${query}`, { data });

test('a required field whose condition does not hold is not required, and its rules do not apply', async () => {
  expect((await post({ kind: 'page', page: 'home' })).status).toBe(201);
  expect((await post({})).status).toBe(201);
  // bounds, patterns: only where visible
  expect((await post({ kind: 'page', page: 'home', weight: 50, hidden: true })).status).toBe(201);
  expect(paths(await post({ kind: 'page', page: 'home', weight: 50 }))).toEqual(['weight']);
  expect(paths(await post({ kind: 'page', page: 'x', url: 'nope' }))).toEqual(['page']);
  expect(paths(await post({ kind: 'url', page: 'x' }))).toEqual(['url']);
  expect(paths(await post({ kind: 'url', url: 'ftp://x' }))).toEqual(['url']);
});

test('inside a component the condition reads the component value', async () => {
  expect((await post({ kind: 'page', page: 'home', cta: { style: 'text' } })).status).toBe(201);
  expect(paths(await post({ kind: 'page', page: 'home', cta: { style: 'button' } }))).toEqual(['cta.label']);
});

test('publishing checks the whole draft, so a condition can turn on through an attribute the request did not send', async () => {
  const draft = ((await post({ kind: 'url' }, '?status=draft')).body.data as Doc).documentId;
  expect(paths(await call('PUT', `/api/link-items/${draft}`, { data: { weight: 3 } }))).toEqual(['url']);
  expect(paths(await call('PUT', `/api/link-items/${draft}`, { data: { kind: 'page' } }))).toEqual(['page']);
  const published = await call('PUT', `/api/link-items/${draft}`, { data: { url: 'http://x' } });
  expect(published.status).toBe(200);
  expect((published.body.data as Doc).publishedAt).not.toBeNull();
});

test("a hidden integer is the database's number: 1.5 is stored and read back, and publishing checks it again", async () => {
  // probes/conditions-hidden-integer.json on real Strapi 5.54 (harness conditions-907)
  const draft = await post({ kind: 'url', url: 'https://x', weight: 1.5, hidden: true }, '?status=draft');
  expect([draft.status, (draft.body.data as Doc).weight]).toEqual([201, 1.5]);
  const id = (draft.body.data as Doc).documentId;
  const text = await post({ kind: 'url', url: 'https://x', weight: '2.5', hidden: true });
  expect([text.status, (text.body.data as Doc).weight]).toEqual([201, 2.5]);
  expect(paths(await post({ kind: 'url', url: 'https://x', weight: 1.5 }))).toEqual(['weight']);
  expect((await call('PUT', `/api/link-items/${id}?status=draft`, { data: { hidden: false } })).status).toBe(200);
  expect(paths(await call('PUT', `/api/link-items/${id}`, { data: { url: 'https://y' } }))).toEqual(['weight']);
});

test('a value of the wrong type is still refused where hidden (Strapi fails in its database; 400 here)', async () => {
  const answer = await post({ kind: 'page', page: 'home', weight: 'abc', hidden: true });
  expect(answer.status).toBe(400);
  expect(paths(answer)).toEqual(['weight']);
});

test('a hidden text field given another type is written as the database writes it: its text (harness conditions-504)', async () => {
  const created = await call('POST', '/api/link-items', { data: { kind: 'url', url: 'https://a.example', page: { nested: true } } });
  expect(created.status).toBe(201);
  expect((created.body.data as { page: string }).page).toBe('[object Object]');
});
