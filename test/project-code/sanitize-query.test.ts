import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// A custom action that only sanitizes its query (`this.sanitizeQuery(ctx)`, then the document service), as Strapi's
// docs show for a findOne by slug: Strapi's sanitizer drops a sort or a field the validators would refuse (an unknown
// key, a dynamic zone, a path ending on a relation), so the answer is as if they were not there (probed on Strapi
// 5.54 with a public project, harness cheeses --code grammar seed 1604: `?sort=nope` and `?fields[0]=nope` found the
// page, where the mock answered 400).
const root = mkdtempSync(join(tmpdir(), 'cm-sanitize-query-'));
const src = join(root, 'src');
writeCollectionType(src, { singular: 'tag', plural: 'tags', display: 'Tag' }, { label: { type: 'string' } });
writeCollectionType(
  src,
  { singular: 'page', plural: 'pages', display: 'Page' },
  {
    title: { type: 'string' },
    slug: { type: 'string' },
    secret: { type: 'string', private: true },
    tag: { type: 'relation', relation: 'manyToOne', target: 'api::tag.tag' },
  },
);
writeProjectFile(
  root,
  'src/api/page/controllers/page.ts',
  [
    "import { factories } from '@strapi/strapi';",
    "export default factories.createCoreController('api::page.page', ({ strapi }) => ({",
    '  async findOne(ctx) {',
    '    const query = await this.sanitizeQuery(ctx);',
    "    const found = await strapi.documents('api::page.page').findMany({ ...query, filters: { slug: ctx.params.id } });",
    '    return this.transformResponse(await this.sanitizeOutput(found[0], ctx));',
    '  },',
    '}));',
    '',
  ].join('\n'),
);
writeProjectFile(
  root,
  'src/api/page/routes/page.ts',
  "import { factories } from '@strapi/strapi';\nexport default factories.createCoreRouter('api::page.page');\n",
);
writeProjectFile(
  root,
  'src/api/page/services/page.ts',
  "import { factories } from '@strapi/strapi';\nexport default factories.createCoreService('api::page.page');\n",
);

let server: MockServer;
let base: string;
beforeAll(async () => {
  server = await createServer({
    schemas: root,
    memory: true,
    logger: { info: () => {}, error: () => {} },
    configObject: { permissions: { public: { 'api::page.page': ['find', 'findOne', 'create'], 'api::tag.tag': ['find'] } } },
  });
  ({ url: base } = await server.listen(0));
  const res = await fetch(`${base}/api/pages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { title: 'Home', slug: 'home', secret: 's' } }),
  });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const page = async (query: string) => {
  const res = await fetch(`${base}/api/pages/home?${query}`);
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> | null } };
};

test('a sort on an unknown key, a private one or a relation without a field is dropped', async () => {
  for (const query of [
    'sort=nope',
    'sort=secret:desc',
    'sort=tag',
    'sort=tag:desc',
    'sort[0]=nope&sort[1]=title:desc',
    'sort=nope,title',
    'sort[0]=title:asc&sort[1][id]=asc',
  ]) {
    const { status, body } = await page(query);
    expect({ query, status, title: body.data?.title }).toEqual({ query, status: 200, title: 'Home' });
  }
});

test('fields keep the scalars the caller may read', async () => {
  const { status, body } = await page('fields[0]=nope&fields[1]=title&fields[2]=tag&fields[3]=secret');
  expect(status).toBe(200);
  expect(Object.keys(body.data ?? {}).sort()).toEqual(['documentId', 'id', 'title']);
});

test('a populate list past qs’s array limit is refused by the sanitizer’s traversal, as Strapi refuses it', async () => {
  const query = Array.from({ length: 150 }, (_, i) => `populate[${i}]=tag`).join('&');
  const res = await fetch(`${base}/api/pages/home?${query}`);
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { message: string } };
  expect(body.error.message).toMatch(
    /^Too many populate entries \(150\)\. The maximum number of populate entries when using array notation is 100\./,
  );
});
