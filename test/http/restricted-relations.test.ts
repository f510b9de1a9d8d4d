import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_TOKEN, kitConfigWithFullToken, kitModelWith } from '../helpers/kit.js';

// A relation to a type the caller may not `find` (observed on Strapi 5.54): populate leaves it out silently, even
// from populate=*; filters, sort and write bodies that name it are refused as unknown keys.
const FULL = 'restricted-relations-full-access-key';
let server: MockServer;
let base: string;

beforeAll(async () => {
  // `secret` is readable by tokens only, never by the public role
  const dir = kitModelWith({ owner: { type: 'relation', relation: 'manyToOne', target: 'api::secret.secret' } });
  server = await createServer({
    schemas: dir,
    seed: KIT_DATASET,
    config: KIT_CONFIG,
    memory: true,
    configObject: kitConfigWithFullToken(FULL),
  });
  base = (await server.listen(0)).url;
});
afterAll(() => server.close());

const get = async (path: string, token?: string) => {
  const res = await fetch(base + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    status: res.status,
    body: (await res.json()) as { data: Record<string, unknown>[] | null; error?: { message: string; details: Record<string, unknown> } },
  };
};
const page = '/api/articles?fields[0]=title&pagination[pageSize]=2&sort=id:asc&';

describe('relations to types the caller may not read', () => {
  test('populate leaves them out for the public role, by name or with *', async () => {
    for (const populate of ['populate=owner', 'populate[owner][fields][0]=code', 'populate=*']) {
      const { status, body } = await get(page + populate);
      expect(status).toBe(200);
      for (const entry of body.data ?? []) expect(entry).not.toHaveProperty('owner');
    }
    const { body } = await get(`${page}populate=*`);
    expect(body.data?.[0]).toHaveProperty('category');
  });

  test('a token that may read the target sees them', async () => {
    const { status, body } = await get(`${page}populate=owner`, KIT_TOKEN);
    expect(status).toBe(200);
    for (const entry of body.data ?? []) expect(entry).toHaveProperty('owner', null);
    expect((await get(`${page}filters[owner][code][$eq]=x`, KIT_TOKEN)).status).toBe(200);
    expect((await get(`${page}sort=owner.code`, KIT_TOKEN)).status).toBe(200);
  });

  test.each([
    ['filters', 'filters[owner][code][$eq]=x'],
    ['filters', 'filters[$or][0][owner][$null]=true'],
    ['sort', 'sort=owner.code'],
  ])('%s through them is a 400 Invalid key for the public role: %s', async (param, query) => {
    const { status, body } = await get(page + query);
    expect(status).toBe(400);
    expect(body.error?.message).toBe('Invalid key owner');
    expect(body.error?.details).toEqual({ key: 'owner', path: 'owner', source: 'query', param });
  });

  test('a write body setting them is a 400 Invalid key unless the caller may read the target', async () => {
    const post = (token?: string) =>
      fetch(`${base}/api/articles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ data: { title: 'restricted', owner: null } }),
      });
    const refused = await post();
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { details: unknown } }).error.details).toEqual({
      key: 'owner',
      path: 'owner',
      source: 'body',
    });
    expect((await post(FULL)).status).toBe(201);
  });
});

describe('a populate list of dot paths through a hidden relation', () => {
  test('the whole path goes, not only its hidden segment (Strapi rebuilds the list from what survives)', async () => {
    const categories = '/api/categories?fields[0]=name&sort=id:asc&';
    const listed = await get(categories + 'populate[0]=articles.owner&populate[1]=articles.author');
    expect(listed.status).toBe(200);
    // the surviving path still populates articles (and their author)
    const withAuthor = (listed.body.data ?? []).flatMap((c) => (c.articles ?? []) as Record<string, unknown>[]);
    expect(withAuthor.length).toBeGreaterThan(0);
    for (const a of withAuthor) expect(a).not.toHaveProperty('owner');
    const only = await get(categories + 'populate[0]=articles.owner');
    expect(only.status).toBe(200);
    for (const c of only.body.data ?? []) expect(c).not.toHaveProperty('articles');
    // the object form keeps the first level
    const object = await get(categories + 'populate[articles][populate][owner]=true');
    expect((object.body.data ?? []).some((c) => Array.isArray(c.articles) && c.articles.length > 0)).toBe(true);
  });
});

describe('an empty sort order through a relation the caller may not read', () => {
  test("sorts nothing, but Strapi's validators walk its path: a 400 Invalid key for the public role", async () => {
    const path = '/api/articles?fields[0]=title&pagination[pageSize]=2&sort[owner][code]=';
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.error?.details).toEqual({ key: 'owner', path: 'owner', source: 'query', param: 'sort' });
    // a caller that may read it gets the list, unsorted by it
    const allowed = await get(path, KIT_TOKEN);
    expect(allowed.status).toBe(200);
    expect((await get('/api/articles?fields[0]=title&pagination[pageSize]=2&sort[category][name]=')).status).toBe(200);
  });

  test('a list holding only empty orders is not walked (isMeaninglessSortArray): a 200; beside a real order it is', async () => {
    // harness REST podcast-code-907: `sort[0][allowed_users][publishedAt]=` as the public role
    expect((await get('/api/articles?fields[0]=title&pagination[pageSize]=2&sort[0][owner][code]=')).status).toBe(200);
    const mixed = await get('/api/articles?fields[0]=title&pagination[pageSize]=2&sort[0][owner][code]=&sort[1][title]=asc');
    expect([mixed.status, mixed.body.error?.details.key]).toEqual([400, 'owner']);
  });
});
