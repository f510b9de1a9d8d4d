import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { resolveConfig } from '../../src/project/resolve-config.js';
import { call, json, KIT_CONFIG, startKit, type Running } from './plugin-server.js';

// The users & permissions flows a frontend's account pages call, over HTTP against the real server: roles, password
// flows, email confirmation with the dev mailbox, and user writes with their permission rules.

const kitConfig = JSON.parse(readFileSync(KIT_CONFIG, 'utf8')) as { permissions: { public: Record<string, unknown> } };
const editor = {
  name: 'Editor',
  type: 'editor',
  description: 'Edits users',
  permissions: {
    'plugin::users-permissions.user': ['find', 'findOne', 'count', 'create', 'update', 'destroy', 'me'],
    'plugin::users-permissions.role': ['find', 'findOne'],
  },
};
const users = [
  { username: 'ada', email: 'ada@example.com', password: 'analytical-engine' },
  { username: 'eve', email: 'eve@example.com', password: 'editor-pass', role: 'editor' },
  { username: 'bob', email: 'bob@example.com', password: 'blocked-pass', blocked: true },
];
const base = { permissions: { public: kitConfig.permissions.public, authenticated: {} }, roles: [editor], users };

interface Mail {
  kind: string;
  to: string;
  subject: string;
  link: string | null;
  code: string;
  text: string;
}

