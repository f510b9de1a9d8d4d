import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startProjectServer } from '../helpers/project-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// Strapi's `strapi::query` middleware defines `ctx.query` as Koa does, over the query string: reading parses it with
// qs (once per string: changes to the object stay), setting an object writes `qs.stringify(obj)` as the query string.
// A project middleware's `ctx.query = { ...ctx.query, populate: { x: { populate: true } } }` so reaches the controller
// as text (`populate: 'true'`, which the core controller then refuses: "Invalid key true", path "true"); numbers turn
// to text and empty lists vanish. The mock kept the object as set (adfinis: its error named `sign_up_button.true`).
const KEY = 'koa-query-roundtrip-key';
let srv: Awaited<ReturnType<typeof startProjectServer>>;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-mock-koa-query-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  writeCollectionType(
    join(dir, 'src'),
    { singular: 'note', plural: 'notes', display: 'Note' },
    {
      title: { type: 'string' },
      parent: { type: 'relation', relation: 'oneToOne', target: 'api::note.note' },
    },
  );
  write('src/api/note/services/note.js', `module.exports = require('@strapi/strapi').factories.createCoreService('api::note.note');\n`);
  write(
    'src/api/note/controllers/note.js',
    `module.exports = require('@strapi/strapi').factories.createCoreController('api::note.note', () => ({
  echo(ctx) { ctx.body = { query: ctx.query, querystring: ctx.querystring }; },
}));\n`,
  );
  write(
    'src/api/note/routes/note.js',
    `module.exports = require('@strapi/strapi').factories.createCoreRouter('api::note.note', {
  config: { find: { middlewares: ['api::note.set-query'] } },
});\n`,
  );
  write(
    'src/api/note/routes/echo.js',
    `module.exports = { routes: [
  { method: 'GET', path: '/notes-set', handler: 'note.echo', config: { middlewares: ['api::note.set-query'] } },
  { method: 'GET', path: '/notes-mutate', handler: 'note.echo', config: { middlewares: ['api::note.mutate-query'] } },
] };\n`,
  );
  write(
    'src/api/note/middlewares/set-query.js',
    `module.exports = () => async (ctx, next) => {
  ctx.query = { ...ctx.query, populate: { parent: { populate: true } }, page: 2, empty: [], gone: undefined };
  await next();
};\n`,
  );
  write(
    'src/api/note/middlewares/mutate-query.js',
    `module.exports = () => async (ctx, next) => {
  ctx.query.populate = { parent: { populate: true } };
  await next();
};\n`,
  );
  srv = await startProjectServer(dir, KEY);
});
afterAll(async () => srv?.close());

test('an object set as ctx.query is read back through its query string', async () => {
  const { json } = await srv.send<{ query: Record<string, unknown>; querystring: string }>('GET', '/api/notes-set?sort=title');
  expect(json!.query).toEqual({ sort: 'title', populate: { parent: { populate: 'true' } }, page: '2' });
  expect(json!.querystring).toBe('sort=title&populate%5Bparent%5D%5Bpopulate%5D=true&page=2');
});

test('a change made to the parsed object stays as it is', async () => {
  const { json } = await srv.send<{ query: Record<string, unknown> }>('GET', '/api/notes-mutate?sort=title');
  expect(json!.query).toEqual({ sort: 'title', populate: { parent: { populate: true } } });
});

test("the core controller then meets the text: Strapi's dot-path check refuses `true` as a key", async () => {
  const { status, json } = await srv.send<{ error: Record<string, unknown> }>('GET', '/api/notes');
  expect(status).toBe(400);
  expect(json!.error).toMatchObject({ name: 'ValidationError', message: 'Invalid key true', details: { key: 'true', path: 'true' } });
});
