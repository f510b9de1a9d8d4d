import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// A project that extends the users & permissions user (src/extensions/users-permissions/content-types/user) with its
// own fields and a manyToMany to a draft&publish type. POST/PUT /api/users write those attributes as any content is
// written; the plugin's reads are plain database queries, so a populated draft&publish target shows every linked
// version. Each answer was replayed against real Strapi 5.54 (scripts/harness/probes/user-extension-model.json with
// scripts/harness/probe.mjs on test/fixtures/models/user-extension).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('user-extension')));
afterAll(() => server.close());

type User = Record<string, unknown> & { id: number; favorite_posts?: { id: number; documentId: string; title: string }[] };

test('a user is created and updated with the extension: its fields, its links both ways', async () => {
  const post = (await call('POST', '/api/posts?status=published', { data: { title: 'p1' } })).body.data as { documentId: string };
  const created = await call('POST', '/api/users', {
    username: 'alice',
    email: 'alice@example.com',
    password: 'secret123',
    role: 1,
    nickname: 'al',
    secretNote: 's',
    favorite_posts: [post.documentId],
  });
  expect(created.status).toBe(201);
  const user = created.body as unknown as User;
  // no private field, no link in the answer; the extension's scalars in the schema's order, before the timestamps
  expect(Object.keys(user)).toEqual([
    'id',
    'documentId',
    'username',
    'email',
    'provider',
    'confirmed',
    'blocked',
    'nickname',
    'createdAt',
    'updatedAt',
    'publishedAt',
    'role',
  ]);
  expect(user.nickname).toBe('al');

  const users = (await call('GET', '/api/users?populate[favorite_posts][fields][0]=title')).body as unknown as User[];
  // the draft and the published version, both linked by a writer without draft&publish
  expect(users[0].favorite_posts?.map((p) => [p.id, p.title])).toEqual([
    [1, 'p1'],
    [2, 'p1'],
  ]);
  const posts = await call('GET', '/api/posts?populate[fans][fields][0]=username&fields[0]=title');
  expect((posts.body.data as { fans: { username: string }[] }[])[0].fans.map((f) => f.username)).toEqual(['alice']);

  const updated = await call('PUT', `/api/users/${user.id}`, { nickname: 'ali', favorite_posts: [] });
  expect((updated.body as unknown as User).nickname).toBe('ali');
  const again = (await call('GET', `/api/users/${user.id}?populate=favorite_posts`)).body as unknown as User;
  expect(again.favorite_posts).toEqual([]);
});

test('a create whose extension is refused leaves no user, and answers the ApplicationError of its message', async () => {
  const before = (await call('GET', '/api/users/count')).body as unknown as number;
  const refused = await call('POST', '/api/users', {
    username: 'bob',
    email: 'bob@example.com',
    password: 'secret123',
    role: 1,
    favorite_posts: ['nope'],
  });
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({ name: 'ApplicationError', message: 'Document with id "nope", locale "null" not found' });
  expect((await call('GET', '/api/users/count')).body).toBe(before);
  // nothing was inserted: the next user takes the next id (Strapi validates the whole user before its insert)
  const ids = ((await call('GET', '/api/users')).body as unknown as User[]).map((u) => u.id);
  const next = await call('POST', '/api/users', { username: 'carl', email: 'carl@example.com', password: 'secret123', role: 1 });
  expect((next.body as unknown as User).id).toBe(Math.max(...ids) + 1);
});

test("a list's populate filter fails before the withCount check", async () => {
  const a = await call('GET', '/api/posts?populate[fans][filters][createdAt]=abc&pagination[withCount]=no');
  expect([a.status, a.body.error?.message]).toEqual([400, 'Invalid format, expected a timestamp or an ISO date']);
});

test("a project's links to the plugin's roles find them from the start, and a refused link shows the create's defaults", async () => {
  // no users & permissions route was called for these roles: Strapi creates them at boot
  const created = await call('POST', '/api/posts', { data: { title: 'r1', roles: [1, 2] } });
  expect(created.status).toBe(201);
  const id = (created.body.data as { documentId: string }).documentId;
  const read = await call('GET', `/api/posts/${id}?status=draft&populate[roles][fields][0]=type&fields[0]=title`);
  expect((read.body.data as { roles: { type: string }[] }).roles.map((r) => r.type)).toEqual(['authenticated', 'public']);
  const refused = await call('POST', '/api/posts', { data: { title: 'r2', roles: [99] } });
  expect(refused.body.error?.details.errors?.[0].value).toEqual({
    title: 'r2',
    roles: { set: [{ id: 99 }] },
    state: 'open',
    publishedAt: null,
  });
});
