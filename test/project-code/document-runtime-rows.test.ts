import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { collectionSchema, writeCoreApiFiles, writeProjectFile } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// What project code reads from Strapi's runtime, as Strapi 5.54 answers it (probe s12 on a kit project with these
// calls, the same requests against real Strapi): the document service's creator links, the core service's row
// columns and populate, the query engine's rows (its publishedAt default, no default locale, i18n's localizations)
// and permission rows a bootstrap writes through the document service.
const KEY = 'document-runtime-rows-key';
let app: Awaited<ReturnType<typeof startProjectServer>>;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-mock-document-runtime-rows-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  write(
    'src/api/note/content-types/note/schema.json',
    collectionSchema(
      { singular: 'note', plural: 'notes' },
      { options: { draftAndPublish: true }, pluginOptions: { i18n: { localized: true } } },
      {
        title: { type: 'string', pluginOptions: { i18n: { localized: true } } },
        labels: { type: 'relation', relation: 'manyToMany', target: 'api::label.label', inversedBy: 'notes' },
      },
    ),
  );
  write(
    'src/api/label/content-types/label/schema.json',
    collectionSchema(
      { singular: 'label', plural: 'labels' },
      { options: { draftAndPublish: false } },
      {
        name: { type: 'string' },
        notes: { type: 'relation', relation: 'manyToMany', target: 'api::note.note', mappedBy: 'labels' },
      },
    ),
  );
  write(
    'src/api/secret/content-types/secret/schema.json',
    collectionSchema({ singular: 'secret', plural: 'secrets' }, {}, { code: { type: 'string' } }),
  );
  for (const t of ['note', 'label', 'secret']) writeCoreApiFiles(dir, t);
  write(
    'src/index.js',
    `module.exports = {
  async bootstrap({ strapi }) {
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    await strapi.documents('plugin::users-permissions.permission').create({ data: { action: 'api::secret.secret.find', role: role.id } });
  },
};
`,
  );
  const routes = ['star', 'creator', 'sanitized', 'labels', 'labelOne', 'dbCreate', 'dbRows', 'dbLocalizations'];
  write(
    'src/api/probe/routes/probe.js',
    `module.exports = { routes: ${JSON.stringify(routes)}.map((n) => ({ method: 'GET', path: '/probe/' + n + '/:id?', handler: 'probe.' + n, config: { auth: false } })) };\n`,
  );
  write(
    'src/api/probe/controllers/probe.js',
    `const NOTE = 'api::note.note';
module.exports = {
  async star(ctx) { const [e] = await strapi.documents(NOTE).findMany({ populate: '*', sort: 'id:asc', limit: 1 }); ctx.body = e; },
  async creator(ctx) { ctx.body = await strapi.documents(NOTE).findMany({ populate: ['createdBy', 'labels'], fields: ['title'], sort: 'id:asc' }); },
  async sanitized(ctx) {
    const [e] = await strapi.documents(NOTE).findMany({ populate: '*', sort: 'id:asc', limit: 1 });
    ctx.body = await strapi.contentAPI.sanitize.output(e, strapi.getModel(NOTE), { auth: ctx.state.auth });
  },
  async labels(ctx) { ctx.body = await strapi.service('api::label.label').find({ sort: 'id:asc' }); },
  async labelOne(ctx) { ctx.body = await strapi.service('api::note.note').findOne(ctx.params.id, { fields: ['title'], populate: { labels: { fields: ['name'] } } }); },
  async dbCreate(ctx) {
    const one = await strapi.db.query(NOTE).create({ data: { title: 'raw' }, select: ['id', 'title', 'locale', 'publishedAt'] });
    const many = await strapi.db.query(NOTE).createMany({ data: [{ title: 'm1' }, { title: 'm2', publishedAt: null, locale: 'fr' }, { title: 'm3', publishedAt: new Date('2026-01-02T03:04:05.000Z') }] });
    ctx.body = { one: { ...one, publishedAt: typeof one.publishedAt }, many };
  },
  async dbRows(ctx) { ctx.body = await strapi.db.query(NOTE).findMany({ where: { title: { $startsWith: 'm' } }, select: ['title', 'locale', 'publishedAt'], orderBy: 'id' }); },
  async dbLocalizations(ctx) {
    const rows = await strapi.db.query(NOTE).findMany({ select: ['id', 'locale'], where: { locale: 'en', publishedAt: { $null: true } }, populate: { localizations: { select: ['id', 'locale', 'publishedAt'] } }, orderBy: 'id' });
    ctx.body = rows.map((r) => ({ id: r.id, locale: r.locale, others: r.localizations.map((l) => l.id + ':' + l.locale + ':' + (l.publishedAt === null ? 'draft' : 'published')) }));
  },
};
`,
  );
  app = await startProjectServer(dir, KEY);
  const { send } = app;
  const label = await send<{ data: { documentId: string } }>('POST', '/api/labels', { data: { name: 'L1' } });
  const note = await send<{ data: { documentId: string } }>('POST', '/api/notes', {
    data: { title: 'One', labels: [label.json!.data.documentId] },
  });
  await send('PUT', `/api/notes/${note.json!.data.documentId}?locale=fr`, { data: { title: 'Un' } });
  await send('POST', '/api/notes?status=draft', { data: { title: 'Two' } });
}, 30000);
afterAll(async () => app?.close());

