import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// Strapi's authorize middleware (core/services/server/compose-endpoint) wraps everything after it on a content-API
// route: policies, route middlewares, the controller and the document service's lifecycles. An UnauthorizedError
// thrown anywhere in there becomes `ctx.unauthorized()` (401 "Unauthorized", details {}), a ForbiddenError other than
// a PolicyError `ctx.forbidden()` (403 "Forbidden"): the error's own message is lost. Real Strapi 5.54 answered a
// lifecycle's `throw new UnauthorizedError('User not found!')` with 401 "Unauthorized" (harness, a public project's
// blog-comment lifecycle); content-mock answered with the lifecycle's message.
let dir: string;
let server: MockServer;
let base: string;

const write = (path: string, text: string) => writeProjectFile(dir, path, text);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-authorize-'));
  writeCollectionType(join(dir, 'src'), { singular: 'memo', plural: 'memos', display: 'Memo' }, { title: { type: 'string' } });
  write(
    'src/api/memo/content-types/memo/lifecycles.js',
    `const { errors } = require('@strapi/utils');
module.exports = {
  beforeCreate(event) {
    if (event.params.data.title === 'guest') throw new errors.UnauthorizedError('User not found!', { who: 'nobody' });
  },
};
`,
  );
  write(
    'src/api/memo/controllers/memo.js',
    `const { factories } = require('@strapi/strapi');
const { errors } = require('@strapi/utils');
module.exports = factories.createCoreController('api::memo.memo', () => ({
  async forbidden() { throw new errors.ForbiddenError('Members only', { plan: 'free' }); },
  async policyLike() { throw new errors.PolicyError('Only on weekdays', { day: 'sunday' }); },
  async missing() { throw new errors.NotFoundError('No such memo'); },
  async open() { throw new errors.UnauthorizedError('Sign in first'); },
}));
`,
  );
  write('src/api/memo/services/memo.js', "module.exports = require('@strapi/strapi').factories.createCoreService('api::memo.memo');\n");
  write(
    'src/api/memo/routes/memo.js',
    "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::memo.memo', { only: ['find', 'create'] });\n",
  );
  write(
    'src/api/memo/routes/extra.js',
    `module.exports = { routes: [
  { method: 'GET', path: '/memos/forbidden', handler: 'memo.forbidden' },
  { method: 'GET', path: '/memos/policy-like', handler: 'memo.policyLike' },
  { method: 'GET', path: '/memos/missing', handler: 'memo.missing' },
  { method: 'GET', path: '/memos/open', handler: 'memo.open', config: { auth: false } },
] };
`,
  );
  server = await createServer({
    schemas: dir,
    memory: true,
    configObject: {
      permissions: { public: { 'api::memo.memo': ['find', 'create', 'forbidden', 'policyLike', 'missing'] } },
    },
    logger: { info() {}, error() {} },
  });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(method: string, path: string, data?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: data === undefined ? {} : { 'content-type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const failure = (status: number, name: string, message: string, details: unknown = {}) => ({
  status,
  body: { data: null, error: { status, name, message, details } },
});

test("a lifecycle's UnauthorizedError is answered as ctx.unauthorized(): 401 Unauthorized, its message lost", async () => {
  expect(await call('POST', '/api/memos', { title: 'guest' })).toEqual(failure(401, 'UnauthorizedError', 'Unauthorized'));
  expect((await call('POST', '/api/memos', { title: 'member' })).status).toBe(201);
});

test("a controller's ForbiddenError is ctx.forbidden(); a PolicyError and other errors keep their message", async () => {
  expect(await call('GET', '/api/memos/forbidden')).toEqual(failure(403, 'ForbiddenError', 'Forbidden'));
  expect(await call('GET', '/api/memos/policy-like')).toEqual(failure(403, 'PolicyError', 'Only on weekdays', { day: 'sunday' }));
  expect(await call('GET', '/api/memos/missing')).toEqual(failure(404, 'NotFoundError', 'No such memo'));
});

test('a route without auth is wrapped as well', async () => {
  expect(await call('GET', '/api/memos/open')).toEqual(failure(401, 'UnauthorizedError', 'Unauthorized'));
});
