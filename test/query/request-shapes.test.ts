import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// Request shapes a client can send beyond the usual ones, with real Strapi 5.54's answers on the shop model
// (scripts/harness/probes/shop-request-shapes.json). Where Strapi answers 500, the mock answers 400 naming why.
let server: MockServer;
let url: string;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
let alpha: Doc;

beforeAll(async () => {
  ({ server, call, url } = await modelServer('shop'));
  const brand = (await call('POST', '/api/brands', { data: { name: 'Acme', founded: 1990 } })).body.data as Doc;
  const other = (await call('POST', '/api/brands', { data: { name: 'Bolt', founded: 1995 } })).body.data as Doc;
  const pricing = { amount: 5, discount: { percent: 10, brand: other.documentId } };
  const created = await call('POST', '/api/product-variants?status=published', {
    data: { name: 'Alpha', stock: 3, price: 9.5, brand: brand.documentId, pricing },
  });
  alpha = created.body.data as Doc;
  await call('POST', '/api/product-variants?status=published', {
    data: { name: 'Beta', stock: 4, price: 2, brand: brand.documentId, pricing: { amount: 7 } },
  });
});
afterAll(() => server.close());

const names = (a: Answer) => (a.body.data as Doc[]).map((d) => d.name);

test('$and / $or under a field: Strapi fails (500), the mock refuses it naming the operator', async () => {
  for (const q of [
    'filters[id][$and][0][$gt]=0',
    'filters[stock][$or][0][$eq]=3&filters[stock][$or][1][$eq]=4',
    'filters[name][$not][$or][0][$eq]=Alpha',
    'filters[brand][name][$and][0][$eq]=Acme',
    'filters[name][$and]=x',
  ]) {
    const a = await call('GET', `/api/product-variants?${q}`);
    expect(a.status, q).toBe(400);
    expect(a.body.error?.message, q).toMatch(/Undefined attribute level operator \$(and|or)/);
  }
});

test('$and / $or directly under a relation or component filter the joined rows', async () => {
  expect(names(await call('GET', '/api/product-variants?filters[brand][$and][0][name][$eq]=Acme&sort=name'))).toEqual(['Alpha', 'Beta']);
  expect(names(await call('GET', '/api/product-variants?filters[pricing][$or][0][amount][$eq]=5'))).toEqual(['Alpha']);
});

test('$not (or another operator holding conditions) directly under a relation, media or component: 400', async () => {
  for (const q of [
    'filters[brand][$not][id][$eq]=1',
    'filters[pricing][$not][amount][$eq]=5',
    'filters[photo][$not][id][$eq]=1',
    'filters[brand][$not][$null]=true',
    'filters[$and][0][brand][$not][name][$eq]=Acme',
  ]) {
    const a = await call('GET', `/api/product-variants?${q}`);
    expect(a.status, q).toBe(400);
    expect(a.body.error?.message, q).toContain('real Strapi fails with a 500 here');
  }
  // above the relation, or with a bare value, it is fine
  expect(names(await call('GET', '/api/product-variants?filters[$not][brand][name][$eq]=Acme'))).toEqual([]);
  expect(names(await call('GET', '/api/product-variants?filters[brand][name][$not][$eq]=Bolt&sort=name'))).toEqual(['Alpha', 'Beta']);
  expect((await call('GET', '/api/product-variants?filters[brand][$null]=true')).status).toBe(200);
});

