import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startProjectServer } from '../helpers/project-server.js';
import { writeProjectFile } from '../helpers/schema-files.js';
import type { Recorded } from '../helpers/recorded-steps.js';

// A public project (harness codemuse --code 1961): a controller's `strapi.entityService.create` with private
// attributes set from the request (`ipAddress: ctx.request.ip`) answers them — the entity service never sanitizes —
// and a statistics route counts rows by group with knex (`connection.from(t).select(col).count('* as count')
// .groupBy(col)`). Strapi 5.54 (SQLite) answers the private values and `[{ source, count }]` by group key: its
// answers to the same project and steps are test/fixtures/recorded/project-private-knex-count.json (probe.mjs --code).
const recorded = JSON.parse(readFileSync(join(__dirname, '../fixtures/recorded/project-private-knex-count.json'), 'utf8')) as Recorded[];
const root = mkdtempSync(join(tmpdir(), 'cm-private-count-'));
const write = (path: string, text: string) => writeProjectFile(root, `src/${path}`, text);
write(
  'api/note/content-types/note/schema.json',
  JSON.stringify({
    kind: 'collectionType',
    collectionName: 'notes',
    info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
    options: { draftAndPublish: false },
    attributes: {
      title: { type: 'string' },
      source: { type: 'string' },
      ipAddress: { type: 'string', private: true },
    },
  }),
);
write(
  'api/note/controllers/note.js',
  `const { factories } = require('@strapi/strapi');
module.exports = factories.createCoreController('api::note.note', ({ strapi }) => ({
  async create(ctx) {
    const { data } = ctx.request.body;
    const result = await strapi.entityService.create('api::note.note', { data: { ...data, ipAddress: ctx.request.ip } });
    return ctx.created(result);
  },
  async stats(ctx) {
    const bySource = await strapi.db.connection.from('notes').select('source').count('* as count').groupBy('source');
    const [{ total }] = await strapi.db.connection('notes').count({ total: '*' });
    const named = await strapi.db.connection('notes').count('source as n').first();
    ctx.send({ bySource, total, named });
  },
}));
`,
);
write(
  'api/note/routes/custom.js',
  `module.exports = { routes: [{ method: 'GET', path: '/notes/stats', handler: 'note.stats', config: { auth: false } }] };\n`,
);
write('api/note/routes/note.js', `module.exports = require('@strapi/strapi').factories.createCoreRouter('api::note.note');\n`);

const key = 'private-count-full-access-key-0123456789';
let project: Awaited<ReturnType<typeof startProjectServer>>;
beforeAll(async () => {
  project = await startProjectServer(root, key);
});
afterAll(() => project.close());

test('the entity service answers the private attributes a controller set', async () => {
  const made = await project.send<Record<string, unknown>>('POST', '/api/notes', { data: { title: 'a', source: 'web' } });
  expect(made.status).toBe(201);
  const strapi = recorded[0].body as Record<string, unknown>;
  expect(made.json).toMatchObject({ title: strapi.title, source: strapi.source, ipAddress: strapi.ipAddress });
  expect(Object.keys(made.json!)).toEqual(Object.keys(strapi));
});

test('knex count with groupBy, an alias object and a column', async () => {
  await project.send('POST', '/api/notes', { data: { title: 'b', source: 'api' } });
  await project.send('POST', '/api/notes', { data: { title: 'c', source: 'web' } });
  await project.send('POST', '/api/notes', { data: { title: 'd' } });
  const stats = await project.send('GET', '/api/notes/stats');
  expect(stats.status).toBe(200);
  expect(stats.json).toEqual(recorded[4].body);
  expect(recorded[4].body).toEqual({
    bySource: [
      { source: null, count: 1 },
      { source: 'api', count: 1 },
      { source: 'web', count: 2 },
    ],
    total: 4,
    named: { n: 3 },
  });
});
