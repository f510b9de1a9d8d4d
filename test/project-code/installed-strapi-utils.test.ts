import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// Project code imports more of `@strapi/utils` than its errors and env: `yup` and `validateYupSchema` for a custom
// endpoint's body, `strings`, `policy`… A Strapi project's node_modules holds the package (a dependency of
// @strapi/strapi): the mock gives the project that copy for everything but errors and env (its own), and answers
// what that copy throws by class, as Strapi's error middleware does. Before, such a module failed to load (`yup`
// undefined) and its route was missing. Probed on real Strapi 5.54 with the real package: 5/5 the same (200, three
// 400 ValidationErrors with their details, a 404). Here a stand-in package plays the installed copy.
let dir: string;
let server: MockServer;
let base: string;

const STAND_IN = `
class ApplicationError extends Error {
  constructor(message = 'An application error occurred', details = {}) { super(message); this.name = 'ApplicationError'; this.details = details; }
}
class ValidationError extends ApplicationError { constructor(m, d) { super(m, d); this.name = 'ValidationError'; } }
class NotFoundError extends ApplicationError { constructor(m = 'Entity not found', d) { super(m, d); this.name = 'NotFoundError'; } }
exports.errors = { ApplicationError, ValidationError, NotFoundError };
exports.strings = { nameToSlug: (s) => String(s).toLowerCase().replace(/[^a-z0-9]+/g, '-') };
exports.validateBody = (body) => {
  if (!body.email) throw new ValidationError('email is a required field', { errors: [{ path: ['email'], message: 'email is a required field', name: 'ValidationError' }] });
  if (body.email === 'gone') throw new NotFoundError();
  return body;
};
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-installed-utils-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  writeCollectionType(join(dir, 'src'), { singular: 'memo', plural: 'memos', display: 'Memo' }, { title: { type: 'string' } });
  write('package.json', JSON.stringify({ name: 'p', dependencies: { '@strapi/strapi': '5.54.0' } }));
  write('node_modules/@strapi/utils/package.json', JSON.stringify({ name: '@strapi/utils', version: '5.54.0', main: 'index.js' }));
  write('node_modules/@strapi/utils/index.js', STAND_IN);
  write(
    'src/api/memo/controllers/signup.js',
    `const { validateBody, strings, errors } = require('@strapi/utils');
module.exports = {
  async create(ctx) {
    const body = validateBody(ctx.request.body ?? {});
    if (body.email === 'ours') throw new errors.ForbiddenError('not you');
    ctx.body = { slug: strings.nameToSlug(body.email) };
  },
};
`,
  );
  write(
    'src/api/memo/routes/signup.js',
    "module.exports = { routes: [{ method: 'POST', path: '/memos/signup', handler: 'signup.create', config: { auth: false } }] };\n",
  );
  server = await createServer({ schemas: dir, memory: true, logger: { info() {}, error() {} } });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = async (body: unknown) => {
  const res = await fetch(`${base}/api/memos/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

test("the project's installed @strapi/utils runs its code", async () => {
  expect(await post({ email: 'Ann Lee' })).toEqual({ status: 200, body: { slug: 'ann-lee' } });
});

test('what that copy throws is answered by its class, with its message and details', async () => {
  expect(await post({})).toEqual({
    status: 400,
    body: {
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'email is a required field',
        details: { errors: [{ path: ['email'], message: 'email is a required field', name: 'ValidationError' }] },
      },
    },
  });
  expect(await post({ email: 'gone' })).toEqual({
    status: 404,
    body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Entity not found', details: {} } },
  });
});

test("the errors the project imports stay the mock's own", async () => {
  const { status, body } = await post({ email: 'ours' });
  expect({ status, name: (body.error as { name: string }).name }).toEqual({ status: 403, name: 'ForbiddenError' });
});
