import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_TOKEN, kitConfigWithFullToken, kitModelWith } from '../helpers/kit.js';

// Relations to a type the caller may not read: refused in top-level filters and inside components and dynamic-zone
// entries of a write body; inside populate[...] Strapi does not check filters and sorts for them.
const FULL = 'restricted-populate-full-access-key';
const OWNER = { type: 'relation', relation: 'manyToOne', target: 'api::secret.secret' };
let server: MockServer;
let base: string;

beforeAll(async () => {
  const dir = kitModelWith({ owner: OWNER });
  for (const name of ['seo', 'quote']) {
    const file = join(dir, 'components', 'shared', `${name}.json`);
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { attributes: Record<string, unknown> };
    schema.attributes.owner = { type: 'relation', relation: 'oneToOne', target: 'api::secret.secret' };
    writeFileSync(file, JSON.stringify(schema));
  }
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
  return { status: res.status, body: (await res.json()) as { error?: { message: string; details: Record<string, unknown> } } };
};

describe('filters and sort inside populate, through a relation the caller may not read', () => {
  // Strapi validates populate without the caller's auth and its sanitizer does not walk nested filters or sorts:
  // they run as for any caller (harness shop-302, school-301, podcast-301); the relation itself stays hidden
  test.each([
    ['a populated relation', '/api/tags?populate[articles][filters][owner][code][$startsWith]=a'],
    ['under $or', '/api/tags?populate[articles][filters][$or][0][owner][code][$eq]=a'],
    ['three levels down', '/api/categories?populate[articles][populate][tags][populate][articles][filters][owner][code][$null]=true'],
    ['localizations', '/api/articles?populate[localizations][filters][owner][code][$eq]=a'],
    ['a component', '/api/articles?populate[seo][filters][owner][code][$eq]=a'],
    ['a dynamic-zone fragment', '/api/articles?populate[blocks][on][shared.quote][filters][owner][code][$eq]=a'],
  ])('%s: filters run (200)', async (_name, path) => {
    const { status } = await get(path);
    expect(status).toBe(200);
  });

  test.each([
    ['a populated relation: sort', '/api/tags?populate[articles][sort]=owner.code'],
    ['a populated relation: sort as an object', '/api/tags?populate[articles][sort][0][owner][code]=asc'],
  ])('%s: not checked for the caller; through a relation it fails on real Strapi (500)', async (_name, path) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.error?.message).toContain('real Strapi fails with a 500 here');
  });

  test('a caller who may read the target may filter through it (a sort through it fails on real Strapi: 500)', async () => {
    expect((await get('/api/tags?populate[articles][filters][owner][code][$startsWith]=a', KIT_TOKEN)).status).toBe(200);
    const sorted = await get('/api/tags?populate[articles][sort]=owner.code', KIT_TOKEN);
    expect(sorted.status).toBe(400);
    expect(sorted.body.error?.message).toContain('real Strapi fails with a 500 here');
  });

  test('at the top level a filter through it is refused (Invalid key owner)', async () => {
    const { status, body } = await get('/api/articles?filters[owner][code][$eq]=a');
    expect(status).toBe(400);
    expect(body.error?.message).toBe('Invalid key owner');
  });
});

describe('relations to unreadable types inside components of a write body', () => {
  const post = (data: Record<string, unknown>, token?: string) =>
    fetch(`${base}/api/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ data: { title: 'restricted', ...data } }),
    });

  test.each([
    ['a component', { seo: { metaTitle: 'x', owner: 'zzzzzzzzzzzzzzzzzzzzzzzz' } }, 'seo.owner'],
    ['a repeatable list of components', { blocks: [{ __component: 'shared.quote', owner: null }] }, 'blocks.owner'],
  ])('%s → 400 Invalid key owner at <its path>, whether or not the document exists', async (_name, data, path) => {
    const res = await post(data);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; details: unknown } };
    // Strapi names the relation by its whole path, in the message too (probe admin-links: "Invalid key editor at credit.editor")
    expect(body.error).toMatchObject({ message: `Invalid key owner at ${path}`, details: { key: 'owner', path, source: 'body' } });
    expect((await post(data, FULL)).status).not.toBe(500);
  });
});
