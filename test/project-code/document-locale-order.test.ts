import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeProjectFile } from '../helpers/schema-files.js';

// The document service meets a document's rows through the `documents_idx` index (document_id, locale,
// published_at) when it publishes, unpublishes or deletes several locales at once: by locale, the draft before the
// published version. `publish({ locale: '*' })` of a document drafted in en, then fr, then de publishes de, en, fr
// in that order (their new rows take ids in it), and `delete({ locale: '*' })` lists de, en draft, en published,
// fr draft, fr published. The mock went by row id (probe on real Strapi 5.54: both orders as here).
let dir: string;
let server: MockServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-ds-locale-order-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  write(
    'src/api/note/content-types/note/schema.json',
    JSON.stringify({
      kind: 'collectionType',
      info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
      options: { draftAndPublish: true },
      pluginOptions: { i18n: { localized: true } },
      attributes: { title: { type: 'string', pluginOptions: { i18n: { localized: true } } } },
    }),
  );
  write(
    'src/api/note/controllers/note.js',
    `const docs = () => strapi.documents('api::note.note');
const brief = (entries) => entries.map((e) => ({ id: e.id, locale: e.locale, draft: e.publishedAt === null }));
module.exports = {
  async run(ctx) {
    const { documentId } = await docs().create({ data: { title: 'en' }, locale: 'en' });
    await docs().update({ documentId, locale: 'fr', data: { title: 'fr' } });
    await docs().update({ documentId, locale: 'de', data: { title: 'de' } });
    const published = await docs().publish({ documentId, locale: '*' });
    const deleted = await docs().delete({ documentId, locale: '*' });
    ctx.body = { published: brief(published.entries), deleted: brief(deleted.entries) };
  },
};
`,
  );
  write(
    'src/api/note/routes/note.js',
    "module.exports = { routes: [{ method: 'POST', path: '/notes/run', handler: 'note.run', config: { auth: false } }] };\n",
  );
  server = await createServer({
    schemas: dir,
    memory: true,
    configObject: {
      locales: [
        { code: 'en', name: 'English (en)', isDefault: true },
        { code: 'fr', name: 'French (fr)' },
        { code: 'de', name: 'German (de)' },
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

test('publish and delete of every locale go by locale, the draft before the published version', async () => {
  const res = await fetch(`${base}/api/notes/run`, { method: 'POST' });
  expect(res.status).toBe(200);
  // drafts en 1, fr 2, de 3: published de 4, en 5, fr 6
  expect(await res.json()).toEqual({
    published: [
      { id: 4, locale: 'de', draft: false },
      { id: 5, locale: 'en', draft: false },
      { id: 6, locale: 'fr', draft: false },
    ],
    deleted: [
      { id: 3, locale: 'de', draft: true },
      { id: 4, locale: 'de', draft: false },
      { id: 1, locale: 'en', draft: true },
      { id: 5, locale: 'en', draft: false },
      { id: 2, locale: 'fr', draft: true },
      { id: 6, locale: 'fr', draft: false },
    ],
  });
});
