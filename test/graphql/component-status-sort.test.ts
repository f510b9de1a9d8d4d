import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { jsonClient, one, type Answer } from '../write/write-client.js';

// @strapi/database reads any `status` sort as the virtual publication state (processOrderBy), which needs the
// publishedAt and documentId columns a component table has not: a populated component sorted by its own `status`
// attribute fails the query. Real Strapi 5.54 with the GraphQL plugin answered the repeatable component field with
// null and an internal error naming that (harness graphql-run, status-field, seed 501); over REST it is a 500, which
// the mock answers as a 400 naming it.
const dir = join(import.meta.dirname, '..', 'fixtures', 'models', 'status-field');
const config = JSON.parse(readFileSync(join(dir, 'content-mock.config.json'), 'utf8')) as { tokens: { type: string; key: string }[] };
const token = config.tokens.find((t) => t.type === 'full-access')!.key;
let server: MockServer;
let url: string;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  server = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), configObject: { graphql: {} }, memory: true });
  ({ url } = await server.listen(0, '127.0.0.1'));
  call = jsonClient(url, token);
});
afterAll(() => server.close());

const MESSAGE = 'Cannot order by status on model shared.step: missing publishedAt or documentId';

test("a component sorted by its own status fails as Strapi's database does; other sorts of it do not", async () => {
  const ticket = one(await call('POST', '/api/tickets', { data: { name: 't', steps: [{ label: 'b', status: true }, { label: 'a' }] } }));
  const query = (sort: string) =>
    call('POST', '/graphql', { query: `{ ticket(documentId: "${ticket.documentId}") { name steps(sort: ["${sort}"]) { label } } }` });
  const failed = await query('status:desc');
  expect(failed.status).toBe(200);
  const body = failed.body as unknown as {
    data: { ticket: { steps: unknown } };
    errors: { message: string; path: string[]; extensions: { code: string } }[];
  };
  expect(body.data.ticket.steps).toBeNull();
  expect(body.errors.map((e) => [e.message, e.path.join('.'), e.extensions.code])).toEqual([
    [MESSAGE, 'ticket.steps', 'INTERNAL_SERVER_ERROR'],
  ]);
  const sorted = (await query('label')).body as unknown as { data: { ticket: { steps: { label: string }[] } } };
  expect(sorted.data.ticket.steps.map((s) => s.label)).toEqual(['a', 'b']);

  const rest = await call('GET', `/api/tickets/${ticket.documentId}?populate[steps][sort]=status`);
  expect(rest.status).toBe(400);
  expect(rest.body.error?.message).toContain(MESSAGE);
  expect((await call('GET', `/api/tickets/${ticket.documentId}?populate[steps][sort]=label`)).status).toBe(200);
});
