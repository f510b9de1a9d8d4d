import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { strapiLoaderName } from '../../src/core/model/name-words.js';

// Three rules a public project (an API folder in camelCase whose service reads with the document service, and a
// document middleware that needs the body's title) met at once:
// - Strapi's loaders key an API folder, a content-type folder and each code file by its name kebab-cased unless it
//   already is kebab-case (core loaders/apis normalizeName): `src/api/apiHome` is `api::api-home.*`;
// - the document service's populate meets Strapi's converter only: a nested `*` is `true` (parseType's forced
//   boolean), a key that names no attribute (`fields` inside a populate object) is dropped, where the content API's
//   validators would refuse both;
// - the core controller's validateInput runs before the service: a body key that is no attribute is refused
//   "Invalid key" before a document middleware can fail on the body.
const root = mkdtempSync(join(tmpdir(), 'cm-loader-names-'));
const src = join(root, 'src');
const write = (path: string, text: string) => {
  mkdirSync(join(src, path, '..'), { recursive: true });
  writeFileSync(join(src, path), text);
};
write(
  'api/apiHome/content-types/promo/schema.json',
  JSON.stringify({
    kind: 'collectionType',
    info: { singularName: 'promo', pluralName: 'promos', displayName: 'Promo' },
    options: { draftAndPublish: false },
    attributes: { title: { type: 'string' }, cover: { type: 'media', multiple: false } },
  }),
);
write(
  'api/apiHome/routes/promo.js',
  "const { factories } = require('@strapi/strapi');\nmodule.exports = factories.createCoreRouter('api::api-home.promo');\n",
);
write(
  'api/apiHome/controllers/promo.js',
  "const { factories } = require('@strapi/strapi');\nmodule.exports = factories.createCoreController('api::api-home.promo');\n",
);
write(
  'api/apiHome/services/promo.js',
  "const { factories } = require('@strapi/strapi');\nmodule.exports = factories.createCoreService('api::api-home.promo');\n",
);
write(
  'api/apiHome/routes/feed.js',
  "module.exports = { routes: [{ method: 'GET', path: '/feed', handler: 'feed.index', config: { auth: false } }] };\n",
);
write(
  'api/apiHome/controllers/feed.js',
  "module.exports = { async index(ctx) { ctx.body = await strapi.service('api::api-home.feed').list(); } };\n",
);
write(
  'api/apiHome/services/feed.js',
  `module.exports = {
  async list() {
    const rows = await strapi.documents('api::api-home.promo').findMany({ populate: { cover: '*', fields: ['title'] } });
    return rows.map((r) => ({ title: r.title, cover: r.cover ? r.cover.url : null }));
  },
};
`,
);
write(
  'index.js',
  `module.exports = {
  register({ strapi }) {
    strapi.documents.use(async (context, next) => {
      if (context.uid === 'api::api-home.promo' && context.action === 'update') context.params.data.title = context.params.data.title.trim();
      return next();
    });
  },
};
`,
);

let server: MockServer;
let base: string;
const token = { authorization: 'Bearer loader-names-full-access-key-0123456789' };

beforeAll(async () => {
  server = await createServer({
    schemas: root,
    memory: true,
    seedIfEmpty: true,
    configObject: { tokens: [{ name: 'full', type: 'full-access', key: 'loader-names-full-access-key-0123456789' }] },
    logger: { info: () => undefined, error: () => undefined },
  });
  ({ url: base } = await server.listen(0));
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe("Strapi's loader names", () => {
  test('a name already kebab-case is kept (digits too); any other is lodash kebabCase of it', () => {
    expect(['apiHome', 'API_Home', 'HTMLPage', 'list2Tour', 'page2', 'v2-api', 'my_api'].map(strapiLoaderName)).toEqual([
      'api-home',
      'api-home',
      'html-page',
      'list-2-tour',
      'page2',
      'v2-api',
      'my-api',
    ]);
  });

  test('an API folder in camelCase is the kebab-case API: its types, routes, controllers and services', async () => {
    expect(server.projectReport().filter((l) => l.includes('cannot run'))).toEqual([]);
    const list = await fetch(`${base}/api/promos`, { headers: token });
    expect(list.status).toBe(200);
    const promos = ((await list.json()) as { data: { title: string }[] }).data;
    expect(promos.length).toBeGreaterThan(0);
    // the service's document service read: `cover: '*'` populates the file, `fields` in the populate is dropped
    const feed = await fetch(`${base}/api/feed`);
    expect(feed.status).toBe(200);
    const items = (await feed.json()) as { title: string; cover: string | null }[];
    expect(items.map((i) => i.title).sort()).toEqual(promos.map((p) => p.title).sort());
    expect(items.some((i) => typeof i.cover === 'string' && i.cover.startsWith('/uploads/'))).toBe(true);
  });
});

test('validateInput refuses a key that is no attribute before a document middleware reads the body', async () => {
  const list = (await (await fetch(`${base}/api/promos`, { headers: token })).json()) as { data: { documentId: string }[] };
  const res = await fetch(`${base}/api/promos/${list.data[0].documentId}`, {
    method: 'PUT',
    headers: { ...token, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { nope: 1 } }),
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({
    data: null,
    error: { status: 400, name: 'ValidationError', message: 'Invalid key nope', details: { key: 'nope', path: null, source: 'body' } },
  });
});