describe('strapi.documents: createdBy and updatedBy', () => {
  test("GET /api/probe/star: populate '*' holds the creator links, null (no admin user wrote the content)", async () => {
    const { json } = await app.send<Record<string, unknown>>('GET', '/api/probe/star');
    expect(json).toMatchObject({ title: 'One', createdBy: null, updatedBy: null, labels: [{ name: 'L1' }] });
  });
  test("GET /api/probe/creator: populate ['createdBy', 'labels'] is no mistake for the document service", async () => {
    const { status, json } = await app.send<Record<string, unknown>[]>('GET', '/api/probe/creator');
    expect(status).toBe(200);
    expect(json![0]).toEqual({
      id: 1,
      documentId: expect.any(String),
      title: 'One',
      createdBy: null,
      labels: [expect.objectContaining({ name: 'L1' })],
    });
  });
  test('GET /api/probe/sanitized: the content API output sanitizer removes them (private)', async () => {
    const { json } = await app.send<Record<string, unknown>>('GET', '/api/probe/sanitized');
    expect(json).toMatchObject({ title: 'One' });
    expect(Object.keys(json!)).not.toContain('createdBy');
    expect(Object.keys(json!)).not.toContain('updatedBy');
  });
});

describe('core services', () => {
  test("GET /api/probe/labels: a service's find answers rows with their locale column (null without i18n)", async () => {
    const { json } = await app.send<{ results: Record<string, unknown>[]; pagination: unknown }>('GET', '/api/probe/labels');
    expect(json!.results).toEqual([expect.objectContaining({ name: 'L1', locale: null })]);
    expect(json!.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 1 });
  });
  test('GET /api/probe/labelOne/:id: on an auth: false route the service still populates what it is asked', async () => {
    const notes = await app.send<{ data: { documentId: string }[] }>('GET', '/api/notes?sort=id');
    const { json } = await app.send<Record<string, unknown>>('GET', `/api/probe/labelOne/${notes.json!.data[0].documentId}`);
    expect(json).toEqual({
      id: expect.any(Number),
      documentId: expect.any(String),
      title: 'One',
      labels: [{ id: 1, documentId: expect.any(String), name: 'L1' }],
    });
  });
});

describe('strapi.db.query', () => {
  test('GET /api/probe/dbCreate: rows get publishedAt now unless the data says null, and no default locale', async () => {
    const { json } = await app.send<Record<string, unknown>>('GET', '/api/probe/dbCreate');
    expect(json).toEqual({
      one: { id: expect.any(Number), title: 'raw', locale: null, publishedAt: 'string' },
      many: { count: 3, ids: expect.any(Array) },
    });
    const rows = await app.send<Record<string, unknown>[]>('GET', '/api/probe/dbRows');
    expect(rows.json).toEqual([
      { title: 'm1', locale: null, publishedAt: expect.any(String) },
      { title: 'm2', locale: 'fr', publishedAt: null },
      { title: 'm3', locale: null, publishedAt: '2026-01-02T03:04:05.000Z' },
    ]);
  });
  test("GET /api/probe/dbLocalizations: i18n's localizations are every other row of the document outside the result set", async () => {
    const { json } = await app.send<{ id: number; locale: string; others: string[] }[]>('GET', '/api/probe/dbLocalizations');
    // One: en draft (1), en published (2), fr draft (3), fr published (4); Two: en draft alone
    expect(json!.slice(0, 2)).toEqual([
      { id: 1, locale: 'en', others: ['2:en:published', '3:fr:draft', '4:fr:published'] },
      { id: 5, locale: 'en', others: [] },
    ]);
  });
});

test('GET /api/secrets: a permission row the bootstrap wrote through strapi.documents grants the public role', async () => {
  expect((await fetch(`${app.base}/api/secrets`)).status).toBe(200);
  expect((await fetch(`${app.base}/api/notes`)).status).toBe(403);
});
