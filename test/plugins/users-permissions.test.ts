import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authenticateUser, authorizeContent } from '../../src/mock/auth/authenticate-request.js';
import { signClaims, signJwt } from '../../src/mock/auth/jwt.js';
import { jwtSecretOf } from '../../src/mock/auth/jwt-secret.js';
import { usersOf } from '../../src/mock/auth/users.js';
import { call, json, KIT_CONFIG, startKit, type Running } from './plugin-server.js';

const kitConfig = JSON.parse(readFileSync(KIT_CONFIG, 'utf8')) as { permissions: { public: Record<string, unknown> } };
const config = {
  users: [{ username: 'ada', email: 'Ada@Example.com', password: 'analytical-engine' }],
  // this suite signs in far more often than Strapi's 10 a minute (the limit is tested in auth-rate-limit.test.ts)
  usersPermissions: { ratelimit: { enabled: false } },
  permissions: {
    public: kitConfig.permissions.public,
    authenticated: { 'api::secret.secret': ['find'], 'plugin::upload.content-api.upload': true },
  },
};

let kit: Running;
beforeAll(async () => {
  kit = await startKit(config);
});
afterAll(() => kit.server.close());

const login = (identifier: string, password: string) => call(`${kit.url}/api/auth/local`, json({ identifier, password }));
const bearer = (jwt: string) => ({ headers: { authorization: `Bearer ${jwt}` } });

describe('POST /api/auth/local', () => {
  test('a config user signs in by email (any case) or username → 200 {jwt, user}, bare, no password', async () => {
    for (const identifier of ['ada@example.com', 'ADA@EXAMPLE.COM', 'ada']) {
      const res = await login(identifier, 'analytical-engine');
      expect(res.status).toBe(200);
      const body = res.body as { jwt: string; user: Record<string, unknown> };
      expect(Object.keys(body).sort()).toEqual(['jwt', 'user']);
      expect(body.jwt.split('.')).toHaveLength(3);
      expect(body.user).toMatchObject({ username: 'ada', email: 'ada@example.com', provider: 'local', confirmed: true, blocked: false });
      expect(Object.keys(body.user).sort()).toEqual([
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
    }
  });

  test.each([
    ['wrong password', { identifier: 'ada', password: 'nope-nope' }],
    ['unknown user', { identifier: 'nobody@example.com', password: 'analytical-engine' }],
  ])('%s → 400 ValidationError "Invalid identifier or password"', async (_name, body) => {
    const res = await call(`${kit.url}/api/auth/local`, json(body));
    expect(res).toMatchObject({ status: 400 });
    expect(res.body).toEqual({
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: {} },
    });
  });

  test('missing fields → 400 with yup messages for each', async () => {
    const res = await call(`${kit.url}/api/auth/local`, json({}));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        name: 'ValidationError',
        message: '2 errors occurred',
        details: {
          errors: [
            { path: ['identifier'], message: 'identifier is a required field' },
            { path: ['password'], message: 'password is a required field' },
          ],
        },
      },
    });
  });

  test('the password hash is stored, never the password', () => {
    const stored = usersOf(kit.server.runtime().store.data).find((u) => u.username === 'ada');
    expect(stored?.password).toMatch(/^scrypt\$/);
    expect(JSON.stringify(kit.server.runtime().store.data)).not.toContain('analytical-engine');
  });
});

describe('POST /api/auth/local/register', () => {
  test('a new user → 200 {jwt, user}; the email is lower-cased; the jwt then works on /api/users/me', async () => {
    const res = await call(
      `${kit.url}/api/auth/local/register`,
      json({ username: 'grace', email: 'Grace@Example.com', password: 'cobol-1959' }),
    );
    expect(res.status).toBe(200);
    const body = res.body as { jwt: string; user: { id: number; email: string } };
    expect(body.user.email).toBe('grace@example.com');
    expect(body.user).not.toHaveProperty('password');
    const me = await call(`${kit.url}/api/users/me`, bearer(body.jwt));
    expect(me).toMatchObject({ status: 200, body: { id: body.user.id, username: 'grace', email: 'grace@example.com' } });
    expect(me.body).not.toHaveProperty('password');
    expect(await login('grace', 'cobol-1959')).toMatchObject({ status: 200 });
  });

  test.each([
    ['same email', { username: 'ada2', email: 'ada@example.com', password: 'whatever1' }],
    ['same username', { username: 'ada', email: 'other@example.com', password: 'whatever1' }],
  ])('duplicate (%s) → 400 ApplicationError "Email or Username are already taken"', async (_name, body) => {
    const res = await call(`${kit.url}/api/auth/local/register`, json(body));
    expect(res.body).toEqual({
      data: null,
      error: { status: 400, name: 'ApplicationError', message: 'Email or Username are already taken', details: {} },
    });
  });

  test.each([
    [{ username: 'x1', email: 'x1@example.com', password: 'secret12', role: 1 }, 'Invalid parameters: role'],
    [{ username: 'x1', email: 'not-an-email', password: 'secret12' }, 'email must be a valid email'],
    [{ username: 'x1', email: 'x1@example.com' }, 'password is a required field'],
    [{ username: 'x1long', email: 'x1@example.com', password: '123' }, 'password must be at least 6 characters'],
  ])('%j → 400 ValidationError %s', async (body, message) => {
    const res = await call(`${kit.url}/api/auth/local/register`, json(body));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ data: null, error: { status: 400, name: 'ValidationError', message } });
  });
});

