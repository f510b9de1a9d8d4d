import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// Strapi's query sanitizer as project code meets it (`this.sanitizeQuery(ctx)`, `strapi.contentAPI.sanitize.query`)
// over filters, fields and every level of populate, the document service's raw file rows, and a `src/index` whose top
// level registers a document middleware. Every answer below is Strapi 5.54's for the same project
// (scripts/harness/reports/s14-read/sanitize-query-probe-strapi.json; found on the public project meichu, harness
// --code seed 1701).
const root = mkdtempSync(join(tmpdir(), 'cm-sanitize-populate-'));
const src = join(root, 'src');
writeCollectionType(
  src,
  { singular: 'tag', plural: 'tags', display: 'Tag' },
  { label: { type: 'string' }, hidden: { type: 'string', private: true } },
);
writeCollectionType(
  src,
  { singular: 'page', plural: 'pages', display: 'Page' },
  {
    title: { type: 'string' },
    slug: { type: 'string' },
    secret: { type: 'string', private: true },
    cover: { type: 'media', multiple: false, allowedTypes: ['images', 'files'] },
    tag: { type: 'relation', relation: 'manyToOne', target: 'api::tag.tag' },
    blocks: { type: 'dynamiczone', components: ['shared.quote'] },
  },
);
writeProjectFile(
  src,
  'components/shared/quote.json',
  JSON.stringify({ info: { displayName: 'Quote' }, attributes: { body: { type: 'string' }, image: { type: 'media', multiple: false } } }),
);
writeProjectFile(
  root,
  'src/api/page/controllers/page.ts',
  [
    "import { factories } from '@strapi/strapi';",
    "export default factories.createCoreController('api::page.page', ({ strapi }) => ({",
    '  async raw(ctx) {',
    '    const query = await this.sanitizeQuery(ctx);',
    "    return { data: await strapi.documents('api::page.page').findMany(query), meta: {} };",
    '  },',
    '  async first(ctx) {',
    "    return { data: await strapi.documents('api::page.page').findFirst(await this.sanitizeQuery(ctx)), meta: {} };",
    '  },',
    '  async viaApi(ctx) {',
    "    const query = await strapi.contentAPI.sanitize.query(ctx.query, strapi.contentType('api::tag.tag'), { auth: ctx.state.auth });",
    "    return { data: await strapi.documents('api::tag.tag').findMany(query), meta: {} };",
    '  },',
    '  async sanitized(ctx) {',
    "    const data = await strapi.documents('api::page.page').findMany({ populate: ['cover', 'tag'] });",
    '    return { data: await this.sanitizeOutput(data, ctx), meta: {} };',
    '  },',
    '}));',
    '',
  ].join('\n'),
);
writeProjectFile(
  root,
  'src/api/page/routes/custom.ts',
  [
    'export default { routes: [',
    "  { method: 'GET', path: '/pages-raw', handler: 'page.raw' },",
    "  { method: 'GET', path: '/pages-open', handler: 'page.raw', config: { auth: false } },",
    "  { method: 'GET', path: '/pages-first', handler: 'page.first' },",
    "  { method: 'GET', path: '/tags-api', handler: 'page.viaApi' },",
    "  { method: 'GET', path: '/pages-sanitized', handler: 'page.sanitized' },",
    '] };',
    '',
  ].join('\n'),
);
for (const api of ['page', 'tag']) {
  writeProjectFile(
    root,
    `src/api/${api}/routes/${api}.ts`,
    `import { factories } from '@strapi/strapi';\nexport default factories.createCoreRouter('api::${api}.${api}');\n`,
  );
  writeProjectFile(
    root,
    `src/api/${api}/services/${api}.ts`,
    `import { factories } from '@strapi/strapi';\nexport default factories.createCoreService('api::${api}.${api}');\n`,
  );
}
writeProjectFile(
  root,
  'src/api/tag/controllers/tag.ts',
  "import { factories } from '@strapi/strapi';\nexport default factories.createCoreController('api::tag.tag');\n",
);
// a document middleware registered as the file loads, outside register (as a slug helper does)
writeProjectFile(
  root,
  'src/index.ts',
  [
    'strapi.documents.use(async (context, next) => {',
    "  if (context.uid === 'api::page.page' && context.action === 'create' && !context.params.data.slug)",
    "    context.params.data.slug = String(context.params.data.title).toLowerCase().replace(/\\s+/g, '-');",
    '  return next();',
    '});',
    'export default { register() {}, bootstrap() {} };',
    '',
  ].join('\n'),
);