// probes/not-group-under-relation.json (kit, real Strapi 5.54): under `$not`, knex reads a group as an operator of
// the id column, but only when it holds something; one the sanitizer emptied adds no condition
test("$not holding a group directly under a relation or component: Strapi's 500 names the group; an emptied one filters nothing", async () => {
  for (const [q, named] of [
    ['filters[brand][$not][$and][0][name][$eq]=Acme', '$and'],
    ['filters[pricing][$not][$or][0][amount][$eq]=5', '$or'],
    ['filters[brand][$not][$not][name][$eq]=Acme', '<alias>.name'],
  ]) {
    const a = await call('GET', `/api/product-variants?${q}`);
    expect(a.status, q).toBe(400);
    expect(a.body.error?.message, q).toContain(`Undefined attribute level operator ${named}`);
  }
  // (an operand object's keys that are neither operators nor attributes are dropped, then what that left empty)
  for (const q of [
    'filters[brand][$not][$and][0][name][$eq][x]=1',
    'filters[pricing][$not][$or][0][amount][$eq][x]=1&filters[pricing][$not][$or][1][amount][$eq][y]=1',
    'filters[$not][brand][$not][$or][0][name][$eq][x]=1',
  ]) {
    expect(names(await call('GET', `/api/product-variants?${q}&sort=name`)), q).toEqual(['Alpha', 'Beta']);
  }
});

test('sort inside populate through a relation, media or component: 400; on its own fields: 200', async () => {
  for (const sort of ['[sort]=pricing.amount:desc', '[sort]=brand.name', '[sort]=photo.name', '[sort][0][brand][name]=asc']) {
    const a = await call('GET', `/api/brands?populate[variants]${sort}`);
    expect(a.status, sort).toBe(400);
  }
  const ok = await call('GET', '/api/brands?populate[variants][sort][0]=name:desc&fields[0]=name&populate[variants][fields][0]=name');
  expect(ok.status).toBe(200);
  expect((ok.body.data as Doc[])[0].variants).toEqual([
    { id: expect.any(Number), documentId: expect.any(String), name: 'Beta' },
    { id: expect.any(Number), documentId: expect.any(String), name: 'Alpha' },
  ]);
});

test('a dot path then its own prefix in one populate list: the later plain entry wins (not in a comma list)', async () => {
  const pricing = async (q: string) => ((await call('GET', `/api/product-variants/${alpha.documentId}?${q}`)).body.data as Doc).pricing;
  expect(await pricing('populate[0]=pricing.discount&populate[1]=pricing')).not.toHaveProperty('discount');
  expect(await pricing('populate[0]=pricing&populate[1]=pricing.discount')).toHaveProperty('discount.percent', 10);
  expect(await pricing('populate=pricing.discount,pricing')).toHaveProperty('discount.percent', 10);
  expect(await pricing('populate[0]=pricing.discount.brand&populate[1]=pricing.discount')).toHaveProperty('discount', {
    id: expect.any(Number),
    percent: 10,
    until: null,
  });
});

test('locale as a list on findOne or a single type: Strapi 400', async () => {
  const one = await call('GET', `/api/product-variants/${alpha.documentId}?locale[0]=en&locale[1]=fr`);
  expect(one.status).toBe(400);
  expect(one.body.error?.message).toBe('Invalid locale param en,fr provided. Document locales must be strings.');
  const single = await call('GET', '/api/store-setting?locale[0]=fr');
  expect(single.body.error?.message).toBe('Invalid locale param fr provided. Document locales must be strings.');
  expect((await call('GET', '/api/product-variants?locale[0]=en')).status).toBe(200);
});

test('an operator without a value compares with NULL: no rows, not an error', async () => {
  for (const q of ['filters[name][$in]', 'filters[stock][$gt]', 'filters[name][$notIn]', 'filters[name][$in][0]']) {
    const a = await call('GET', `/api/product-variants?${q}`);
    expect(a.status, q).toBe(200);
    expect(a.body.data, q).toEqual([]);
  }
  expect(names(await call('GET', '/api/product-variants?filters[name][$eqi]'))).toEqual([]);
  expect(names(await call('GET', '/api/product-variants?filters[name][$nei]&sort=name'))).toEqual(['Alpha', 'Beta']);
});

test('v4 format: a relation count is an entry without id', async () => {
  const res = await fetch(`${url}/api/brands?populate[variants][count]=true&fields[0]=name&sort=name`, {
    headers: { authorization: 'Bearer shop-full-access-key-0123456789abcdef', 'Strapi-Response-Format': 'v4' },
  });
  const body = (await res.json()) as { data: { attributes: Record<string, unknown> }[] };
  expect(body.data[0].attributes.variants).toEqual({ data: { attributes: { count: 2 } } });
});

