import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHandlers } from '../../src/mock/msw/index.js';

// content-mock/msw in Node runs the users & permissions extension too: the wrapped `/users/me` answers through the
// project pipeline, and the plugin's other routes (registration) stay the mock's own.
const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'projects', 'academy');
const BASE = 'http://cms.academy.test';

const server = setupServer(
  ...createHandlers({
    schemas: PROJECT,
    baseUrl: BASE,
    configObject: { permissions: { authenticated: { 'plugin::users-permissions.user': ['me', 'updateMe'] } } },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

test('register (the mock route), then the wrapped /users/me and the added PUT /user/me', async () => {
  const reg = await fetch(`${BASE}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'cleo', email: 'cleo@x.co', password: 'secret123' }),
  });
  expect(reg.status).toBe(200);
  const { jwt } = (await reg.json()) as { jwt: string };
  const auth = { authorization: `Bearer ${jwt}` };
  const me = (await (await fetch(`${BASE}/api/users/me`, { headers: auth })).json()) as Record<string, unknown>;
  expect(me).toMatchObject({ username: 'cleo', roleType: 'authenticated' });
  const put = await fetch(`${BASE}/api/user/me`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'cleopatra' }),
  });
  expect(await put.json()).toEqual({ username: 'cleopatra', role: 'authenticated' });
});
