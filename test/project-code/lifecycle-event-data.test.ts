import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { collectionSchema, writeCoreApiFiles, writeProjectFile } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// The database lifecycles of a content type see what Strapi's document service hands the query engine (probe s12
// on Strapi 5.54, events recorded by a lifecycles file): `event.params` is `{ where, data }` — no `status`,
// `documentId` or `locale` parameters — with the relations as row ids (`{ set: [{ id }] }`, `{ connect: [{ id }] }`),
// the locale and publishedAt the service sets and the timestamps; a write that publishes runs the draft's events,
// then the deletes of the published rows it replaces, then the published row's create (never an update event).
const KEY = 'lifecycle-event-data-key';
let app: Awaited<ReturnType<typeof startProjectServer>>;
type Event = { a: string; params: Record<string, unknown>; result?: unknown };

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-mock-lifecycle-event-data-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  write(
    'src/api/post/content-types/post/schema.json',
    collectionSchema(
      { singular: 'post', plural: 'posts' },
      { options: { draftAndPublish: true }, pluginOptions: { i18n: { localized: true } } },
      {
        title: { type: 'string', pluginOptions: { i18n: { localized: true } } },
        code: { type: 'string', pluginOptions: { i18n: { localized: true } } },
        views: { type: 'integer', pluginOptions: { i18n: { localized: false } } },
        tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', inversedBy: 'posts' },
      },
    ),
  );
  write(
    'src/api/tag/content-types/tag/schema.json',
    collectionSchema(
      { singular: 'tag', plural: 'tags' },
      { options: { draftAndPublish: false } },
      {
        name: { type: 'string' },
        posts: { type: 'relation', relation: 'manyToMany', target: 'api::post.post', mappedBy: 'tags' },
      },
    ),
  );
  for (const t of ['post', 'tag']) writeCoreApiFiles(dir, t);
  write(
    'src/api/post/content-types/post/lifecycles.js',
    `const log = (globalThis.__events ??= []);
const marks = ['createdAt', 'updatedAt', 'publishedAt', 'documentId'];
const copy = (v) => JSON.parse(JSON.stringify(v, (k, x) => (marks.includes(k) && x !== null ? 'set' : x)));
const rec = (a) => (event) => { log.push({ a, params: copy(event.params), ...(a.startsWith('after') ? { result: event.result && event.result.id } : {}) }); };
module.exports = {
  beforeCreate(event) {
    rec('beforeCreate')(event);
    // a code derived from the title lands in the row the event writes
    if (event.params.data.title) event.params.data.code = event.params.data.title.toUpperCase();
  },
  afterCreate: rec('afterCreate'),
  beforeUpdate: rec('beforeUpdate'),
  afterUpdate: rec('afterUpdate'),
  beforeDelete: rec('beforeDelete'),
  afterDelete: rec('afterDelete'),
  beforeFindOne: rec('beforeFindOne'),
  afterFindOne: rec('afterFindOne'),
  beforeFindMany(event) {
    rec('beforeFindMany')(event);
    // a project hiding rows: what it adds to the query's where is what runs
    event.params.where = { ...event.params.where, title: { $ne: 'Hidden' } };
  },
};
`,
  );
  write(
    'src/api/probe/routes/probe.js',
    `module.exports = { routes: [
  { method: 'GET', path: '/probe/events', handler: 'probe.events', config: { auth: false } },
  { method: 'POST', path: '/probe/publish/:id', handler: 'probe.publish', config: { auth: false } },
  { method: 'POST', path: '/probe/unpublish/:id', handler: 'probe.unpublish', config: { auth: false } },
  { method: 'POST', path: '/probe/db-write', handler: 'probe.dbWrite', config: { auth: false } },
  { method: 'POST', path: '/probe/discard/:id', handler: 'probe.discard', config: { auth: false } },
] };\n`,
  );
  write(
    'src/api/probe/controllers/probe.js',
    `module.exports = {
  async events(ctx) { const l = globalThis.__events ?? []; ctx.body = l.splice(0, l.length); },
  async publish(ctx) { const r = await strapi.documents('api::post.post').publish({ documentId: ctx.params.id }); ctx.body = { n: r.entries.length }; },
  async dbWrite(ctx) {
    const q = strapi.db.query('api::post.post');
    const row = await q.create({ data: { title: 'Raw', locale: 'en', publishedAt: null } });
    await q.update({ where: { id: row.id }, data: { views: 4 } });
    ctx.body = { id: row.id };
  },
  async discard(ctx) { const r = await strapi.documents('api::post.post').discardDraft({ documentId: ctx.params.id }); ctx.body = { n: r.entries.length }; },
  async unpublish(ctx) { const r = await strapi.documents('api::post.post').unpublish({ documentId: ctx.params.id }); ctx.body = { n: r.entries.length }; },
};
`,
  );
  app = await startProjectServer(dir, KEY);
}, 30000);
afterAll(async () => app?.close());

