import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// A writer without draft&publish (speaker) links BOTH versions of a draft&publish target (tag group), and the two
// join rows then live apart: a draft-only write through the inverse side changes the draft's links only, a connect
// may name one `status`, and publishing gives the published version the draft's links. Each expectation below was
// replayed against real Strapi 5.54 with scripts/harness/probe.mjs and answered the same.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('events')));
afterAll(() => server.close());

const names = (a: Answer, key: string) => (((a.body.data as Doc)[key] ?? []) as Doc[]).map((d) => d.name);
const speakersOf = async (group: string, status: string) =>
  names(await call('GET', `/api/tag-groups-list/${group}?populate[speakers][fields][0]=name&status=${status}`), 'speakers');
const create = async (path: string, data: unknown) => {
  const answer = await call('POST', path, { data });
  expect(answer.status).toBe(201);
  return (answer.body.data as Doc).documentId;
};

test('links per version: status connects, a draft-only inverse set, then publish', async () => {
  const group = await create('/api/tag-groups-list', { label: 'G1' });
  await create('/api/speakers', { name: 'S1', groups: [group] });
  await create('/api/speakers', { name: 'S2', groups: { connect: [{ documentId: group, status: 'published' }] } });
  const s3 = await create('/api/speakers', { name: 'S3', groups: { connect: [{ documentId: group, status: 'draft' }] } });
  expect(await speakersOf(group, 'draft')).toEqual(['S1', 'S3']);
  expect(await speakersOf(group, 'published')).toEqual(['S1', 'S2']);

  // the draft's links are replaced; the published version keeps its own
  expect((await call('PUT', `/api/tag-groups-list/${group}?status=draft`, { data: { speakers: { set: [s3] } } })).status).toBe(200);
  expect(await speakersOf(group, 'draft')).toEqual(['S3']);
  expect(await speakersOf(group, 'published')).toEqual(['S1', 'S2']);
  // seen from the speakers: a filter joins every version a speaker still links
  const filtered = async (status: string) =>
    ((await call('GET', `/api/speakers?filters[groups][label][$eq]=G1&fields[0]=name&sort=name&status=${status}`)).body.data as Doc[]).map(
      (d) => d.name,
    );
  expect(await filtered('draft')).toEqual(['S1', 'S2', 'S3']);

  // publishing gives the published version the draft's links
  const published = await call('PUT', `/api/tag-groups-list/${group}`, { data: { color: '#ff0000' } });
  expect(published.body.error?.message).toBeUndefined();
  expect(await speakersOf(group, 'published')).toEqual(['S3']);
  expect(await speakersOf(group, 'draft')).toEqual(['S3']);
  expect(await filtered('published')).toEqual(['S3']);
});

test('a connect naming a version a document lacks is refused as an unknown document', async () => {
  const group = await create('/api/tag-groups-list?status=draft', { label: 'draft only' });
  const answer = await call('POST', '/api/speakers', {
    data: { name: 'S9', groups: { connect: [{ documentId: group, status: 'published' }] } },
  });
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toBe(`Document with id "${group}", locale "null" not found`);
});

test('each version orders its own list; publishing gives the published list the draft order', async () => {
  const group = await create('/api/tag-groups-list', { label: 'G2' });
  const [s1, s2, s3] = [
    await create('/api/speakers', { name: 'O1', groups: [group] }),
    await create('/api/speakers', { name: 'O2', groups: [group] }),
    await create('/api/speakers', { name: 'O3', groups: [group] }),
  ];
  const put = async (query: string, data: unknown) =>
    expect((await call('PUT', `/api/tag-groups-list/${group}${query}`, { data })).status).toBe(200);
  await put('?status=draft', { speakers: { set: [s3, s1] } });
  await put('?status=draft', { speakers: { connect: [{ documentId: s2, position: { start: true } }] } });
  expect(await speakersOf(group, 'draft')).toEqual(['O2', 'O3', 'O1']);
  expect(await speakersOf(group, 'published')).toEqual(['O1', 'O2', 'O3']);
  await put('', { color: '#00ff00' });
  expect(await speakersOf(group, 'published')).toEqual(['O2', 'O3', 'O1']);
});
