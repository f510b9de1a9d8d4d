import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { writeCollectionType, writeCoreApiFiles, writeProjectFile } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// i18n adds a private `localizations` to every content type; on a type without i18n the content API refuses it, but
// the document service populates it as any relation: always [] there (Strapi 5.54, probe s15 rawloc: a custom route
// answering `strapi.documents(uid).findMany({ populate: '*' })`, public project martinuhlr/ontarget-strapi).
// A top-level populate that is neither a string, a list of strings nor an object is the query conversion's refusal.
const root = mkdtempSync(join(tmpdir(), 'cm-ds-localizations-'));
writeCollectionType(
  join(root, 'src'),
  { singular: 'note', plural: 'notes', display: 'Note' },
  {
    title: { type: 'string' },
    cover: { type: 'media', multiple: false },
    next: { type: 'relation', relation: 'oneToOne', target: 'api::note.note' },
  },
  true,
);
writeCoreApiFiles(root, 'note');
writeProjectFile(
  root,
  'src/api/note/controllers/note.js',
  `module.exports = require('@strapi/strapi').factories.createCoreController('api::note.note', ({ strapi }) => ({
  async raw(ctx) {
    const v = ctx.query.v;
    const populate = v === 'list' ? ['localizations'] : v === 'obj' ? { next: true, localizations: true } : v === 'true' ? true : '*';
    const status = ctx.query.s || undefined;
    ctx.body = {
      many: await strapi.documents('api::note.note').findMany({ populate, status }),
      first: await strapi.documents('api::note.note').findFirst({ populate }),
    };
  },
}));
`,
);
writeProjectFile(
  root,
  'src/api/note/routes/01-raw.js',
  "module.exports = { routes: [{ method: 'GET', path: '/notes-raw', handler: 'note.raw', config: { auth: false } }] };\n",
);

let app: Awaited<ReturnType<typeof startProjectServer>>;
beforeAll(async () => {
  app = await startProjectServer(root, 'ds-localizations-key', {
    permissions: { public: { 'api::note.note': ['find', 'findOne'] } },
  });
  const a = await app.send<{ data: { documentId: string } }>('POST', '/api/notes', { data: { title: 'a' } });
  await app.send('POST', '/api/notes?status=published', { data: { title: 'b', next: a.json!.data.documentId } });
});
afterAll(() => app?.close());

type Raw = { many: Record<string, unknown>[]; first: Record<string, unknown> };

test("populate '*' gives a type without i18n an empty localizations list, after every attribute", async () => {
  const { status, json } = await app.send<Raw>('GET', '/api/notes-raw');
  expect(status).toBe(200);
  expect(Object.keys(json!.many[1])).toEqual([
    'id',
    'documentId',
    'title',
    'createdAt',
    'updatedAt',
    'publishedAt',
    'locale',
    'createdBy',
    'updatedBy',
    'cover',
    'next',
    'localizations',
  ]);
  expect(json!.many.map((e) => e.localizations)).toEqual([[], []]);
  expect(json!.first.localizations).toEqual([]);
  // the populated relation's own entry is not populated further
  expect(json!.many[1].next).not.toHaveProperty('localizations');
});

test('localizations named in a list or an object is no error there', async () => {
  const list = await app.send<Raw>('GET', '/api/notes-raw?v=list');
  expect(list.status).toBe(200);
  expect(Object.keys(list.json!.first)).toEqual([
    'id',
    'documentId',
    'title',
    'createdAt',
    'updatedAt',
    'publishedAt',
    'locale',
    'localizations',
  ]);
  const obj = await app.send<Raw>('GET', '/api/notes-raw?v=obj&s=published');
  expect(obj.status).toBe(200);
  expect(obj.json!.many[1].localizations).toEqual([]);
  expect(Object.keys(obj.json!.many[1]).slice(-2)).toEqual(['next', 'localizations']);
  expect(obj.json!.many[1].publishedAt).not.toBeNull();
});

test('populate: true is the query conversion refusal', async () => {
  const { status, json } = await app.send('GET', '/api/notes-raw?v=true');
  expect(status).toBe(400);
  expect(json).toEqual({
    data: null,
    error: {
      status: 400,
      name: 'ValidationError',
      message: 'Invalid populate parameter. Expected a string, an array of strings, a populate object',
      details: {},
    },
  });
});

test('the content API still refuses localizations on such a type', async () => {
  const res = await fetch(`${app.base}/api/notes?populate=localizations`);
  expect(res.status).toBe(400);
  const star = (await (await fetch(`${app.base}/api/notes?populate=*`)).json()) as { data: Record<string, unknown>[] };
  expect(star.data[0]).not.toHaveProperty('localizations');
});
