import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startProjectServer } from '../helpers/project-server.js';
import { writeProjectFile } from '../helpers/schema-files.js';
import { jsonClient, type Answer } from './write-client.js';

// A list given as `data` to an update in a locale the document lacks, with draft & publish: Strapi's document service
// creates nothing it can give back, answers 404, and then dies (its entry.create event reads the missing entry after
// the commit: reports/s14-write-probes/dp-list-new-locale-*, adfinis --code write grammar 1701). The mock answers
// the 404 and writes nothing; the document's other locale is untouched.
const root = mkdtempSync(join(tmpdir(), 'cm-dp-list-locale-'));
const localized = { i18n: { localized: true } };
for (const [kind, plural, singular] of [
  ['singleType', 'overviews', 'overview'],
  ['collectionType', 'notes', 'note'],
] as const) {
  writeProjectFile(
    root,
    `src/api/${singular}/content-types/${singular}/schema.json`,
    JSON.stringify({
      kind,
      info: { singularName: singular, pluralName: plural, displayName: singular },
      options: { draftAndPublish: true },
      pluginOptions: localized,
      attributes: { title: { type: 'string', required: true, pluginOptions: localized } },
    }),
  );
}
const key = 'dp-list-locale-full-access-key-0123456789';
let project: Awaited<ReturnType<typeof startProjectServer>>;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  project = await startProjectServer(root, key, { locales: [{ code: 'en', isDefault: true }, { code: 'de' }] });
  call = jsonClient(project.base, key);
});
afterAll(() => project.close());

test('a single type: 404, nothing written', async () => {
  expect((await call('PUT', '/api/overview?locale=de', { data: { title: 't' } })).status).toBe(200);
  const answer = await call('PUT', '/api/overview?locale=en', { data: [] });
  expect(answer.status).toBe(404);
  expect((await call('GET', '/api/overview?status=draft&locale=en')).status).toBe(404);
  expect((await call('GET', '/api/overview?status=draft&locale=de')).status).toBe(200);
});

test('a collection type: 404, nothing written; in a locale it has, the list is refused by the validator', async () => {
  const made = await call('POST', '/api/notes?locale=de', { data: { title: 't' } });
  const id = (made.body.data as { documentId: string }).documentId;
  expect((await call('PUT', `/api/notes/${id}?locale=en`, { data: [{ title: 'x' }] })).status).toBe(404);
  expect((await call('GET', `/api/notes/${id}?status=draft&locale=en`)).status).toBe(404);
  const refused = await call('PUT', `/api/notes/${id}?locale=de`, { data: [] });
  expect(refused.status).toBe(400);
  expect(refused.body.error?.message).toBe('this must be a `object` type, but the final value was: `null` (cast from the value `[]`).');
});
