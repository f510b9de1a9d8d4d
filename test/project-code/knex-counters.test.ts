import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// View counters through knex (`strapi.db.connection(table).where(...).increment(col, n)`), as public project
// anicolors and many others write them: they act on the content type's table (its collectionName; a row per
// document, locale and status; snake_case columns), answer the number of rows changed, stamp nothing, and last
// across a restart. Other knex calls answer 501 naming the project's file and line.
const root = mkdtempSync(join(tmpdir(), 'cm-knex-counters-'));
const src = join(root, 'src');
const dataFile = join(root, 'db.json');
const write = (path: string, text: string) => {
  mkdirSync(join(src, path, '..'), { recursive: true });
  writeFileSync(join(src, path), text);
};
write(
  'api/post/content-types/post/schema.json',
  JSON.stringify({
    kind: 'collectionType',
    collectionName: 'blog_posts',
    info: { singularName: 'post', pluralName: 'posts', displayName: 'Post' },
    options: { draftAndPublish: true },
    attributes: {
      title: { type: 'string' },
      viewCount: { type: 'integer' },
      likes2x: { type: 'biginteger' },
      flag: { type: 'boolean' },
      meta: { type: 'json' },
    },
  }),
);
write(
  'api/post/services/post.ts',
  "import { factories } from '@strapi/strapi';\nexport default factories.createCoreService('api::post.post');\n",
);
write(
  'api/post/routes/post.ts',
  "import { factories } from '@strapi/strapi';\nexport default factories.createCoreRouter('api::post.post');\n",
);
const route = (path: string, action: string) => ({ method: 'GET', path, handler: `api::post.post.${action}`, config: { auth: false } });
write(
  'api/post/routes/counters.ts',
  `export default { routes: ${JSON.stringify([
    route('/posts/:documentId/view', 'view'),
    route('/posts/:documentId/unview', 'unview'),
    route('/posts/:documentId/reset', 'reset'),
    route('/posts/:documentId/like', 'like'),
    route('/posts/:documentId/stats', 'stats'),
    route('/posts/:documentId/dump', 'dump'),
    route('/posts-unbound', 'unbound'),
    route('/posts-raw', 'raw'),
    route('/posts-join', 'join'),
  ])} };\n`,
);
write(
  'api/post/controllers/post.ts',
  `import { factories } from '@strapi/strapi';
export default factories.createCoreController('api::post.post', ({ strapi }) => ({
  async view(ctx) {
    const knex = strapi.db.connection('blog_posts');
    return knex.where('document_id', ctx.params.documentId).increment('view_count', 1);
  },
  async unview(ctx) {
    ctx.body = { changed: await strapi.db.connection('blog_posts').where({ document_id: ctx.params.documentId }).decrement('view_count', 2) };
  },
  async reset(ctx) {
    ctx.body = await strapi.db.connection.table('blog_posts').whereIn('document_id', [ctx.params.documentId]).update({ view_count: 10 });
  },
  async like(ctx) {
    ctx.body = await strapi.db.connection('blog_posts').where('document_id', '=', ctx.params.documentId).whereNotNull('published_at').increment('likes_2_x', 3);
  },
  async stats(ctx) {
    ctx.body = await strapi.db.connection('blog_posts').where('document_id', ctx.params.documentId).whereNull('published_at').first('document_id', 'view_count');
  },
  async dump(ctx) {
    ctx.body = await strapi.db.connection('blog_posts').where('document_id', ctx.params.documentId).andWhere('published_at', '>', new Date(0)).where('flag', true).select();
  },
  async unbound(ctx) {
    ctx.body = await strapi.db.connection('blog_posts').where('document_id', ctx.params.documentId).increment('view_count', 1);
  },
  async raw(ctx) {
    ctx.body = await strapi.db.connection.raw('select 1');
  },
  async join(ctx) {
    ctx.body = await strapi.db.connection('blog_posts').join('tags', 'a', 'b');
  },
}));
`,
);

const key = 'knex-counters-full-access-key-0123';
const token = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
let server: MockServer;
let base: string;
const start = async () => {
  server = await createServer({
    schemas: root,
    data: dataFile,
    configObject: { tokens: [{ name: 'full', type: 'full-access', key }] },
    logger: { info: () => undefined, error: () => undefined },
  });
  ({ url: base } = await server.listen(0));
};
const create = async (data: Record<string, unknown>) =>
  (
    (await (await fetch(`${base}/api/posts`, { method: 'POST', headers: token, body: JSON.stringify({ data }) })).json()) as {
      data: { documentId: string; updatedAt: string };
    }
  ).data;
