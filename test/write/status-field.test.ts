import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { list, one, type Answer } from './write-client.js';
import { modelServer } from './model-server.js';

// Strapi 5.54 boots with an attribute named `status` (only its content-type builder refuses one) and serves it as a
// field, in writes, filters and answers; `?status=` keeps meaning draft or published. `sort=status` never sorts by
// the field: the database orders a `status` attribute by the row's publication state, which on a type without i18n
// (no locale to match) is the same for every row, and drops `status` on a type without the attribute. Each answer
// was replayed against real Strapi 5.54 (scripts/harness/probes/status-field.json with scripts/harness/probe.mjs).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('status-field')));
afterAll(() => server.close());

const names = (a: Answer) => list(a).map((d) => d.name);

/** A published document, a never published one and a published one edited since, in that order of ids. */
async function three(route: string, statuses: [unknown, unknown, unknown]) {
  expect((await call('POST', `/api/${route}`, { data: { name: 'one', status: statuses[0] } })).status).toBe(201);
  expect((await call('POST', `/api/${route}?status=draft`, { data: { name: 'two', status: statuses[1] } })).status).toBe(201);
  const third = one(await call('POST', `/api/${route}`, { data: { name: 'three', status: statuses[2] } }));
  expect((await call('PUT', `/api/${route}/${third.documentId}?status=draft`, { data: { name: 'three b' } })).status).toBe(200);
}

test('a status attribute is a field: written, validated, filtered, returned, beside the status parameter', async () => {
  await three('tickets', ['closed', 'open', 'waiting']);
  const bad = await call('POST', '/api/tickets', { data: { name: 'x', status: 'nope' } });
  expect(bad.status).toBe(400);
  expect(bad.body.error?.message).toBe('status must be one of the following values: open, closed, waiting, ');
  expect(names(await call('GET', '/api/tickets?status=draft&filters[status][$eq]=open'))).toEqual(['two']);
  const published = await call('GET', '/api/tickets?fields[0]=status');
  expect(list(published).map((d) => d.status)).toEqual(['closed', 'waiting']);
  const step = await call('POST', '/api/tickets', { data: { name: 's', steps: [{ label: 'a', status: true }] } });
  expect(one(step).documentId).toBeTruthy();
  expect(names(await call('GET', '/api/tickets?filters[steps][status]=true'))).toEqual(['s']);
});

test('sort=status on a type without i18n leaves the order as it is, attribute or not', async () => {
  for (const sort of ['status:asc', 'status:desc']) {
    expect(names(await call('GET', `/api/tickets?status=draft&sort=${sort}&filters[name][$ne]=s`))).toEqual(['one', 'two', 'three b']);
  }
  await three('memos', [undefined, undefined, undefined]);
  expect(names(await call('GET', '/api/memos?status=draft&sort=status:desc'))).toEqual(['one', 'two', 'three b']);
  await call('POST', '/api/log-entries', { data: { name: 'l1', status: 'zeta' } });
  await call('POST', '/api/log-entries', { data: { name: 'l2', status: 'alpha' } });
  expect(names(await call('GET', '/api/log-entries?sort=status:asc'))).toEqual(['l1', 'l2']);
});

test('sort=status on a localized type with the attribute orders by publication state: never published, edited, published', async () => {
  await three('notices', ['c', 'a', 'b']);
  expect(names(await call('GET', '/api/notices?status=draft&sort=status:asc&fields[0]=name'))).toEqual(['two', 'three b', 'one']);
  expect(names(await call('GET', '/api/notices?status=draft&sort=status:desc'))).toEqual(['one', 'three b', 'two']);
  // the rank is an expression, not a column: fields stay as asked
  expect(Object.keys(list(await call('GET', '/api/notices?status=draft&sort=status:asc&fields[0]=name'))[0])).toEqual([
    'id',
    'documentId',
    'name',
  ]);
});
