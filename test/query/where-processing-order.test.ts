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

test("only a cast operator's value is cast inside an operator object listed under a field (harness status-field-601)", async () => {
  expect((await call('GET', '/api/venues?filters[updatedAt][0][$notNull]=true')).status).toBe(200);
  expect((await call('GET', '/api/venues?filters[updatedAt][0][$gt]=true')).status).toBe(400);
});

test('$null straight under a media or relation holding an object tests it for truth (harness events-501)', async () => {
  expect((await call('GET', '/api/venues?filters[photos][$null][$not][0]=true')).status).toBe(200);
  // (the query conversion casts the operand to a boolean first: probe events-where-order on Strapi 5.54)
  expect((await call('GET', '/api/venues?filters[photos][$null][$eq]=1')).status).toBe(200);
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
