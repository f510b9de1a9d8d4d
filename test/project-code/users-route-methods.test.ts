import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// A users & permissions extension that replaces one action of a path (`user.update`, PUT /users/:id, as a public
// podcast project does) leaves the plugin's other routes on that path to the plugin: koa-router answers 405 only
// where no route of the path takes the method. The mock answered DELETE /api/users/:id with 405 (and the GraphQL
// deleteUsersPermissionsUser, relayed to it, failed). Harness graphql-run, podcast-code 501.
const FULL = 'route-methods-full-access-token-1111';
let server: MockServer;
let base: string;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-route-methods-'));
  cpSync(join(import.meta.dirname, '..', 'fixtures', 'projects', 'academy'), dir, { recursive: true });
  writeFileSync(
    join(dir, 'src', 'extensions', 'users-permissions', 'strapi-server.js'),
    `module.exports = (plugin) => {
  plugin.controllers.user.update = async (ctx) => ctx.forbidden('only yourself');
  plugin.routes['content-api'].routes.unshift({ method: 'PUT', path: '/users/:id/renew', handler: 'user.update', config: { prefix: '' } });
  return plugin;
};
`,
  );
  server = await createServer({
    schemas: dir,
    memory: true,
    configObject: { tokens: [{ name: 'full', type: 'full-access', key: FULL }] },
    logger: { info() {}, error() {} },
  });
  base = (await server.listen(0, '127.0.0.1')).url;
});
afterAll(() => server.close());

const send = (method: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${FULL}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

test("the plugin's other routes on a path the extension changed still answer", async () => {
  const created = await send('POST', '/api/users', { username: 'someone', email: 'someone@example.com', password: 'secret12', role: 1 });
  const { id } = (await created.json()) as { id: number };
  expect((await send('GET', `/api/users/${id}`)).status).toBe(200);
  expect((await send('PUT', `/api/users/${id}`, { username: 'other' })).status).toBe(403);
  expect((await send('DELETE', `/api/users/${id}`)).status).toBe(200);
  // a path only the extension serves still answers 405 to another method, with the methods it takes
  const wrong = await send('GET', `/api/users/${id}/renew`);
  expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'HEAD, PUT']);
});