describe('GET /api/users/me and JWT bearer auth', () => {
  test('without credentials → 403 (the public role lacks users-permissions.user.me)', async () => {
    expect(await call(`${kit.url}/api/users/me`)).toMatchObject({
      status: 403,
      body: { error: { name: 'ForbiddenError', message: 'Forbidden' } },
    });
  });

  test('a JWT we did not sign (or expired) → 401 "Missing or invalid credentials"', async () => {
    const forged = signJwt({ id: 1 }, 'someone-elses-secret', 3600);
    const expired = signJwt({ id: 1 }, jwtSecretOf(kit.server.runtime()), 10, Date.now() - 3600_000);
    for (const jwt of [forged, expired, 'aaa.bbb.ccc']) {
      expect(await call(`${kit.url}/api/users/me`, bearer(jwt))).toMatchObject({
        status: 401,
        body: { error: { name: 'UnauthorizedError', message: 'Missing or invalid credentials' } },
      });
    }
  });

  test('time claims are checked as jsonwebtoken checks them: nbf ahead, a non-number nbf or exp → 401', async () => {
    const { user } = (await login('ada', 'analytical-engine')).body as { user: { id: number } };
    const secret = jwtSecretOf(kit.server.runtime());
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      { id: user.id, iat: now, nbf: now + 600, exp: now + 3600 },
      { id: user.id, iat: now, nbf: String(now - 10), exp: now + 3600 },
      { id: user.id, iat: now, exp: String(now + 3600) },
      { id: user.id, iat: now, exp: null },
      { id: user.id, iat: now, exp: now },
    ];
    for (const claims of refused) {
      expect(await call(`${kit.url}/api/users/me`, bearer(signClaims(claims, secret)))).toMatchObject({
        status: 401,
        body: { error: { name: 'UnauthorizedError', message: 'Missing or invalid credentials' } },
      });
    }
    // accepted as jsonwebtoken accepts them: nbf reached, no exp at all, an iat of any type (checked only with maxAge)
    const accepted = [
      { id: user.id, iat: now, nbf: now, exp: now + 3600 },
      { id: user.id, iat: now },
      { id: user.id, iat: 'whenever', exp: now + 3600 },
    ];
    for (const claims of accepted) expect((await call(`${kit.url}/api/users/me`, bearer(signClaims(claims, secret)))).status).toBe(200);
  });

  test('a valid JWT for a user that is gone → 401 "Invalid credentials"', async () => {
    const jwt = signJwt({ id: 9999 }, jwtSecretOf(kit.server.runtime()), 3600);
    expect(await call(`${kit.url}/api/users/me`, bearer(jwt))).toMatchObject({
      status: 401,
      body: { error: { message: 'Invalid credentials' } },
    });
  });

  test('authenticateUser: a user for our JWTs, undefined for API token keys and other schemes', async () => {
    const { jwt } = (await login('ada', 'analytical-engine')).body as { jwt: string };
    const rt = kit.server.runtime();
    expect(authenticateUser(rt, `Bearer ${jwt}`)).toMatchObject({ kind: 'user', user: { username: 'ada' } });
    expect(authenticateUser(rt, 'Bearer kit-read-only-token-5b1d0c2e9f7a4386')).toBeUndefined();
    expect(authenticateUser(rt, undefined)).toBeUndefined();
    expect(authenticateUser(rt, `Basic ${jwt}`)).toBeUndefined();
  });

  test('authorizeContent: a user has the authenticated role of the config, not the public one', async () => {
    const { jwt } = (await login('ada', 'analytical-engine')).body as { jwt: string };
    const rt = kit.server.runtime();
    const who = authenticateUser(rt, `Bearer ${jwt}`);
    if (!who) throw new Error('no user');
    const secret = rt.model.contentTypes.get('api::secret.secret');
    const article = rt.model.contentTypes.get('api::article.article');
    if (!secret || !article) throw new Error('kit model changed');
    expect(() => authorizeContent(rt, who, secret, 'find')).not.toThrow();
    expect(() => authorizeContent(rt, who, secret, 'create')).toThrow('Forbidden');
    expect(() => authorizeContent(rt, who, article, 'find')).toThrow('Forbidden');
    expect(() => authorizeContent(rt, { kind: 'public' }, article, 'find')).not.toThrow();
  });
});

describe('tokens and messages as Strapi 5.54 gives them', () => {
  test('registration also answers a refresh token, which is not accepted as a JWT; sign-in does not', async () => {
    const res = await call(
      `${kit.url}/api/auth/local/register`,
      json({ username: 'hopper', email: 'hopper@example.com', password: 'mark-one-1944' }),
    );
    const body = res.body as { jwt: string; refreshToken: string };
    expect(Object.keys(body).sort()).toEqual(['jwt', 'refreshToken', 'user']);
    expect(body.refreshToken.split('.')).toHaveLength(3);
    expect((await call(`${kit.url}/api/users/me`, bearer(body.refreshToken))).status).toBe(401);
    expect(Object.keys((await login('hopper', 'mark-one-1944')).body as object).sort()).toEqual(['jwt', 'user']);
  });

  test('a missing field is reported without a value', async () => {
    const res = await call(`${kit.url}/api/auth/local`, json({}));
    expect(res.status).toBe(400);
    const errors = (res.body as { error: { details: { errors: object[] } } }).error.details.errors;
    expect(errors).toEqual([
      { path: ['identifier'], message: 'identifier is a required field', name: 'ValidationError' },
      { path: ['password'], message: 'password is a required field', name: 'ValidationError' },
    ]);
  });
});