const TOKEN = 'sanitize-populate-token';
let server: MockServer;
let base: string;
beforeAll(async () => {
  server = await createServer({
    schemas: root,
    memory: true,
    logger: { info: () => {}, error: () => {} },
    configObject: {
      permissions: { public: { 'api::page.page': ['find', 'findOne', 'raw', 'first', 'viaApi', 'sanitized'], 'api::tag.tag': ['find'] } },
      tokens: [{ name: 'full', type: 'full-access', key: TOKEN }],
    },
  });
  ({ url: base } = await server.listen(0));
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { documentId: string } }).data;
  };
  const tag = await post('/api/tags', { data: { label: 'T1', hidden: 'h1' } });
  const form = new FormData();
  form.append('files', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
  const up = await fetch(`${base}/api/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(up.status).toBe(201);
  const [file] = (await up.json()) as { id: number }[];
  await post('/api/pages', {
    data: {
      title: 'Home Page',
      secret: 's1',
      cover: file.id,
      tag: tag.documentId,
      blocks: [{ __component: 'shared.quote', body: 'q', image: file.id }],
    },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

type Entry = Record<string, unknown>;
const get = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: (await res.json()) as { data: Entry[] | null; error?: { message: string; details: unknown } } };
};

test("src/index's top level sees the mock's strapi: its document middleware sets the slug", async () => {
  const { body } = await get('/api/pages-raw');
  expect(body.data?.[0]).toMatchObject({ title: 'Home Page', slug: 'home-page', secret: 's1', locale: null });
});

test('sanitizeQuery drops private keys in filters, populate and a populated level’s fields', async () => {
  // a filter on a private field filters nothing
  expect((await get('/api/pages-raw?filters[secret][$eq]=zzz')).body.data).toHaveLength(1);
  expect((await get('/api/pages-raw?filters[tag][hidden][$eq]=zzz&filters[title][$eq]=Home%20Page')).body.data).toHaveLength(1);
  // a private relation is not populated; the rest is
  const [withTag] = (await get('/api/pages-raw?populate[0]=createdBy&populate[1]=tag')).body.data!;
  expect(withTag).not.toHaveProperty('createdBy');
  expect(withTag.tag).toMatchObject({ label: 'T1', hidden: 'h1' });
  // a private field of a populated level is not selected
  const [narrow] = (await get('/api/pages-raw?populate[tag][fields][0]=hidden&populate[tag][fields][1]=label')).body.data!;
  expect(narrow.tag).toEqual({ id: expect.any(Number), documentId: expect.any(String), label: 'T1' });
  // a path through a private field is dropped whole: nothing is populated
  const [bare] = (await get('/api/pages-raw?populate=tag.hidden')).body.data!;
  expect(bare).not.toHaveProperty('tag');
  // a populated level's filters lose their private keys too
  const [filtered] = (await get('/api/pages-raw?populate[tag][filters][hidden][$eq]=zzz')).body.data!;
  expect(filtered.tag).toMatchObject({ label: 'T1' });
});

test('what the sanitizer keeps meets the document service: a private sort goes, an unknown populate key is refused', async () => {
  for (const [path, message, key] of [
    ['/api/pages-raw?populate[cover][sort]=folder.name&populate[cover][populate][nope]=true', 'Invalid key nope at cover', 'cover'],
    [
      '/api/pages-raw?populate[blocks][on][shared.quote][populate][image][sort]=folder.name&populate[blocks][on][shared.quote][populate][nope]=true',
      'Invalid key nope at blocks',
      'blocks',
    ],
  ]) {
    const { status, body } = await get(path);
    expect(status, path).toBe(400);
    expect(body.error, path).toMatchObject({ message, details: { key: 'nope', path: key } });
  }
  expect((await get('/api/pages-raw?sort=')).status).toBe(200);
});

test("a fields list's empty items go before the document service reads it", async () => {
  const { body } = await get('/api/pages-raw?fields&fields=title');
  expect(body.data).toEqual([{ id: expect.any(Number), documentId: expect.any(String), title: 'Home Page' }]);
  for (const path of ['/api/pages-raw?fields&fields=x', '/api/tags-api?fields&fields=x']) {
    const refused = await get(path);
    expect(refused.status, path).toBe(400);
    expect(refused.body.error, path).toMatchObject({ message: 'Invalid key x', details: { key: 'x', path: null } });
  }
});

test('strapi.contentAPI.sanitize.query sanitizes for the type it is given', async () => {
  const { body } = await get('/api/tags-api?filters[hidden][$eq]=zzz');
  expect(body.data).toEqual([expect.objectContaining({ label: 'T1', hidden: 'h1' })]);
});

test("the document service's file rows hold folderPath and locale; sanitizeOutput takes them out", async () => {
  const [raw] = (await get('/api/pages-raw?populate[0]=cover')).body.data!;
  const cover = raw.cover as Entry;
  expect(cover).toMatchObject({ name: 'a.txt', folderPath: '/1', locale: null });
  // Strapi's order: folderPath after provider_metadata, locale last
  const keys = Object.keys(cover);
  expect(keys.indexOf('folderPath')).toBe(keys.indexOf('provider_metadata') + 1);
  expect(keys.at(-1)).toBe('locale');
  const [sanitized] = (await get('/api/pages-sanitized')).body.data!;
  expect(sanitized.cover).toMatchObject({ name: 'a.txt' });
  expect(sanitized.cover).not.toHaveProperty('folderPath');
  expect(sanitized.cover).not.toHaveProperty('locale');
  expect(sanitized).not.toHaveProperty('secret');
});

test('a wildcard expands to the level’s relations, media and zones, without the private creators', async () => {
  const [all] = (await get('/api/pages-raw?populate=*')).body.data!;
  expect(Object.keys(all)).toEqual(expect.arrayContaining(['cover', 'tag', 'blocks']));
  expect(all).not.toHaveProperty('createdBy');
  expect(all).not.toHaveProperty('updatedBy');
  // under a media field the wildcard stands for the file's own relations: `related` is then no populate option
  const refused = await get('/api/pages-raw?populate[cover]=*');
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({
    message: 'Invalid key related at cover.related',
    details: { key: 'related', path: 'cover.related' },
  });
  // a zone's `*` is no fragment: left for the document service to refuse
  expect((await get('/api/pages-raw?populate[blocks]=*')).body.error?.message).toBe(
    'Invalid nested populate for page.blocks (api::page.page). Expected a fragment ("on") or "count" but found "*"',
  );
});

test('on a route without auth, relations go from populate, filters and sort (no type may be read)', async () => {
  const [bare] = (await get('/api/pages-open?populate=tag')).body.data!;
  expect(bare).not.toHaveProperty('tag');
  const [all] = (await get('/api/pages-open?populate=*')).body.data!;
  expect(all).toHaveProperty('cover');
  expect(all).toHaveProperty('blocks');
  expect(all).not.toHaveProperty('tag');
  expect((await get('/api/pages-open?filters[tag][label][$eq]=nope')).body.data).toHaveLength(1);
  expect((await get('/api/pages-open?sort=tag.label')).status).toBe(200);
  // the public role may read tags: its filter stays
  expect((await get('/api/pages-raw?filters[tag][label][$eq]=nope')).body.data).toEqual([]);
});

test("a core route's service refuses what the sanitizer made as the document service does: key and path only", async () => {
  // harness meichu --code grammar seed 1702: Strapi's `details` hold no `source` nor `param`
  const { status, body } = await get('/api/pages?populate[cover]=*');
  expect(status).toBe(400);
  expect(body.error).toEqual({
    status: 400,
    name: 'ValidationError',
    message: 'Invalid key related at cover.related',
    details: { key: 'related', path: 'cover.related' },
  });
});

test("a fields list's comma item stays a list of its own, which the document service refuses", async () => {
  // harness adfinis --code seed 1405 (Strapi: the query-fields traversal splits the item in place)
  const { status, body } = await get('/api/pages-raw?fields[0]=title%2Cslug');
  expect(status).toBe(400);
  expect(body.error?.message).toBe('Invalid fields parameter. Expected a string or an array of strings');
  expect((await get('/api/pages-raw?fields=title%2Cslug')).body.data).toEqual([
    { id: expect.any(Number), documentId: expect.any(String), title: 'Home Page', slug: 'home-page' },
  ]);
});

test("a core service splits a fields list's comma item the sanitizer left alone, as the document service's converter does", async () => {
  // harness edtech --code seed 1404: `fields[0]&fields[1]=a,b` is no list of strings, so the sanitizer only drops its
  // empty item, and the converter reads `['a,b']` as two fields (Strapi 200)
  const [page] = (await get('/api/pages-raw')).body.data!;
  const res = await fetch(`${base}/api/pages/${String(page.documentId)}?fields[0]&fields[1]=title%2Cslug`);
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: Entry };
  expect(data).toEqual({ id: expect.any(Number), documentId: page.documentId, title: 'Home Page', slug: 'home-page' });
});

test('an unpaginated document service read selecting only indexed columns comes in documentId order; REST lists by id', async () => {
  // probe s14-read (steps3): SQLite scans `<table>_documents_idx` for `select id, document_id, published_at` without
  // ORDER BY; a paginated query gets `ORDER BY id` from Strapi's query builder
  const post = async (path: string, data: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ data }),
    });
  for (const title of ['P2', 'P3', 'P4']) expect((await post('/api/pages', { title })).status).toBe(201);
  for (const label of ['T2', 'T3', 'T4']) expect((await post('/api/tags', { label })).status).toBe(201);
  const byDocumentId = (rows: Entry[]) => [...rows].sort((a, b) => (String(a.documentId) < String(b.documentId) ? -1 : 1));
  const byId = (rows: Entry[]) => [...rows].sort((a, b) => Number(a.id) - Number(b.id));
  for (const path of ['/api/pages-raw?fields=publishedAt', '/api/pages-raw?fields[0]']) {
    const rows = (await get(path)).body.data!;
    expect(rows, path).toHaveLength(4);
    expect(rows, path).toEqual(byDocumentId(rows));
  }
  // another column selected, or a filter: the table's order
  const titled = (await get('/api/pages-raw?fields=title')).body.data!;
  expect(titled).toEqual(byId(titled));
  const tags = (await get('/api/tags?fields[0]=documentId')).body.data!;
  expect(tags).toHaveLength(4);
  expect(tags).toEqual(byId(tags));
});

test("populate's sort, filters and fields naming no attribute are checked against the level's schema, then dropped", async () => {
  const refused = await get('/api/tags?populate[fields]=true');
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({
    message: 'Invalid key true',
    details: { key: 'true', path: null, source: 'query', param: 'populate' },
  });
  expect((await get('/api/tags?populate[sort]=nope')).body.error).toMatchObject({ message: 'Invalid key nope' });
  for (const path of ['/api/tags?populate[sort]=label', '/api/tags?populate[fields]=label']) {
    const { status, body } = await get(path);
    expect(status, path).toBe(200);
    expect(body.data?.[0], path).toMatchObject({ label: 'T1', createdAt: expect.any(String) });
  }
});

test("a file's related is narrowed to the content types the caller may find: no component instances, none without auth", async () => {
  // Strapi's removeRestrictedRelations turns `related: true` (here from `populate[cover][populate]=*`) into a fragment of
  // the readable content types; the morph table's link from the quote component in `blocks` is then not listed
  const [page] = (await get('/api/pages-raw?filters[title][$eq]=Home%20Page&populate[cover][populate]=*')).body.data!;
  const related = (page.cover as Entry).related as Entry[];
  expect(related.map((r) => r.__type)).toEqual(['api::page.page']);
  // the entry is the document service's row: its locale column too (probe s14-read steps4)
  expect(related[0]).toMatchObject({ title: 'Home Page', locale: null });
  const [open] = (await get('/api/pages-open?filters[title][$eq]=Home%20Page&populate[cover][populate]=*')).body.data!;
  expect(open.cover).toMatchObject({ name: 'a.txt' });
  expect(open.cover).not.toHaveProperty('related');
});

test("findFirst's one row is read without an ORDER BY: the first in documentId order when the index covers the read", async () => {
  const all = (await get('/api/pages-raw?fields=publishedAt')).body.data!;
  expect(all.length).toBeGreaterThan(1);
  const res = await fetch(`${base}/api/pages-first?fields=publishedAt`);
  const { data } = (await res.json()) as { data: Entry };
  // harness meichu --code seed 1703: a controller's findFirst with `fields[0]` (no value) found another product
  expect(data.documentId).toBe(all[0].documentId);
  // another column selected: the table's first row
  const titled = await fetch(`${base}/api/pages-first?fields=title`);
  const lowest = Math.min(...all.map((r) => Number(r.id)));
  expect(((await titled.json()) as { data: Entry }).data.id).toBe(lowest);
});

test("sanitizeOutput walks a file's related entries with their own schema (a type without i18n loses its locale)", async () => {
  // harness meichu --code grammar seed 1702: a core route's `populate[avatar][populate]=*`
  const { body } = await get('/api/pages?filters[title][$eq]=Home%20Page&populate[cover][populate]=*');
  const related = ((body.data![0] as Entry).cover as Entry).related as Entry[];
  expect(related).toEqual([expect.objectContaining({ title: 'Home Page', __type: 'api::page.page' })]);
  expect(related[0]).not.toHaveProperty('locale');
  expect(related[0]).not.toHaveProperty('secret');
});
