import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// Shapes the grammar-sampled harness reads found (scripts/harness/grammar-gen.mjs, run.mjs --generator grammar, kit
// seed 1101 against real Strapi 5.54): a dynamic zone fragment's filters, the validation of a fragment's options, the
// traversal path naming a bad `on` target, the key order of a populated level's validation, and a sort string's
// order through a link. The school model: syllabus (a zone `parts` of school.resource and school.module, media
// `files`), course (relation `teacher` to person).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
let syllabus: string;
beforeAll(async () => {
  ({ server, call } = await modelServer('school'));
  const parts = [
    { __component: 'school.resource', title: 'a' },
    { __component: 'school.module', name: 'm1' },
    { __component: 'school.resource', title: 'b' },
  ];
  syllabus = ((await call('POST', '/api/syllabi', { data: { heading: 'S', parts } })).body.data as Doc).documentId;
  const teacher = ((await call('POST', '/api/people', { data: { fullName: 'Zed' } })).body.data as Doc).documentId;
  await call('POST', '/api/courses', { data: { title: 'C1', code: 'c1', level: 'intro', teacher } });
});
afterAll(() => server.close());

const parts = async (query: string) => {
  const answer = await call('GET', `/api/syllabi/${syllabus}?${query}`);
  expect(answer.status, query).toBe(200);
  return (answer.body.data as { parts: { __component: string; title?: string; name?: string }[] }).parts;
};

test("a zone fragment's filters leave out the entries of its type they do not find; the zone keeps its order", async () => {
  const all = 'populate[parts][on][school.module]=true';
  expect(await parts(`populate[parts][on][school.resource][filters][title]=b&${all}`)).toEqual([
    { __component: 'school.module', id: expect.any(Number), name: 'm1', hours: null },
    { __component: 'school.resource', id: expect.any(Number), title: 'b', kind: null },
  ]);
  expect((await parts(`populate[parts][on][school.resource][filters][title][$not][$gte]=0&${all}`)).map((p) => p.__component)).toEqual([
    'school.module',
  ]);
  // a fragment's fields are what its type's own query selects: its sort adds no column
  expect(await parts('populate[parts][on][school.resource][fields]=title&populate[parts][on][school.resource][sort]=kind:desc')).toEqual([
    { __component: 'school.resource', id: expect.any(Number), title: 'a' },
    { __component: 'school.resource', id: expect.any(Number), title: 'b' },
  ]);
  // a fragment without filters, and a fragment's sort: the zone's own order
  expect((await parts(`populate[parts][on][school.resource][sort]=title:desc&${all}`)).map((p) => p.title ?? p.name)).toEqual([
    'a',
    'm1',
    'b',
  ]);
});

test("a fragment's options are validated as a populated level's: unknown keys at the zone, `on` targets by their traversal path", async () => {
  const refused = async (query: string) => {
    const answer = await call('GET', `/api/syllabi?${query}`);
    expect(answer.status, query).toBe(400);
    return answer.body.error?.message;
  };
  expect(await refused('populate[parts][on][school.resource][ordering]=asc')).toBe('Invalid key ordering at parts');
  expect(await refused('populate[parts][on][school.module][pageSize]=2')).toBe('Invalid key pageSize at parts');
  expect(await refused('populate[parts][on][school.module][on][x]=true')).toBe('Invalid key x at parts.on[school.module].on.x');
  // a zone's `populate` other than `*`, named by the zone's traversal path
  expect(await refused('populate[parts][populate]=x')).toBe('Invalid key populate at parts');
  expect((await call('GET', '/api/courses?populate[syllabus][populate][parts][populate]=x')).body.error?.message).toBe(
    'Invalid key populate at syllabus.populate.parts',
  );
  // a fragment's unknown key comes before a later fragment's nested fields of the wrong shape (the converter's)
  expect(
    await refused(
      'populate[parts][on][school.resource][fields][0]=title&populate[parts][on][school.resource][fields][a]=b&populate[parts][on][school.module][limit]=1',
    ),
  ).toBe('Invalid key limit at parts');
  // under a nested populate, the traversal path holds each `populate`
  expect(await refused('populate[reader][populate][photo][on][x]=true')).toBe('Invalid key x at reader.populate.photo.on.x');
  expect(await refused('populate[reader][populate][mentor][populate][photo][on][x]=true')).toBe(
    'Invalid key x at reader.populate.mentor.populate.photo.on.x',
  );
});

test("a populated level's keys are validated in the order the query gives them", async () => {
  const message = async (query: string) => (await call('GET', `/api/courses?${query}`)).body.error?.message;
  expect(await message('populate[teacher][fields][0]=nope&populate[teacher][ordering]=asc')).toBe('Invalid key nope');
  expect(await message('populate[teacher][ordering]=asc&populate[teacher][fields][0]=nope')).toBe('Invalid key ordering at teacher');
  expect(await message('populate[teacher][fields][0]=&populate[teacher][page]=2')).toBe('Invalid key ');
  // a nested populate's unknown key is met at its place, before a later key of the level
  expect(await message('populate[teacher][populate][nope]=true&populate[teacher][limit]=1')).toBe('Invalid key nope at teacher');
  expect(await message('populate[teacher][limit]=1&populate[teacher][populate][nope]=true')).toBe('Invalid key limit at teacher');
});

