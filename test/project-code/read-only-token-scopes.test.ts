import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// A read-only API token passes a route whose auth scope ends in `find` or `findOne`, whatever the controller:
// Strapi's content API token strategy checks the scope's name, not a content type. A project route of an API
// without a content type (`api::staff.teachers.find`, `auth: {}`) answered 403 to such a token where Strapi 5.54
// answers 200 (a public project: its teachers list read with a read-only token); `/users/me` answered 401 where
// Strapi refuses the token first (403), its scope `plugin::users-permissions.user.me` not being a read scope. A
// function handler has no scope unless its config gives one: a signed-in user or a full-access token only (the
// public 401, other tokens 403), where the mock let everyone through; an empty scope lets everyone through.
const READ = 'read-only-key-0123456789';
const FULL = 'full-access-key-0123456789';
let dir: string;
let server: MockServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-read-scopes-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  writeCollectionType(join(dir, 'src'), { singular: 'memo', plural: 'memos', display: 'Memo' }, { title: { type: 'string' } });
  write(
    'src/api/memo/controllers/memo.js',
    `module.exports = require('@strapi/strapi').factories.createCoreController('api::memo.memo', () => ({
  async refind(ctx) { ctx.body = { action: 'refind' }; },
  async findBySlug(ctx) { ctx.body = { action: 'findBySlug' }; },
}));
`,
  );
  write('src/api/memo/routes/memo.js', "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::memo.memo');\n");
  write('src/api/memo/services/memo.js', "module.exports = require('@strapi/strapi').factories.createCoreService('api::memo.memo');\n");
  write(
    'src/api/memo/routes/extra.js',
    `module.exports = { routes: [
  { method: 'GET', path: '/memos/refind', handler: 'memo.refind' },
  { method: 'GET', path: '/memos/by-slug', handler: 'memo.findBySlug' },
] };
`,
  );
  // an API with controllers and routes but no content type
  write(
    'src/api/staff/controllers/teachers.js',
    "module.exports = { async find(ctx) { ctx.body = ['ada']; }, async tally(ctx) { ctx.body = 1; } };\n",
  );
  write(
    'src/api/staff/routes/teachers.js',
    `module.exports = { routes: [
  { method: 'GET', path: '/staff/teachers', handler: 'teachers.find', config: { auth: {} } },
  { method: 'GET', path: '/staff/tally', handler: 'teachers.tally', config: { auth: {} } },
  { method: 'GET', path: '/staff/inline', handler: async (ctx) => { ctx.body = { inline: true }; } },
  { method: 'GET', path: '/staff/inline-any', handler: async (ctx) => { ctx.body = { inline: 'any' }; }, config: { auth: { scope: [] } } },
] };
`,
  );
  server = await createServer({
    schemas: dir,
    memory: true,
    configObject: {
      tokens: [
        { name: 'read', type: 'read-only', key: READ },
        { name: 'full', type: 'full-access', key: FULL },
      ],
    },
    logger: { info() {}, error() {} },
  });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (path: string, key: string) => {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
};

test('a read-only token reads through any scope ending in find or findOne', async () => {
  expect(await get('/api/staff/teachers', READ)).toEqual({ status: 200, body: ['ada'] });
  expect(await get('/api/memos/refind', READ)).toEqual({ status: 200, body: { action: 'refind' } });
  expect((await get('/api/memos', READ)).status).toBe(200);
});

test('a read-only token is refused every other scope, before the controller runs', async () => {
  for (const path of ['/api/staff/tally', '/api/memos/by-slug', '/api/users/me', '/api/users/count', '/api/i18n/locales']) {
    const { status, body } = await get(path, READ);
    expect({ path, status, name: (body as { error?: { name?: string } }).error?.name }).toEqual({
      path,
      status: 403,
      name: 'ForbiddenError',
    });
  }
});

test('a full-access token passes them all', async () => {
  expect(await get('/api/staff/tally', FULL)).toEqual({ status: 200, body: 1 });
  expect(await get('/api/memos/by-slug', FULL)).toEqual({ status: 200, body: { action: 'findBySlug' } });
});

test('a function handler without a scope: full-access tokens (and signed-in users) only; with an empty one, anyone', async () => {
  const status = async (path: string, key?: string) =>
    (await fetch(`${base}${path}`, key ? { headers: { authorization: `Bearer ${key}` } } : {})).status;
  expect([await status('/api/staff/inline'), await status('/api/staff/inline', READ), await status('/api/staff/inline', FULL)]).toEqual([
    401, 403, 200,
  ]);
  expect([await status('/api/staff/inline-any'), await status('/api/staff/inline-any', READ)]).toEqual([200, 200]);
});
