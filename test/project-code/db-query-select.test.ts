import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startProjectServer } from '../helpers/project-server.js';
import { collectionSchema, writeCoreApiFiles, writeProjectFile } from '../helpers/schema-files.js';

// The query engine answers `select` at every level (@strapi/database populate/process.js): the selected columns and
// the populated attributes; the id only where it is selected, or where a relation, media, component or zone of that
// level is populated (the engine adds it to fetch them). A populate entry's `fields` is no query engine key: only its
// `select` counts. The mock rendered every populated entry with its id and documentId, and dropped the root's id
// even when populating (cmspatas: `strapi.db.query(uid).findOne({ select: ['documentId'], populate: { team: {
// select: [...], populate: { image: { select: ['url'] } } } } })`, 123 of 1,000 reads different).
const KEY = 'db-query-select-key';
let srv: Awaited<ReturnType<typeof startProjectServer>>;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-mock-db-query-select-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  write(
    'src/components/shared/member.json',
    JSON.stringify({
      collectionName: 'components_shared_members',
      info: { displayName: 'Member' },
      attributes: {
        name: { type: 'string' },
        role: { type: 'string' },
        author: { type: 'relation', relation: 'oneToOne', target: 'api::author.author' },
      },
    }),
  );
  write(
    'src/api/home/content-types/home/schema.json',
    JSON.stringify({
      kind: 'singleType',
      info: { singularName: 'home', pluralName: 'homes', displayName: 'Home' },
      options: { draftAndPublish: false },
      attributes: { title: { type: 'string' }, team: { type: 'component', component: 'shared.member', repeatable: true } },
    }),
  );
  write(
    'src/api/author/content-types/author/schema.json',
    collectionSchema(
      { singular: 'author', plural: 'authors' },
      { options: { draftAndPublish: false } },
      { name: { type: 'string' }, bio: { type: 'string' } },
    ),
  );
  writeCoreApiFiles(dir, 'author');
  writeCoreApiFiles(dir, 'home');
  write(
    'src/api/home/routes/01-probe.js',
    `module.exports = { routes: [{ method: 'GET', path: '/home/probe', handler: 'probe.read', config: { auth: false } }] };\n`,
  );
  write(
    'src/api/home/controllers/probe.js',
    `module.exports = ({ strapi }) => ({
  async read(ctx) {
    const q = strapi.db.query('api::home.home');
    ctx.body = {
      plain: await q.findOne({ select: ['documentId', 'title'] }),
      deep: await q.findOne({
        select: ['documentId'],
        populate: {
          team: { fields: ['name'], select: ['name'], populate: { author: { fields: ['name'], select: ['name'] } } },
        },
      }),
      flat: await q.findOne({ select: ['title'], populate: { team: { select: ['role'] } } }),
      fieldsOnly: await q.findOne({ select: ['title'], populate: { team: { fields: ['role'] } } }),
    };
  },
});\n`,
  );
  srv = await startProjectServer(dir, KEY);
  const author = await srv.send<{ data: { documentId: string } }>('POST', '/api/authors', { data: { name: 'Ada', bio: 'b' } });
  const home = await srv.send('PUT', '/api/home', {
    data: {
      title: 'Home',
      team: [
        { name: 'A', role: 'r1', author: author.json!.data.documentId },
        { name: 'B', role: 'r2' },
      ],
    },
  });
  expect(home.status).toBe(200);
});
afterAll(async () => srv?.close());

test('the query engine selects at every level, and the id where that level populates a relation', async () => {
  const { json } = await srv.send<Record<string, Record<string, unknown>>>('GET', '/api/home/probe');
  expect(json!.plain).toEqual({ documentId: expect.any(String), title: 'Home' });
  const deep = json!.deep;
  expect(Object.keys(deep).sort()).toEqual(['documentId', 'id', 'team']);
  expect(deep.team).toEqual([
    { id: expect.any(Number), name: 'A', author: { name: 'Ada' } },
    { id: expect.any(Number), name: 'B', author: null },
  ]);
  expect(json!.flat).toEqual({ id: expect.any(Number), title: 'Home', team: [{ role: 'r1' }, { role: 'r2' }] });
  // `fields` is not read: every column of the component
  const team = (json!.fieldsOnly.team as Record<string, unknown>[])[0];
  expect(team).toMatchObject({ id: expect.any(Number), name: 'A', role: 'r1' });
});