const read = async (id: string, status = 'published') =>
  ((await (await fetch(`${base}/api/posts/${id}?status=${status}`, { headers: token })).json()) as { data: Record<string, unknown> }).data;

beforeAll(start);
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('knex counters on a content type table', () => {
  test('increment answers the rows changed (draft and published) and both read back the new count, updatedAt untouched', async () => {
    const post = await create({ title: 'counted', viewCount: 5 });
    const res = await fetch(`${base}/api/posts/${post.documentId}/view`);
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(2);
    await fetch(`${base}/api/posts/${post.documentId}/view`);
    const published = await read(post.documentId);
    expect(published.viewCount).toBe(7);
    expect(published.updatedAt).toBe(post.updatedAt);
    expect((await read(post.documentId, 'draft')).viewCount).toBe(7);
  });

  test('decrement, update through .table() and whereIn, first() with columns, where with an operator on a bigint', async () => {
    const post = await create({ title: 'moved', viewCount: 1, likes2x: '9007199254740993' });
    expect(await (await fetch(`${base}/api/posts/${post.documentId}/unview`)).json()).toEqual({ changed: 2 });
    expect((await read(post.documentId)).viewCount).toBe(-1);
    expect(await (await fetch(`${base}/api/posts/${post.documentId}/reset`)).json()).toBe(2);
    expect(await (await fetch(`${base}/api/posts/${post.documentId}/stats`)).json()).toEqual({
      document_id: post.documentId,
      view_count: 10,
    });
    // only the published row matches whereNotNull('published_at')
    expect(await (await fetch(`${base}/api/posts/${post.documentId}/like`)).json()).toBe(1);
    expect((await read(post.documentId)).likes2x).toBe('9007199254740996');
    expect((await read(post.documentId, 'draft')).likes2x).toBe('9007199254740993');
  });

  test('select answers the columns as the database holds them (SQLite: booleans 1/0, datetimes in ms, JSON as text)', async () => {
    const post = await create({ title: 'dumped', viewCount: 3, flag: true, meta: { a: [1] } });
    const published = await read(post.documentId);
    const rows = (await (await fetch(`${base}/api/posts/${post.documentId}/dump`)).json()) as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        id: published.id,
        document_id: post.documentId,
        title: 'dumped',
        view_count: 3,
        likes_2_x: null,
        flag: 1,
        meta: '{"a":[1]}',
        created_at: Date.parse(String(published.createdAt)),
        updated_at: Date.parse(String(published.updatedAt)),
        published_at: Date.parse(String(published.publishedAt)),
        created_by_id: null,
        updated_by_id: null,
        locale: null,
      },
    ]);
  });

  test('a NULL counter stays NULL (SQL: NULL + 1), an unknown document changes no row', async () => {
    const post = await create({ title: 'uncounted' });
    expect(await (await fetch(`${base}/api/posts/${post.documentId}/view`)).json()).toBe(2);
    expect((await read(post.documentId)).viewCount).toBeNull();
    expect(await (await fetch(`${base}/api/posts/nosuchdocument0000000000/view`)).json()).toBe(0);
  });

  test('other knex calls answer 501 naming the file and line', async () => {
    for (const [path, api] of [
      ['posts-raw', /strapi\.db\.connection\.raw\(\)/],
      ['posts-join', /strapi\.db\.connection\('blog_posts'\)\.join\(\)/],
    ] as const) {
      const res = await fetch(`${base}/api/${path}`);
      expect(res.status).toBe(501);
      const message = ((await res.json()) as { error: { message: string } }).error.message;
      expect(message).toMatch(/src\/api\/post\/controllers\/post\.ts:\d+/);
      expect(message).toMatch(api);
    }
  });

  test('an undefined value in where fails as knex does (a 500, as in Strapi), changing nothing', async () => {
    const res = await fetch(`${base}/api/posts-unbound`);
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { name: string } }).error.name).toBe('InternalServerError');
  });

  test('the counts last across a restart (the store wrote them)', async () => {
    const post = await create({ title: 'durable', viewCount: 0 });
    await fetch(`${base}/api/posts/${post.documentId}/view`);
    await server.close();
    await start();
    expect((await read(post.documentId)).viewCount).toBe(1);
  });
});
