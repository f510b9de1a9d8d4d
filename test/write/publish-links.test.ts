import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Publishing between two draft & publish types (school: course owns `syllabus` oneToOne ↔ syllabus.course, the
// self-relation course.prerequisites ↔ unlocks, admissions.featuredCourses one-way). Strapi re-creates the published
// row from the draft with its relations, both sides, mapped to the published versions that exist at that moment.
// Each expectation below was replayed against real Strapi 5.54 with scripts/harness/probe.mjs and answered the same.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('school')));
afterAll(() => server.close());

const create = async (path: string, data: unknown) => {
  const answer = await call('POST', path, { data });
  expect(answer.body.error?.message).toBeUndefined();
  return (answer.body.data as Doc).documentId;
};
const put = async (path: string, data: unknown) => expect((await call('PUT', path, { data })).status).toBe(200);
const course = (title: string, more: Record<string, unknown> = {}) =>
  create('/api/courses', { title, code: title.toLowerCase(), level: 'intro', ...more });
const one = async (path: string, key: string, field: string) => {
  const value = ((await call('GET', path)).body.data as Doc)[key] as Doc | null;
  return value ? value[field] : null;
};
const many = async (path: string, key: string, field: string) =>
  ((((await call('GET', path)).body.data as Doc)[key] ?? []) as Doc[]).map((d) => d[field]);
const syllabusOf = (c: string, status: string) =>
  one(`/api/courses/${c}?populate[syllabus][fields][0]=heading&status=${status}`, 'syllabus', 'heading');
const courseOf = (s: string, status: string) =>
  one(`/api/syllabi/${s}?populate[course][fields][0]=title&status=${status}`, 'course', 'title');

test("publishing the inverse side links the owners' published versions as their drafts link the draft", async () => {
  const c1 = await course('PL-C1');
  const v = await create('/api/syllabi', { heading: 'V', course: { connect: [c1] } });
  expect(await syllabusOf(c1, 'published')).toBe('V');
  // a published syllabus connected to a course takes the course's published version from V too
  const s = await create('/api/syllabi', { heading: 'S', course: { connect: [c1] } });
  expect(await syllabusOf(c1, 'published')).toBe('S');
  expect(await courseOf(s, 'published')).toBe('PL-C1');
  expect(await courseOf(v, 'published')).toBe(null);
  // the course's draft lets go; its published version keeps S until S is published again
  await put(`/api/courses/${c1}?status=draft`, { syllabus: null });
  expect(await syllabusOf(c1, 'published')).toBe('S');
  await put(`/api/syllabi/${s}`, { heading: 'S2' });
  expect(await syllabusOf(c1, 'published')).toBe(null);
  expect(await courseOf(s, 'published')).toBe(null);
  // a draft-only link from the syllabus reaches the course's published version when the syllabus is published
  const c2 = await course('PL-C2');
  await put(`/api/syllabi/${v}?status=draft`, { course: { connect: [c2] } });
  expect(await syllabusOf(c2, 'published')).toBe(null);
  await put(`/api/syllabi/${v}`, {});
  expect(await syllabusOf(c2, 'published')).toBe('V');
  expect(await courseOf(v, 'published')).toBe('PL-C2');
});

test('publishing a course gives the published versions of the courses whose drafts list it their link (self-relation)', async () => {
  const titles = (c: string, key: string, status: string) =>
    many(`/api/courses/${c}?populate[${key}][fields][0]=title&status=${status}`, key, 'title');
  const [p1, p2, p3] = [await course('PL-P1'), await course('PL-P2'), await course('PL-P3')];
  const a = await course('PL-A', { prerequisites: [p1, p2, p3] });
  await put(`/api/courses/${p1}`, {});
  expect(await titles(a, 'prerequisites', 'published')).toEqual(['PL-P1', 'PL-P2', 'PL-P3']);
  // P2's draft lists P3: publishing P3 links P2's published version too
  await put(`/api/courses/${p2}?status=draft`, { prerequisites: { connect: [p3] } });
  expect(await titles(p2, 'prerequisites', 'published')).toEqual([]);
  await put(`/api/courses/${p3}`, {});
  expect(await titles(p3, 'unlocks', 'published')).toEqual(['PL-A', 'PL-P2']);
  expect(await titles(p2, 'prerequisites', 'published')).toEqual(['PL-P3']);
  // and takes it away again once P2's draft no longer lists it
  await put(`/api/courses/${p2}?status=draft`, { prerequisites: { disconnect: [p3] } });
  await put(`/api/courses/${p3}`, {});
  expect(await titles(p2, 'prerequisites', 'published')).toEqual([]);
  expect(await titles(p3, 'unlocks', 'published')).toEqual(['PL-A']);
});

test('a published version links only published versions that exist when it is published', async () => {
  const featured = async (status: string) =>
    many(`/api/admissions?populate[featuredCourses][fields][0]=title&status=${status}`, 'featuredCourses', 'title');
  const k = await create('/api/courses?status=draft', { title: 'PL-K', code: 'pl-k', level: 'intro' });
  await course('PL-J');
  const j = (await call('GET', '/api/courses?filters[title]=PL-J&fields[0]=title')).body.data as Doc[];
  await put('/api/admissions', { featuredCourses: [k, j[0].documentId] });
  expect(await featured('published')).toEqual(['PL-J']);
  // publishing the course later does not link the published admissions page (a one-way relation is not synced)
  await put(`/api/courses/${k}`, {});
  expect(await featured('published')).toEqual(['PL-J']);
  expect(await featured('draft')).toEqual(['PL-K', 'PL-J']);
  await put('/api/admissions', {});
  expect(await featured('published')).toEqual(['PL-K', 'PL-J']);

  // the same through the owning side of a two-way relation: a draft-only syllabus is not linked by the published
  // course, and publishing the syllabus links it only if the course's draft still does
  const x = await create('/api/syllabi?status=draft', { heading: 'X' });
  const l = await course('PL-L', { syllabus: x });
  expect(await syllabusOf(l, 'published')).toBe(null);
  await put(`/api/courses/${l}?status=draft`, { syllabus: null });
  await put(`/api/syllabi/${x}`, {});
  expect(await syllabusOf(l, 'published')).toBe(null);
  await put(`/api/courses/${l}?status=draft`, { syllabus: x });
  expect(await syllabusOf(l, 'published')).toBe(null);
  await put(`/api/courses/${l}`, {});
  expect(await syllabusOf(l, 'published')).toBe('X');
});
