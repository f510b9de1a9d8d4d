import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Both sides with draft & publish (a tag group's one-way `event`): a documentId links the writer's own version (the
// draft), but a numeric row id is joined as given, so `{ id: <published row> }` links the draft to the target's
// published row. A populate shows only rows of the read's status (the draft shows nothing), a filter joins it, and
// publishing maps the draft's links by documentId again (the published version links the published target). A
// created to-one connected to several keeps a join row each and reads the lowest target row id. As on Strapi 5.54:
// scripts/harness/reports/s13-write-probes/dp-owner-row-id.json (blogcms posts → articles), found by the write
// grammar on blogcms seed 1601.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('events')));
afterAll(() => server.close());

const data = (a: Answer) => a.body.data as Doc;
const entry = async (title: string) => {
  const published = data(await call('POST', '/api/event-entries', { data: { title, startsAt: '2030-01-01T10:00:00.000Z' } }));
  const draft = data(await call('GET', `/api/event-entries/${published.documentId}?status=draft`));
  return { documentId: published.documentId, draft: draft.id, published: published.id };
};
const eventOf = async (group: string, status: string) =>
  ((data(await call('GET', `/api/tag-groups-list/${group}?populate=event&status=${status}`)).event ?? null) as Doc | null)?.title ?? null;

test('a draft linking the published row by id shows it nowhere until published', async () => {
  const a = await entry('row-id event A');
  const created = await call('POST', '/api/tag-groups-list?status=draft&populate=event', {
    data: { label: 'row-id G1', event: { id: a.published } },
  });
  expect(created.status).toBe(201);
  expect(data(created).event).toBe(null);
  const group = data(created).documentId;
  expect(await eventOf(group, 'draft')).toBe(null);
  const filtered = await call('GET', `/api/tag-groups-list?status=draft&filters[event][title]=row-id event A&fields[0]=label`);
  expect((filtered.body.data as Doc[]).map((d) => d.label)).toEqual(['row-id G1']);

  // a publish maps the link by documentId: the published version links the published target; the draft keeps its row
  expect((await call('PUT', `/api/tag-groups-list/${group}`, { data: { label: 'row-id G1' } })).status).toBe(200);
  expect(await eventOf(group, 'published')).toBe('row-id event A');
  expect(await eventOf(group, 'draft')).toBe(null);
});

test('a draft row id links the draft; a published create by published row id shows in the published version only', async () => {
  const b = await entry('row-id event B');
  const g2 = data(await call('POST', '/api/tag-groups-list', { data: { label: 'row-id G2', event: b.draft } })).documentId;
  expect(await eventOf(g2, 'draft')).toBe('row-id event B');
  expect(await eventOf(g2, 'published')).toBe('row-id event B');
  const g3 = data(await call('POST', '/api/tag-groups-list', { data: { label: 'row-id G3', event: b.published } })).documentId;
  expect(await eventOf(g3, 'draft')).toBe(null);
  expect(await eventOf(g3, 'published')).toBe('row-id event B');
});

test('a created to-one connected to several reads the lowest target row id', async () => {
  const c = await entry('row-id event C');
  const d = await entry('row-id event D');
  for (const connect of [
    [d.documentId, c.documentId],
    [{ id: d.draft }, { id: c.draft }],
    [c.documentId, d.documentId],
  ]) {
    const created = await call('POST', '/api/tag-groups-list?status=draft&populate=event', {
      data: { label: 'row-id G4', event: { connect } },
    });
    expect((data(created).event as Doc).title).toBe('row-id event C');
  }
});
