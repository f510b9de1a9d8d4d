import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { KIT_TOKEN, startKitServer } from '../helpers/kit.js';

// Strapi's populate validation and rendering rules, checked on the kit's model over HTTP.
type Body = { data: Record<string, unknown>[]; error?: { message: string; details: Record<string, unknown> } };
let server: MockServer;
let url: string;
const get = async (path: string): Promise<{ status: number; body: Body }> => {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${KIT_TOKEN}` } });
  return { status: res.status, body: (await res.json()) as Body };
};
const LIST = '&fields[0]=title&pagination[pageSize]=100&sort=id:asc';

beforeAll(async () => ({ server, url } = await startKitServer()));
afterAll(() => server.close());

describe('populate', () => {
  test('count on a component gives {count}, on media it is ignored', async () => {
    const full = (await get(`/api/articles?populate[seo]=true&populate[gallery]=true${LIST}`)).body.data;
    const counted = (await get(`/api/articles?populate[seo][count]=true&populate[gallery][count]=true${LIST}`)).body.data;
    counted.forEach((entry, i) => {
      expect(entry.seo).toEqual({ count: full[i].seo ? 1 : 0 });
      expect(entry.gallery).toEqual(full[i].gallery);
    });
  });

  test('count must be boolean-like', async () => {
    const { status, body } = await get(`/api/articles?populate[tags][count]=maybe${LIST}`);
    expect(status).toBe(400);
    expect(body.error?.details).toMatchObject({ key: 'count', path: 'tags', param: 'populate' });
  });

  test('a dot path may go through a dynamic zone to the components that have the attribute', async () => {
    const plain = (await get(`/api/articles?populate=blocks${LIST}`)).body.data;
    const dotted = (await get(`/api/articles?populate=blocks.files${LIST}`)).body.data;
    dotted.forEach((entry, i) => {
      const blocks = entry.blocks as Record<string, unknown>[];
      const before = plain[i].blocks as Record<string, unknown>[];
      expect(blocks.map((b) => b.__component)).toEqual(before.map((b) => b.__component));
      for (const b of blocks) if ('files' in b) expect(Array.isArray(b.files)).toBe(true);
    });
  });

  test('`*` is a wildcard only as the whole parameter; blank items are skipped', async () => {
    for (const q of ['populate[0]=*', 'populate=*,seo']) {
      const { status, body } = await get(`/api/articles?${q}${LIST}`);
      expect(status).toBe(400);
      expect(body.error?.details).toMatchObject({ key: '*' });
    }
    expect((await get(`/api/articles?populate[0]=${LIST}`)).status).toBe(200);
  });

  test('dot-path errors name the failing segment with the full path', async () => {
    const { body } = await get(`/api/articles?populate=seo.links.nope${LIST}`);
    expect(body.error?.details).toMatchObject({ key: 'nope', path: 'seo.links.nope' });
    expect(body.error?.message).toBe('Invalid key nope at seo.links.nope');
  });

  test('attr=* on a relation is refused at the first populatable attribute of its target', async () => {
    const { status, body } = await get(`/api/articles?populate[seo]=*${LIST}`);
    expect(status).toBe(400);
    expect(body.error?.details).toEqual({ key: 'shareImage', path: 'seo.shareImage' });
  });

  test('a dynamic zone takes only on/populate/count; nested fields errors are populate errors', async () => {
    expect((await get(`/api/articles?populate[blocks][fields][0]=id${LIST}`)).status).toBe(400);
    const { body } = await get(`/api/articles?populate[category][fields][0]=nope${LIST}`);
    expect(body.error?.details).toMatchObject({ key: 'nope', path: null, param: 'populate' });
  });

  test('a list mixing strings and objects in sort fails on key 0; an object locale is refused', async () => {
    const sorted = await get('/api/articles?sort[0]=title&sort[1][views]=asc');
    expect(sorted.body.error?.details).toMatchObject({ key: '0', param: 'sort' });
    const locale = await get('/api/tags?locale[foo]=x');
    expect(locale.status).toBe(400);
    expect(locale.body.error?.details).toEqual({ received: { foo: 'x' } });
  });
});

describe('sort columns join the selected fields where Strapi selects DISTINCT (a joined query)', () => {
  test('a populated relation, media or component sorted by a field it does not select shows that field', async () => {
    const { body } = await get(`/api/articles?populate[tags][fields][0]=name&populate[tags][sort]=createdAt:desc${LIST}`);
    const tags = body.data.flatMap((a) => a.tags as Record<string, unknown>[]);
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(Object.keys(tag).sort()).toEqual(['createdAt', 'documentId', 'id', 'name']);
    const links = await get(
      `/api/articles?populate[seo][populate][links][fields][0]=label&populate[seo][populate][links][sort]=url${LIST}`,
    );
    const all = links.body.data.flatMap(
      (a) => ((a.seo as { links?: Record<string, unknown>[] } | null)?.links ?? []) as Record<string, unknown>[],
    );
    expect(all.length).toBeGreaterThan(0);
    for (const link of all) expect(Object.keys(link).sort()).toEqual(['id', 'label', 'url']);
  });

  test('at the top level only when the filters join, and never for a sort through a relation', async () => {
    const plain = await get('/api/articles?fields[0]=title&sort=createdAt:desc');
    expect(Object.keys(plain.body.data[0]).sort()).toEqual(['documentId', 'id', 'title']);
    const joined = await get('/api/articles?fields[0]=title&sort=createdAt:desc&filters[tags][name][$notNull]=true');
    expect(Object.keys(joined.body.data[0]).sort()).toEqual(['createdAt', 'documentId', 'id', 'title']);
    const deep = await get('/api/articles?fields[0]=title&sort=author.name&filters[tags][name][$notNull]=true');
    expect(Object.keys(deep.body.data[0]).sort()).toEqual(['documentId', 'id', 'title']);
  });
});

describe('routing', () => {
  test('content routes match in any letter case, as Strapi (koa-router) does', async () => {
    const lower = await get('/api/tags?sort=id');
    const mixed = await get('/api/Tags?sort=id');
    expect(mixed.status).toBe(200);
    expect(mixed.body).toEqual(lower.body);
  });
});

describe('findOne', () => {
  test("a documentId filter is replaced by the path's documentId, other filters still apply", async () => {
    const rows = (await get('/api/articles?fields[0]=title&sort=id:asc')).body.data;
    const [first, second] = rows.map((r) => String(r.documentId));
    const replaced = await get(`/api/articles/${first}?filters[documentId]=${second}&fields[0]=title`);
    expect(replaced.status).toBe(200);
    expect((replaced.body.data as unknown as Record<string, unknown>).documentId).toBe(first);
    const nested = await get(`/api/articles/${first}?filters[$and][0][documentId]=${second}&fields[0]=title`);
    expect(nested.status).toBe(404);
  });
});
