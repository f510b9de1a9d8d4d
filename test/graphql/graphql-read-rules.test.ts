import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { AUTHENTICATED_DEFAULTS, PUBLIC_DEFAULTS } from '../../src/core/auth/role-grants.js';

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
    item: collection(
      'item',
      'items',
      { draftAndPublish: true },
      // a password the schema does not mark private: in the plugin's schema, but refused by the query validation
      { name: { type: 'string' }, meta: { type: 'json' }, code: { type: 'password' } },
    ),
    owner: collection('owner', 'owners', { draftAndPublish: false }, { name: { type: 'string' } }),
  };
  for (const [name, schema] of Object.entries(schemas)) {
    mkdirSync(join(dir, `src/api/${name}/content-types/${name}`), { recursive: true });
    writeFileSync(join(dir, `src/api/${name}/content-types/${name}/schema.json`), JSON.stringify(schema));
  }
  mkdirSync(join(dir, 'src/components/shop'), { recursive: true });
  const component = (name: string, attributes: Json) =>
    writeFileSync(
      join(dir, `src/components/shop/${name}.json`),
      JSON.stringify({ collectionName: `components_shop_${name}s`, info: { displayName: name }, attributes }),
    );
  component('part', {
    label: { type: 'string' },
    bits: { type: 'component', component: 'shop.bit', repeatable: true },
    maker: { type: 'relation', relation: 'oneToOne', target: 'api::owner.owner' },
  });
  component('bit', { size: { type: 'integer' } });
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
      permissions: { public: { 'api::shelf.shelf': ['find'], 'api::item.item': ['find'], 'plugin::i18n.locales.listLocales': true } },
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

  test('a component field filters on its stored values: nested components and relations the selection does not show', async () => {
    const owner = await gql(`mutation { createOwner(data: { name: "maker" }) { documentId } }`);
    const ownerId = owner.data.createOwner.documentId as string;
    const parts = `[{ label: "small", bits: [{ size: 1 }] }, { label: "big", bits: [{ size: 5 }, { size: 1 }], maker: "${ownerId}" }, { label: "none" }]`;
    await gql(`mutation { createShelf(data: { label: "parts", parts: ${parts} }) { documentId } }`);
    const q = (args: string) => `{ shelves(filters: { label: { eq: "parts" } }) { parts${args} { label } } }`;
    const full = await gql(`{ shelves(filters: { label: { eq: "parts" } }) { parts { label bits { size } maker { name } } } }`);
    const all = full.data.shelves[0].parts as Json[];
    const labels = (keep: (p: Json) => boolean) => all.filter(keep).map((p) => ({ label: p.label }));
    const big = await gql(q(`(filters: { bits: { size: { gt: 2 } } })`));
    expect(big.data.shelves[0].parts).toEqual(labels((p) => p.bits.some((b: Json) => b.size > 2)));
    const notBig = await gql(q(`(filters: { not: { bits: { size: { gt: 2 } } } })`));
    // the database negates each joined row: a part keeps if one of its bits is not big (none: no row to negate)
    expect(notBig.data.shelves[0].parts).toEqual(labels((p) => p.bits.some((b: Json) => !(b.size > 2))));
    const made = await gql(q(`(filters: { maker: { name: { eq: "maker" } } })`));
    expect(made.data.shelves[0].parts).toEqual(labels((p) => p.maker?.name === 'maker'));
    expect(made.data.shelves[0].parts).toEqual([{ label: 'big' }]);
  });

  test("the database layer's refusals come as the query is sent (after a result that came first) with its join aliases", async () => {
    const owner = await gql(`mutation { createOwner(data: { name: "o" }) { documentId } }`);
    const made = await gql(
      `mutation { createShelf(locale: "en", data: { label: "aliases", parts: [{ label: "p", maker: "${owner.data.createOwner.documentId}" }] }) { documentId } }`,
    );
    const id = made.data.createShelf.documentId as string;
    await gql(`mutation { updateShelf(documentId: "${id}", locale: "fr", data: { label: "alias fr" }) { documentId } }`);
    const paths = (answer: Json) => answer.errors.map((e: Json) => [e.path.join('.'), e.extensions.code, e.message]);
    // `maker` is refused once `parts` arrives from the database; the mixed relation filter of `localizations`
    // fails only as its own query is built, later
    const mixed = await gql(
      `{ shelves(filters: { label: { eq: "aliases" } }) { parts { maker { name } } localizations(filters: { items: { not: { name: { eq: "x" } }, name: { eq: "y" } } }) { label } } }`,
      false,
    );
    expect(paths(mixed)).toEqual([
      ['shelves.0.parts.0.maker', 'FORBIDDEN', 'Forbidden access'],
      ['shelves.0.localizations', 'INTERNAL_SERVER_ERROR', 'Operator and non-operator keys cannot be mixed in a relation where clause'],
    ]);
    // i18n's load joins no link table: the items' link table is t1, the items t2 (t3 under a relation field)
    const field = (name: string) =>
      gql(
        `{ shelves(filters: { label: { eq: "aliases" } }) { ${name}(filters: { items: { not: { name: { notNull: true } } } }) { label } } }`,
      );
    expect(paths(await field('localizations'))).toEqual([
      ['shelves.0.localizations', 'INTERNAL_SERVER_ERROR', 'Undefined attribute level operator t2.name'],
    ]);
  });

  test("the plugin's roles exist from the start: a first request lists them as the REST role route does", async () => {
    const roles = await gql(`{ usersPermissionsRoles { name type } usersPermissionsRoles_connection { pageInfo { total } } }`);
    const rest = (await (
      await fetch(`${url}/api/users-permissions/roles`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as Json;
    expect(roles.data.usersPermissionsRoles).toEqual(rest.roles.map((r: Json) => ({ name: r.name, type: r.type })));
    expect(roles.data.usersPermissionsRoles_connection.pageInfo.total).toBe(rest.roles.length);
    expect(rest.roles.length).toBeGreaterThan(0);
  });

  test("each role shows its permission rows: the plugin's defaults for its type, then what the config grants", async () => {
    const roles = await gql(
      `{ usersPermissionsRoles { type permissions(pagination: { limit: 100 }) { action role { type } } permissions_connection(pagination: { limit: 100 }) { nodes { documentId } } } }`,
    );
    expect(roles.errors).toBeUndefined();
    const byType = new Map<string, Json>(roles.data.usersPermissionsRoles.map((r: Json) => [r.type, r]));
    const actions = (type: string) => byType.get(type)?.permissions.map((p: Json) => p.action);
    // the public role: Strapi's auth defaults made at first boot, then the config's grants in their order
    expect(actions('public')).toEqual([
      ...PUBLIC_DEFAULTS,
      'api::shelf.shelf.find',
      'api::item.item.find',
      'plugin::i18n.locales.listLocales',
    ]);
    // without `permissions.authenticated` the authenticated role takes the public role's grants after its own defaults
    expect(actions('authenticated')).toEqual([
      ...AUTHENTICATED_DEFAULTS,
      'api::shelf.shelf.find',
      'api::item.item.find',
      'plugin::i18n.locales.listLocales',
    ]);
    for (const [type, role] of byType) {
      expect(role.permissions.every((p: Json) => p.role.type === type)).toBe(true);
      expect(role.permissions_connection.nodes).toHaveLength(role.permissions.length);
    }
    // a filter through the permission rows finds the roles that hold the action
    const holding = await gql(
      `{ usersPermissionsRoles(filters: { permissions: { action: { eq: "plugin::users-permissions.auth.register" } } }) { type } }`,
    );
    expect(holding.data.usersPermissionsRoles).toEqual([{ type: 'public' }]);
  });

  test("the database layer's two passes: processing refuses an operator list under a field, applying a column under `not`", async () => {
    const messages = async (query: string) => ((await gql(query)).errors ?? []).map((e: Json) => e.message);
    // `not` under a relation compares the joined id with a WHERE of its own, however deep the `not`s go: applied, its
    // first column is read as an operator
    expect(await messages(`{ shelves(filters: { items: { not: { not: { name: { eq: "x" } } } } }) { label } }`)).toEqual([
      'Undefined attribute level operator t2.name',
    ]);
    // `and`/`or` under a field are no attribute-level operators: refused while the WHERE is processed, before a column
    // under `not` is applied, whichever comes first in the filters
    expect(
      await messages(`{ shelves(filters: { items: { not: { name: { eq: "x" } } }, owner: { name: { or: ["a", "b"] } } }) { label } }`),
    ).toEqual(['Undefined attribute level operator $or']);
    // the sort's relation paths join before the WHERE: `owner.name` takes t1 and t2, the items t3 and t4
    expect(await messages(`{ shelves(sort: ["owner.name"], filters: { items: { not: { name: { eq: "x" } } } }) { label } }`)).toEqual([
      'Undefined attribute level operator t4.name',
    ]);
    // camelCase attributes are snake_case columns
    expect(await messages(`{ shelves(filters: { items: { not: { createdAt: { null: true } } } }) { label } }`)).toEqual([
      'Undefined attribute level operator t2.created_at',
    ]);
  });

  test("empty lists in filters are dropped by Strapi's query sanitizer: `in: []` and `or: []` add no condition", async () => {
    const all = await gql(`{ shelves(pagination: { limit: 50 }) { documentId } }`);
    const inNone = await gql(`{ shelves(filters: { label: { in: [] } }, pagination: { limit: 50 }) { documentId } }`);
    expect(inNone.data.shelves).toEqual(all.data.shelves);
    expect(all.data.shelves.length).toBeGreaterThan(0);
    // left in place, `or: []` beside a field would be the where builder's "mixed keys" refusal
    const plain = await gql(`{ shelves(filters: { items: { name: { notNull: true } } }) { documentId } }`);
    const withEmpty = await gql(`{ shelves(filters: { items: { or: [], name: { notNull: true } } }) { documentId } }`);
    expect(withEmpty).toEqual(plain);
    // the sanitizer drops the items given empty (the `or` then goes); an item with a condition stays, and the `or`
    // is refused beside a field
    const emptyItems = await gql(`{ shelves(filters: { items: { or: [{}], name: { notNull: true } } }) { documentId } }`);
    expect(emptyItems).toEqual(plain);
    const mixed = await gql(`{ shelves(filters: { items: { or: [{}, { name: { eq: "x" } }], name: { notNull: true } } }) { documentId } }`);
    expect(mixed.errors.map((e: Json) => e.message)).toEqual(['Operator and non-operator keys cannot be mixed in a relation where clause']);
    // a date-time list's operator goes with its field: the `not` is then alone, and read as an attribute-level operator
    const dates = await gql(
      `{ shelves(filters: { items: { createdAt: { in: ["2020-01-01T00:00:00.000Z"] }, not: { name: { eq: "x" } } } }) { documentId } }`,
    );
    expect(dates.errors.map((e: Json) => e.message)).toEqual(['Undefined attribute level operator t2.name']);
    // the sanitizer walks into `not` too: a date-time list there goes, and the `not` with it
    const notDates = await gql(
      `{ shelves(filters: { createdAt: { not: { between: ["2000-01-01T00:00:00.000Z", "2999-01-01T00:00:00.000Z"] } } }, pagination: { limit: 50 }) { documentId } }`,
    );
    expect(notDates.data.shelves).toEqual(all.data.shelves);
    // an `or` of empty items alone adds no condition
    const onlyEmpty = await gql(`{ shelves(filters: { or: [{}, {}] }, pagination: { limit: 50 }) { documentId } }`);
    expect(onlyEmpty.data.shelves).toEqual(all.data.shelves);
  });

  test("i18n names its own scope for `i18NLocales` only: the connection keeps the shadow CRUD's `find` scope", async () => {
    const list = await gql(`{ i18NLocales { code } }`, false);
    expect(list.data.i18NLocales.map((l: Json) => l.code)).toEqual(['en', 'fr']);
    const connection = await gql(`{ i18NLocales_connection { nodes { code } } }`, false);
    expect(connection.data.i18NLocales_connection).toBeNull();
    expect(connection.errors[0].extensions.code).toBe('FORBIDDEN');
    const withToken = await gql(`{ i18NLocales_connection { nodes { code } } }`);
    expect(withToken.data.i18NLocales_connection.nodes).toEqual(list.data.i18NLocales);
    // locales are filtered and sorted on their columns as any list
    const codes = async (args: string) =>
      ((await gql(`{ i18NLocales(${args}) { code } }`, false)).data.i18NLocales as Json[]).map((l) => l.code);
    const all = list.data.i18NLocales.map((l: Json) => l.code as string);
    expect(await codes('sort: "code:DESC"')).toEqual([...all].sort().reverse());
    expect(await codes('filters: { code: { eq: "fr" } }')).toEqual(['fr']);
    expect(await codes('filters: { or: [{ name: { startsWith: "zzz" } }, { code: { in: ["en"] } }] }')).toEqual(['en']);
  });

  test("a field's own `publishedAt` condition is merged over the status it inherits: the same operator replaces it", async () => {
    const item = await gql(`mutation { createItem(status: PUBLISHED, data: { name: "merged published" }) { documentId } }`);
    const itemId = item.data.createItem.documentId as string;
    await gql(`mutation { updateItem(documentId: "${itemId}", status: DRAFT, data: { name: "merged draft" }) { documentId } }`);
    await gql(`mutation { createShelf(data: { label: "merge", items: ["${itemId}"] }) { documentId } }`);
    const names = async (status: string, args: string) => {
      const a = await gql(`{ shelves(status: ${status}, filters: { label: { eq: "merge" } }) { items${args} { name } } }`);
      expect(a.errors).toBeUndefined();
      return (a.data.shelves[0].items as Json[]).map((i) => i.name as string);
    };
    const published = await names('PUBLISHED', '');
    const draft = await names('DRAFT', '');
    expect(published).not.toEqual(draft);
    // the plugin's `publishedAt: {$notNull: true}` (published) or `{$null: true}` (draft), lodash-merged with the
    // field's where: the user's value for that operator wins
    expect(await names('PUBLISHED', '(filters: { publishedAt: { notNull: false } })')).toEqual(draft);
    expect(await names('DRAFT', '(filters: { publishedAt: { null: false } })')).toEqual(published);
    const connection = await gql(
      `{ shelves(status: DRAFT, filters: { label: { eq: "merge" } }) { items_connection(filters: { publishedAt: { null: false } }) { nodes { name } } } }`,
    );
    expect(connection.data.shelves[0].items_connection.nodes.map((i: Json) => i.name)).toEqual(published);
    // another operator stays beside the inherited one, and a condition inside `and` is not merged
    expect(await names('PUBLISHED', '(filters: { publishedAt: { null: true } })')).toEqual([]);
    expect(await names('PUBLISHED', '(filters: { and: [{ publishedAt: { notNull: false } }] })')).toEqual([]);
  });

  test('an `or`/`and` a later one of its WHERE level overwrites is gone, also from a relation under a relation', async () => {
    const owner = await gql(`mutation { createOwner(data: { name: "hoisted" }) { documentId } }`);
    const ownerId = owner.data.createOwner.documentId as string;
    await gql(`mutation { createShelf(data: { label: "groups", parts: [{ label: "p", maker: "${ownerId}" }] }) { documentId } }`);
    const shelves = async (filters: string) => {
      const a = await gql(`{ shelves(filters: ${filters}, pagination: { limit: 50 }) { label } }`);
      expect(a.errors).toBeUndefined();
      return (a.data.shelves as Json[]).map((s) => s.label as string);
    };
    // the maker's `or` goes up through the component into the root's WHERE object, where the root's `or` (later in
    // the input type's field order) takes its place: `parts.label` holds, the maker's condition is gone
    const nested = '{ parts: { label: { eq: "p" }, maker: { or: [{ name: { eq: "nobody" } }] } }, or: [{ label: { eq: "groups" } }] }';
    expect(await shelves(nested)).toEqual(await shelves('{ parts: { label: { eq: "p" } }, label: { eq: "groups" } }'));
    expect(await shelves(nested)).toEqual(['groups']);
    // without a root `or` the maker's condition holds
    expect(await shelves('{ parts: { label: { eq: "p" }, maker: { or: [{ name: { eq: "nobody" } }] } } }')).toEqual([]);
    // an `or` the sanitizer empties only on its last pass reaches the builder as `$or: []`: no condition, yet it
    // takes the place of the maker's; one given empty items is gone before, and the maker's holds
    const maker = '{ parts: { label: { eq: "p" }, maker: { or: [{ name: { eq: "nobody" } }] } }';
    expect(await shelves(`${maker}, or: [{ and: [{}] }] }`)).toEqual(await shelves('{ parts: { label: { eq: "p" } } }'));
    expect(await shelves(`${maker}, or: [{}] }`)).toEqual([]);
    // REST: the query string's order decides which one stays
    const rest = async (qs: string) => {
      const res = await fetch(`${url}/api/shelves?${qs}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      return ((await res.json()) as Json).data.map((s: Json) => s.label as string);
    };
    const restMaker = 'filters[parts][label][$eq]=p&filters[parts][maker][$or][0][name][$eq]=nobody';
    const root = 'filters[$or][0][label][$eq]=groups';
    expect(await rest(`${restMaker}&${root}`)).toEqual(['groups']);
    expect(await rest(`${root}&${restMaker}`)).toEqual([]);
  });

  test("an object operand's keys that are neither operators nor attributes are dropped by the query conversion", async () => {
    await gql(`mutation { createItem(status: PUBLISHED, data: { name: "json operand", meta: { a: 1 } }) { documentId } }`);
    const all = await gql(`{ items(pagination: { limit: 50 }) { documentId } }`);
    expect(all.data.items.length).toBeGreaterThan(1);
    // `{ a: 1 }` under `contains` goes key by key, then the emptied operator and field: no condition is left
    const root = await gql(`{ items(filters: { meta: { contains: { a: 1 } } }, pagination: { limit: 50 }) { documentId } }`);
    expect(root).toEqual(all);
    const shelves = await gql(`{ shelves(pagination: { limit: 50 }) { items { documentId } } }`);
    const field = await gql(
      `{ shelves(pagination: { limit: 50 }) { items(filters: { meta: { notContains: { a: 1 } } }) { documentId } } }`,
    );
    expect(field).toEqual(shelves);
    expect(shelves.data.shelves.some((s: Json) => s.items.length > 0)).toBe(true);
  });

  test('a password key of the filters is refused even where its condition is empty: `{}` or `in: []`', async () => {
    const refused = (answer: Json) => answer.errors?.map((e: Json) => [e.message, e.extensions.code]);
    const given = await gql(`{ items(filters: { code: { eq: "x" } }) { documentId } }`);
    expect(refused(given)).toEqual([['Invalid key code', 'BAD_USER_INPUT']]);
    for (const empty of ['{}', '{ in: [] }', '{ or: [] }']) {
      expect(refused(await gql(`{ items(filters: { code: ${empty} }) { documentId } }`))).toEqual(refused(given));
      // under a relation, at the root and in a relation field's own filters
      const under = await gql(`{ shelves(filters: { items: { code: ${empty} } }) { documentId } }`);
      expect(refused(under)).toEqual([['Invalid key code at items.code', 'BAD_USER_INPUT']]);
      const field = await gql(`{ shelves(pagination: { limit: 1 }) { items(filters: { code: ${empty} }) { documentId } } }`);
      expect(field.errors.map((e: Json) => [e.message, e.path.join('.')])).toEqual([['Invalid key code', 'shelves.0.items']]);
    }
  });

  test("a sort's order is refused by the query conversion, after the validation: later than a sibling's refused relation", async () => {
    const shelves = await gql(`{ shelves(pagination: { limit: 3 }) { documentId } }`);
    const n = shelves.data.shelves.length as number;
    expect(n).toBeGreaterThan(1);
    // `owner` is refused on every shelf as the shelves come back; the conversion's refusal comes after the sort's
    // validation and sanitization, which take longer
    const answer = await gql(`{ a: shelves(pagination: { limit: 3 }) { owner { name } } b: items(sort: "name:sideways") { name } }`, false);
    expect(answer.errors.map((e: Json) => [e.path.join('.'), e.extensions.code])).toEqual([
      ...Array.from({ length: n }, (_, i) => [`a.${i}.owner`, 'FORBIDDEN']),
      ['b', 'BAD_USER_INPUT'],
    ]);
    expect(answer.errors.at(-1).message).toBe('Invalid order. order can only be one of asc|desc|ASC|DESC');
  });
});
