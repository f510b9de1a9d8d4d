import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// A list straight under an id (`filters[id][0]=1&filters[id][1][]=2`, also reached through a relation) is the
// database's `$in`: knex binds a list inside it and SQLite refuses it, a 500 on Strapi 5.54 (probe
// scripts/harness/probes/implicit-id-lists.json; harness launchpad grammar 1902). The mock answers 400 naming it, as
// for an explicit `$in`. A list of one list is a row value holding one value (it runs), and other columns are cast
// one value at a time (a string column's list holding a list runs on Strapi too).

let server: MockServer;
let url: string;
beforeAll(async () => ({ server, url } = await startKitServer()));
afterAll(() => server.close());

const get = async (path: string) => {
  const res = await fetch(url + path);
  return { status: res.status, body: (await res.json()) as { data: unknown; error?: { message: string } } };
};

test.each([
  ['/api/articles?filters[id][0]=1&filters[id][1][]=2', 'id'],
  ['/api/articles?filters[tags][id][0]=1&filters[tags][id][1][]=2', 'tags.id'],
  ['/api/articles?filters[category][id][0]=1&filters[category][id][1][]=2&sort[tags][createdAt]=DESC', 'category.id'],
])('%s: Strapi fails binding the list inside the list, 400 here', async (path, at) => {
  const { status, body } = await get(path);
  expect(status).toBe(400);
  expect(body.error?.message).toContain(`at ${at}: ["2"] is a list inside the list`);
});

test('a list of one list under an id is that value; a text column takes a list inside its list', async () => {
  const one = await get('/api/articles?filters[id][0][]=2');
  expect(one.status).toBe(200);
  expect((one.body.data as { id: number }[]).map((a) => a.id)).toEqual([2]);
  const text = await get('/api/articles?filters[title][0]=x&filters[title][1][]=y');
  expect(text.status).toBe(200);
  expect(text.body.data).toEqual([]);
});
