import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { one, type Answer } from './write-client.js';
import { modelServer } from './model-server.js';

// Required components as Strapi 5.54's validator checks them: left out of a create, "must be defined." (a required
// list, repeatable or dynamic zone, even on a draft: it has no `[]` default); `null` for a required single component
// outside drafts, "must be a `object` type", on an update too, and at publish when the draft holds none. Each answer
// was replayed against real Strapi 5.54 (scripts/harness/probes/required-component.json with scripts/harness/probe.mjs).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('required-component')));
afterAll(() => server.close());

const errorsOf = (a: Answer) => a.body.error?.details.errors?.map((e) => [e.path.join('.'), e.message, 'value' in e ? e.value : '-']);
const nullObject = (name: string) => [name, `${name} must be a \`object\` type, but the final value was: \`null\`.`, null];

test('left out of a create: "must be defined.", without a value', async () => {
  expect(errorsOf(await call('POST', '/api/orders', { data: { code: 'a' } }))).toEqual(
    ['shipping', 'plain', 'loose', 'lines'].map((name) => [name, `${name} must be defined.`, '-']),
  );
});

test('null for a required single component is a type error, on a create and on an update', async () => {
  const a = await call('POST', '/api/orders', { data: { code: 'a', shipping: null, plain: null, loose: null, lines: [], maybe: null } });
  expect(errorsOf(a)).toEqual([nullObject('shipping'), nullObject('plain'), nullObject('loose')]);
  const b = one(
    await call('POST', '/api/orders', { data: { code: 'b', shipping: { name: 'x' }, plain: { name: 'y' }, loose: {}, lines: [] } }),
  );
  expect(errorsOf(await call('PUT', `/api/orders/${b.documentId}`, { data: { loose: null, plain: null } }))).toEqual([
    nullObject('plain'),
    nullObject('loose'),
  ]);
  expect((await call('PUT', `/api/orders/${b.documentId}`, { data: { maybe: null, code: 'c' } })).status).toBe(200);
});

test('a draft needs its required lists; a single component is checked when it publishes', async () => {
  expect(errorsOf(await call('POST', '/api/carts?status=draft', { data: { code: 'd' } }))).toEqual([
    ['lines', 'lines must be defined.', '-'],
  ]);
  const d = one(await call('POST', '/api/carts?status=draft', { data: { code: 'd', lines: [] } }));
  expect(errorsOf(await call('PUT', `/api/carts/${d.documentId}`, { data: { code: 'e' } }))).toEqual([nullObject('shipping')]);
  expect(errorsOf(await call('POST', '/api/carts', { data: { code: 'g', lines: [] } }))).toEqual([nullObject('shipping')]);
  expect((await call('POST', '/api/carts', { data: { code: 'h', lines: [], shipping: { name: 's' } } })).status).toBe(201);
});

test('a private component in a comma list of populate is left out, not refused; alone it is refused', async () => {
  await call('POST', '/api/orders', {
    data: { code: 'p', shipping: { name: 'x' }, plain: { name: 'y' }, loose: {}, lines: [], secret: { note: 's' } },
  });
  const listed = await call('GET', '/api/orders?populate=secret,plain&fields[0]=code&filters[code]=p');
  expect(listed.status).toBe(200);
  expect(Object.keys((listed.body.data as Record<string, unknown>[])[0])).toEqual(['id', 'documentId', 'code', 'plain']);
  expect((await call('GET', '/api/orders?populate[0]=plain,secret&filters[code]=p')).status).toBe(200);
  expect((await call('GET', '/api/orders?populate=secret')).body.error?.message).toBe('Invalid key secret');
  expect((await call('GET', '/api/orders?populate=plain,secret.note')).body.error?.message).toBe('Invalid key note at secret.note');
});
