import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// `cover: true` on Strapi 5.54 (SQLite): the relations check counts `id IN (true)` as file 1, which the kit's media
// library holds, so the write passes; the link itself takes no boolean, so nothing is linked (probed with
// scripts/harness/probe.mjs, steps scripts/harness/reports/lead-s12-probes/media-booleans.json; found by the write
// grammar generator on monblog, where the mock refused the write and every later read of the article differed).
let server: MockServer;
let url: string;
beforeAll(async () => {
  ({ server, url } = await startKitServer());
});
afterAll(() => server.close());

const post = async (path: string, data: unknown) => {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
};

test('a boolean for a media attribute passes and links nothing', async () => {
  const one = await post('/api/articles?populate=cover', { title: 'cover true', cover: true });
  expect(one.status).toBe(201);
  expect(one.body.data.cover).toBeNull();
  const many = await post('/api/articles?populate=gallery', { title: 'gallery true', gallery: true });
  expect(many.status).toBe(201);
  expect(many.body.data.gallery).toEqual([]);
});

test('a number still links its file', async () => {
  const files = (await fetch(url + '/api/upload/files').then((r) => r.json())) as { id: number }[];
  const linked = await post('/api/articles?populate=cover', { title: 'cover id', cover: files[0].id });
  expect((linked.body.data.cover as { id: number }).id).toBe(files[0].id);
});
