import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_TOKEN, kitModelWith } from '../helpers/kit.js';

// A list inside $and/$or/$not is read as raw SQL columns of the query's tables. SQLite matches a column's name
// whatever its case, so an attribute whose snake-cased column differs from its name only in case (`SIREN` is the
// column `siren`) runs; one whose column has other words (`pageCount` is `page_count`) fails (real Strapi 5.54:
// probes/raw-column-case.json on the donaction model, harness REST donaction-907).
let server: MockServer;
let base: string;
beforeAll(async () => {
  const dir = kitModelWith({ SIREN: { type: 'string' }, Legacy_CODE: { type: 'string' }, pageCount: { type: 'integer' } });
  server = await createServer({ schemas: dir, seed: KIT_DATASET, config: KIT_CONFIG, memory: true });
  base = (await server.listen(0)).url;
});
afterAll(() => server.close());

const get = async (path: string) => {
  const res = await fetch(base + path, { headers: { authorization: `Bearer ${KIT_TOKEN}` } });
  return { status: res.status, body: (await res.json()) as { data: unknown; error?: { message: string } } };
};

test('a raw column named in another case is the column', async () => {
  for (const key of ['SIREN', 'Legacy_CODE']) {
    const answer = await get(`/api/articles?filters[$and][0][$not][0][${key}]=x`);
    expect(answer.status).toBe(200);
  }
  expect((await get('/api/articles?filters[$or][0][0][SIREN]=x')).body.data).toEqual([]);
});

test('a raw column whose snake case adds words is no column: the 400 that says why', async () => {
  const answer = await get('/api/articles?filters[$and][0][$not][0][pageCount]=1');
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toContain('pageCount names no column');
});

test("a raw locale is a column of every content type's table and of the files': ambiguous beside a joined one", async () => {
  // probes/raw-locale-column.json on rohi (real Strapi: a 500 with a media filter, a relation sort or a populate sort)
  expect((await get('/api/articles?filters[$or][0][0][locale]=en')).status).toBe(200);
  const joined = await get('/api/articles?filters[$or][0][0][locale]=en&sort=author.name');
  expect(joined.status).toBe(400);
  expect(joined.body.error?.message).toContain('locale names no column of exactly one table');
});
