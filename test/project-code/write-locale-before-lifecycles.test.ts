import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { collectionSchema, writeCoreApiFiles, writeProjectFile } from '../helpers/schema-files.js';

// The document service reads a write's locale (localeToData: one string, not `*`) before it validates the data and
// before the database's lifecycles run: a project's beforeCreate that looks a relation up never meets `?locale=*`
// (harness notum-lite --code write grammar seed 1603, a public page builder's hierarchy lifecycle; Strapi 5.54
// answers `Invalid locale param * provided. Document locales must be strings.`).
let dir: string;
let server: MockServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-write-locale-'));
  writeProjectFile(
    dir,
    'src/api/page/content-types/page/schema.json',
    collectionSchema(
      { singular: 'page', plural: 'pages' },
      { options: { draftAndPublish: true }, pluginOptions: { i18n: { localized: true } } },
      { title: { type: 'string' } },
    ),
  );
  writeProjectFile(
    dir,
    'src/api/page/content-types/page/lifecycles.js',
    "module.exports = { beforeCreate() { throw new Error('the lifecycle ran'); } };\n",
  );
  // the core API through the project's own factories, as a project's files declare it
  writeCoreApiFiles(dir, 'page');
  server = await createServer({
    schemas: dir,
    memory: true,
    configObject: {
      locales: [
        { code: 'en', name: 'English (en)', isDefault: true },
        { code: 'fr', name: 'French (fr)' },
      ],
      permissions: { public: { 'api::page.page': ['create'] } },
    },
    logger: { info() {}, error() {} },
  });
  ({ url: base } = await server.listen(0));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a create with locale * is refused before the lifecycle runs', async () => {
  const res = await fetch(`${base}/api/pages?locale=*`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { title: 'x' } }),
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
    'Invalid locale param * provided. Document locales must be strings.',
  );
});