function helpers(kit: () => Running) {
  const api = (path: string, init?: RequestInit) => call(`${kit().url}/api${path}`, init);
  const bearer = (jwt: string, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${jwt}` },
  });
  const login = async (identifier: string, password: string) => api('/auth/local', json({ identifier, password }));
  const jwtOf = async (identifier: string, password: string) => ((await login(identifier, password)).body as { jwt: string }).jwt;
  const mailbox = async () => (await call(`${kit().url}/__content-mock/mailbox`)).body as Mail[];
  const error = (status: number, name: string, message: string) => ({ data: null, error: { status, name, message, details: {} } });
  return { api, bearer, login, jwtOf, mailbox, error };
}

describe('roles', () => {
  let kit: Running;
  beforeAll(async () => {
    kit = await startKit(base);
  });
  afterAll(() => kit.server.close());
  const { api, bearer, jwtOf, error } = helpers(() => kit);

  test('users belong to a role; populate=role shows it to a role that may read roles, and not to one that may not', async () => {
    const eve = await jwtOf('eve', 'editor-pass');
    const me = await api('/users/me?populate=role', bearer(eve));
    expect(me.status).toBe(200);
    expect((me.body as { role: unknown }).role).toMatchObject({ id: 3, name: 'Editor', type: 'editor', description: 'Edits users' });
    const ada = await jwtOf('ada', 'analytical-engine');
    const mine = await api('/users/me?populate=role', bearer(ada));
    expect(mine.status).toBe(200);
    expect(mine.body).not.toHaveProperty('role');
    const list = (await api('/users?populate=role&sort=id', bearer(eve))).body as { username: string; role: { type: string } }[];
    expect(list.map((u) => [u.username, u.role.type])).toEqual([
      ['ada', 'authenticated'],
      ['eve', 'editor'],
      ['bob', 'authenticated'],
    ]);
  });

  test('GET /api/users-permissions/roles: id order with user counts; /roles/:id with the permissions map; 404 and 403', async () => {
    const eve = await jwtOf('eve', 'editor-pass');
    const roles = (await api('/users-permissions/roles', bearer(eve))).body as { roles: { id: number; type: string; nb_users: number }[] };
    expect(roles.roles.map((r) => [r.id, r.type, r.nb_users])).toEqual([
      [1, 'authenticated', 2],
      [2, 'public', 0],
      [3, 'editor', 1],
    ]);
    const pub = (await api('/users-permissions/roles/2', bearer(eve))).body as {
      role: { permissions: Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }> };
    };
    const perms = pub.role.permissions;
    expect(perms['api::article'].controllers.article.find.enabled).toBe(true);
    expect(perms['api::secret'].controllers.secret.find.enabled).toBe(false);
    expect(Object.keys(perms['api::global'].controllers.global)).toEqual(['find', 'update', 'delete']);
    expect(perms['plugin::users-permissions'].controllers.auth.forgotPassword.enabled).toBe(true);
    expect(perms['plugin::users-permissions'].controllers.auth.changePassword.enabled).toBe(false);
    expect(await api('/users-permissions/roles/99', bearer(eve))).toMatchObject({
      status: 404,
      body: error(404, 'NotFoundError', 'Role not found'),
    });
    const ada = await jwtOf('ada', 'analytical-engine');
    expect(await api('/users-permissions/roles', bearer(ada))).toMatchObject({
      status: 403,
      body: error(403, 'ForbiddenError', 'Forbidden'),
    });
    expect(await api('/users-permissions/roles')).toMatchObject({ status: 403 });
  });

  test('a role from the config needs a known type; users name roles that exist', () => {
    expect(() => resolveConfig({ overrides: { roles: [{ name: 'Public', type: 'public' }] } })).toThrow(/is taken/);
    expect(() => resolveConfig({ overrides: { users: [{ ...users[0], role: 'nope' }] } })).toThrow(/users\[0\]\.role "nope" is not a role/);
    const config = resolveConfig({ overrides: { roles: [{ name: 'Content Editor' }] } });
    expect(config.plugins.roles[0].type).toBe('content_editor');
  });
});

describe('password flows', () => {
  let kit: Running;
  beforeAll(async () => {
    kit = await startKit({ ...base, usersPermissions: { emailResetPassword: 'http://localhost:3000/reset-password' } });
  });
  afterAll(() => kit.server.close());
  beforeEach(() => kit.server.reset());
  const { api, bearer, login, jwtOf, mailbox, error } = helpers(() => kit);

  test('forgot → read the mailbox → reset → sign in with the new password, all over HTTP', async () => {
    expect(await api('/auth/forgot-password', json({ email: 'ADA@example.com' }))).toMatchObject({ status: 200, body: { ok: true } });
    const [mail] = await mailbox();
    expect(mail).toMatchObject({ kind: 'reset-password', to: 'ada@example.com', subject: 'Reset password' });
    expect(mail.code).toMatch(/^[0-9a-f]{128}$/);
    expect(mail.link).toBe(`http://localhost:3000/reset-password?code=${mail.code}`);
    expect(mail.text).toContain(mail.link);

    const reset = await api('/auth/reset-password', json({ code: mail.code, password: 'new-pass-1', passwordConfirmation: 'new-pass-1' }));
    expect(reset.status).toBe(200);
    expect(Object.keys(reset.body as object)).toEqual(['jwt', 'refreshToken', 'user']);
    expect((reset.body as { user: unknown }).user).toMatchObject({ username: 'ada', email: 'ada@example.com' });
    // The code is single-use; the old password is gone.
    expect(
      await api('/auth/reset-password', json({ code: mail.code, password: 'x-pass-1', passwordConfirmation: 'x-pass-1' })),
    ).toMatchObject({
      status: 400,
      body: error(400, 'ValidationError', 'Incorrect code provided'),
    });
    expect(await login('ada', 'analytical-engine')).toMatchObject({ status: 400 });
    expect(await login('ada', 'new-pass-1')).toMatchObject({ status: 200 });
  });

  test('forgot-password: always {ok: true} (unknown, blocked); yup errors; a signed-in caller lacks the permission', async () => {
    for (const email of ['nobody@example.com', 'bob@example.com'])
      expect(await api('/auth/forgot-password', json({ email }))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await mailbox()).toEqual([]);
    expect((await api('/auth/forgot-password', json({ email: 'bad' }))).body).toMatchObject({
      error: { name: 'ValidationError', message: 'email must be a valid email' },
    });
    expect((await api('/auth/forgot-password', json({ email: 'a@example.com', x: 1 }))).body).toMatchObject({
      error: { message: 'this field has unspecified keys: x', details: { errors: [{ path: [] }] } },
    });
    const ada = await jwtOf('ada', 'analytical-engine');
    expect(await api('/auth/forgot-password', bearer(ada, json({ email: 'ada@example.com' })))).toMatchObject({ status: 403 });
  });

  test('reset-password: a wrong code, mismatched passwords, missing fields', async () => {
    expect(await api('/auth/reset-password', json({ code: 'zzz', password: 'abcdef', passwordConfirmation: 'abcdef' }))).toMatchObject({
      status: 400,
      body: error(400, 'ValidationError', 'Incorrect code provided'),
    });
    expect((await api('/auth/reset-password', json({ code: 'zzz', password: 'abcdef', passwordConfirmation: 'abcdeg' }))).body).toEqual({
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Passwords do not match',
        details: {
          errors: [{ path: ['passwordConfirmation'], message: 'Passwords do not match', name: 'ValidationError', value: 'abcdeg' }],
        },
      },
    });
    const missing = (await api('/auth/reset-password', json({}))).body as {
      error: { message: string; details: { errors: { path: string[] }[] } };
    };
    expect(missing.error.message).toBe('3 errors occurred');
    expect(missing.error.details.errors.map((e) => e.path[0])).toEqual(['passwordConfirmation', 'password', 'code']);
  });

  test('change-password: signed in only, current password checked, then a new JWT', async () => {
    const body = { currentPassword: 'analytical-engine', password: 'new-pass-2', passwordConfirmation: 'new-pass-2' };
    expect(await api('/auth/change-password', json(body))).toMatchObject({ status: 403 });
    const ada = await jwtOf('ada', 'analytical-engine');
    expect(await api('/auth/change-password', bearer(ada, json({ ...body, currentPassword: 'wrong-one' })))).toMatchObject({
      body: error(400, 'ValidationError', 'The provided current password is invalid'),
    });
    expect(
      await api(
        '/auth/change-password',
        bearer(ada, json({ ...body, password: 'analytical-engine', passwordConfirmation: 'analytical-engine' })),
      ),
    ).toMatchObject({ body: error(400, 'ValidationError', 'Your new password must be different than your current password') });
    expect(await api('/auth/change-password', bearer(ada, json({ ...body, passwordConfirmation: 'other-one' })))).toMatchObject({
      status: 400,
      body: { error: { message: 'Passwords do not match' } },
    });
    const changed = await api('/auth/change-password', bearer(ada, json(body)));
    expect(changed.status).toBe(200);
    expect(Object.keys(changed.body as object)).toEqual(['jwt', 'refreshToken', 'user']);
    expect(await login('ada', 'new-pass-2')).toMatchObject({ status: 200 });
  });

  test('a blocked user cannot sign in; a wrong password is checked first', async () => {
    expect(await login('bob', 'blocked-pass')).toMatchObject({
      status: 400,
      body: error(400, 'ApplicationError', 'Your account has been blocked by an administrator'),
    });
    expect(await login('bob', 'wrong-pass')).toMatchObject({ body: error(400, 'ValidationError', 'Invalid identifier or password') });
  });
});

