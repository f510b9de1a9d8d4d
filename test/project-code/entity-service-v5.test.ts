import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// Strapi 5's entity service is a thin layer over the document service, not v4's: `publicationState` is read by
// nothing (`'live'` still finds the drafts, the default status), `create` publishes unless the data says
// `publishedAt: null`, and `delete` answers the database row it found by id. The mock read `publicationState`,
// created drafts, and answered the document service's report (probe on Strapi 5.54 with the kit model: 17/17 the
// same after, 7 different before).
let dir: string;
let server: MockServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-entity-service-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  writeCollectionType(join(dir, 'src'), { singular: 'memo', plural: 'memos', display: 'Memo' }, { title: { type: 'string' } }, true);
  write(
    'src/api/memo/controllers/memo.js',
    `const UID = 'api::memo.memo';
const es = () => strapi.entityService;
const brief = (e) => e && { id: e.id, title: e.title, draft: e.publishedAt === null };
module.exports = {
  async run(ctx) {
    const published = await es().create(UID, { data: { title: 'one' } });
    const drafted = await es().create(UID, { data: { title: 'two', publishedAt: null } });
    const live = await es().findMany(UID, { publicationState: 'live', sort: 'id:asc' });
    const removed = await es().delete(UID, drafted.id);
    ctx.body = { published: brief(published), drafted: brief(drafted), live: live.map(brief), removed: brief(removed), removedKeys: Object.keys(removed).sort() };
  },
};
`,
  );
  write(
    'src/api/memo/routes/memo.js',
    "module.exports = { routes: [{ method: 'POST', path: '/memos/run', handler: 'memo.run', config: { auth: false } }] };\n",
  );
  server = await createServer({ schemas: dir, memory: true, logger: { info() {}, error() {} } });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the entity service of Strapi 5: publicationState ignored, create published by default, delete answers the row', async () => {
  const res = await fetch(`${base}/api/memos/run`, { method: 'POST' });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    // created published: the draft row 1, the published row 2 (the answer)
    published: { id: 2, title: 'one', draft: false },
    drafted: { id: 3, title: 'two', draft: true },
    // 'live' is no parameter of Strapi 5's: the drafts, by default
    live: [
      { id: 1, title: 'one', draft: true },
      { id: 3, title: 'two', draft: true },
    ],
    removed: { id: 3, title: 'two', draft: true },
    // every column of its table (every table has a locale column, null without i18n)
    removedKeys: ['createdAt', 'documentId', 'id', 'locale', 'publishedAt', 'title', 'updatedAt'],
  });
});
