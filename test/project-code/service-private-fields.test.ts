import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// The document service validates its parameters with shorter lists than the content API's (its repository's
// validateParams: no password or private-field pass), and nothing sanitizes them: a project's code sorts, filters
// and selects on a private attribute, or on createdAt hidden by `privateAttributes`, and gets rows where the content
// API refuses the key. Found on a public project (edtech: 141 answers of 1,753 differed); probed on real Strapi 5.54.
let dir: string;
let server: MockServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-service-private-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  writeCollectionType(
    join(dir, 'src'),
    { singular: 'memo', plural: 'memos', display: 'Memo' },
    { title: { type: 'string' }, secret: { type: 'string', private: true } },
  );
  write('config/api.js', "module.exports = { responses: { privateAttributes: ['createdAt'] } };\n");
  write(
    'src/api/memo/controllers/memo.js',
    `module.exports = require('@strapi/strapi').factories.createCoreController('api::memo.memo', ({ strapi }) => ({
  async seed(ctx) {
    for (const [title, secret] of [['b', 's2'], ['a', 's1'], ['c', 's3']])
      await strapi.documents('api::memo.memo').create({ data: { title, secret } });
    ctx.body = { ok: true };
  },
  async internal(ctx) {
    const rows = await strapi.documents('api::memo.memo').findMany({
      sort: { secret: 'desc' },
      filters: { secret: { $ne: 's2' }, createdAt: { $notNull: true } },
      fields: ['title', 'secret', 'createdAt'],
    });
    ctx.body = rows.map((r) => [r.title, r.secret, typeof r.createdAt]);
  },
  async sanitized(ctx) {
    const rows = await strapi.db.query('api::memo.memo').findMany({ orderBy: { createdAt: 'desc' } });
    return this.transformResponse(await this.sanitizeOutput(rows, ctx));
  },
  async locale(ctx) {
    const rows = await strapi.entityService.findMany('api::memo.memo', { fields: ['locale', 'title'], sort: { title: 'asc' } });
    return this.transformResponse(rows);
  },
  async mixed(ctx) {
    try {
      await strapi.entityService.findMany('api::memo.memo', { page: 0, start: 1, limit: 2 });
      ctx.body = { refused: false };
    } catch (e) {
      ctx.body = { refused: e.message };
    }
  },
  async empty(ctx) {
    try {
      await strapi.entityService.findMany('api::memo.memo', { filters: '' });
      ctx.body = { refused: false };
    } catch (e) {
      ctx.body = { refused: e.message };
    }
  },
  async whole(ctx) {
    const rows = await strapi.entityService.findMany('api::memo.memo', { ...ctx.query, sort: { createdAt: 'desc' } });
    return this.transformResponse(rows.map((r) => [r.title, r.secret, typeof r.createdAt]));
  },
}));
`,
  );
  write('src/api/memo/services/memo.js', "module.exports = require('@strapi/strapi').factories.createCoreService('api::memo.memo');\n");
  write(
    'src/api/memo/routes/extra.js',
    `module.exports = { routes: [
  { method: 'POST', path: '/memos/seed', handler: 'memo.seed', config: { auth: false } },
  { method: 'GET', path: '/memos/internal', handler: 'memo.internal', config: { auth: false } },
  { method: 'GET', path: '/memos/whole', handler: 'memo.whole', config: { auth: false } },
  { method: 'GET', path: '/memos/sanitized', handler: 'memo.sanitized', config: { auth: false } },
  { method: 'GET', path: '/memos/empty', handler: 'memo.empty', config: { auth: false } },
  { method: 'GET', path: '/memos/locale', handler: 'memo.locale', config: { auth: false } },
  { method: 'GET', path: '/memos/mixed', handler: 'memo.mixed', config: { auth: false } },
] };
`,
  );
  server = await createServer({ schemas: dir, memory: true, logger: { info() {}, error() {} } });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
  expect((await fetch(`${base}/api/memos/seed`, { method: 'POST' })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the document service sorts, filters and selects on private attributes', async () => {
  const res = await fetch(`${base}/api/memos/internal`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual([
    ['c', 's3', 'string'],
    ['a', 's1', 'string'],
  ]);
});

test("a pagination object spread into the entity service's parameters limits nothing; its rows hold every field", async () => {
  const res = await fetch(`${base}/api/memos/whole?pagination[pageSize]=1`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: [string, string, string][] };
  expect(body.data).toHaveLength(3);
  expect(body.data.every(([, secret, createdAt]) => typeof secret === 'string' && createdAt === 'string')).toBe(true);
});

test('sanitizeOutput removes them: private attributes and the fields privateAttributes hides', async () => {
  const res = await fetch(`${base}/api/memos/sanitized`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: Record<string, unknown>[] };
  expect(body.data).toHaveLength(3);
  for (const entry of body.data) {
    expect(entry).toHaveProperty('title');
    expect(entry).toHaveProperty('updatedAt');
    expect(entry).not.toHaveProperty('secret');
    expect(entry).not.toHaveProperty('createdAt');
  }
});

test('the service refuses filters given as an empty text (its query conversion wants an object or a list)', async () => {
  const res = await fetch(`${base}/api/memos/empty`);
  expect(await res.json()).toEqual({ refused: 'The filters parameter must be an object or an array' });
});

test('the service selects the locale column of a type without i18n (null there)', async () => {
  const res = await fetch(`${base}/api/memos/locale`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: Record<string, unknown>[] };
  expect(body.data.map((e) => [e.title, e.locale])).toEqual([
    ['a', null],
    ['b', null],
    ['c', null],
  ]);
});

test('the service refuses page and offset pagination together, as its query conversion does', async () => {
  const res = await fetch(`${base}/api/memos/mixed`);
  expect(await res.json()).toEqual({
    refused: 'Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object',
  });
});