/** The events since the last call; the reads (FindOne) only when asked. */
const events = async (reads = false) =>
  (await app.send<Event[]>('GET', '/api/probe/events')).json!.filter((e) => reads || !/Find(One|Many)$/.test(e.a));

test('POST /api/posts (published) then PUT: the events and their params as Strapi hands them to the database', async () => {
  const t1 = (await app.send<{ data: { documentId: string } }>('POST', '/api/tags', { data: { name: 'T1' } })).json!.data.documentId;
  const t2 = (await app.send<{ data: { documentId: string } }>('POST', '/api/tags', { data: { name: 'T2' } })).json!.data.documentId;
  const created = await app.send<{ data: Record<string, unknown> }>('POST', '/api/posts', {
    data: { title: 'Alpha', views: 3, tags: [t1] },
  });
  expect(created.status).toBe(201);
  // the code the draft's beforeCreate set is in the answer (the published row's own beforeCreate set it again)
  expect(created.json!.data).toMatchObject({ title: 'Alpha', code: 'ALPHA', views: 3 });
  const draftData = {
    locale: 'en',
    publishedAt: null,
    title: 'Alpha',
    views: 3,
    tags: { set: [{ id: 1 }] },
    createdAt: 'set',
    updatedAt: 'set',
  };
  const publishedData = {
    documentId: 'set',
    title: 'Alpha',
    code: 'ALPHA',
    views: 3,
    createdAt: 'set',
    updatedAt: 'set',
    publishedAt: 'set',
    locale: 'en',
    createdBy: null,
    updatedBy: null,
    tags: { set: [{ id: 1 }] },
  };
  expect(await events()).toEqual([
    { a: 'beforeCreate', params: { where: {}, data: draftData } },
    { a: 'afterCreate', params: { where: {}, data: { ...draftData, code: 'ALPHA' } }, result: 1 },
    { a: 'beforeCreate', params: { where: {}, data: publishedData } },
    { a: 'afterCreate', params: { where: {}, data: publishedData }, result: 2 },
  ]);

  const documentId = created.json!.data.documentId as string;
  const updated = await app.send('PUT', `/api/posts/${documentId}`, { data: { title: 'Beta', tags: { connect: [t2] } } });
  expect(updated.status).toBe(200);
  const updateData = { title: 'Beta', tags: { connect: [{ id: 2 }] }, publishedAt: null, locale: 'en', updatedAt: 'set' };
  const list = await events();
  expect(list.map((e) => e.a)).toEqual(['beforeUpdate', 'afterUpdate', 'beforeDelete', 'afterDelete', 'beforeCreate', 'afterCreate']);
  expect(list[0]).toEqual({ a: 'beforeUpdate', params: { where: { id: 1 }, data: updateData } });
  expect(list[2]).toEqual({ a: 'beforeDelete', params: { where: { id: 2 } } });
  expect(list[4].params.data).toMatchObject({ title: 'Beta', code: 'ALPHA', tags: { set: [{ id: 1 }, { id: 2 }] }, publishedAt: 'set' });
});

test('PUT /api/posts/:id?locale=fr: a locale the document lacks is a create, with the fields i18n copies', async () => {
  const [post] = (await app.send<{ data: { documentId: string }[] }>('GET', '/api/posts')).json!.data;
  await app.send('PUT', `/api/posts/${post.documentId}?locale=fr&status=draft`, { data: { title: 'Alpha fr' } });
  const [before] = await events();
  expect(before).toEqual({
    a: 'beforeCreate',
    params: {
      where: {},
      data: { locale: 'fr', publishedAt: null, views: 3, title: 'Alpha fr', documentId: 'set', createdAt: 'set', updatedAt: 'set' },
    },
  });
});

