import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_MODEL, kitConfigWithFullToken } from '../helpers/kit.js';

// A counted relation is read by a count query built with the level's nested populate: a nested level whose own
// sort goes through a link makes real Strapi 5.54 fail (500; scripts/harness/probes/count-nested-sort.json on the
// kit, with a linked row); content-mock answers its 400 naming the sort, once there are linked rows to count (the
// case without any is not probed). Deeper levels are not reached.
const FULL = 'count-nested-sort-token';
let server: MockServer;
let url: string;
const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${FULL}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { data: { documentId: string }; error?: { message: string } } };
};
beforeAll(async () => {
  server = await createServer({ schemas: KIT_MODEL, config: KIT_CONFIG, memory: true, configObject: kitConfigWithFullToken(FULL) });
  ({ url } = await server.listen(0, '127.0.0.1'));
});
afterAll(() => server.close());

test('a counted relation fails on its nested level sorting through a link, once there are linked rows', async () => {
  const nested = '/api/articles?fields[0]=title&populate[tags][count]=true&populate[tags][populate][articles][sort][0][cover][name]=asc';
  const tag = await call('POST', '/api/tags', { data: { name: 't1' } });
  await call('POST', '/api/articles', { data: { title: 'no tags' } });
  expect((await call('GET', nested)).status).toBe(200);
  await call('POST', '/api/articles', { data: { title: 'A', tags: [tag.body.data.documentId] } });
  const failed = await call('GET', nested);
  expect(failed.status).toBe(400);
  expect(failed.body.error?.message).toMatch(/^Invalid sort in populate at tags\.articles: cover\.name goes through cover/);
  expect((await call('GET', '/api/articles?populate[tags][count]=true&populate[tags][populate][articles][sort]=title')).status).toBe(200);
  const deeper = '/api/tags?populate[articles][count]=true&populate[articles][populate][author][populate][articles][sort]=cover.name';
  expect((await call('GET', deeper)).status).toBe(200);
});
