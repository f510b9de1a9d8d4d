import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeProjectFile } from '../helpers/schema-files.js';

// What project code reads of Strapi itself, as Strapi 5.54 gives it (probe on the kit model with code: 3 of 4 the
// same after, all 4 different before): a content type's attributes with those Strapi adds to every type (the
// timestamps, publishedAt, the creator fields, i18n's locale and localizations) and its collectionName; the i18n
// plugin's locales service; the core store (`strapi.store`), which a users & permissions controller copied into an
// extension reads for its advanced settings.
let dir: string;
let server: MockServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-registry-views-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  write(
    'src/api/memo/content-types/memo/schema.json',
    JSON.stringify({
      kind: 'collectionType',
      collectionName: 'memo_table',
      info: { singularName: 'memo', pluralName: 'memos', displayName: 'Memo' },
      options: { draftAndPublish: false },
      attributes: { title: { type: 'string' } },
    }),
  );
  write(
    'src/api/memo/controllers/look.js',
    `module.exports = {
  async look(ctx) {
    const ct = strapi.contentType('api::memo.memo');
    const locales = strapi.plugin('i18n').service('locales');
    const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
    const before = await store.get({ key: 'advanced' });
    await strapi.store({ type: 'plugin', name: 'my-plugin', key: 'settings' }).set({ value: { on: true } });
    ctx.body = {
      attributes: Object.keys(ct.attributes),
      localizations: ct.attributes.localizations,
      collectionName: ct.collectionName,
      locales: (await locales.find()).map((l) => l.code),
      defaultLocale: await locales.getDefaultLocale(),
      advanced: before,
      settings: await strapi.store({ type: 'plugin', name: 'my-plugin' }).get({ key: 'settings' }),
      unknown: await strapi.store({ type: 'plugin', name: 'my-plugin', key: 'nope' }).get(),
    };
  },
};
`,
  );
  write(
    'src/api/memo/routes/look.js',
    "module.exports = { routes: [{ method: 'GET', path: '/memos/look', handler: 'look.look', config: { auth: false } }] };\n",
  );
  server = await createServer({
    schemas: dir,
    memory: true,
    configObject: {
      locales: [
        { code: 'en', name: 'English (en)', isDefault: true },
        { code: 'fr', name: 'French (fr)' },
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

test("Strapi's registries as project code reads them", async () => {
  const res = await fetch(`${base}/api/memos/look`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    attributes: ['title', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations'],
    // private on a type without i18n
    localizations: {
      type: 'relation',
      relation: 'oneToMany',
      target: 'api::memo.memo',
      writable: false,
      configurable: false,
      visible: false,
      private: true,
      unstable_virtual: true,
    },
    collectionName: 'memo_table',
    locales: ['en', 'fr'],
    defaultLocale: 'en',
    advanced: {
      unique_email: true,
      allow_register: true,
      email_confirmation: false,
      email_reset_password: null,
      email_confirmation_redirection: null,
      default_role: 'authenticated',
    },
    settings: { on: true },
    unknown: null,
  });
});
