import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startProjectServer } from '../helpers/project-server.js';
import { collectionSchema, writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// The document service converts its `filters` as the content API does (@strapi/utils convert-query-params,
// convertAndSanitizeFilters): keys that are neither attributes nor operators are dropped, and the objects left empty.
// A controller spreading `ctx.query` into `strapi.entityService.findMany(uid, …)` with `filters[$and][101][content]=x`
// (qs makes an object of a list indexed past 20) filters nothing in Strapi 5.54 (edtech: 200); the mock handed the
// object to its database layer, which refused a non-list `$and`, and the controller's catch answered 400. The query
// engine (`strapi.db.query`) converts nothing: its `where` reaches the database as it is. The same conversion reads
// `start`/`limit` as numbers (a text '-1' from `ctx.query.pagination` is no limit; the mock read one row) and refuses
// a `fields` list that is not all strings (`fields[0]` without a value is null: no sanitizer dropped it). Its
// validator (validateParams) refuses a populate key that names no attribute or names a scalar (adfinis: "Invalid key seo").
const KEY = 'filters-conversion-key';
let srv: Awaited<ReturnType<typeof startProjectServer>>;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-mock-filters-conversion-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  writeCollectionType(join(dir, 'src'), { singular: 'note', plural: 'notes', display: 'Note' }, { title: { type: 'string' } });
  write(
    'src/api/page/content-types/page/schema.json',
    collectionSchema(
      { singular: 'page', plural: 'pages' },
      { options: { draftAndPublish: false }, pluginOptions: { i18n: { localized: true } } },
      { title: { type: 'string', pluginOptions: { i18n: { localized: true } } } },
    ),
  );
  write('src/api/note/services/note.js', `module.exports = require('@strapi/strapi').factories.createCoreService('api::note.note');\n`);
  write('src/api/note/routes/note.js', `module.exports = require('@strapi/strapi').factories.createCoreRouter('api::note.note');\n`);
  write(
    'src/api/note/routes/probe.js',
    `module.exports = { routes: [
  { method: 'GET', path: '/notes-es', handler: 'note.viaEntityService' },
  { method: 'GET', path: '/notes-ds', handler: 'note.viaDocuments' },
  { method: 'GET', path: '/notes-db', handler: 'note.viaQueryEngine' },
  { method: 'GET', path: '/notes-page', handler: 'note.page' },
  { method: 'GET', path: '/notes-populate', handler: 'note.populate' },
  { method: 'GET', path: '/notes-page-locale', handler: 'note.pageLocale' },
  { method: 'GET', path: '/notes-first', handler: 'note.first' },
] };
`,
  );
  write(
    'src/api/note/controllers/note.js',
    `module.exports = require('@strapi/strapi').factories.createCoreController('api::note.note', ({ strapi }) => ({
  async viaEntityService(ctx) {
    const entries = await strapi.entityService.findMany('api::note.note', { ...ctx.query, sort: { id: 'asc' } });
    ctx.body = entries.map((e) => e.title);
  },
  async viaDocuments(ctx) {
    const entries = await strapi.documents('api::note.note').findMany({ filters: ctx.query.filters, sort: 'id' });
    ctx.body = entries.map((e) => e.title);
  },
  async populate(ctx) {
    const out = [];
    for (const populate of [{ seo: { populate: '*' } }, { nope: true }, { title: true }, { localizations: true }, { fields: ['title'] }]) {
      try {
        await strapi.documents('api::note.note').findFirst({ filters: { title: 'one' }, populate });
        out.push('ok');
      } catch (e) {
        out.push(e.name + ': ' + e.message);
      }
    }
    ctx.body = out;
  },
  async first(ctx) {
    const entry = await strapi.documents('api::note.note').findFirst({ sort: 'id', ...ctx.query });
    ctx.body = { title: entry ? entry.title : null };
  },
  async pageLocale(ctx) {
    try {
      ctx.body = await strapi.documents('api::page.page').findFirst({ locale: ctx.query.locale });
    } catch (e) {
      ctx.body = { error: e.name + ': ' + e.message };
    }
  },
  async page(ctx) {
    const p = ctx.query.pagination;
    const entries = await strapi.entityService.findMany('api::note.note', { sort: { id: 'asc' }, start: p.start, limit: p.limit });
    ctx.body = entries.map((e) => e.title);
  },
  async viaQueryEngine(ctx) {
    try {
      const rows = await strapi.db.query('api::note.note').findMany({ where: ctx.query.filters });
      ctx.body = rows.map((e) => e.title);
    } catch (e) {
      ctx.body = { failed: true };
    }
  },
}));
`,
  );
  srv = await startProjectServer(dir, KEY);
  for (const title of ['one', 'two', 'three']) expect((await srv.send('POST', '/api/notes', { data: { title } })).status).toBe(201);
});
afterAll(async () => srv?.close());