describe('email confirmation', () => {
  let kit: Running;
  beforeAll(async () => {
    kit = await startKit({
      ...base,
      usersPermissions: { emailConfirmation: true, emailConfirmationRedirection: 'http://localhost:3000/welcome' },
    });
  });
  afterAll(() => kit.server.close());
  const { api, login, mailbox, error } = helpers(() => kit);

  test('register answers the user without a JWT; login is refused until the emailed link is followed (302)', async () => {
    const reg = await api('/auth/local/register', json({ username: 'newbie', email: 'Newbie@example.com', password: 'newbie-pass' }));
    expect(reg.status).toBe(200);
    expect(Object.keys(reg.body as object)).toEqual(['user']);
    expect((reg.body as { user: unknown }).user).toMatchObject({ username: 'newbie', confirmed: false });
    expect(await login('newbie', 'newbie-pass')).toMatchObject({
      body: error(400, 'ApplicationError', 'Your account email is not confirmed'),
    });

    const [mail] = await mailbox();
    expect(mail).toMatchObject({ kind: 'email-confirmation', to: 'newbie@example.com', subject: 'Account confirmation' });
    expect(mail.link).toBe(`${kit.url}/api/auth/email-confirmation?confirmation=${mail.code}`);
    expect(await api('/auth/email-confirmation?confirmation=nope')).toMatchObject({ body: error(400, 'ValidationError', 'Invalid token') });
    expect((await api('/auth/email-confirmation')).body).toMatchObject({ error: { message: 'confirmation is a required field' } });
    const confirmed = await fetch(mail.link!, { redirect: 'manual' });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('http://localhost:3000/welcome');
    expect(await login('newbie', 'newbie-pass')).toMatchObject({ status: 200 });
  });

  test('send-email-confirmation: a new link for an unconfirmed user; Strapi’s answers for the others', async () => {
    await api('/auth/local/register', json({ username: 'later', email: 'later@example.com', password: 'later-pass' }));
    const before = (await mailbox()).length;
    expect(await api('/auth/send-email-confirmation', json({ email: 'LATER@example.com' }))).toMatchObject({
      status: 200,
      body: { email: 'later@example.com', sent: true },
    });
    expect((await mailbox()).length).toBe(before + 1);
    expect(await api('/auth/send-email-confirmation', json({ email: 'Nobody@Example.com' }))).toMatchObject({
      body: { email: 'Nobody@Example.com', sent: true },
    });
    expect(await api('/auth/send-email-confirmation', json({ email: 'ada@example.com' }))).toMatchObject({
      body: error(400, 'ApplicationError', 'Already confirmed'),
    });
  });
});

