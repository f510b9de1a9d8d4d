import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Strapi creates the items of a repeatable component or dynamic zone concurrently, each after its own nested
// components: an item without nested components gets its id first, a shallower one before a deeper one, then list
// order. School: course.modules (school.module, which holds school.resource items), syllabus.parts (a zone of both).
// Each expectation below was replayed against real Strapi 5.54 with scripts/harness/probe.mjs and answered the same.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('school')));
afterAll(() => server.close());

type Item = { id: number; resources?: Item[] };
const read = async (path: string, key: string) => ((await call('GET', path)).body.data as Doc)[key] as Item[];

test('component ids follow the order Strapi creates them in: create, update and publish', async () => {
  const modules = [
    { name: 'a', resources: [{ title: 'r1' }, { title: 'r2' }] },
    { name: 'b' },
    { name: 'c', resources: [{ title: 'r3' }] },
    { name: 'd', resources: [] },
  ];
  const created = await call('POST', '/api/courses?status=draft', { data: { title: 'CO-K', code: 'co-k', level: 'intro', modules } });
  const k = (created.body.data as Doc).documentId;
  const of = (status: string) => read(`/api/courses/${k}?populate[modules][populate]=*&status=${status}`, 'modules');
  const draft = await of('draft');
  const b = draft[1].id;
  const r1 = draft[0].resources![0].id;
  // b and d (no nested components) first, then a and c, each after its resources
  expect(draft.map((m) => m.id - b)).toEqual([2, 0, 3, 1]);
  expect(draft.map((m) => (m.resources ?? []).map((r) => r.id - r1))).toEqual([[0, 1], [], [2], []]);
  expect((await call('PUT', `/api/courses/${k}`, { data: {} })).status).toBe(200);
  const published = await of('published');
  expect(published.map((m) => m.id - b)).toEqual([6, 4, 7, 5]);
  // an update: an item whose list is given empty waits one await more than one without it
  const update = [{ name: 'p', resources: [] }, { name: 'q' }, { name: 'r', resources: [{ title: 'r5' }] }, { name: 's', resources: [] }];
  expect((await call('PUT', `/api/courses/${k}?status=draft`, { data: { modules: update } })).status).toBe(200);
  expect((await of('draft')).map((m) => m.id - b)).toEqual([9, 8, 11, 10]);
  // published from the stored draft, where every list is there: list order except for the item with resources
  expect((await call('PUT', `/api/courses/${k}`, { data: {} })).status).toBe(200);
  expect((await of('published')).map((m) => m.id - b)).toEqual([12, 13, 15, 14]);
});

test('in a dynamic zone a shallow item gets its id before a nested one of the same component', async () => {
  const parts = [
    { __component: 'school.resource', title: 'x1' },
    { __component: 'school.module', name: 'm1', resources: [{ title: 'y1' }, { title: 'y2' }] },
    { __component: 'school.module', name: 'm2' },
    { __component: 'school.resource', title: 'x2' },
  ];
  const created = await call('POST', '/api/syllabi?status=draft', { data: { heading: 'CO-S', parts } });
  const s = (created.body.data as Doc).documentId;
  const zone = await read(`/api/syllabi/${s}?populate[parts][populate]=*&status=draft`, 'parts');
  const x1 = zone[0].id;
  const m2 = zone[2].id;
  expect(zone[3].id).toBe(x1 + 1);
  expect(zone[1].resources!.map((r) => r.id)).toEqual([x1 + 2, x1 + 3]);
  expect(zone[1].id).toBe(m2 + 1);
});

test('an item whose nested components write fewer relation links gets its id first (harness school-502)', async () => {
  const room = (await call('POST', '/api/rooms', { data: { number: 'L101' } })).body.data as Doc;
  // a and c wait for their resource's room link (one attachRelations query each); b, d and e do not
  const modules = [
    { name: 'a', resources: [{ title: 'r1', room: room.documentId }] },
    { name: 'b', resources: [{ title: 'r2' }] },
    { name: 'c', resources: [{ title: 'r3', room: { connect: [room.documentId] } }, { title: 'r4' }] },
    { name: 'd', resources: [{ title: 'r5', people: [] }] },
    { name: 'e' },
  ];
  const created = await call('POST', '/api/courses?status=draft', { data: { title: 'CO-L', code: 'co-l', level: 'intro', modules } });
  expect(created.status).toBe(201);
  const k = (created.body.data as Doc).documentId;
  const of = (status: string) => read(`/api/courses/${k}?populate[modules][populate]=*&status=${status}`, 'modules');
  const draft = await of('draft');
  const e = draft[4].id;
  // e (no nested components) first, then b and d, then a and c after their links
  expect(draft.map((m) => m.id - e)).toEqual([3, 1, 4, 2, 0]);
  expect((await call('PUT', `/api/courses/${k}`, { data: {} })).status).toBe(200);
  const published = await of('published');
  // from the stored draft every list is there: e's empty list waits one await, as b's and d's do not
  expect(published.map((m) => m.id - published[4].id)).toEqual([3, 1, 4, 2, 0]);
});
