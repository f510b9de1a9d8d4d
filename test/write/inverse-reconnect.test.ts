import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Connecting, through the inverse side, a document that is linked already (Strapi's join-row upsert rewrites the
// written side's order column only): it goes last in the written row's inverse list and keeps its place in the
// owner's own list; a set names the whole inverse list in its order; positions (start, before, after) order it as
// they order an owning list. School: course.unlocks is the inverse side of
// course.prerequisites. Each expectation below was replayed against real Strapi 5.54 with
// scripts/harness/probe.mjs and answered the same.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('school')));
afterAll(() => server.close());

const course = async (title: string, more: Record<string, unknown> = {}) => {
  const answer = await call('POST', '/api/courses', { data: { title, code: title.toLowerCase(), level: 'intro', ...more } });
  expect(answer.body.error?.message).toBeUndefined();
  return (answer.body.data as Doc).documentId;
};
const put = async (path: string, data: unknown) => expect((await call('PUT', path, { data })).status).toBe(200);
const titles = async (c: string, key: string, status: string) =>
  (
    (((await call('GET', `/api/courses/${c}?populate[${key}][fields][0]=title&status=${status}`)).body.data as Doc)[key] ?? []) as Doc[]
  ).map((d) => d.title);

test('an inverse-side connect of a linked document moves it last in the inverse list only', async () => {
  const a = await course('IR-A');
  const x = await course('IR-X');
  const b = await course('IR-B', { prerequisites: [a, x] });
  const c = await course('IR-C', { prerequisites: [a] });
  await put(`/api/courses/${a}?status=draft`, { unlocks: { connect: [b] } });
  expect(await titles(a, 'unlocks', 'draft')).toEqual(['IR-C', 'IR-B']);
  expect(await titles(b, 'prerequisites', 'draft')).toEqual(['IR-A', 'IR-X']);
  await put(`/api/courses/${a}?status=draft`, { unlocks: { set: [b, c] } });
  expect(await titles(a, 'unlocks', 'draft')).toEqual(['IR-B', 'IR-C']);
  expect(await titles(b, 'prerequisites', 'draft')).toEqual(['IR-A', 'IR-X']);
  // publishing keeps the draft's inverse order; a new link goes last
  await put(`/api/courses/${a}`, { unlocks: { connect: [c, x] } });
  expect(await titles(a, 'unlocks', 'published')).toEqual(['IR-B', 'IR-C', 'IR-X']);
  expect(await titles(x, 'prerequisites', 'published')).toEqual(['IR-A']);
});

test('positions on the inverse side order its list as they order an owning list', async () => {
  const a = await course('IP-A');
  const z = await course('IP-Z');
  const b = await course('IP-B', { prerequisites: [a, z] });
  const c = await course('IP-C', { prerequisites: [a] });
  const d = await course('IP-D', { prerequisites: [a] });
  const [e, f] = [await course('IP-E'), await course('IP-F')];
  const connect = async (status: string, entry: unknown, disconnect: string[] = []) =>
    put(`/api/courses/${a}${status}`, { unlocks: { connect: [entry], disconnect } });
  await connect('?status=draft', { documentId: e, position: { start: true } });
  expect(await titles(a, 'unlocks', 'draft')).toEqual(['IP-E', 'IP-B', 'IP-C', 'IP-D']);
  await connect('?status=draft', { documentId: f, position: { before: c } });
  expect(await titles(a, 'unlocks', 'draft')).toEqual(['IP-E', 'IP-B', 'IP-F', 'IP-C', 'IP-D']);
  // a linked document moves; its own list stays as it was
  await connect('?status=draft', { documentId: b, position: { after: d } });
  expect(await titles(a, 'unlocks', 'draft')).toEqual(['IP-E', 'IP-F', 'IP-C', 'IP-D', 'IP-B']);
  expect(await titles(b, 'prerequisites', 'draft')).toEqual(['IP-A', 'IP-Z']);
  await connect('', { documentId: z, position: { after: e } }, [c]);
  expect(await titles(a, 'unlocks', 'published')).toEqual(['IP-E', 'IP-Z', 'IP-F', 'IP-D', 'IP-B']);
  expect(await titles(a, 'unlocks', 'draft')).toEqual(['IP-E', 'IP-Z', 'IP-F', 'IP-D', 'IP-B']);
});

test("an inverse-side ordering error shows the position's locale only where Strapi adds the default one", async () => {
  const person = async (fullName: string) => ((await call('POST', '/api/people', { data: { fullName } })).body.data as Doc).documentId;
  const ids = async (path: string) => ((await call('GET', path)).body.data as Doc).id;
  const [a, b, c] = [await person('IL-A'), await person('IL-B'), await person('IL-C')];
  const [aId, bId] = [await ids(`/api/people/${a}`), await ids(`/api/people/${b}`)];
  const message = async (path: string, data: unknown) => (await call('PUT', path, { data })).body.error?.message;
  const expected = (position: string, anchor: number) =>
    `There was a problem connecting relation with id ${aId} at position ${position}. The relation with id ${anchor} needs to be connected first.`;
  // a localized writer (person): the position as given
  expect(await message(`/api/people/${c}`, { mentees: { connect: [{ documentId: a, position: { before: b } }] } })).toBe(
    expected(`{"before":${bId}}`, bId),
  );
  // a writer without i18n (course): the default locale, unless the entry names one
  const [k, l, m] = [await course('IL-K'), await course('IL-L'), await course('IL-M')];
  // the draft rows: the write goes to the draft
  const [lId, mId] = [await ids(`/api/courses/${l}?status=draft`), await ids(`/api/courses/${m}?status=draft`)];
  const courseError = (position: string) =>
    `There was a problem connecting relation with id ${lId} at position ${position}. The relation with id ${mId} needs to be connected first.`;
  expect(await message(`/api/courses/${k}`, { unlocks: { connect: [{ documentId: l, position: { after: m } }] } })).toBe(
    courseError(`{"after":${mId},"locale":"pt-BR"}`),
  );
  expect(await message(`/api/courses/${k}`, { unlocks: { connect: [{ documentId: l, locale: 'en', position: { after: m } }] } })).toBe(
    courseError(`{"after":${mId}}`),
  );
});
