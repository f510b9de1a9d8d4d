import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ClientError, GraphQLClient } from 'graphql-request';
import { createHandlers } from '../../src/mock/msw/index.js';

// content-mock/msw in Node with a project's code behind /graphql (test/fixtures/projects/gazette): the plugin's users
// & permissions mutations reach the project's extension of the user controller, as with `serve`, and its own error
// is what the client sees (probed on real Strapi 5.54: scripts/harness/probes/graphql-relayed-controller-error.json).

type Json = Record<string, any>;
const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'projects', 'gazette');
const BASE = 'http://cms.gazette-msw.test';
const FULL = 'gazette-full-access-token-11111111';

const server = setupServer(
  ...createHandlers({
    schemas: PROJECT,
    baseUrl: BASE,
    configObject: { tokens: [{ name: 'full', type: 'full-access', key: FULL }] },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

test("updateUsersPermissionsUser runs the project's user controller and answers the error it throws", async () => {
  const reg = await fetch(`${BASE}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'cleo', email: 'cleo@x.co', password: 'secret123' }),
  });
  const { user } = (await reg.json()) as { user: Json };
  const client = new GraphQLClient(`${BASE}/graphql`, { headers: { authorization: `Bearer ${FULL}` } });
  const error = await client
    .request<Json>(`mutation { updateUsersPermissionsUser(id: ${user.id}, data: { username: "cleopatra" }) { data { username } } }`)
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(ClientError);
  expect((error as ClientError).response.errors).toEqual([
    {
      message: "Cannot read properties of undefined (reading 'id')",
      locations: [{ line: 1, column: 12 }],
      path: ['updateUsersPermissionsUser'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    },
  ]);
  // nothing was written
  const users = await client.request<Json>('{ usersPermissionsUsers { username } }');
  expect(users.usersPermissionsUsers).toEqual([{ username: 'cleo' }]);
});
