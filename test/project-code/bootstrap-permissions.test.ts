import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// A starter's bootstrap grants the public role what its frontend reads: it looks the role up and writes permission
// rows (`strapi.query('plugin::users-permissions.permission').create(...)`), which Strapi reads on the next request.
// The mock had made no roles yet when the bootstrap ran (the role was null: the bootstrap failed), and read the
// public role's grants from the config only. Now the plugin's roles and rows exist before the project's bootstrap,
// and a role whose permission rows project code wrote is decided by its rows (probe on a public project with such a
// bootstrap: 6/6 the same as Strapi 5.54, 2 different before).
let dir: string;
let server: MockServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-bootstrap-permissions-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  writeCollectionType(join(dir, 'src'), { singular: 'memo', plural: 'memos', display: 'Memo' }, { title: { type: 'string' } });
  writeCollectionType(join(dir, 'src'), { singular: 'secret', plural: 'secrets', display: 'Secret' }, { title: { type: 'string' } });
  write(
    'src/index.js',
    `module.exports = {
  async bootstrap({ strapi }) {
    const role = await strapi.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    for (const action of ['api::memo.memo.find', 'api::memo.memo.findOne']) {
      const has = await strapi.query('plugin::users-permissions.permission').findOne({ where: { action, role: role.id } });
      if (!has) await strapi.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
  },
};
`,
  );
  server = await createServer({ schemas: dir, memory: true, logger: { info() {}, error() {} } });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the public role may do what the project's bootstrap granted it, and nothing more", async () => {
  expect(server.projectReport().filter((l) => /fails here/.test(l))).toEqual([]);
  expect((await fetch(`${base}/api/memos`)).status).toBe(200);
  expect((await fetch(`${base}/api/secrets`)).status).toBe(403);
  // its plugin grants (made from the config with the role) still hold
  expect(
    (await fetch(`${base}/api/auth/local/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
      .status,
  ).toBe(400);
});
