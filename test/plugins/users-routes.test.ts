import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KIT_TOKEN, kitConfigWithFullToken } from '../helpers/kit.js';
import { call, json, startKit, type Running } from './plugin-server.js';

// The users & permissions plugin's user routes, as observed on Strapi 5.54.
const FULL = 'users-routes-full-access-key';
let kit: Running;
beforeAll(async () => {
  kit = await startKit(kitConfigWithFullToken(FULL));
  for (const name of ['carol', 'alice', 'bob']) {
    expect(
      (await call(`${kit.url}/api/auth/local/register`, json({ username: name, email: `${name}@example.com`, password: 'long-enough-1' })))
        .status,
    ).toBe(200);
  }
});
afterAll(() => kit.server.close());

const get = (path: string, token?: string) => call(`${kit.url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
type User = { id: number; username: string; [key: string]: unknown };

describe('GET /api/users, /api/users/:id, /api/users/count', () => {
  test('a bare list of users with their public fields, for callers that may find users', async () => {
    expect((await get('/api/users')).status).toBe(403);
    const res = await get('/api/users', KIT_TOKEN);
    expect(res.status).toBe(200);
    const users = res.body as User[];
    expect(users.map((u) => u.username)).toEqual(['carol', 'alice', 'bob']);
    expect(Object.keys(users[0]).sort()).toEqual([
      'blocked',
      'confirmed',
      'createdAt',
      'documentId',
      'email',
      'id',
      'provider',
      'publishedAt',
      'updatedAt',
      'username',
    ]);
  });

  test('filters, sort and fields as on content types; top-level start and limit; pagination[] and unknown keys ignored', async () => {
    const names = async (query: string) => ((await get(`/api/users?${query}`, KIT_TOKEN)).body as User[]).map((u) => u.username);
    expect(await names('sort=username:asc')).toEqual(['alice', 'bob', 'carol']);
    expect(await names('filters[username][$startsWith]=b')).toEqual(['bob']);
    expect(await names('sort=username&start=1&limit=1')).toEqual(['bob']);
    expect(await names('pagination[pageSize]=1&foo=bar')).toHaveLength(3);
    const fields = (await get('/api/users?fields[0]=email', KIT_TOKEN)).body as User[];
    expect(Object.keys(fields[0]).sort()).toEqual(['documentId', 'email', 'id']);
    expect((await get('/api/users?filters[password][$eq]=x', KIT_TOKEN)).status).toBe(400);
  });

  test('one user by numeric id; an unknown id is a 204 with no body', async () => {
    const [first] = (await get('/api/users', KIT_TOKEN)).body as User[];
    const one = await get(`/api/users/${first.id}`, KIT_TOKEN);
    expect(one).toMatchObject({ status: 200, body: { id: first.id, username: first.username } });
    const missing = await get('/api/users/99999', KIT_TOKEN);
    expect(missing.status).toBe(204);
    expect(missing.body).toBeNull();
  });

  test('count is its own permission: a read-only token may not, a full-access one may', async () => {
    expect((await get('/api/users/count', KIT_TOKEN)).status).toBe(403);
    expect(await get('/api/users/count?filters[username][$ne]=bob', FULL)).toMatchObject({ status: 200, body: 2 });
  });
});
