import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// Apollo Server 4's batched HTTP requests, on when a project sets `apolloServer.allowBatchedHttpRequests` in the
// plugin's config: a list of operations answers a list of results. Each answer here was replayed against real Strapi
// 5.54 with the plugin so configured (scripts/harness/probes/graphql-batched-requests.json, shop model).
const DIR = join(import.meta.dirname, '..', 'fixtures', 'models', 'shop');
const TOKEN = (
  JSON.parse(readFileSync(join(DIR, 'content-mock.config.json'), 'utf8')) as { tokens: { type: string; key: string }[] }
).tokens.find((t) => t.type === 'full-access')!.key;
let server: MockServer;
let off: MockServer;
let url = '';
let offUrl = '';

const post = async (base: string, body: unknown) => {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as unknown, cache: res.headers.get('cache-control') };
};
const batch = (body: unknown) => post(url, body);
const total = { query: '{ brands_connection { pageInfo { total } } }' };
const create = (name: string) => ({ query: `mutation { createBrand(data: { name: "${name}" }) { name } }` });
const countOf = (result: unknown) =>
  (result as { data: { brands_connection: { pageInfo: { total: number } } } }).data.brands_connection.pageInfo.total;

beforeAll(async () => {
  const start = async (graphql: object) => {
    const s = await createServer({ schemas: DIR, config: join(DIR, 'content-mock.config.json'), configObject: { graphql }, memory: true });
    return { s, url: (await s.listen(0, '127.0.0.1')).url };
  };
  ({ s: server, url } = await start({ apolloServer: { allowBatchedHttpRequests: true } }));
  ({ s: off, url: offUrl } = await start({}));
});
afterAll(async () => {
  await server.close();
  await off.close();
});

test("a list of operations is refused by default: Apollo's 'Operation batching disabled.'", async () => {
  const a = await post(offUrl, [total]);
  expect(a.status).toBe(400);
  expect(a.json).toEqual({ errors: [{ message: 'Operation batching disabled.', extensions: { code: 'BAD_REQUEST' } }] });
});

test('a list answers a list, each result as Apollo writes one', async () => {
  const before = countOf(((await batch([total])).json as unknown[])[0]);
  // a write, then a count that sees it
  const a = await batch([create('Batch one'), total]);
  expect(a.status).toBe(200);
  expect(a.cache).toBe('no-store');
  expect(a.text).toBe(
    `[{"data":{"createBrand":{"name":"Batch one"}}}\n,{"data":{"brands_connection":{"pageInfo":{"total":${before + 1}}}}}\n]`,
  );
  expect((await batch([])).json).toEqual({ errors: [{ message: 'No operations found in request.', extensions: { code: 'BAD_REQUEST' } }] });
});

test("a piece Apollo's envelope refuses fails the whole request; the others still run", async () => {
  const before = countOf(((await batch([total])).json as unknown[])[0]);
  const a = await batch([create('Before a refused piece'), {}]);
  expect(a.status).toBe(400);
  expect(a.json).toEqual({
    errors: [{ message: 'POST body missing, invalid Content-Type, or JSON object has no keys.', extensions: { code: 'BAD_REQUEST' } }],
  });
  expect(countOf(((await batch([total])).json as unknown[])[0])).toBe(before + 1);
  for (const [body, message] of [
    [[total, { query: 5 }], 'GraphQL queries must be strings.'],
    [
      [
        { ...total, operationName: 3 },
        { ...total, extensions: [] },
      ],
      '`operationName` in a POST body must be a string if provided.',
    ],
    [[[total]], 'POST body missing, invalid Content-Type, or JSON object has no keys.'],
  ] as const)
    expect((await batch(body)).json).toEqual({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
});

test("an operation's own refusal is its result; the request takes its status, a persisted query's header stays", async () => {
  const a = await batch([total, { query: '{ nope }' }]);
  expect(a.status).toBe(400);
  const [ok, refused] = a.json as unknown[];
  expect(countOf(ok)).toBeGreaterThan(0);
  expect(refused).toEqual({
    errors: [
      {
        message: 'Cannot query field "nope" on type "Query".',
        locations: [{ line: 1, column: 3 }],
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    ],
  });
  const missing = { extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } };
  for (const body of [
    [missing, total],
    [total, missing],
  ]) {
    const b = await batch(body);
    expect(b.status).toBe(200);
    expect(b.cache).toBe('private, no-cache, must-revalidate');
  }
});
