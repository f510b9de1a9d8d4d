import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// The document service's rows carry the `locale` column (null on a type without i18n) when read whole; a `fields`
// selection reads only what it names, `fields: ['publishedAt']` too (harness edtech-code 1101: a controller returning
// entityService.findMany with the query's fields[0]=publishedAt; Strapi's entries had no locale, the mock's null).
const root = mkdtempSync(join(tmpdir(), 'cm-document-columns-fields-'));
const src = join(root, 'src');
writeCollectionType(src, { singular: 'note', plural: 'notes', display: 'Note' }, { title: { type: 'string' } }, true);
for (const [folder, factory] of [
  ['services', 'createCoreService'],
  ['routes', 'createCoreRouter'],
])
  writeProjectFile(
    src,
    `api/note/${folder}/note.js`,
    `module.exports = require('@strapi/strapi').factories.${factory}('api::note.note');\n`,
  );
writeProjectFile(
  src,
  'api/note/controllers/note.js',
  `module.exports = require('@strapi/strapi').factories.createCoreController('api::note.note', ({ strapi }) => ({
  async find(ctx) {
    return this.transformResponse(await strapi.entityService.findMany('api::note.note', { ...ctx.query }));
  },
}));
`,
);

const KEY = 'document-columns-fields-full-access-01';
let project: Awaited<ReturnType<typeof startProjectServer>>;
beforeAll(async () => {
  project = await startProjectServer(root, KEY);
  await project.send('POST', '/api/notes', { data: { title: 'n' } });
});
afterAll(() => project.close());

test.each([
  ['', true],
  ['?fields[0]=publishedAt', false],
  ['?fields[0]=publishedAt&fields[1]=title', false],
  ['?fields[0]=locale', true],
])('GET /api/notes%s through entityService: the locale column shown: %s', async (query, shown) => {
  const { status, json } = await project.send<{ data: Record<string, unknown>[] }>('GET', `/api/notes${query}`);
  expect(status).toBe(200);
  expect(json!.data).toHaveLength(1);
  expect('locale' in json!.data[0]).toBe(shown);
  if (shown) expect(json!.data[0].locale).toBeNull();
});
