import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, json, startKit, type Running } from '../plugins/plugin-server.js';

// Refresh sessions as a frontend drives them with fetch against Strapi 5.54 in `jwtManagement: 'refresh'` with
// httpOnly sessions (the users-permissions auth controller's refresh and logout, the session manager's rotation).

let kit: Running;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.server.close());

const api = (path: string, init: RequestInit = {}) => call(`${kit.url}/api${path}`, init);
const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${kit.url}/api${path}`, json(body, headers));
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cookies: res.headers.getSetCookie() };
};
const tokenCookie = (cookies: string[]) => cookies.find((c) => c.startsWith('strapi_up_refresh='))!.split(';')[0];

let n = 0;
async function register() {
  n++;
  const res = await post('/auth/local/register', { username: `fan${n}`, email: `fan${n}@example.com`, password: 'Passw0rd!' });
  expect(res.status).toBe(200);
  return res.body as { jwt: string; refreshToken: string; user: { id: number; email: string } };
}

describe('login', () => {
  test('sets the refresh token in an httpOnly cookie (signed as Koa signs: a .sig beside it); the body has none', async () => {
    const { user } = await register();
    const res = await post('/auth/local', { identifier: user.email, password: 'Passw0rd!' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['jwt', 'user']);
    // the session manager's access token: the user and the session it belongs to
    const claims = JSON.parse(Buffer.from(String(res.body.jwt).split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'sessionId', 'type', 'userId']);
    expect(claims).toMatchObject({ userId: String(user.id), type: 'access' });
    expect(res.cookies).toHaveLength(2);
    expect(res.cookies[0]).toMatch(/^strapi_up_refresh=[\w-]+\.[\w-]+\.[\w-]+; path=\/; samesite=lax; httponly$/);
    expect(res.cookies[1]).toMatch(/^strapi_up_refresh\.sig=[\w-]+; path=\/; samesite=lax; httponly$/);
  });
});

describe('POST /api/auth/refresh', () => {
  test("the cookie's token gives a new JWT and a new cookie; the rotated token is refused after", async () => {
    const { user } = await register();
    const login = await post('/auth/local', { identifier: user.email, password: 'Passw0rd!' });
    const cookie = tokenCookie(login.cookies);
    const first = await post('/auth/refresh', {}, { Cookie: cookie });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['jwt']);
    expect(tokenCookie(first.cookies)).not.toBe(cookie);
    const me = await api('/users/me', { headers: { Authorization: `Bearer ${String(first.body.jwt)}` } });
    expect(me.body).toMatchObject({ id: user.id });
    const again = await post('/auth/refresh', {}, { Cookie: cookie });
    expect(again).toMatchObject({ status: 401, body: { error: { name: 'UnauthorizedError', message: 'Invalid refresh token' } } });
    expect((await post('/auth/refresh', {}, { Cookie: tokenCookie(first.cookies) })).status).toBe(200);
  });

  test('the refresh token of a registration, in the body, works once', async () => {
    const { refreshToken } = await register();
    expect((await post('/auth/refresh', { refreshToken })).status).toBe(200);
    expect((await post('/auth/refresh', { refreshToken })).status).toBe(401);
  });

  test('no token is a 400 BadRequestError; a token that is not ours, or an access JWT, a 401', async () => {
    const missing = await post('/auth/refresh', {});
    expect(missing).toMatchObject({
      status: 400,
      body: { data: null, error: { name: 'BadRequestError', message: 'Missing refresh token', details: {} } },
    });
    expect((await post('/auth/refresh', { refreshToken: 'a.b.c' })).status).toBe(401);
    const { jwt } = await register();
    expect((await post('/auth/refresh', { refreshToken: jwt })).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  test('needs a signed-in user: the public role may not (403)', async () => {
    const res = await post('/auth/logout', {});
    expect(res).toMatchObject({ status: 403, body: { error: { name: 'ForbiddenError' } } });
  });

  test("ends the cookie's session and clears the cookie; scope all ends every session", async () => {
    const { user, jwt, refreshToken } = await register();
    const login = await post('/auth/local', { identifier: user.email, password: 'Passw0rd!' });
    const cookie = tokenCookie(login.cookies);
    const out = await post('/auth/logout', {}, { Authorization: `Bearer ${jwt}`, Cookie: cookie });
    expect(out).toMatchObject({ status: 200, body: { ok: true } });
    expect(out.cookies[0]).toMatch(/^strapi_up_refresh=; path=\/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax; httponly$/);
    expect((await post('/auth/refresh', {}, { Cookie: cookie })).status).toBe(401);
    // the registration's session is another one: still alive until a logout of all sessions
    const other = await post('/auth/local', { identifier: user.email, password: 'Passw0rd!' });
    expect((await post('/auth/logout', { scope: 'all' }, { Authorization: `Bearer ${jwt}` })).status).toBe(200);
    expect((await post('/auth/refresh', { refreshToken })).status).toBe(401);
    expect((await post('/auth/refresh', {}, { Cookie: tokenCookie(other.cookies) })).status).toBe(401);
  });
});
