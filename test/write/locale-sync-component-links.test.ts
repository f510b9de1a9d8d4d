import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Strapi's i18n middleware (@strapi/i18n bootstrap.js) compares the written row's non-localized attributes with the
// document's first row (the first locale's draft), populated: a relation inside a non-localized component is the
// target ROW that version links, so a published row whose component links a draft&publish document's published
// version differs from the draft, which links the draft. It then re-creates the non-localized components of the
// other locales in the same status (`syncNonLocalizedAttributes` → `updateComponents`): new component ids, and a
// new updatedAt. Found by the GraphQL harness (self-nest 526: 35 answers, 92.46 % → 100 % replayed).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('self-nest')));
afterAll(() => server.close());

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function nodeWithMeta(meta: unknown): Promise<string> {
  const created = await call('POST', '/api/nodes', { data: { title: 'E', meta } });
  expect(created.status).toBe(201);
  const id = (created.body.data as Doc).documentId;
  expect((await call('PUT', `/api/nodes/${id}?locale=es`, { data: { title: 'S' } })).status).toBe(200);
  return id;
}

async function esMeta(id: string, status: string): Promise<{ metaId: number; updatedAt: string }> {
  const got = await call('GET', `/api/nodes/${id}?locale=es&status=${status}&populate=meta`);
  const doc = got.body.data as Doc;
  return { metaId: (doc.meta as Doc).id, updatedAt: String(doc.updatedAt) };
}

test('a component linking a draft&publish document makes a published write re-create the other locales’ components', async () => {
  const leaf = await call('POST', '/api/leaves', { data: { label: 'L' } });
  const leafId = (leaf.body.data as Doc).documentId;
  const id = await nodeWithMeta({ note: 'n', link: { label: 'k', leaf: leafId } });
  const before = await esMeta(id, 'published');
  const draftBefore = await esMeta(id, 'draft');
  await tick();
  // only a localized attribute changes: the published en row still differs from the en draft (its leaf link)
  expect((await call('PUT', `/api/nodes/${id}`, { data: { title: 'E2' } })).status).toBe(200);
  const after = await esMeta(id, 'published');
  expect(after.metaId).not.toBe(before.metaId);
  expect(after.updatedAt > before.updatedAt).toBe(true);
  // the sync stays within the written status: the es draft keeps its component
  expect(await esMeta(id, 'draft')).toEqual(draftBefore);
  // a draft write compares the en draft with itself (the first row): nothing is synced
  await tick();
  expect((await call('PUT', `/api/nodes/${id}?status=draft`, { data: { title: 'E3' } })).status).toBe(200);
  expect(await esMeta(id, 'draft')).toEqual(draftBefore);
});

test('without a link in the component, the published row equals the draft and nothing is synced', async () => {
  const id = await nodeWithMeta({ note: 'n', link: { label: 'k' } });
  const before = await esMeta(id, 'published');
  await tick();
  expect((await call('PUT', `/api/nodes/${id}`, { data: { title: 'E2' } })).status).toBe(200);
  expect(await esMeta(id, 'published')).toEqual(before);
});
