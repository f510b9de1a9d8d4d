import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startProjectServer } from '../helpers/project-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// Strapi 5's document service writes rows by database id, and the lifecycles see those ids (measured on Strapi 5.54
// with a lifecycles file recording every event, probe --code): an update's beforeUpdate/afterUpdate hold
// `where: { id: <the draft row's id> }`; a delete runs beforeDelete for each row of the document (draft and
// published), each `where: { id }`, then afterDelete for each with that row as its result. A project's
// `strapi.db.query(uid).findOne({ where: event.params.where })` then finds the row being written, not the first row.
const root = mkdtempSync(join(tmpdir(), 'cm-lifecycle-row-ids-'));
const src = join(root, 'src');
writeCollectionType(src, { singular: 'post', plural: 'posts', display: 'Post' }, { title: { type: 'string' } }, true);
for (const [folder, factory] of [
  ['routes', 'createCoreRouter'],
  ['controllers', 'createCoreController'],
  ['services', 'createCoreService'],
])
  writeProjectFile(
    src,
    `api/post/${folder}/post.js`,
    `module.exports = require('@strapi/strapi').factories.${factory}('api::post.post');\n`,
  );
writeProjectFile(
  src,
  'api/post/content-types/post/lifecycles.js',
  `const seen = (globalThis.__rowIdEvents = []);
const rec = (name) => async (event) => {
  const where = event.params.where;
  const found = name === 'beforeUpdate' || name === 'beforeDelete' ? await strapi.db.query('api::post.post').findOne({ where }) : undefined;
  seen.push({ name, where, found: found ? { id: found.id, title: found.title } : found, result: event.result ? { id: event.result.id, title: event.result.title, published: event.result.publishedAt !== null } : undefined });
};
module.exports = { afterCreate: rec('afterCreate'), beforeUpdate: rec('beforeUpdate'), afterUpdate: rec('afterUpdate'), beforeDelete: rec('beforeDelete'), afterDelete: rec('afterDelete') };
`,
);
writeProjectFile(
  src,
  'api/probe/routes/probe.js',
  "module.exports = { routes: [{ method: 'GET', path: '/row-events', handler: 'probe.list', config: { auth: false } }] };\n",
);
writeProjectFile(
  src,
  'api/probe/controllers/probe.js',
  'module.exports = { list(ctx) { ctx.body = globalThis.__rowIdEvents.splice(0); } };\n',
);

let project: Awaited<ReturnType<typeof startProjectServer>>;
beforeAll(async () => {
  project = await startProjectServer(root, 'lifecycle-row-ids-full-access-key-01');
});
afterAll(() => project.close());
const send = (method: string, path: string, body?: unknown) =>
  project.send<{ data: { documentId: string; id: number } }>(method, path, body);
const events = async () => (await (await fetch(`${project.base}/api/row-events`)).json()) as unknown[];

test("an update's lifecycles see where: { id } of the draft row; a delete's, one event per row with that row", async () => {
  // two documents: the second one's rows are not the first rows of the table
  await send('POST', '/api/posts', { data: { title: 'first' } });
  const made = await send('POST', '/api/posts', { data: { title: 'second' } });
  expect(made.status).toBe(201);
  const documentId = made.json!.data.documentId;
  // create published: draft row 3 then published row 4 (rows 1 and 2 are the first document's)
  expect(made.json!.data.id).toBe(4);
  await events();

  expect((await send('PUT', `/api/posts/${documentId}?status=draft`, { data: { title: 'second, edited' } })).status).toBe(200);
  expect(await events()).toEqual([
    { name: 'beforeUpdate', where: { id: 3 }, found: { id: 3, title: 'second' } },
    { name: 'afterUpdate', where: { id: 3 }, result: { id: 3, title: 'second, edited', published: false } },
  ]);

  expect((await send('DELETE', `/api/posts/${documentId}`)).status).toBe(204);
  expect(await events()).toEqual([
    { name: 'beforeDelete', where: { id: 3 }, found: { id: 3, title: 'second, edited' } },
    { name: 'beforeDelete', where: { id: 4 }, found: { id: 4, title: 'second' } },
    { name: 'afterDelete', where: { id: 3 }, result: { id: 3, title: 'second, edited', published: false } },
    { name: 'afterDelete', where: { id: 4 }, result: { id: 4, title: 'second', published: true } },
  ]);
});

test("a create or update that publishes: the draft row's afterCreate / afterUpdate see the draft row, the answer is the published entry", async () => {
  const made = await send('POST', '/api/posts', { data: { title: 'third' } });
  expect(made.json!.data.id).toBe(6);
  // Strapi: afterCreate of draft row 5, then the publish's afterCreate of row 6 (here the publish's comes first)
  const created = (await events()) as { name: string; result: { id: number; published: boolean } }[];
  expect(created.map((e) => [e.name, e.result.id, e.result.published]).sort()).toEqual([
    ['afterCreate', 5, false],
    ['afterCreate', 6, true],
  ]);
  const edited = await send('PUT', `/api/posts/${made.json!.data.documentId}`, { data: { title: 'third, edited' } });
  expect(edited.status).toBe(200);
  expect(edited.json!.data.id).toBe(7);
  const updated = (await events()) as { name: string; where: unknown; result?: { id: number; published: boolean } }[];
  expect(updated.filter((e) => e.name.endsWith('Update'))).toEqual([
    { name: 'beforeUpdate', where: { id: 5 }, found: { id: 5, title: 'third' } },
    { name: 'afterUpdate', where: { id: 5 }, result: { id: 5, title: 'third, edited', published: false } },
  ]);
  // the published row 6 it replaces is deleted: its delete lifecycles run with it (Strapi: before row 7's create)
  expect(updated.filter((e) => e.name.endsWith('Delete')).map((e) => [e.name, e.where, e.result?.id])).toEqual([
    ['beforeDelete', { id: 6 }, undefined],
    ['afterDelete', { id: 6 }, 6],
  ]);
  expect(updated.filter((e) => e.name === 'afterCreate').map((e) => e.result?.id)).toEqual([7]);
});