test('error texts: the cast of $between comes first; a nested dot-notation populate names its own path', async () => {
  const between = await call('GET', '/api/product-variants?filters[createdAt][$between]=a');
  expect(between.body.error?.message).toBe('Invalid format, expected a timestamp or an ISO date');
  const nested = await call('GET', '/api/brands?populate[variants][populate]=nope');
  expect(nested.body.error).toMatchObject({ message: 'Invalid key nope', details: { key: 'nope', path: 'nope' } });
});

test('write validation reports every rule a value breaks', async () => {
  const a = await call('POST', '/api/brands', { data: { name: 'Cat', founded: 2100.5 } });
  expect(a.body.error?.message).toBe('2 errors occurred');
  expect(a.body.error?.details.errors?.map((e) => e.message)).toEqual([
    'founded must be an integer',
    'founded must be less than or equal to 2100',
  ]);
});

test('locale with documents.strictParams: empty items dropped, each code checked, `*` all locales only alone', async () => {
  const bad = await call('GET', '/api/product-variants?locale=en&locale=1');
  expect(bad.body.error?.message).toBe("Invalid parameter at 'locale[1]'. Locale must be a valid BCP 47 format (e.g. en, en-US, zh-Hans).");
  expect((await call('GET', '/api/brands?locale=x')).body.error?.message).toBe(
    "Invalid parameter at 'locale'. Locale must be a valid BCP 47 format (e.g. en, en-US, zh-Hans).",
  );
  expect(names(await call('GET', '/api/product-variants?locale[0]&sort=name'))).toEqual(['Alpha', 'Beta']);
  expect(names(await call('GET', '/api/product-variants?locale[0]=*&locale[1]=*'))).toEqual([]);
  const one = await call('GET', `/api/product-variants/${alpha.documentId}?locale=fr&locale=`);
  expect(one.body.error?.message).toBe('Invalid locale param fr provided. Document locales must be strings.');
  const write = await call('POST', '/api/product-variants?locale[0]=fr', { data: { name: 'Gamma', price: 1 } });
  expect(write.body.error?.message).toBe('Invalid locale param fr provided. Document locales must be strings.');
});

test('keys without a value: status reads drafts, an empty fields item selects nothing more, an empty sort sorts nothing', async () => {
  const drafts = (await call('GET', '/api/product-variants?status&sort=name')).body.data as Doc[];
  const published = (await call('GET', '/api/product-variants?sort=name')).body.data as Doc[];
  expect(drafts.map((d) => d.id)).not.toEqual(published.map((d) => d.id));
  expect((await call('GET', '/api/product-variants?fields[0]&sort=name')).body.data).toEqual([
    { id: expect.any(Number), documentId: expect.any(String) },
    { id: expect.any(Number), documentId: expect.any(String) },
  ]);
  expect((await call('GET', '/api/product-variants?sort[0]')).status).toBe(200);
});

test('populate values that are lists, empty or missing', async () => {
  const msg = async (q: string) => (await call('GET', `/api/product-variants?${q}`)).body.error?.message;
  expect(await msg('populate[photos][0]=*&populate[photos][1]=*')).toBe('Invalid key * at photos');
  expect(await msg('populate[brand]=true&populate[brand]=x')).toBe('Invalid key x at brand');
  expect(await msg('populate[brand][0][count]=true')).toBe("Invalid nested populate. Expected '*' or an object");
  expect(await msg('populate[brand][populate]=')).toBe('Invalid key  at brand');
  expect(await msg('populate[sections][on][shop.banner]=')).toBe('Invalid key  at sections');
  expect(await msg('populate[sections][on][shop.banner][0][populate]=*')).toBe("Invalid nested populate. Expected '*' or an object");
  expect(await msg('populate[reviews][filters]=x')).toBe('The filters parameter must be an object or an array');
  // a key without a value under populate: real Strapi fails (500)
  expect(await msg('populate[brand]')).toContain('real Strapi fails with a 500 here');
});

