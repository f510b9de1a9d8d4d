import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, json, startKit, type Running } from './plugin-server.js';

// The permission rows of roles written through the users & permissions role routes, over HTTP: the plugin's role
// service stores a row per action the `permissions` map enables (create), makes the rows what the map enables on an
// update (no map: none), and drops them with the role; a user of the role may then do what the rows say, as Strapi
// reads them on every request. The GraphQL role mutations pass their `data` on: a list of ids enables nothing.

const FULL = 'full-access-role-rows'.padEnd(40, 'r');
type Json = Record<string, unknown>;
type PermissionsMap = Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }>;

describe('permission rows of roles written through the role routes', () => {
  let kit: Running;
  beforeAll(async () => {
    kit = await startKit({
      graphql: true,
      tokens: [{ name: 'full', type: 'full-access', key: FULL }],
      permissions: { public: { 'api::tag.tag': ['find'] }, authenticated: { 'api::tag.tag': ['find'] } },
    });
  });
  afterAll(() => kit.server.close());
  const full = (init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { ...(init.headers as Json), authorization: `Bearer ${FULL}` },
  });
  const api = (path: string, init?: RequestInit) => call(`${kit.url}/api${path}`, init);
  const put = (path: string, body: unknown) => api(path, full({ ...json(body), method: 'PUT' }));
  const gql = async (query: string) => (await call(`${kit.url}/graphql`, full(json({ query })))).body as Json;
  const roleId = async (name: string) =>
    ((await api('/users-permissions/roles', full())).body as { roles: { id: number; name: string }[] }).roles.find((r) => r.name === name)!
      .id;
  const enabledIn = (map: PermissionsMap) =>
    Object.entries(map).flatMap(([type, { controllers }]) =>
      Object.entries(controllers).flatMap(([c, actions]) =>
        Object.entries(actions)
          .filter(([, a]) => a.enabled)
          .map(([a]) => `${type}.${c}.${a}`),
      ),
    );
  const mapOf = async (id: number) =>
    enabledIn(((await api(`/users-permissions/roles/${id}`, full())).body as { role: { permissions: PermissionsMap } }).role.permissions);
  const rowsOf = async (name: string) => {
    const roles = (await gql(`{ usersPermissionsRoles { name permissions { action } } }`)).data as Json;
    const role = (roles.usersPermissionsRoles as { name: string; permissions: { action: string }[] }[]).find((r) => r.name === name)!;
    return role.permissions.map((p) => p.action);
  };

  test('a created role gets a row per enabled action, in the map order; its users may do what the rows say', async () => {
    const permissions = {
      'api::article': { controllers: { article: { find: { enabled: true }, create: { enabled: false }, findOne: { enabled: 1 } } } },
      'plugin::users-permissions': { controllers: { user: { me: { enabled: true } } } },
      'api::nothing': 'x',
    };
    expect(await api('/users-permissions/roles', full(json({ name: 'Reader', permissions })))).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const id = await roleId('Reader');
    expect(await rowsOf('Reader')).toEqual([
      'api::article.article.find',
      'api::article.article.findOne',
      'plugin::users-permissions.user.me',
    ]);
    expect(await mapOf(id)).toEqual(['api::article.article.find', 'api::article.article.findOne', 'plugin::users-permissions.user.me']);

    const reg = (await api('/auth/local/register', json({ username: 'rita', email: 'rita@example.com', password: 'reader-pass' })))
      .body as {
      user: { id: number };
    };
    expect((await put(`/users/${reg.user.id}`, { role: id })).status).toBe(200);
    const jwt = ((await api('/auth/local', json({ identifier: 'rita', password: 'reader-pass' }))).body as { jwt: string }).jwt;
    const as = { headers: { authorization: `Bearer ${jwt}` } };
    expect((await api('/articles', as)).status).toBe(200);
    expect((await api('/tags', as)).status).toBe(403);
    expect((await api('/users/me', as)).status).toBe(200);

    // an update without a map leaves the role no permission: the same user is refused from then on
    expect(await put(`/users-permissions/roles/${id}`, { name: 'Reader', description: 'reads' })).toMatchObject({ status: 200 });
    expect(await rowsOf('Reader')).toEqual([]);
    expect(await mapOf(id)).toEqual([]);
    expect((await api('/articles', as)).status).toBe(403);

    // an update with a map: the rows it newly enables are made, the others go
    const tags = { 'api::tag': { controllers: { tag: { find: { enabled: true } } } } };
    expect((await put(`/users-permissions/roles/${id}`, { permissions: tags })).status).toBe(200);
    expect(await rowsOf('Reader')).toEqual(['api::tag.tag.find']);
    expect((await api('/tags', as)).status).toBe(200);
    expect((await api('/articles', as)).status).toBe(403);
  });

  test("an update of a config role's permissions changes what its users (or the public) may do", async () => {
    expect((await api('/tags')).status).toBe(200);
    const pub = await roleId('Public');
    const articles = { 'api::article': { controllers: { article: { find: { enabled: true } } } } };
    expect((await put(`/users-permissions/roles/${pub}`, { permissions: articles })).status).toBe(200);
    expect((await api('/tags')).status).toBe(403);
    expect((await api('/articles')).status).toBe(200);
    expect(await mapOf(pub)).toEqual(['api::article.article.find']);
    // the public role now lacks `auth.callback`: the REST sign-in is refused; the GraphQL `login` is not (the plugin's
    // resolversConfig turns its auth check off), so it reaches the controller
    const signIn = { identifier: 'nobody', password: 'wrong-pass' };
    expect((await api('/auth/local', json(signIn))).status).toBe(403);
    // a public role left no permission at all does not authenticate a request: 401, as Strapi's strategy answers
    expect((await put(`/users-permissions/roles/${pub}`, { name: 'Public' })).status).toBe(200);
    expect(await api('/articles')).toMatchObject({
      status: 401,
      body: { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials' } },
    });
    expect((await api('/auth/local', json(signIn))).status).toBe(401);
    const login = (
      await call(
        `${kit.url}/graphql`,
        json({ query: `mutation { login(input: { identifier: "nobody", password: "wrong-pass" }) { jwt } }` }),
      )
    ).body as { errors: { message: string; extensions: { code: string } }[] };
    expect(login.errors.map((e) => [e.message, e.extensions.code])).toEqual([['Invalid identifier or password', 'BAD_USER_INPUT']]);
  });

  test('GraphQL: a list of ids names no action; a null type is a 400 naming where Strapi fails; a delete drops the rows', async () => {
    expect(await gql(`mutation { createUsersPermissionsRole(data: { name: "Ids", permissions: ["1"] }) { ok } }`)).toEqual({
      data: { createUsersPermissionsRole: { ok: true } },
    });
    expect(await rowsOf('Ids')).toEqual([]);
    const bad = await api('/users-permissions/roles', full(json({ name: 'Bad', permissions: { 'api::article': null } })));
    expect(bad).toMatchObject({ status: 400, body: { data: null, error: { status: 400, name: 'BadRequestError' } } });
    expect((bad.body as { error: { message: string } }).error.message).toMatch(/permissions\.api::article is null/);

    const perms = { 'api::tag': { controllers: { tag: { find: { enabled: true }, findOne: { enabled: true } } } } };
    expect((await api('/users-permissions/roles', full(json({ name: 'Gone', permissions: perms })))).status).toBe(200);
    const before = ((await gql(`{ usersPermissionsRoles { name } }`)).data as Json).usersPermissionsRoles as Json[];
    const id = await roleId('Gone');
    expect((await api(`/users-permissions/roles/${id}`, full({ method: 'DELETE' }))).status).toBe(200);
    const after = ((await gql(`{ usersPermissionsRoles { name permissions { action } } }`)).data as Json).usersPermissionsRoles as Json[];
    expect(after.length).toBe(before.length - 1);
    expect(after.flatMap((r) => (r.permissions as { action: string }[]).map((p) => p.action))).not.toContain('api::tag.tag.findOne');
  });
});
