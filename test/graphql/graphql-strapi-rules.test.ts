import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadProject } from '../../src/project/load-project.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// Rules of the plugin that the recorded answers show and that are easy to miss: one way to tell that a project
// serves GraphQL, passwords shown as Strapi stores them, and resolver errors listed as Strapi's asynchronous
// resolvers raise them.

type Json = Record<string, any>;
const dirs: string[] = [];
const servers: MockServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

const type = (singular: string, plural: string, attributes: Record<string, unknown>) => ({
  kind: 'collectionType',
  info: { singularName: singular, pluralName: plural, displayName: singular },
  options: { draftAndPublish: false },
  attributes,
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cm-graphql-rules-'));
  dirs.push(dir);
  const schemas = {
    note: type('note', 'notes', {
      title: { type: 'string' },
      code: { type: 'password' },
      hidden: { type: 'password', private: true },
      stamp: { type: 'datetime' },
      zone: { type: 'dynamiczone', components: [] },
      box: { type: 'relation', relation: 'manyToOne', target: 'api::box.box', inversedBy: 'notes' },
    }),
    box: type('box', 'boxes', {
      label: { type: 'string' },
      notes: { type: 'relation', relation: 'oneToMany', target: 'api::note.note', mappedBy: 'box' },
    }),
  };
  for (const [name, schema] of Object.entries(schemas)) {
    mkdirSync(join(dir, `src/api/${name}/content-types/${name}`), { recursive: true });
    writeFileSync(join(dir, `src/api/${name}/content-types/${name}/schema.json`), JSON.stringify(schema));
  }
  mkdirSync(join(dir, 'config'), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const WITH_PLUGIN = JSON.stringify({ dependencies: { '@strapi/strapi': '5.54.0', '@strapi/plugin-graphql': '5.54.0' } });

describe('one detection: the dependency, not disabled in config/plugins, with its evaluated settings', () => {
  test('the plugin with settings in config/plugins (computed, as Strapi evaluates the file)', async () => {
    const dir = project({
      'package.json': WITH_PLUGIN,
      'config/plugins.js': `const n = 3;\nmodule.exports = () => ({ graphql: { config: { defaultLimit: n * 2, depthLimit: 4, landingPage: (s) => s } } });`,
    });
    const { config } = await loadProject({ schemas: dir });
    expect(config.plugins.graphql).toBe(true);
    // a setting the mock cannot read (a function) stays at the default rather than failing the project
    expect(config.graphql).toMatchObject({ defaultLimit: 6, depthLimit: 4, landingPage: undefined });
  });

  test('no dependency: off, even with a graphql entry; enabled: false: off', async () => {
    const bare = await loadProject({ schemas: project({ 'config/plugins.js': `module.exports = { graphql: { config: {} } };` }) });
    expect(bare.config.graphql).toBeNull();
    const disabled = await loadProject({
      schemas: project({ 'package.json': WITH_PLUGIN, 'config/plugins.js': `module.exports = { graphql: { enabled: false } };` }),
    });
    expect(disabled.config.graphql).toBeNull();
    expect(disabled.config.plugins.graphql).toBe(false);
  });
});

describe('answers of the plugin over a small project', () => {
  let url = '';
  const start = async (permissions: Record<string, string[]>) => {
    const dir = project({ 'package.json': WITH_PLUGIN });
    writeFileSync(
      join(dir, 'content-mock.config.json'),
      JSON.stringify({ permissions: { public: permissions }, tokens: [{ name: 'full', type: 'full-access', key: 'k'.repeat(32) }] }),
    );
    const server = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), memory: true });
    servers.push(server);
    ({ url } = await server.listen(0, '127.0.0.1'));
    return async (query: string, auth = true) => {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${'k'.repeat(32)}` } : {}) },
        body: JSON.stringify({ query }),
      });
      return (await res.json()) as Json;
    };
  };

  test('a password the schema does not mark private shows as a bcrypt hash (the plugin sanitizes no output); REST leaves it out', async () => {
    const gql = await start({ 'api::note.note': ['find'] });
    const made = await gql(`mutation { createNote(data: { title: "a", code: "s3cret-value" }) { documentId code } }`);
    const hash = made.data.createNote.code as string;
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(hash).not.toContain('s3cret');
    const read = await gql(`{ notes { documentId code } }`, false);
    expect(read.data.notes).toEqual([{ documentId: made.data.createNote.documentId, code: hash }]);
    const rest = (await (await fetch(url + '/api/notes')).json()) as Json;
    expect(rest.data[0]).not.toHaveProperty('code');
    // a zone that allows no component: the database layer's load is not a list, graphql-js fails the field
    const zone = await gql(`{ notes { zone { __typename } } }`, false);
    expect(zone.data.notes).toEqual([{ zone: null }]);
    expect(zone.errors[0]).toMatchObject({
      message: 'Expected Iterable, but did not find one for field "Note.zone".',
      path: ['notes', 0, 'zone'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    // a private password is not in the schema at all
    const hidden = await gql(`{ notes { hidden } }`, false);
    expect(hidden.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  test('errors in the order Strapi raises them: auth checks before a database result, shallower results first', async () => {
    const gql = await start({ 'api::note.note': ['find'] });
    for (let i = 0; i < 2; i++) await gql(`mutation { createNote(data: { title: "n${i}" }) { documentId } }`);
    // `box` fails its auth check on every note of the first root field before the notes of the second arrive from
    // the database, deeper as they are
    const a = await gql(`{ first: notes_connection { nodes { title box { label } } } second: notes { title box { label } } }`, false);
    expect(a.errors.map((e: Json) => e.path)).toEqual([
      ['first', 'nodes', 0, 'box'],
      ['first', 'nodes', 1, 'box'],
      ['second', 0, 'box'],
      ['second', 1, 'box'],
    ]);
    // a forbidden root nulls `data` at once: errors raised later by the other root field are not listed
    const b = await gql(`{ boxes { label } notes { box { label } } }`, false);
    expect(b.data).toBeNull();
    expect(b.errors.map((e: Json) => e.path)).toEqual([['boxes']]);
  });
});

/** A kit server with the plugin and a full-access token; `gql` posts as that token, or as the public role. */
async function kitWithToken(key: string, extra: Record<string, unknown> = {}) {
  const { server, url } = await startKitServer({ graphql: true, tokens: [{ name: 'full', type: 'full-access', key }], ...extra });
  servers.push(server);
  const gql = async (query: string, variables: Json = {}, auth = true) =>
    (await (
      await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ query, variables }),
      })
    ).json()) as Json;
  return { url, gql };
}

describe("the plugins' own mutations over the kit", () => {
  test("users & permissions user CRUD: the scope checked first, the user controller's rules, an entity response; deleteUploadFile", async () => {
    const FULL = 'full-access-'.padEnd(40, 'x');
    const { url, gql } = await kitWithToken(FULL);
    const create = `mutation($d: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $d) { data { documentId username email confirmed role { name } } } }`;
    const refused = await gql(create, { d: { username: 'ann', email: 'ann@example.com', password: 'secret123' } }, false);
    expect(refused.errors[0]).toMatchObject({
      message: 'Forbidden access',
      path: ['createUsersPermissionsUser'],
      extensions: { code: 'FORBIDDEN' },
    });
    const { roles } = (await (
      await fetch(`${url}/api/users-permissions/roles`, { headers: { authorization: `Bearer ${FULL}` } })
    ).json()) as Json;
    const role = String(roles.find((r: Json) => r.type === 'authenticated').id);
    // the user controller's ctx.created sets the status of the whole answer
    const createdAnswer = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${FULL}` },
      body: JSON.stringify({ query: create, variables: { d: { username: 'ann', email: 'ann@example.com', password: 'secret123', role } } }),
    });
    expect(createdAnswer.status).toBe(201);
    const made = (await createdAnswer.json()) as Json;
    expect(made.errors).toBeUndefined();
    expect(made.data.createUsersPermissionsUser.data).toMatchObject({
      username: 'ann',
      email: 'ann@example.com',
      role: { name: 'Authenticated' },
    });
    // the controller's own rule: the email is taken
    const again = await gql(create, { d: { username: 'ann2', email: 'ann@example.com', password: 'secret123', role } });
    expect(again.errors[0].extensions.code).toMatch(/^(BAD_USER_INPUT|STRAPI_APPLICATION_ERROR)$/);
    const users = ((await (await fetch(`${url}/api/users`, { headers: { authorization: `Bearer ${FULL}` } })).json()) as Json[]).filter(
      (u) => u.username === 'ann',
    );
    const updated = await gql(
      `mutation($id: ID!) { updateUsersPermissionsUser(id: $id, data: { username: "anna" }) { data { username } } }`,
      {
        id: String(users[0].id),
      },
    );
    expect(updated.data.updateUsersPermissionsUser.data.username).toBe('anna');
    const files = (await (await fetch(`${url}/api/upload/files`)).json()) as Json[];
    const gone = await gql(`mutation($id: ID!) { deleteUploadFile(id: $id) { documentId name } }`, { id: String(files[0].id) });
    expect(gone.data.deleteUploadFile).toEqual({ documentId: files[0].documentId, name: files[0].name });
    expect(((await (await fetch(`${url}/api/upload/files`)).json()) as Json[]).length).toBe(files.length - 1);
  });

  test('deleteUsersPermissionsUser, updateUploadFile, deleteUploadFile of no file, emailConfirmation (the JWT and user the controller answers with returnUser)', async () => {
    const FULL = 'full-access-'.padEnd(40, 'y');
    const { url, gql } = await kitWithToken(FULL, { usersPermissions: { emailConfirmation: true } });
    // registration keeps a confirmation code in the mailbox; the mutation spends it once, without any permission
    const reg = await gql(
      `mutation { register(input: { username: "cam", email: "cam@example.com", password: "secret123" }) { user { username confirmed role { type } } } }`,
    );
    // sanitized for the caller: a full-access token may read roles
    expect(reg.data.register.user).toEqual({ username: 'cam', confirmed: false, role: { type: 'authenticated' } });
    const [mail] = (await (await fetch(`${url}/__content-mock/mailbox`)).json()) as Json[];
    const confirm = `mutation($c: String!) { emailConfirmation(confirmation: $c) { jwt user { username confirmed role { name } } } }`;
    const confirmed = await gql(confirm, { c: mail.code }, false);
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data.emailConfirmation.user).toEqual({ username: 'cam', confirmed: true, role: null });
    const payload = JSON.parse(Buffer.from(String(confirmed.data.emailConfirmation.jwt).split('.')[1], 'base64url').toString()) as Json;
    expect(Object.keys(payload).sort()).toEqual(['exp', 'iat', 'id']);
    const spent = await gql(confirm, { c: mail.code }, false);
    expect(spent.data).toEqual({ emailConfirmation: null });
    expect(spent.errors[0]).toMatchObject({ message: 'Invalid token', extensions: { code: 'BAD_USER_INPUT' } });

    const users = (await (await fetch(`${url}/api/users`, { headers: { authorization: `Bearer ${FULL}` } })).json()) as Json[];
    const cam = users.find((u) => u.username === 'cam')!;
    const del = `mutation($id: ID!) { deleteUsersPermissionsUser(id: $id) { data { documentId username } } }`;
    const refused = await gql(del, { id: String(cam.id) }, false);
    expect(refused.errors[0]).toMatchObject({ message: 'Forbidden access', extensions: { code: 'FORBIDDEN' } });
    expect((await gql(del, { id: String(cam.id) })).data.deleteUsersPermissionsUser.data).toEqual({
      documentId: cam.documentId,
      username: 'cam',
    });
    // no such user: the controller sends nothing on the request's own context, so the whole answer is a bare 204
    const gone = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${FULL}` },
      body: JSON.stringify({ query: del, variables: { id: String(cam.id) } }),
    });
    expect(gone.status).toBe(204);
    expect(await gone.text()).toBe('');

    const files = (await (await fetch(`${url}/api/upload/files`)).json()) as Json[];
    const update = `mutation($id: ID!, $info: FileInfoInput) { updateUploadFile(id: $id, info: $info) { documentId name alternativeText caption } }`;
    const changed = await gql(update, { id: String(files[0].id), info: { caption: 'A new caption' } });
    expect(changed.data.updateUploadFile).toEqual({
      documentId: files[0].documentId,
      name: files[0].name,
      alternativeText: files[0].alternativeText,
      caption: 'A new caption',
    });
    const reread = (await (await fetch(`${url}/api/upload/files/${files[0].id}`)).json()) as Json;
    expect(reread.caption).toBe('A new caption');
    const none = await gql(update, { id: '987654', info: { name: 'x' } });
    expect(none.errors[0]).toMatchObject({ message: 'Entity not found', extensions: { code: 'STRAPI_NOT_FOUND_ERROR' } });
    expect((await gql(`mutation { deleteUploadFile(id: "987654") { documentId } }`)).data).toEqual({ deleteUploadFile: null });
    // no info: the upload service fails on destructuring it (real Strapi: an internal error, data null)
    const bare = await gql(`mutation { updateUploadFile(id: "1") { documentId } }`);
    expect(bare.data).toBeNull();
    expect(bare.errors[0]).toMatchObject({
      message: "Cannot destructure property 'name' of 'undefined' as it is undefined.",
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });

  test('role mutations: the role controller through its REST routes (ok payloads, its refusals), the role scope first', async () => {
    const FULL = 'full-access-'.padEnd(40, 'z');
    const { url, gql } = await kitWithToken(FULL);
    const roles = async () =>
      ((await (await fetch(`${url}/api/users-permissions/roles`, { headers: { authorization: `Bearer ${FULL}` } })).json()) as Json)
        .roles as Json[];
    const create = `mutation { createUsersPermissionsRole(data: { name: "Editor Élite", description: "edits" }) { ok } }`;
    expect((await gql(create, {}, false)).errors[0]).toMatchObject({ message: 'Forbidden access', extensions: { code: 'FORBIDDEN' } });
    expect((await gql(create)).data).toEqual({ createUsersPermissionsRole: { ok: true } });
    const made = (await roles()).find((r) => r.name === 'Editor Élite')!;
    expect(made).toMatchObject({ description: 'edits', type: 'editor_elite' });
    const empty = await gql(`mutation { createUsersPermissionsRole(data: {}) { ok } }`);
    expect(empty.errors[0]).toMatchObject({ message: 'Request body cannot be empty', extensions: { code: 'BAD_USER_INPUT' } });
    // an update's body always holds the role id, so an empty data passes
    const renamed = await gql(`mutation($id: ID!) { updateUsersPermissionsRole(id: $id, data: { name: "Editor" }) { ok } }`, {
      id: String(made.id),
    });
    expect(renamed.data).toEqual({ updateUsersPermissionsRole: { ok: true } });
    expect((await roles()).find((r) => r.id === made.id)).toMatchObject({ name: 'Editor', type: 'editor_elite' });
    const publicId = String((await roles()).find((r) => r.type === 'public')!.id);
    const keep = await gql(`mutation($id: ID!) { deleteUsersPermissionsRole(id: $id) { ok } }`, { id: publicId });
    expect(keep.errors[0]).toMatchObject({ message: 'Cannot delete public role' });
    expect((await gql(`mutation { deleteUsersPermissionsRole(id: "9999") { ok } }`)).errors[0].message).toBe('Role not found');
    expect((await gql(`mutation($id: ID!) { deleteUsersPermissionsRole(id: $id) { ok } }`, { id: String(made.id) })).data).toEqual({
      deleteUsersPermissionsRole: { ok: true },
    });
    expect((await roles()).some((r) => r.id === made.id)).toBe(false);
    // a built-in role deleted stays deleted (Strapi makes its roles once): registration then has no default role
    const authenticated = String((await roles()).find((r) => r.type === 'authenticated')!.id);
    await gql(`mutation($id: ID!) { deleteUsersPermissionsRole(id: $id) { ok } }`, { id: authenticated });
    expect((await roles()).some((r) => r.type === 'authenticated')).toBe(false);
    const noDefault = await gql(
      `mutation { register(input: { username: "late", email: "late@example.com", password: "secret123" }) { jwt } }`,
    );
    expect(noDefault.errors[0]).toMatchObject({ message: 'Impossible to find the default role' });
    // what the request leaves out is stored as nothing (null), as the service's database create does
    await gql(`mutation { createUsersPermissionsRole(data: { name: "Solo" }) { ok } }`);
    expect((await roles()).find((r) => r.name === 'Solo')).toMatchObject({ description: null, type: 'solo' });
  });
});

describe('v4CompatibilityMode', () => {
  test('the deprecated v4 fields: id, attributes and data on entries, data and meta on collections, populated through them', async () => {
    const { server, url } = await startKitServer({ graphql: { v4CompatibilityMode: true } });
    servers.push(server);
    const post = async (query: string) =>
      (await (
        await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })
      ).json()) as Json;
    const v4 = await post(
      `{ articles_connection(sort: "id", pagination: { limit: 2 }) { data { id documentId attributes { title author { data { attributes { name } } } } } meta { pagination { total pageSize } } } }`,
    );
    expect(v4.errors).toBeUndefined();
    const v5 = await post(
      `{ articles_connection(sort: "id", pagination: { limit: 2 }) { nodes { documentId title author { name } } pageInfo { total pageSize } } }`,
    );
    const { data, meta } = v4.data.articles_connection;
    expect(meta.pagination).toEqual(v5.data.articles_connection.pageInfo);
    expect(data.length).toBe(2);
    data.forEach((entry: Json, i: number) => {
      const same = v5.data.articles_connection.nodes[i];
      expect(entry.id).toMatch(/^\d+$/);
      expect(entry.documentId).toBe(same.documentId);
      expect(entry.attributes.title).toBe(same.title);
      expect(entry.attributes.author?.data.attributes.name ?? null).toBe(same.author?.name ?? null);
    });
    // the v5 server has none of them
    const { server: plain, url: plainUrl } = await startKitServer({ graphql: true });
    servers.push(plain);
    const refused = (await (
      await fetch(`${plainUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ articles { attributes { title } } }' }),
      })
    ).json()) as Json;
    expect(refused.errors[0].message).toBe('Cannot query field "attributes" on type "Article".');
  });
});
