import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startProjectServer } from '../helpers/project-server.js';
import { writeCoreApiFiles, writeProjectFile } from '../helpers/schema-files.js';

// The core controller run as project code takes a list given as `data` item by item in validateInput and
// sanitizeInput, as Strapi's do: the items' keys are checked ("Invalid key nope"), never the list's indexes, and the
// document service's validator then refuses the list itself, or, for a new locale of a single type without draft &
// publish, creates it empty. Recorded on Strapi 5.54 (harness notum-lite --code write grammar 1603; probe steps in
// scripts/harness/reports/s14-write-probes/core-controller-list-body-*.json).
const root = mkdtempSync(join(tmpdir(), 'cm-list-body-'));
const write = (path: string, text: string) => writeProjectFile(root, `src/${path}`, text);
const localized = { i18n: { localized: true } };
write(
  'api/footer/content-types/footer/schema.json',
  JSON.stringify({
    kind: 'singleType',
    info: { singularName: 'footer', pluralName: 'footers', displayName: 'Footer' },
    options: { draftAndPublish: false },
    pluginOptions: localized,
    attributes: {
      note: { type: 'string', pluginOptions: localized },
      links: { type: 'component', component: 'parts.link', repeatable: true, pluginOptions: localized },
    },
  }),
);
write('components/parts/link.json', JSON.stringify({ info: { displayName: 'link' }, attributes: { label: { type: 'string' } } }));
writeCoreApiFiles(root, 'footer');

// a document middleware: the route then runs through the core controller as project code (run-route.ts pristineCore)
write('index.js', 'module.exports = { register({ strapi }) { strapi.documents.use((context, next) => next()); } };\n');

const key = 'list-body-full-access-key-0123456789';
let project: Awaited<ReturnType<typeof startProjectServer>>;
let server: MockServer;
let base: string;
beforeAll(async () => {
  project = await startProjectServer(root, key, { locales: [{ code: 'en', isDefault: true }, { code: 'cs' }] });
  ({ server, base } = project);
});
afterAll(() => project.close());

const put = async (path: string, data: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> | null; error?: { message: string } } };
};

test("a list as data is judged on its items' keys, then refused by the validator", async () => {
  expect(server.projectReport().filter((l) => l.includes('cannot run'))).toEqual([]);
  const refused = await put('/api/footer', [{ links: [] }]);
  expect(refused.status).toBe(400);
  expect(refused.body.error?.message).toBe(
    'this must be a `object` type, but the final value was: `null` (cast from the value `[\n  {\n    "links": []\n  }\n]`).',
  );
  expect((await put('/api/footer', [{ nope: [] }])).body.error?.message).toBe('Invalid key nope');
  expect((await put('/api/footer', [])).status).toBe(400);
});

test('a list as data for a new locale of an existing single type without draft & publish creates it empty', async () => {
  expect((await put('/api/footer', { links: [] })).status).toBe(200);
  const made = await put('/api/footer?locale=cs', [{ links: [] }]);
  expect(made.status).toBe(200);
  expect(made.body.data).toMatchObject({ locale: 'cs', note: null });
});
