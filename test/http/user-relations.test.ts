import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, kitConfigWithFullToken, kitModelWith } from '../helpers/kit.js';

// Projects relate content to users & permissions users (an article's reviewer, a comment's author). Users are the
// rows of the plugin's user type: registered users can be linked, populated, filtered on, with Strapi's permission
// rules (a caller who may not find users does not see the relation).
const FULL = 'user-relations-full-access-key';
const USER_FIELDS = ['id', 'documentId', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt', 'publishedAt'];

async function start(publicCanFindUsers: boolean): Promise<{ server: MockServer; url: string }> {
  const dir = kitModelWith({ reviewer: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user' } });
  const config = JSON.parse(readFileSync(KIT_CONFIG, 'utf8')) as { permissions: { public: Record<string, unknown> } };
  const grant = publicCanFindUsers ? { 'plugin::users-permissions.user': ['find'] } : {};
  const server = await createServer({
    schemas: dir,
    seed: KIT_DATASET,
    config: KIT_CONFIG,
    memory: true,
    configObject: kitConfigWithFullToken(FULL, { permissions: { public: { ...config.permissions.public, ...grant } } }),
  });
  return { server, url: (await server.listen(0)).url };
}

describe('relations to users & permissions users', () => {
  let mock: { server: MockServer; url: string };
  let article: string;
  let user: { id: number; documentId: string; username: string };
  const auth = { authorization: `Bearer ${FULL}` };

  beforeAll(async () => {
    mock = await start(false);
    const registered = await fetch(`${mock.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'reviewer-one', email: 'reviewer@example.com', password: 'a-long-secret' }),
    });
    expect(registered.status).toBe(200);
    user = ((await registered.json()) as { user: typeof user }).user;
    const list = (await (await fetch(`${mock.url}/api/articles?sort=id:asc&fields[0]=title`)).json()) as { data: { documentId: string }[] };
    article = list.data[0].documentId;
    const put = await fetch(`${mock.url}/api/articles/${article}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { reviewer: user.id } }),
    });
    expect(put.status).toBe(200);
  });
  afterAll(() => mock.server.close());

  test('a registered user links by id and populates with its public fields, never the password', async () => {
    const res = await fetch(`${mock.url}/api/articles/${article}?fields[0]=title&populate=reviewer`, { headers: auth });
    const body = (await res.json()) as { data: { reviewer: Record<string, unknown> } };
    expect(Object.keys(body.data.reviewer).sort()).toEqual([...USER_FIELDS].sort());
    expect(body.data.reviewer).toMatchObject({ id: user.id, documentId: user.documentId, username: 'reviewer-one', provider: 'local' });
  });

  test('filters and sort go through the relation', async () => {
    const hit = (await (
      await fetch(`${mock.url}/api/articles?filters[reviewer][username][$eq]=reviewer-one&fields[0]=title`, { headers: auth })
    ).json()) as { data: { documentId: string }[] };
    expect(hit.data.map((a) => a.documentId)).toEqual([article]);
    expect((await fetch(`${mock.url}/api/articles?sort=reviewer.username:desc`, { headers: auth })).status).toBe(200);
    const refused = await fetch(`${mock.url}/api/articles?filters[reviewer][password][$eq]=x`, { headers: auth });
    expect(refused.status).toBe(400);
  });

  test('the public role, without find on users, does not see the relation', async () => {
    const body = (await (await fetch(`${mock.url}/api/articles/${article}?populate=*`)).json()) as { data: Record<string, unknown> };
    expect(body.data).not.toHaveProperty('reviewer');
    expect(body.data).toHaveProperty('category');
  });

  test("the user type has no content routes, only the plugin's, and the contract describes those as the plugin's", async () => {
    // the plugin's route takes numeric ids; the public role may not list users
    expect((await fetch(`${mock.url}/api/users/${user.id}`)).status).toBe(403);
    expect((await fetch(`${mock.url}/api/users/${user.id}`, { headers: auth })).status).toBe(200);
    const doc = (await (await fetch(`${mock.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    const users = Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/users'));
    expect(users.map(([p]) => p)).not.toContain('/api/users/{documentId}');
    for (const [, item] of users) for (const op of Object.values(item)) if (op.tags) expect(op.tags).toEqual(['Users & permissions']);
    expect(JSON.stringify(doc.components.schemas)).toContain('plugin::users-permissions.user');
  });

  test('a public role granted find on users sees it', async () => {
    const open = await start(true);
    try {
      const body = (await (await fetch(`${open.url}/api/articles?populate=reviewer&pagination[pageSize]=1`)).json()) as {
        data: Record<string, unknown>[];
      };
      expect(body.data[0]).toHaveProperty('reviewer', null);
    } finally {
      await open.server.close();
    }
  });
});
