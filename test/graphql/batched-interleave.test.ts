import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// The pieces of a batched request run side by side over Strapi's one database connection: their statements are
// served in the order they are sent, a write lands as its statement is served, and a read sees the writes served
// before its own statement, whatever their order in the list. Measured on real Strapi 5.54 (a list read without
// arguments sends its statement after 14 rounds, a create after 18, a read with a sort after 259; a connection's
// count is a later statement) and replayed with scripts/harness/probes/graphql-batched-requests.json (shop model).
const DIR = join(import.meta.dirname, '..', 'fixtures', 'models', 'shop');
const TOKEN = (
  JSON.parse(readFileSync(join(DIR, 'content-mock.config.json'), 'utf8')) as { tokens: { type: string; key: string }[] }
).tokens.find((t) => t.type === 'full-access')!.key;
let server: MockServer;
let url = '';

type Json = Record<string, any>;
const batch = async (queries: string[]): Promise<Json[]> => {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(queries.map((query) => ({ query }))),
  });
  return (await res.json()) as Json[];
};
const create = (name: string) => `mutation { createBrand(data: { name: "${name}" }) { name } }`;
const names = (result: Json) => (result.data.brands as Json[]).map((b) => b.name);

beforeAll(async () => {
  server = await createServer({
    schemas: DIR,
    config: join(DIR, 'content-mock.config.json'),
    configObject: { graphql: { apolloServer: { allowBatchedHttpRequests: true } } },
    memory: true,
  });
  ({ url } = await server.listen(0, '127.0.0.1'));
});
afterAll(() => server.close());

test('a read whose validation takes longer than the write beside it sees it, even listed first', async () => {
  const [read] = await batch(['{ brands(sort: "id") { name } }', create('Sorted after')]);
  expect(names(read)).toContain('Sorted after');
});

test('a read without arguments sends its statement before the write beside it: it does not see it', async () => {
  for (const order of ['read first', 'write first']) {
    const name = `Plain ${order}`;
    const pieces = ['{ brands(pagination: { limit: -1 }) { name } }', create(name)];
    const answers = await batch(order === 'read first' ? pieces : pieces.reverse());
    const read = answers.find((a) => 'brands' in a.data)!;
    expect(names(read)).not.toContain(name);
  }
});

test("a connection's count is a statement of its own, served after the write: it counts it", async () => {
  const [first] = await batch(['{ brands_connection { pageInfo { total } } }']);
  const before = first.data.brands_connection.pageInfo.total as number;
  const [counted] = await batch(['{ brands_connection { pageInfo { total } } }', create('Counted')]);
  expect(counted.data.brands_connection.pageInfo.total).toBe(before + 1);
});