test('a sort string through a link keeps only an exact asc or desc as its order (else real Strapi fails)', async () => {
  for (const sort of ['teacher.fullName: desc', 'teacher.fullName:up', 'teacher.fullName: asc,title']) {
    const answer = await call('GET', `/api/courses?sort=${encodeURIComponent(sort)}`);
    expect(answer.status, sort).toBe(400);
    expect(answer.body.error?.message, sort).toContain('real Strapi fails with a 500');
  }
  for (const sort of ['title: desc', 'teacher.fullName:DESC', 'teacher.fullName:', ' teacher.fullName:desc ']) {
    expect((await call('GET', `/api/courses?sort=${encodeURIComponent(sort)}`)).status, sort).toBe(200);
  }
  // the object form is no string: its order is read as given
  expect((await call('GET', '/api/courses?sort[teacher][fullName]=%20desc')).status).toBe(200);
  // outside a link a bad order stays the conversion's refusal
  expect((await call('GET', '/api/courses?sort=title:up')).body.error?.message).toBe(
    'Invalid order. order can only be one of asc|desc|ASC|DESC',
  );
});

test('a filters list: its items are validated side by side, each through every pass, and the first refusal in time wins', async () => {
  const message = async (query: string) => (await call('GET', `/api/syllabi?${query}`)).body.error?.message;
  // a private field's pass comes after the dynamic zones' one
  expect(await message('filters[0][createdBy][$eq]=x&filters[1][parts][id][$notNull]=true')).toBe('Invalid key parts');
  expect(await message('filters[0][createdBy][$eq]=x&filters[1][$or][0][parts][id][$notNull]=true')).toBe('Invalid key parts');
  // an unknown key is refused in the first pass
  expect(await message('filters[0][nope]=x&filters[1][parts][id][$notNull]=true')).toBe('Invalid key nope');
  expect(await message('filters[0][parts][id][$notNull]=true&filters[1][nope]=x')).toBe('Invalid key nope');
});

test("a sort whose order the conversion refuses still has its paths checked against the caller's readable types", async () => {
  // the public role reads people, not users: a sort through `account` is refused at its relation, whatever its order
  const publicMessage = async (query: string) =>
    ((await (await fetch(`${server.url}/api/people?${query}`)).json()) as { error?: { message: string } }).error?.message;
  expect(await publicMessage('sort[0][account][id]=up&sort[1][fullName]=desc')).toBe('Invalid key account');
  expect(await publicMessage('sort=account.id:up')).toBe('Invalid key account');
  expect(await publicMessage('sort[0][account][id]=asc')).toBe('Invalid key account');
  expect(await publicMessage('sort[0][fullName]=up')).toBe('Invalid order. order can only be one of asc|desc|ASC|DESC');
});

test("the converter's refusals come after the whole populate validated, in the converter's order", async () => {
  const message = async (query: string) => (await call('GET', `/api/syllabi?${query}`)).body.error?.message;
  const zone = (found: string) =>
    `Invalid nested populate for syllabus.parts (api::syllabus.syllabus). Expected a fragment ("on") or "count" but found ${found}`;
  // a zone given options it cannot take, then a bad key under a later attribute: the validator's error first
  expect(await message('populate[parts][fields][0]=id&populate[reader][fields][0]=nope')).toBe('Invalid key nope');
  expect(await message('populate[parts][fields][0]=id')).toBe(zone('{"fields":["id"]}'));
  // a nested sort's order is converted in its turn: after a zone met before it, before one met after it
  expect(await message('populate[parts]=*&populate[reader][sort]=fullName:')).toBe(zone('"*"'));
  expect(await message('populate[reader][sort]=fullName:up&populate[parts]=*')).toBe(
    'Invalid order. order can only be one of asc|desc|ASC|DESC',
  );
});

test('a list under $not is handed to the query builder unprocessed: an operator in it fails after the processed conditions', async () => {
  const answer = async (query: string) => (await call('GET', `/api/courses?${query}`)).body.error?.message;
  expect(await answer('filters[$not][$not][0][$eq]=x&filters[updatedAt][$ne]=2026-1')).toBe(
    'Invalid format, expected a timestamp or an ISO date',
  );
  expect(await answer('filters[$not][$not][0][$eq]=x')).toContain('no such column: $eq');
});

