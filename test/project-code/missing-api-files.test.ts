import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startProjectServer } from '../helpers/project-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// Strapi registers an API's controller and service only where its folder holds the file. Measured on Strapi 5.54
// (probe with --code, one project of five APIs):
// - routes + controllers, no services: every core route answers 500 (`strapi.service(uid)` is undefined);
// - controllers + services, no routes: 404;
// - a custom routes file only: its own routes answer, the core paths 404;
// - `strapi.service(uid)` / `strapi.controller(uid)` are undefined for an API without the file;
// - routes + services, no controllers: Strapi does not start ("Error creating endpoint GET /gammas: Cannot read
//   properties of undefined (reading 'find')"): here the route answers 500 and start-up says why.
const root = mkdtempSync(join(tmpdir(), 'cm-missing-api-files-'));
const src = join(root, 'src');
const core = (api: string, folder: string, factory: string) =>
  writeProjectFile(
    src,
    `api/${api}/${folder}/${api}.js`,
    `const { factories } = require('@strapi/strapi');\nmodule.exports = factories.${factory}('api::${api}.${api}');\n`,
  );
for (const name of ['alpha', 'beta', 'delta', 'gamma', 'eta'])
  writeCollectionType(src, { singular: name, plural: `${name}s`, display: name }, { title: { type: 'string' } });
core('alpha', 'routes', 'createCoreRouter');
core('alpha', 'controllers', 'createCoreController');
core('beta', 'controllers', 'createCoreController');
core('beta', 'services', 'createCoreService');
core('delta', 'services', 'createCoreService');
writeProjectFile(
  src,
  'api/delta/routes/custom-delta.js',
  "module.exports = { routes: [{ method: 'GET', path: '/deltas/top', handler: 'delta.top' }, { method: 'GET', path: '/deltas/odd', handler: 'delta.odd' }] };\n",
);
writeProjectFile(
  src,
  'api/delta/controllers/delta.js',
  `const { factories } = require('@strapi/strapi');
module.exports = factories.createCoreController('api::delta.delta', ({ strapi }) => ({
  async top() {
    return { alphaService: strapi.service('api::alpha.alpha') !== undefined, betaService: strapi.service('api::beta.beta') !== undefined, etaController: strapi.controller('api::eta.eta') !== undefined };
  },
}));
`,
);
core('gamma', 'routes', 'createCoreRouter');
core('gamma', 'services', 'createCoreService');
core('eta', 'services', 'createCoreService');

let project: Awaited<ReturnType<typeof startProjectServer>>;
beforeAll(async () => {
  project = await startProjectServer(root, 'missing-api-files-full-access-key-01');
});
afterAll(() => project.close());
const send = (method: string, path: string, body?: unknown) =>
  project.send<{ error?: { name: string; message: string } }>(method, path, body);

test.each([
  ['GET', '/api/alphas'],
  ['GET', '/api/alphas/abc'],
  ['POST', '/api/alphas'],
  ['DELETE', '/api/alphas/abc'],
])("%s %s: a core route over an API without a services file is Strapi's 500", async (method, path) => {
  const { status, json } = await send(method, path, method === 'POST' ? { data: { title: 'x' } } : undefined);
  expect(status).toBe(500);
  expect(json?.error).toEqual({ status: 500, name: 'InternalServerError', message: 'Internal Server Error' });
});

test('an API without a routes file has no route; a custom routes file serves only its own', async () => {
  expect((await send('GET', '/api/betas')).status).toBe(404);
  expect((await send('GET', '/api/deltas')).status).toBe(404);
  expect((await send('GET', '/api/etas')).status).toBe(404);
});

test('strapi.service and strapi.controller are undefined where the API folder has no such file', async () => {
  const { status, json } = await send('GET', '/api/deltas/top');
  expect(status).toBe(200);
  expect(json).toEqual({ alphaService: false, betaService: true, etaController: false });
});

test('a route whose controller is missing (Strapi does not start) answers 500, and start-up says why', async () => {
  expect((await send('GET', '/api/gammas')).status).toBe(500);
  expect((await send('GET', '/api/deltas/odd')).status).toBe(500);
  const report = project.server.projectReport().join('\n');
  expect(report).toContain(
    `src/api/gamma/routes/gamma.js: no controller api::gamma.gamma (no controllers/gamma.* in src/api/gamma) for GET /api/gammas, GET /api/gammas/:id, POST /api/gammas, PUT /api/gammas/:id, DELETE /api/gammas/:id; real Strapi does not start: "Error creating endpoint GET /gammas: Cannot read properties of undefined (reading 'find')" (answered 500 here)`,
  );
  expect(report).toContain(
    'src/api/delta/routes/custom-delta.js: handler delta.odd not found in its controller, for GET /api/deltas/odd; real Strapi does not start: "Error creating endpoint GET /deltas/odd: Handler not found "delta.odd"" (answered 500 here)',
  );
  expect(report).toContain(
    "src/api/alpha/routes/alpha.js: Strapi's core actions call strapi.service('api::alpha.alpha'), which the project does not define (no services/alpha.* in src/api/alpha), for GET /api/alphas, GET /api/alphas/:id, POST /api/alphas, PUT /api/alphas/:id, DELETE /api/alphas/:id; real Strapi answers them 500 Internal Server Error (answered 500 here)",
  );
});
