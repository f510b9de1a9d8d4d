import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// A bootstrap that opens the public role through the users & permissions plugin's own services (a public project
// does this in development): `getActions({ defaultEnable: true })` lists every Content API action enabled, and
// `role.updateRole(id, { name, description, permissions })` makes the role's permission rows what the map enables,
// as Strapi 5.54's role service does through the query engine. Strapi then lets the public role read roles and
// users and call every action; the mock had no `users-permissions` nor `role` service (the bootstrap failed) and the
// public role stayed as configured. Like the project's, the bootstrap acts only under NODE_ENV development, which
// Strapi sets where it is unset (the mock left it unset: the bootstrap returned at once).
let dir: string;
let server: MockServer;
let base: string;
const nodeEnv = process.env.NODE_ENV;

beforeAll(async () => {
  delete process.env.NODE_ENV;
  dir = mkdtempSync(join(tmpdir(), 'content-mock-role-service-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  writeCollectionType(join(dir, 'src'), { singular: 'memo', plural: 'memos', display: 'Memo' }, { title: { type: 'string' } });
  write(
    'src/api/memo/routes/memo.js',
    `const { factories } = require('@strapi/strapi');\nmodule.exports = factories.createCoreRouter('api::memo.memo');\n`,
  );
  write('src/api/memo/services/memo.js', `module.exports = require('@strapi/strapi').factories.createCoreService('api::memo.memo');\n`);
  write(
    'src/api/memo/routes/custom.js',
    `module.exports = { routes: [{ method: 'GET', path: '/memos-count', handler: 'memo.count' }] };\n`,
  );
  write(
    'src/api/memo/controllers/memo.js',
    `const { factories } = require('@strapi/strapi');
module.exports = factories.createCoreController('api::memo.memo', ({ strapi }) => ({
  async count(ctx) { ctx.body = { count: await strapi.documents('api::memo.memo').count({}) }; },
}));
`,
  );
  write(
    'src/index.js',
    `module.exports = {
  async bootstrap({ strapi }) {
    if (process.env.NODE_ENV !== 'development') return;
    const publicRole = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    const permissions = strapi.plugin('users-permissions').service('users-permissions').getActions({ defaultEnable: true });
    globalThis.__roleServiceActions = permissions;
    await strapi.plugin('users-permissions').service('role').updateRole(publicRole.id, {
      name: publicRole.name,
      description: 'Opened by the bootstrap',
      permissions,
    });
    globalThis.__roleServiceFound = await strapi.plugin('users-permissions').service('role').findOne(publicRole.id);
  },
};
`,
  );
  server = await createServer({ schemas: dir, memory: true, logger: { info() {}, error() {} } });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  delete (globalThis as Record<string, unknown>).__roleServiceActions;
  delete (globalThis as Record<string, unknown>).__roleServiceFound;
});

test("getActions lists the actions the project's routes name, then the built-in plugins'", () => {
  expect(server.projectReport().filter((l) => /fails here/.test(l))).toEqual([]);
  const actions = (globalThis as Record<string, unknown>).__roleServiceActions as Record<string, { controllers: Record<string, object> }>;
  expect(Object.keys(actions)).toEqual([
    'api::memo',
    'plugin::content-type-builder',
    'plugin::email',
    'plugin::upload',
    'plugin::i18n',
    'plugin::users-permissions',
  ]);
  // the project's own action first (the controller's own keys), then the core ones
  expect(Object.keys(actions['api::memo'].controllers.memo)).toEqual(['count', 'find', 'findOne', 'create', 'update', 'delete']);
  expect(actions['api::memo'].controllers.memo).toMatchObject({ count: { enabled: true, policy: '' } });
});

test('the role service finds the role with every action of its rows enabled', () => {
  const found = (globalThis as Record<string, unknown>).__roleServiceFound as Record<string, unknown>;
  expect(found).toMatchObject({ type: 'public', description: 'Opened by the bootstrap' });
  const permissions = found.permissions as Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }>;
  expect(permissions['plugin::users-permissions'].controllers.role.find.enabled).toBe(true);
  expect(permissions['api::memo'].controllers.memo.delete.enabled).toBe(true);
});

test('the public role may then do every action: read roles and users, call the custom route, write', async () => {
  const roles = await fetch(`${base}/api/users-permissions/roles`);
  expect(roles.status).toBe(200);
  const body = (await roles.json()) as { roles: { type: string; description: string }[] };
  expect(body.roles.find((r) => r.type === 'public')?.description).toBe('Opened by the bootstrap');
  expect((await fetch(`${base}/api/users`)).status).toBe(200);
  expect((await fetch(`${base}/api/memos-count`)).status).toBe(200);
  const created = await fetch(`${base}/api/memos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { title: 'public write' } }),
  });
  expect(created.status).toBe(201);
  const one = (await (await fetch(`${base}/api/users-permissions/roles/2`)).json()) as {
    role: { permissions: Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }> };
  };
  expect(one.role.permissions['api::memo'].controllers.memo.count.enabled).toBe(true);
});
