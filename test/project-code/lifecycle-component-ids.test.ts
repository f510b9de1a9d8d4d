import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { collectionSchema, writeCoreApiFiles, writeProjectFile } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// Strapi's document service writes a create's or update's components before the row (createComponents /
// updateComponents), so the database's `before` hooks already see each as `{ id, __pivot }` (probe s12 on Strapi 5.54:
// basic/life). The mock gave the ids from the after hook on: its before hooks saw `{ __pivot }` only. The ids are those
// the write gives: the next of each component table, nested ones first; a component an update names by its id keeps it.
const KEY = 'lifecycle-component-ids-key';
let app: Awaited<ReturnType<typeof startProjectServer>>;
type Event = { a: string; data: Record<string, unknown> };

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-mock-lifecycle-component-ids-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  write(
    'src/components/shared/seo.json',
    JSON.stringify({ collectionName: 'components_shared_seos', info: { displayName: 'Seo' }, attributes: { title: { type: 'string' } } }),
  );
  write(
    'src/components/shared/link.json',
    JSON.stringify({
      collectionName: 'components_shared_links',
      info: { displayName: 'Link' },
      attributes: { label: { type: 'string' }, seo: { type: 'component', component: 'shared.seo' } },
    }),
  );
  write(
    'src/api/page/content-types/page/schema.json',
    collectionSchema(
      { singular: 'page', plural: 'pages' },
      { options: { draftAndPublish: false } },
      {
        title: { type: 'string' },
        seo: { type: 'component', component: 'shared.seo' },
        links: { type: 'component', component: 'shared.link', repeatable: true },
        blocks: { type: 'dynamiczone', components: ['shared.seo', 'shared.link'] },
      },
    ),
  );
  writeCoreApiFiles(dir, 'page');
  write(
    'src/api/page/content-types/page/lifecycles.js',
    `const log = (globalThis.__componentEvents ??= []);
const ids = (d) => JSON.parse(JSON.stringify({ seo: d.seo, links: d.links, blocks: d.blocks }));
module.exports = {
  beforeCreate: (e) => { log.push({ a: 'beforeCreate', data: ids(e.params.data) }); },
  afterCreate: (e) => { log.push({ a: 'afterCreate', data: ids(e.params.data) }); },
  beforeUpdate: (e) => { log.push({ a: 'beforeUpdate', data: ids(e.params.data) }); },
  afterUpdate: (e) => { log.push({ a: 'afterUpdate', data: ids(e.params.data) }); },
};
`,
  );
  write(
    'src/api/probe/routes/probe.js',
    `module.exports = { routes: [{ method: 'GET', path: '/probe/events', handler: 'probe.events', config: { auth: false } }] };\n`,
  );
  write('src/api/probe/controllers/probe.js', `module.exports = { events(ctx) { ctx.body = globalThis.__componentEvents.splice(0); } };\n`);
  app = await startProjectServer(dir, KEY);
});
afterAll(async () => app?.close());

const pivot = (field: string, component_type: string) => ({ field, component_type });

test("a create's before hook sees the ids its components get, nested ones taken first", async () => {
  const created = await app.send<{ data: { documentId: string } }>('POST', '/api/pages', {
    data: {
      title: 'A',
      seo: { title: 's' },
      links: [{ label: 'one', seo: { title: 'n1' } }, { label: 'two' }],
      blocks: [
        { __component: 'shared.seo', title: 'z' },
        { __component: 'shared.link', label: 'zl' },
      ],
    },
  });
  expect(created.status).toBe(201);
  const events = (await app.send<Event[]>('GET', '/api/probe/events')).json!;
  expect(events.map((e) => e.a)).toEqual(['beforeCreate', 'afterCreate']);
  // seo 1 (the entry's), then the links, created at once (p-map): the second, without components of its own, is
  // inserted first (link 1), the first after its seo (seo 2, link 2); then the zone: seo 3, link 3
  expect(events[0].data).toEqual({
    seo: { id: 1, __pivot: pivot('seo', 'shared.seo') },
    links: [
      { id: 2, __pivot: pivot('links', 'shared.link') },
      { id: 1, __pivot: pivot('links', 'shared.link') },
    ],
    blocks: [
      { id: 3, __component: 'shared.seo', __pivot: pivot('blocks', 'shared.seo') },
      { id: 3, __component: 'shared.link', __pivot: pivot('blocks', 'shared.link') },
    ],
  });
  expect(events[1].data).toEqual(events[0].data);

  // an update: the link named by its id keeps it, the new one takes the next id
  const documentId = created.json!.data.documentId;
  const stored = await app.send<{ data: { links: { id: number }[] } }>('GET', `/api/pages/${documentId}?populate=links`);
  const kept = stored.json!.data.links[1].id;
  expect(
    (await app.send('PUT', `/api/pages/${documentId}`, { data: { links: [{ id: kept, label: 'kept' }, { label: 'new' }] } })).status,
  ).toBe(200);
  const updates = (await app.send<Event[]>('GET', '/api/probe/events')).json!;
  expect(updates.map((e) => e.a)).toEqual(['beforeUpdate', 'afterUpdate']);
  expect(updates[0].data.links).toEqual([
    { id: kept, __pivot: pivot('links', 'shared.link') },
    { id: 4, __pivot: pivot('links', 'shared.link') },
  ]);
  expect(updates[1].data).toEqual(updates[0].data);
});