test("a fragment's query fails on a sort through a link once the zone holds an entry of its type", async () => {
  const fragment = 'populate[parts][on][school.resource][sort]=room.number';
  const answer = await call('GET', `/api/syllabi/${syllabus}?${fragment}`);
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toContain('real Strapi fails with a 500');
  // through a component too
  expect((await call('GET', `/api/syllabi/${syllabus}?populate[parts][on][school.module][sort]=resources.title`)).status).toBe(400);
  // no entry of that type: its query never runs
  const empty = (
    (await call('POST', '/api/syllabi', { data: { heading: 'E', parts: [{ __component: 'school.module', name: 'x' }] } })).body.data as Doc
  ).documentId;
  expect((await call('GET', `/api/syllabi/${empty}?${fragment}`)).status).toBe(200);
});

test('a condition with nothing in it is no branch of an $or: knex leaves the empty group out', async () => {
  const count = async (query: string) => ((await call('GET', `/api/courses?${query}`)).body.data as unknown[]).length;
  expect(await count('filters[title]=C1')).toBe(1);
  // the `$and` object (an index past qs's arrayLimit) is converted away, which leaves `$not: [{}]`: no condition
  expect(await count('filters[$or][0][credits]=999&filters[$or][1][$not][0][$and][101][title]=x')).toBe(0);
  expect(await count('filters[$or][0][title]=C1&filters[$or][1][$not][0][$and][101][title]=x')).toBe(1);
  expect(await count('filters[$or][0][$not][0][$and][101][title]=x')).toBe(1);
});

test("a fragment turned off still shows its type, and a populate list past qs's arrayLimit is refused as too many entries", async () => {
  const kinds = async (query: string) => (await parts(query)).map((p) => p.__component);
  expect(await kinds('populate[parts][on][school.module]=false')).toEqual(['school.module']);
  expect(await kinds('populate[parts][on][school.module]=0&populate[parts][on][school.resource]=true')).toEqual([
    'school.resource',
    'school.module',
    'school.resource',
  ]);
  const many = (n: number) => Array.from({ length: n }, (_, i) => `populate[${i}]=reader`).join('&');
  const answer = await call('GET', `/api/syllabi?${many(101)}`);
  expect(answer.status).toBe(400);
  expect(answer.body.error).toMatchObject({
    message:
      'Too many populate entries (101). The maximum number of populate entries when using array notation is 100. Consider using object notation (populate[field]=true), nested population, or reducing the number of fields.',
    details: { source: 'query', param: 'populate' },
  });
  expect((await call('GET', `/api/syllabi?${many(100)}`)).status).toBe(200);
  // under an attribute too, and an object mixing names and indexes is no such list (its index 2 is an unknown key)
  const nested = Array.from({ length: 101 }, (_, i) => `populate[teacher][populate][${i}]=mentor`).join('&');
  expect((await call('GET', `/api/courses?${nested}`)).body.error?.message).toContain('Too many populate entries (101)');
  const mixed = `populate[teacher]=true&${many(101).replaceAll('reader', 'teacher')}`;
  expect((await call('GET', `/api/courses?${mixed}`)).body.error?.message).toBe('Invalid key 2');
});

test("a filter on the document service's lookup keys is processed first: its value's error before an earlier key's", async () => {
  const message = async (query: string) => (await call('GET', `/api/courses?${query}`)).body.error?.message;
  expect(await message('filters[title][$and][0][$eq]=a&filters[publishedAt][$gte]=2026-1')).toBe(
    'Invalid format, expected a timestamp or an ISO date',
  );
  expect(await message('filters[title][$or][0][$eq]=a&filters[publishedAt][$gte][0]=2026-1')).toBe(
    'Invalid format, expected a timestamp or an ISO date',
  );
  // any other key keeps its place
  expect(await message('filters[title][$and][0][$eq]=a&filters[createdAt][$gte]=2026-1')).toContain(
    'Undefined attribute level operator $and',
  );
});

test('a dot path given as one string loses everything when a segment of it is hidden from the caller', async () => {
  // the public role reads courses and people, not users: `teacher.account` populates nothing, not even `teacher`
  const first = async (query: string) =>
    ((await (await fetch(`${server.url}/api/courses?${query}`)).json()) as { data: Record<string, unknown>[] }).data[0];
  expect(await first('populate=teacher.account')).not.toHaveProperty('teacher');
  expect(await first('populate[0]=teacher.account')).not.toHaveProperty('teacher');
  expect(await first('populate=teacher.mentor')).toHaveProperty('teacher');
  expect(await first('populate=teacher')).toHaveProperty('teacher');
});

test("a populate list's comma-separated paths are checked for unknown keys in their order", async () => {
  const message = async (query: string) => (await call('GET', `/api/courses?${query}`)).body.error?.message;
  expect(await message('populate=*,teacher&populate=1')).toBe('Invalid key *');
  expect(await message('populate=teacher,nope&populate=zzz')).toBe('Invalid key nope');
  expect(await message('populate=teacher&populate=zzz,nope')).toBe('Invalid key zzz');
});
