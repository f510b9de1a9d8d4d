import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// Lists inside the lists of an id filter, what knex checks only when it writes the WHERE, and a zone's `*` among the
// populate converter's refusals, with real Strapi 5.54's answers on the source-maps model
// (scripts/harness/probes/source-maps-in-lists.json; harness source-maps-502, sitedemo-code-501, conditions-501).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  ({ server, call } = await modelServer('source-maps'));
  const author = await call('POST', '/api/authors', { data: { name: 'Ann' } });
  const id = (author.body.data as { documentId: string }).documentId;
  await call('POST', '/api/pages?status=published', { data: { title: 'One', seo: { metaTitle: 'm' }, author: id } });
});
afterAll(() => server.close());

const pages = (query: string) => call('GET', `/api/pages?fields[0]=title&${query}`);
const titles = (a: Answer) => (a.body.data as { title: string }[]).map((p) => p.title);

test.each([
  ['a list of two first in $in', 'filters[id][$in][0][0]=1&filters[id][$in][0][1]=2'],
  ['a list of two first in $notIn', 'filters[id][$notIn][0][0]=1&filters[id][$notIn][0][1]=2'],
  ['a list after a plain value', 'filters[id][$in][0]=1&filters[id][$in][1][0]=2'],
  ['a later list of two after a list of one', 'filters[id][$in][0][0]=1&filters[id][$in][1][0]=2&filters[id][$in][1][1]=3'],
  ['a list inside a later list of one (harness monument-code-502)', 'filters[id][$in][0][0]=9&filters[id][$in][1][0][0]=9'],
  ["a component's id", 'filters[seo][id][$notIn][0][0]=0x10&filters[seo][id][$notIn][0][1]=554'],
  ["a relation's id", 'filters[author][id][$in][0][0]=1&filters[author][id][$in][0][1]=2'],
  ['a relation compared by id', 'filters[author][$in][0][0]=1&filters[author][$in][0][1]=2'],
  ['under $not', 'filters[$not][id][$notIn][0][0]=1&filters[$not][id][$notIn][0][1]=1'],
  ['inside $or', 'filters[$or][0][id][$in][0][0]=1&filters[$or][0][id][$in][0][1]=2&filters[$or][1][title]=x'],
])('an id list holding %s is a row value SQLite refuses: a 400 naming the 500', async (_, query) => {
  const answer = await pages(query);
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toContain('is a list inside the list');
  expect(answer.body.error?.message).toContain('real Strapi fails with a 500 here');
});

test('a list of one value is that value; text columns read a list as its text', async () => {
  expect(titles(await pages('filters[id][$in][0][0]=2'))).toEqual(['One']);
  expect(titles(await pages('filters[id][$in][0][0]=1&filters[id][$in][1]=2'))).toEqual(['One']);
  expect(titles(await pages('filters[title][$in][0][0]=One&filters[title][$in][0][1]=b'))).toEqual([]);
  expect((await pages('filters[documentId][$in][0][0]=a&filters[documentId][$in][0][1]=b')).status).toBe(200);
});

test('the id column casts nothing: a list inside the list of another operator is ORed over again', async () => {
  expect(titles(await pages('filters[id][$eq][0][0]=1&filters[id][$eq][0][1]=2'))).toEqual(['One']);
});

test("$between's count is knex's check when it writes the WHERE: another condition's cast error comes first", async () => {
  for (const query of [
    'filters[id][$between][0][0]&filters[id][$between][0][1]=4&filters[day]=abc',
    'filters[id][$between][0]=1&filters[day]=abc',
    'filters[day]=abc&filters[id][$between][0]=1',
  ]) {
    expect((await pages(query)).body.error?.message).toBe('Invalid format, expected yyyy-MM-dd');
  }
  for (const query of [
    'filters[id][$between][0]=1',
    'filters[id][$between][0][0]=1&filters[id][$between][0][1]=4&filters[id][$between][1]=5',
  ]) {
    const answer = await pages(query);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toContain('real Strapi fails with a 500 here');
  }
});

test("$between's bounds are cast as the column reads a list: text as its text, an operator object's values first", async () => {
  // (harness sitedemo-code-502)
  const text =
    'filters[title][$between][0][0]=One&filters[title][$between][0][1]=-1&filters[title][$between][1][0]=One&filters[title][$between][1][1]=-1';
  expect(titles(await pages(text))).toEqual([]);
  const inNot = 'filters[when][$between][$not][0][0]=2026-11-27&filters[when][$between][$not][0][1]=2026-11-27T12:34:15.756Z';
  expect((await pages(inNot)).body.error?.message).toBe('Invalid format, expected a timestamp or an ISO date');
  for (const query of ['filters[views][$between]=5', 'filters[when][$between][$not]=2026-11-27']) {
    const answer = await pages(query);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toContain('whereBetween');
  }
});

test('a boolean column reads a list by JS truthiness: true (harness flesz-model-702)', async () => {
  await call('POST', '/api/pages?status=published', { data: { title: 'Flagged', flag: true } });
  expect(titles(await pages('filters[flag][$notIn][0]=false&filters[flag][$notIn][1][0]=1'))).toEqual([]);
  expect(titles(await pages('filters[flag][$in][0][0]=0'))).toEqual(['Flagged']);
});

test("a known operator where a field is expected is the database's refusal, kept on a populated level (harness events-503)", async () => {
  const answer = await pages('filters[seo][$or][0][$null]=true');
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toContain('Only $and, $or and $not can only be used as root level operators. Found $null.');
  // under a populate it fails only when the populate query runs: the validators' refusal elsewhere comes first
  const nested = await pages('populate[author][filters][$or][0][$null]=true&populate[author][populate]=nope');
  expect(nested.body.error?.message).toBe('Invalid key nope');
});

test("a zone's `*` is its converter's refusal: in key order after the validators' errors", async () => {
  const zone = 'Invalid nested populate for page.blocks (api::page.page). Expected a fragment ("on") or "count" but found "*"';
  const fields = 'Invalid fields parameter. Expected a string or an array of strings';
  const badFields = 'populate[author][fields][0]=name&populate[author][fields][1]=x&populate[author][fields][1]=1';
  expect((await pages(`${badFields}&populate[blocks]=*`)).body.error?.message).toBe(fields);
  expect((await pages(`populate[blocks]=*&${badFields}`)).body.error?.message).toBe(zone);
  expect((await pages('populate[blocks]=*&populate[nope]=true')).body.error?.message).toBe('Invalid key nope');
  expect((await pages('populate[author]=*&populate[blocks]=*')).body.error?.message).toBe(zone);
});