describe('user writes', () => {
  let kit: Running;
  beforeAll(async () => {
    kit = await startKit(base);
  });
  afterAll(() => kit.server.close());
  beforeEach(() => kit.server.reset());
  const { api, bearer, jwtOf, error } = helpers(() => kit);

  test('POST /api/users: 201 with the role; the role is required; taken emails; the type’s own checks; 403 without user.create', async () => {
    const eve = await jwtOf('eve', 'editor-pass');
    const created = await api('/users', bearer(eve, json({ username: 'zed', email: 'Zed@Example.com', password: 'zed-pass', role: 3 })));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'zed', email: 'zed@example.com', confirmed: false, blocked: false, role: { id: 3 } });
    expect(
      (await api('/users', bearer(eve, json({ username: 'zz1', email: 'zz1@example.com', password: 'zed-pass' })))).body,
    ).toMatchObject({
      error: { name: 'ValidationError', message: 'role is a required field' },
    });
    expect(
      await api('/users', bearer(eve, json({ username: 'zz1', email: 'ADA@example.com', password: 'zed-pass', role: 1 }))),
    ).toMatchObject({
      body: error(400, 'ApplicationError', 'Email already taken'),
    });
    expect(await api('/users', bearer(eve, json({ username: 'z', email: 'zz2@example.com', password: 'p', role: 1 })))).toMatchObject({
      body: error(400, 'ApplicationError', '2 errors occurred'),
    });
    expect(
      await api('/users', bearer(eve, json({ username: 'zz3', email: 'zz3@example.com', password: 'zed-pass', role: 99 }))),
    ).toMatchObject({
      status: 400,
    });
    const ada = await jwtOf('ada', 'analytical-engine');
    expect(
      await api('/users', bearer(ada, json({ username: 'zz4', email: 'zz4@example.com', password: 'zed-pass', role: 1 }))),
    ).toMatchObject({
      status: 403,
    });
    expect(await api('/users', json({ username: 'zz4', email: 'zz4@example.com', password: 'zed-pass', role: 1 }))).toMatchObject({
      status: 403,
    });
  });

  test('PUT /api/users/:id: 404 for an unknown user, taken names, password.notNull, then the change (blocking signs the user out)', async () => {
    const eve = await jwtOf('eve', 'editor-pass');
    const put = (id: number | string, body: unknown, jwt = eve) => api(`/users/${id}`, bearer(jwt, { ...json(body), method: 'PUT' }));
    expect(await put(99, { username: 'x' })).toMatchObject({ status: 404, body: error(404, 'NotFoundError', 'User not found') });
    expect(await put(1, { username: 'eve' })).toMatchObject({ body: error(400, 'ApplicationError', 'Username already taken') });
    expect(await put(1, { email: 'EVE@example.com' })).toMatchObject({ body: error(400, 'ApplicationError', 'Email already taken') });
    expect(await put(1, { password: '' })).toMatchObject({ body: error(400, 'ValidationError', 'password.notNull') });
    const ada = await jwtOf('ada', 'analytical-engine');
    expect(await put(1, { username: 'ada2' }, ada)).toMatchObject({ status: 403 });
    const changed = await put(1, { username: 'ada-lovelace', blocked: true, role: 3 });
    expect(changed).toMatchObject({ status: 200, body: { id: 1, username: 'ada-lovelace', blocked: true, role: { type: 'editor' } } });
    expect(await api('/users/me', bearer(ada))).toMatchObject({
      status: 401,
      body: error(401, 'UnauthorizedError', 'Invalid credentials'),
    });
  });

  test('DELETE /api/users/:id: the deleted user, 204 when unknown, 403 without user.destroy', async () => {
    const eve = await jwtOf('eve', 'editor-pass');
    const ada = await jwtOf('ada', 'analytical-engine');
    expect(await api('/users/3', bearer(ada, { method: 'DELETE' }))).toMatchObject({ status: 403 });
    const deleted = await api('/users/3', bearer(eve, { method: 'DELETE' }));
    expect(deleted).toMatchObject({ status: 200, body: { id: 3, username: 'bob' } });
    expect(deleted.body).not.toHaveProperty('role');
    expect((await api('/users/3', bearer(eve, { method: 'DELETE' }))).status).toBe(204);
    expect((await api('/users/count', bearer(eve))).body).toBe(2);
  });
});