test('a list where a date value is expected: date-times read it as text, dates and times refuse it', async () => {
  expect(
    names(
      await call(
        'GET',
        '/api/product-variants?filters[createdAt][$between][0][0]=2020&filters[createdAt][$between][1]=2100-01-01&sort=name',
      ),
    ),
  ).toEqual(['Alpha', 'Beta']);
  const date = await call(
    'GET',
    '/api/product-variants?filters[releaseDate][$in][0][0]=2023-06-14&filters[releaseDate][$in][0][1]=2023-06-14',
  );
  expect(date.body.error?.message).toBe('Invalid format, expected yyyy-MM-dd');
  const time = await call('GET', '/api/product-variants?filters[openingTime][$eq][0][0]=x');
  expect(time.body.error?.message).toBe('Expected a string, got a object');
});

test('a list under $not holds where each item holds; as the filters or a scalar $or entry real Strapi fails (500)', async () => {
  expect(names(await call('GET', '/api/product-variants?filters[$not]&sort=name'))).toEqual(['Alpha', 'Beta']);
  expect(names(await call('GET', '/api/product-variants?filters[$not][0][name]=Alpha&filters[$not][1][stock]=3'))).toEqual(['Beta']);
  for (const q of ['filters[0][name]=Beta', 'filters[$or][0]=x']) {
    const a = await call('GET', `/api/product-variants?${q}`);
    expect(a.status, q).toBe(400);
    expect(a.body.error?.message, q).toContain('Where must be an array or an object');
  }
});

test('a populate list: an unknown name is reported before a private one; a mixed list under an attribute is refused whole', async () => {
  expect((await call('GET', '/api/product-variants?populate=createdBy&populate=x')).body.error?.message).toBe('Invalid key x');
  const mixed = await call('GET', '/api/product-variants?populate[brand][0]=x&populate[brand][1][fields][0]=name');
  expect(mixed.body.error?.message).toBe("Invalid nested populate. Expected '*' or an object");
});

test('more list shapes: a zone fragment list, id lists, `*` in a nested list', async () => {
  const on = await call('GET', '/api/product-variants?populate[sections][on][0][shop.banner][fields][0]=heading');
  expect(on.body.error).toMatchObject({ message: 'Invalid key 0 at sections.on.0', details: { key: '0' } });
  expect(names(await call('GET', `/api/product-variants?filters[id][$in][0][0]=${alpha.id}`))).toEqual(['Alpha']);
  const star = await call('GET', '/api/product-variants?populate[brand][populate][0]=*&populate[brand][populate][1]=');
  expect(star.body.error?.message).toBe('Invalid key *');
});

test('$between: a bound without a value holds for no row; a list as a bound of a column that casts nothing fails', async () => {
  const none = await call('GET', '/api/product-variants?filters[createdAt][$between][0]&filters[createdAt][$between][1]=2100-01-01');
  expect(none.status).toBe(200);
  expect(none.body.data).toEqual([]);
  const nested = await call('GET', '/api/product-variants?filters[id][$between][0][0]=1&filters[id][$between][1]=12');
  expect(nested.status).toBe(400);
  expect(nested.body.error?.message).toContain('real Strapi fails with a 500 here');
});

test("a fields list with an empty item is not the controller's to validate: the document service names a relational field at its path", async () => {
  const a = await call('GET', '/api/product-variants?fields[0]=reviews&fields[1]');
  expect(a.body.error).toEqual({
    status: 400,
    name: 'ValidationError',
    message: 'Invalid key reviews',
    details: { key: 'reviews', path: 'reviews' },
  });
});

test('a list of operator objects straight under a field matches no row (Strapi binds them into IN)', async () => {
  const a = await call('GET', '/api/product-variants?filters[name][0][$gt]=A&filters[name][1][$gt]=B');
  expect(a.status).toBe(200);
  expect(a.body.data).toEqual([]);
});
