import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { one, type Answer, type Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// A self-relation's target published after the course that lists it: Strapi's selfReferentialRelations sync copies
// the draft's join row into the published course's list, order column included. A draft list written whole numbers
// its links 1..n; a first publish restores those numbers on the published list (draft-only targets keep theirs), a
// republish numbers it anew. Equal numbers read in the targets' id order, the newly published one last. Replayed
// against real Strapi 5.54 (scripts/harness/probes/school-self-publish-place.json; harness graphql-run school 501).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('school')));
afterAll(() => server.close());

const create = async (query: string, data: Record<string, unknown>) =>
  one(await call('POST', `/api/courses${query}`, { data: { level: 'intro', ...data } })).documentId;
const prerequisites = async (documentId: string, status: string) =>
  (
    (one(await call('GET', `/api/courses/${documentId}?status=${status}&populate[prerequisites][fields][0]=title`)).prerequisites ??
      []) as Doc[]
  ).map((d) => d.title);

test("a prerequisite published later takes its draft's order value in the published list", async () => {
  const b = await create('?status=draft', { title: 'B', code: 'b' });
  const c = await create('', { title: 'C', code: 'c' });
  const d = await create('', { title: 'D', code: 'd' });
  const a = await create('', { title: 'A', code: 'a', prerequisites: [b, c, d] });
  expect(await prerequisites(a, 'published')).toEqual(['C', 'D']);
  expect((await call('PUT', `/api/courses/${b}`, { data: { title: 'B2' } })).status).toBe(200);
  expect(await prerequisites(a, 'published')).toEqual(['B2', 'C', 'D']);
  expect(await prerequisites(a, 'draft')).toEqual(['B2', 'C', 'D']);
});

test("a listed course republished: its link in the published list is made anew with the draft's order value", async () => {
  const c = await create('', { title: 'RC', code: 'rc' });
  const d = await create('', { title: 'RD', code: 'rd' });
  const b = await create('', { title: 'RB', code: 'rb' });
  const a = await create('', { title: 'RA', code: 'ra', prerequisites: [c, d, b] });
  await call('PUT', `/api/courses/${a}?status=draft`, { data: { prerequisites: [b, c, d] } });
  expect(await prerequisites(a, 'published')).toEqual(['RC', 'RD', 'RB']);
  await call('PUT', `/api/courses/${b}`, { data: { title: 'RB2' } });
  expect(await prerequisites(a, 'published')).toEqual(['RC', 'RB2', 'RD']);
  await call('PUT', `/api/courses/${d}`, { data: { title: 'RD2' } });
  expect(await prerequisites(a, 'published')).toEqual(['RC', 'RB2', 'RD2']);
  expect(await prerequisites(a, 'draft')).toEqual(['RB2', 'RC', 'RD2']);
});

test('a republish keeps the draft’s order values on the published list too', async () => {
  const b = await create('?status=draft', { title: 'KB', code: 'kb' });
  const c = await create('', { title: 'KC', code: 'kc' });
  const a = await create('', { title: 'KA', code: 'ka', prerequisites: [b, c] });
  await call('PUT', `/api/courses/${a}`, { data: { title: 'KA2' } });
  expect(await prerequisites(a, 'published')).toEqual(['KC']);
  await call('PUT', `/api/courses/${b}`, { data: { title: 'KB2' } });
  expect(await prerequisites(a, 'published')).toEqual(['KB2', 'KC']);
});
