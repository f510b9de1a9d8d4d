import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// A project whose config/plugins does not choose a JWT mode runs on Strapi's default, `legacy-support` (probe
// scripts/harness/probes/legacy-jwt.json on real Strapi 5.54): sign-in and registration answer one JWT `{id}` valid
// `jwt.expiresIn`, no refresh token or cookie, and the session routes answer 404.
const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'models', 'legacy-jwt');

let server: MockServer;
let base: string;
beforeAll(async () => {
  server = await createServer({ schemas: PROJECT, memory: true });
  ({ url: base } = await server.listen(0));
});
afterAll(() => server.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, number>;

describe('users & permissions in legacy-support mode', () => {
  test('register and sign in answer { jwt, user } with a JWT {id, iat, exp} of the project lifetime, and no cookie', async () => {
    const registered = await post('/api/auth/local/register', { username: 'user1', email: 'u1@x.co', password: 'secret123' });
    expect(registered.status).toBe(200);
    const reg = (await registered.json()) as { jwt: string; user: { id: number }; refreshToken?: string };
    expect(Object.keys(reg).sort()).toEqual(['jwt', 'user']);
    const login = await post('/api/auth/local', { identifier: 'user1', password: 'secret123' });
    expect(login.headers.get('set-cookie')).toBeNull();
    const { jwt, user } = (await login.json()) as { jwt: string; user: { id: number } };
    const payload = payloadOf(jwt);
    expect(Object.keys(payload).sort()).toEqual(['exp', 'iat', 'id']);
    expect(payload.id).toBe(user.id);
    expect(payload.exp - payload.iat).toBe(2 * 3600);
    const me = await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(me.status).toBe(200);
  });

  test('refresh and logout answer 404 NotFoundError once the caller may call them', async () => {
    const { jwt } = (await (await post('/api/auth/local', { identifier: 'user1', password: 'secret123' })).json()) as { jwt: string };
    const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
    const refresh = await post('/api/auth/refresh', { refreshToken: 'x' });
    expect(refresh.status).toBe(404);
    expect(await refresh.json()).toEqual(notFound);
    // logout is the authenticated role's: the public role is refused first
    expect((await post('/api/auth/logout', {})).status).toBe(403);
    const logout = await post('/api/auth/logout', {}, { authorization: `Bearer ${jwt}` });
    expect(logout.status).toBe(404);
    expect(await logout.json()).toEqual(notFound);
  });
});
