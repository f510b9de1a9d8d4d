import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// The database processes a field's conditions in order, casting each value as it goes: a value it cannot cast is
// reported before a key it refuses further on. A list of conditions inside a list under a relation cannot be bound
// (real Strapi 5.54 on the events model, harness events-601: its format error; a 500, here a 400 that says so).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('events')));
afterAll(() => server.close());

const error = async (path: string) => (await call('GET', path)).body.error;

test('a value the database cannot cast, before a refused key, is reported first', async () => {
  const first = await error('/api/venues?filters[$not][updatedAt][$in][0]=&filters[$not][updatedAt][$in][1][$and][0]=2020-13-45');
  expect(first?.message).toBe('Invalid format, expected a timestamp or an ISO date');
  // the refused key alone (or first) is the database's failure
  const refused = await error('/api/venues?filters[updatedAt][$in][0][$and][0]=2020-13-45&filters[updatedAt][$in][1]=');
  expect(refused?.message).toContain('Undefined attribute level operator $and');
});

test('a list of conditions inside a list under a relation is a database failure', async () => {
  const answer = await error(
    '/api/speakers?filters[$not][events][0][0][publishedAt][$notNull]=false&filters[$not][events][0][1][publishedAt][$notNull]=false',
  );
  expect(answer?.message).toContain('real Strapi fails with a 500 here');
});

test('a list of one condition inside a list under a relation is that condition: it matches no id (probes/nested-list-under-link.json)', async () => {
  const answer = await call('GET', '/api/speakers?filters[events][0][0][publishedAt][$notNull]=false');
  expect(answer.status).toBe(200);
  expect(answer.body.data).toEqual([]);
});

test("only a cast operator's value is cast inside an operator object listed under a field (harness status-field-601)", async () => {
  expect((await call('GET', '/api/venues?filters[updatedAt][0][$notNull]=true')).status).toBe(200);
  expect((await call('GET', '/api/venues?filters[updatedAt][0][$gt]=true')).status).toBe(400);
  // a $null/$notNull value was made a boolean by the query conversion: what it held is never cast (harness
  // webstudio/sitedemo-code-907, probes/date-list-operators.json)
  const nulls = await call('GET', '/api/venues?filters[updatedAt][0][$null][$not]=false&filters[updatedAt][1][$null][$eq]=x');
  expect([nulls.status, nulls.body.data]).toEqual([200, []]);
  expect((await call('GET', '/api/venues?filters[updatedAt][0][$notNull][$not]=false')).status).toBe(200);
});

test('$null/$notNull straight under a media or relation: the query conversion makes any value a boolean (probes/events-id-lists-null-operands.json)', async () => {
  const names = async (path: string) => ((await call('GET', path)).body.data as { name: string }[]).map((v) => v.name);
  await call('POST', '/api/venues', { data: { name: 'NV1' } });
  const base = '/api/venues?fields[0]=name&filters[name][$startsWith]=NV&';
  expect(await names(base + 'filters[photos][$null][$not][0]=true')).toEqual(['NV1']);
  // an operator object or a list of conditions is truthy: never a WHERE of its own
  expect(await names(base + 'filters[photos][$null][$eq]=1')).toEqual(['NV1']);
  expect(await names(base + 'filters[photos][$null][0][name]=x')).toEqual(['NV1']);
  expect(await names(base + 'filters[photos][$notNull][$in][0]=1')).toEqual([]);
  expect(await names(base + 'filters[$not][photos][$null][$gt]=0')).toEqual([]);
  expect(await names(base + 'filters[photos][$notNull]=')).toEqual(['NV1']);
});

test("the id column's lists as knex binds them (probes/events-id-lists-null-operands.json)", async () => {
  const ids: number[] = [];
  for (const name of ['IL1', 'IL2', 'IL3'])
    ids.push(((await call('POST', '/api/venues', { data: { name } })).body.data as { id: number }).id);
  const [a, b] = ids;
  const names = async (query: string) => {
    const answer = await call('GET', `/api/venues?fields[0]=name&sort=id&filters[name][$startsWith]=IL&${query}`);
    return answer.status === 200 ? (answer.body.data as { name: string }[]).map((v) => v.name) : answer.body.error?.message;
  };
  // a list first in the list: row values, each item list one value
  expect(await names(`filters[id][$in][0][0]=${a}`)).toEqual(['IL1']);
  expect(await names(`filters[id][$notIn][0][0]=${a}`)).toEqual(['IL2', 'IL3']);
  expect(await names(`filters[id][$in][0][0]=${a}&filters[id][$in][0][1]=${b}`)).toContain('"row value misused"');
  expect(await names(`filters[id][$in][0][0][0]=${a}`)).toContain('real Strapi fails with a 500');
  // a list after a value is a list binding
  expect(await names(`filters[id][$in][0]=${b}&filters[id][$in][1][0]=${a}`)).toContain('SQLite3 can only bind');
  // another operator is ORed over each value of a list, at any depth: the id column casts nothing
  expect(await names(`filters[id][$eq][0][0]=${a}&filters[id][$eq][0][1]=${b}`)).toEqual(['IL1', 'IL2']);
  expect(await names(`filters[id][$gt][0][0]=${a}&filters[id][$gt][0][1]=${b}`)).toEqual(['IL2', 'IL3']);
});

test('an operator object inside a list inside an operator object listed under a field is processed as one (harness events-504)', async () => {
  const answer = await call(
    'GET',
    '/api/tag-groups-list?filters[id][0][$not][0][$not][$gte]=0.5&filters[id][1][$not][0][$not][$gte]=0.5&fields[0]=label',
  );
  expect(answer.status).toBe(200);
  expect(answer.body.data).toEqual([]);
  // a value its cast operator cannot take in there is still the database's cast error
  expect((await call('GET', '/api/venues?filters[updatedAt][0][$not][0][$gte]=2020-13-45')).body.error?.message).toBe(
    'Invalid format, expected a timestamp or an ISO date',
  );
});
