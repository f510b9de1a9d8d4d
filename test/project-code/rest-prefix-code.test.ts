import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// A project serving its API under `rest.prefix: '/v1'` (config/api): its code reads the prefix it configured
// (`strapi.config.get('api.rest.prefix')` is '/v1' in Strapi 5.54), and the start-up list names its routes where they
// are served. content-mock gave the code '/api' and listed `/api/...` routes it did not serve.
let dir: string;
let server: MockServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-prefix-code-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  writeCollectionType(join(dir, 'src'), { singular: 'memo', plural: 'memos', display: 'Memo' }, { title: { type: 'string' } });
  write('config/api.js', "module.exports = { rest: { prefix: '/v1' } };\n");
  write(
    'src/api/memo/controllers/memo.js',
    `module.exports = require('@strapi/strapi').factories.createCoreController('api::memo.memo', ({ strapi }) => ({
  async prefix(ctx) { ctx.body = { prefix: strapi.config.get('api.rest.prefix') }; },
}));
`,
  );
  write('src/api/memo/services/memo.js', "module.exports = require('@strapi/strapi').factories.createCoreService('api::memo.memo');\n");
  write(
    'src/api/memo/routes/extra.js',
    "module.exports = { routes: [{ method: 'GET', path: '/memos/prefix', handler: 'memo.prefix', config: { auth: false } }] };\n",
  );
  server = await createServer({ schemas: dir, memory: true, logger: { info() {}, error() {} } });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the project's code reads its own rest.prefix", async () => {
  const res = await fetch(`${base}/v1/memos/prefix`);
  expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: { prefix: '/v1' } });
  expect((await fetch(`${base}/api/memos/prefix`)).status).toBe(404);
});

test('the start-up list names the routes under the prefix they are served at', () => {
  const lines = server.projectReport().filter((l) => l.includes('memo.prefix'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^ {2}GET {4}\/v1\/memos\/prefix → api::memo\.memo\.prefix · auth: false · controller /);
});
