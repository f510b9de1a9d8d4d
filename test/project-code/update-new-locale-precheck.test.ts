import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startProjectServer } from '../helpers/project-server.js';
import { writeCoreApiFiles, writeProjectFile } from '../helpers/schema-files.js';

// Through project code (a document middleware), the document service validates an update of a locale the document
// lacks as the create it is: `{ ...data, documentId }` with the create's defaults. Real Strapi 5.54 on notum-lite
// (--code write grammar 1719): after `DELETE /api/footer` (the default locale; `cs` kept), `PUT /api/footer` with a
// wrong label and a missing file answers the relations check with a value holding the documentId, `sections: []`
// and the items' defaults (`newTab: false`); the mock showed an update's value.
const root = mkdtempSync(join(tmpdir(), 'cm-new-locale-precheck-'));
const write = (path: string, value: unknown) => writeProjectFile(root, path, typeof value === 'string' ? value : JSON.stringify(value));
const localized = { i18n: { localized: true } };
write('src/components/parts/link.json', {
  info: { displayName: 'link' },
  attributes: { type: { type: 'string' }, label: { type: 'string' }, newTab: { type: 'boolean', default: false } },
});
write('src/components/parts/image.json', { info: { displayName: 'image' }, attributes: { media: { type: 'media', multiple: false } } });
write('src/api/footer/content-types/footer/schema.json', {
  kind: 'singleType',
  info: { singularName: 'footer', pluralName: 'footers', displayName: 'Footer' },
  options: { draftAndPublish: false },
  pluginOptions: localized,
  attributes: {
    copyRight: { type: 'string', pluginOptions: localized },
    logoImage: { type: 'component', component: 'parts.image', repeatable: false, pluginOptions: localized },
    links: { type: 'component', component: 'parts.link', repeatable: true, pluginOptions: localized },
    sections: { type: 'component', component: 'parts.link', repeatable: true, pluginOptions: localized },
  },
});
writeCoreApiFiles(root, 'footer');
// a database lifecycle subscriber (of any model): the document service then validates before the lifecycles run
// (document-service.ts precheck), as notum-lite's subscribers make it do
write(
  'src/index.js',
  `module.exports = {
  register({ strapi }) { strapi.documents.use((context, next) => next()); },
  bootstrap({ strapi }) { strapi.db.lifecycles.subscribe({ models: ['api::footer.footer'], afterCreate() {} }); },
};
`,
);

const key = 'new-locale-precheck-full-access-key-0123';
let project: Awaited<ReturnType<typeof startProjectServer>>;
let base: string;
beforeAll(async () => {
  project = await startProjectServer(root, key, { locales: [{ code: 'en', isDefault: true }, { code: 'cs' }] });
  ({ base } = project);
});
afterAll(() => project.close());

const call = async (method: string, path: string, data?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify({ data }),
  });
  return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as Record<string, any>) };
};

test("an update of a missing locale is validated as its create: the relations check's value", async () => {
  const made = await call('PUT', '/api/footer', { copyRight: 'a' });
  const documentId = made.body?.data.documentId as string;
  expect((await call('PUT', '/api/footer?locale=cs', { copyRight: 'b' })).status).toBe(200);
  expect((await call('DELETE', '/api/footer')).status).toBe(204);
  const refused = await call('PUT', '/api/footer', { links: [{ type: 'page', label: 1.5 }], logoImage: { media: { id: 3 } } });
  expect(refused.status).toBe(400);
  const errors = refused.body?.error.details.errors as { path: string[]; message: string; value: Record<string, unknown> }[];
  expect(errors.map((e) => e.message)).toEqual([
    'links[0].label must be a `string` type, but the final value was: `1.5`.',
    '1 relation(s) of type plugin::upload.file associated with this entity do not exist',
  ]);
  expect(errors[1].value).toMatchObject({
    documentId,
    locale: 'en',
    sections: [],
    links: [{ type: 'page', label: 1.5, newTab: false }],
  });
});
