import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// Read-side rules of the plugin pinned on real Strapi 5.54 with @strapi/plugin-graphql 5.54.0 (probed with
// scripts/harness/graphql-probe.mjs on the harness's shop model), over a small i18n project spoken to over HTTP.
// Expectations are computed from other answers of the same server, never copied from Strapi's.

type Json = Record<string, any>;
const TOKEN = 'r'.repeat(40);

function collection(singular: string, plural: string, options: Json, attributes: Json, localized = false): Json {
  return {
    kind: 'collectionType',
    info: { singularName: singular, pluralName: plural, displayName: singular },
    options,
    ...(localized ? { pluginOptions: { i18n: { localized: true } } } : {}),
    attributes,
  };
}

let dir = '';
let server: MockServer;
let url = '';
const gql = async (query: string, auth = true): Promise<Json> => {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${TOKEN}` } : {}) },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as Json;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cm-graphql-reads-'));
  const schemas: Record<string, Json> = {
    // a localized type without draft & publish whose relation targets a draft & publish type
    shelf: collection(
      'shelf',
      'shelves',
      { draftAndPublish: false },
      {
        label: { type: 'string', pluginOptions: { i18n: { localized: true } } },
        items: { type: 'relation', relation: 'manyToMany', target: 'api::item.item' },
        owner: { type: 'relation', relation: 'manyToOne', target: 'api::owner.owner' },
        parts: { type: 'component', component: 'shop.part', repeatable: true },
      },
      true,
    ),
    item: collection('item', 'items', { draftAndPublish: true }, { name: { type: 'string' } }),
    owner: collection('owner', 'owners', { draftAndPublish: false }, { name: { type: 'string' } }),
  };
  for (const [name, schema] of Object.entries(schemas)) {
    mkdirSync(join(dir, `src/api/${name}/content-types/${name}`), { recursive: true });
    writeFileSync(join(dir, `src/api/${name}/content-types/${name}/schema.json`), JSON.stringify(schema));
  }
  mkdirSync(join(dir, 'src/components/shop'), { recursive: true });
  writeFileSync(
    join(dir, 'src/components/shop/part.json'),
    JSON.stringify({ collectionName: 'components_shop_parts', info: { displayName: 'part' }, attributes: { label: { type: 'string' } } }),
  );
  mkdirSync(join(dir, 'config'), { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ dependencies: { '@strapi/strapi': '5.54.0', '@strapi/plugin-graphql': '5.54.0' } }),
  );
  writeFileSync(
    join(dir, 'content-mock.config.json'),
    JSON.stringify({
      locales: [{ code: 'en', isDefault: true }, { code: 'fr' }],
      // the public role reads shelves only: `owner` is refused on every shelf
      permissions: { public: { 'api::shelf.shelf': ['find'], 'api::item.item': ['find'] } },
      tokens: [{ name: 'full', type: 'full-access', key: TOKEN }],
    }),
  );
  server = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), memory: true });
  ({ url } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('reads of the plugin', () => {
  test('relations under `localizations` follow the root query status, whatever the localization row is', async () => {
    const item = await gql(`mutation { createItem(status: PUBLISHED, data: { name: "published name" }) { documentId } }`);
    const itemId = item.data.createItem.documentId as string;
    await gql(`mutation { updateItem(documentId: "${itemId}", status: DRAFT, data: { name: "draft edit" }) { documentId } }`);
    const shelf = await gql(`mutation { createShelf(locale: "en", data: { label: "en", items: ["${itemId}"] }) { documentId } }`);
    const shelfId = shelf.data.createShelf.documentId as string;
    await gql(
      `mutation { updateShelf(documentId: "${shelfId}", locale: "fr", data: { label: "fr", items: ["${itemId}"] }) { documentId } }`,
    );
    for (const status of ['DRAFT', 'PUBLISHED']) {
      const fr = await gql(`{ shelves(status: ${status}, locale: "fr") { items { name publishedAt } } }`);
      const en = await gql(`{ shelves(status: ${status}) { localizations { locale items { name publishedAt } } } }`);
      expect(en.errors).toBeUndefined();
      // the fr row as a localization shows what the fr row shows at the root under the same status
      expect(en.data.shelves[0].localizations).toEqual([{ locale: 'fr', items: fr.data.shelves[0].items }]);
      expect(fr.data.shelves[0].items[0].name).toBe(status === 'DRAFT' ? 'draft edit' : 'published name');
    }
  });

  test("a page & offset pagination error is raised as its resolver starts: as early as a refused relation's auth check", async () => {
    for (const label of ['a', 'b'])
      await gql(`mutation { createShelf(data: { label: "${label}", parts: [{ label: "p" }] }) { documentId } }`);
    const answer = await gql(
      `{ shelves(filters: { label: { in: ["a", "b"] } }, sort: ["label"]) { label parts(pagination: { page: 1, limit: 2 }) { label } owner { name } } }`,
      false,
    );
    // Strapi lists them shelf by shelf: both fail after the same number of steps, so in the order they started
    expect(answer.errors.map((e: Json) => [e.path.join('.'), e.extensions.code])).toEqual([
      ['shelves.0.parts', 'STRAPI_PAGINATION_ERROR'],
      ['shelves.0.owner', 'FORBIDDEN'],
      ['shelves.1.parts', 'STRAPI_PAGINATION_ERROR'],
      ['shelves.1.owner', 'FORBIDDEN'],
    ]);
  });
});