test('an object `$and` of list indexes filters nothing through the entity service and the document service', async () => {
  const q = 'filters[$and][101][title]=one&status=';
  expect(await srv.send('GET', `/api/notes-es?${q}`)).toEqual({ status: 200, json: ['one', 'two', 'three'] });
  expect(await srv.send('GET', `/api/notes-ds?${q}`)).toEqual({ status: 200, json: ['one', 'two', 'three'] });
  // a list `$and` filters
  expect((await srv.send('GET', '/api/notes-ds?filters[$and][0][title]=one')).json).toEqual(['one']);
});

test("the query engine's where is not converted: an object `$and` fails there", async () => {
  expect((await srv.send('GET', '/api/notes-db?filters[$and][101][title]=one')).json).toEqual({ failed: true });
  expect((await srv.send('GET', '/api/notes-db?filters[$and][0][title]=one')).json).toEqual(['one']);
});

test("the service's start and limit are numbers, a text '-1' no limit; a fields list with an empty item is refused", async () => {
  expect((await srv.send('GET', '/api/notes-page?pagination[start]=1&pagination[limit]=-1')).json).toEqual(['two', 'three']);
  expect((await srv.send('GET', '/api/notes-page?pagination[start]=1&pagination[limit]=1')).json).toEqual(['two']);
  const refused = await srv.send<{ error: { name: string; message: string } }>('GET', '/api/notes-es?fields[0]');
  expect(refused.status).toBe(400);
  expect(refused.json!.error).toMatchObject({
    name: 'ValidationError',
    message: 'Invalid fields parameter. Expected a string or an array of strings',
  });
  expect((await srv.send('GET', '/api/notes-es?fields[0]=title')).status).toBe(200);
});

test("the document service's validator refuses a populate key naming no attribute, or one that cannot be populated", async () => {
  expect((await srv.send('GET', '/api/notes-populate')).json).toEqual([
    'ValidationError: Invalid key seo',
    'ValidationError: Invalid key nope',
    'ValidationError: Invalid key title',
    'ok',
    'ok',
  ]);
});

test("findFirst's locale is one string (localeToLookup): a list is refused", async () => {
  expect((await srv.send('GET', '/api/notes-page-locale?locale[0][0]=en&locale[0][1]=en')).json).toEqual({
    error: 'ValidationError: Invalid locale param en,en provided. Document locales must be strings.',
  });
  expect((await srv.send('GET', '/api/notes-page-locale?locale=en')).status).toBe(204);
});

test("the document service's refusals carry no content API source or param", async () => {
  const { status, json } = await srv.send<{ error: { message: string; details: Record<string, unknown> } }>(
    'GET',
    '/api/notes-es?populate[nope]=true',
  );
  expect(status).toBe(400);
  expect(json!.error.message).toBe('Invalid key nope');
  expect(json!.error.details).not.toHaveProperty('param');
  expect(json!.error.details).not.toHaveProperty('source');
});

test("findFirst reads the first row of the service's window; its pagination is converted after the validators", async () => {
  expect((await srv.send('GET', '/api/notes-first?page=2')).json).toEqual({ title: 'one' });
  expect((await srv.send('GET', '/api/notes-first?start=1')).json).toEqual({ title: 'two' });
  const refused = await srv.send<{ error: { message: string } }>('GET', '/api/notes-first?fields[0]=nope&page=-1');
  expect(refused.json!.error.message).toBe('Invalid key nope');
  const converted = await srv.send<{ error: { message: string } }>('GET', '/api/notes-first?page=-1');
  expect(converted.json!.error.message).toBe("Invalid 'page' parameter. Expected an integer > 0, received: -1");
});