test('strapi.documents(uid).publish: the published row is created, with no update event', async () => {
  const draft = await app.send<{ data: { documentId: string } }>('POST', '/api/posts?status=draft', { data: { title: 'Gamma' } });
  await events();
  await app.send('POST', `/api/probe/publish/${draft.json!.data.documentId}`, {});
  const list = await events();
  expect(list.map((e) => e.a)).toEqual(['beforeCreate', 'afterCreate']);
  expect(list[0].params.data).toMatchObject({ title: 'Gamma', code: 'GAMMA', publishedAt: 'set', tags: { set: [] } });
});

test('strapi.documents(uid).unpublish: each published row is deleted with its delete events', async () => {
  const post = await app.send<{ data: { id: number; documentId: string } }>('POST', '/api/posts', { data: { title: 'Delta' } });
  await events();
  const answer = await app.send<{ n: number }>('POST', `/api/probe/unpublish/${post.json!.data.documentId}`, {});
  expect(answer.json).toEqual({ n: 1 });
  expect(await events()).toEqual([
    { a: 'beforeDelete', params: { where: { id: post.json!.data.id } } },
    { a: 'afterDelete', params: { where: { id: post.json!.data.id } }, result: post.json!.data.id },
  ]);
});

test('strapi.db.query(uid) writes: the timestamps subscriber stamps the data, and the row is read back by a findOne', async () => {
  await events();
  const { json } = await app.send<{ id: number }>('POST', '/api/probe/db-write', {});
  const where = { where: { id: json!.id } };
  const created = { title: 'Raw', locale: 'en', publishedAt: null, createdAt: 'set', updatedAt: 'set' };
  expect(await events(true)).toEqual([
    { a: 'beforeCreate', params: { data: created } },
    { a: 'beforeFindOne', params: where },
    { a: 'afterFindOne', params: where, result: json!.id },
    { a: 'afterCreate', params: { data: { ...created, code: 'RAW' } }, result: json!.id },
    { a: 'beforeUpdate', params: { ...where, data: { views: 4, updatedAt: 'set' } } },
    { a: 'beforeFindOne', params: where },
    { a: 'afterFindOne', params: where, result: json!.id },
    { a: 'afterUpdate', params: { ...where, data: { views: 4, updatedAt: 'set' } }, result: json!.id },
  ]);
});

test('GET /api/posts: beforeFindMany sees the query (where, select, orderBy, populate, offset, limit) and its where runs', async () => {
  await app.send('POST', '/api/posts', { data: { title: 'Hidden' } });
  await events();
  const { json } = await app.send<{ data: { title: string }[] }>(
    'GET',
    '/api/posts?filters[title][$contains]=a&sort=title:desc&fields[0]=title&populate=tags&pagination[page]=1&pagination[pageSize]=5',
  );
  const [find] = (await events(true)).filter((e) => e.a === 'beforeFindMany');
  expect(find.params).toEqual({
    locale: 'en',
    orderBy: [{ title: 'desc' }],
    where: { publishedAt: 'set', locale: 'en', title: { $contains: 'a' } },
    select: ['id', 'documentId', 'title'],
    populate: ['tags'],
    offset: 0,
    limit: 5,
  });
  expect(json!.data.map((e) => e.title)).not.toContain('Hidden');
  const all = await app.send<{ data: { title: string }[] }>('GET', '/api/posts');
  expect(all.json!.data.length).toBeGreaterThan(0);
  expect(all.json!.data.map((e) => e.title)).not.toContain('Hidden');
});

test('strapi.documents(uid).discardDraft: the draft is deleted, then a draft made from the published version', async () => {
  const post = await app.send<{ data: { id: number; documentId: string } }>('POST', '/api/posts', { data: { title: 'Epsilon' } });
  await app.send('PUT', `/api/posts/${post.json!.data.documentId}?status=draft`, { data: { title: 'Epsilon draft' } });
  const draftId = post.json!.data.id - 1;
  await events();
  await app.send('POST', `/api/probe/discard/${post.json!.data.documentId}`, {});
  const list = await events();
  expect(list.map((e) => e.a)).toEqual(['beforeDelete', 'afterDelete', 'beforeCreate', 'afterCreate']);
  expect(list[0].params).toEqual({ where: { id: draftId } });
  expect(list[2].params.data).toMatchObject({ title: 'Epsilon', code: 'EPSILON', publishedAt: null, documentId: 'set' });
});
