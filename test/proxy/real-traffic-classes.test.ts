import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProxy, VIOLATIONS_HEADER, type ContentProxy } from '../../src/contract/proxy/create-proxy.js';
import { loadContract } from '../../src/contract/proxy/load-contract.js';
import { validateExchange } from '../../src/contract/proxy/validate-exchange.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { FULL, startRestrictedKit } from './restricted-kit.js';

// The false-alarm classes the proxy met on real Strapi 5.54 traffic (scripts/proxy-real-traffic.mjs), each judged
// through the proxy in front of the mock, which answers as Strapi did.

const KIT = 'test/fixtures/kit';
const project = { schemas: `${KIT}/model`, config: `${KIT}/content-mock.config.json` };
let mock: MockServer;
let proxy: ContentProxy;
let proxyUrl: string;
let mockUrl: string;

beforeAll(async () => {
  mock = await createServer({ ...project, seed: `${KIT}/dataset.json`, memory: true });
  ({ url: mockUrl } = await mock.listen(0));
  const contract = await loadContract(project);
  proxy = createProxy({ target: mockUrl, contract, validateFirst: true, log: () => undefined });
  ({ url: proxyUrl } = await proxy.listen(0));
});
afterAll(async () => {
  await proxy.close();
  await mock.close();
});

async function through(path: string): Promise<{ status: number; body: Record<string, unknown>; violations: number }> {
  const res = await fetch(proxyUrl + path);
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body, violations: Number(res.headers.get(VIOLATIONS_HEADER)) };
}

describe('what Strapi answered, the proxy passes', () => {
  test('a fractional page starts between pages: page=1.5&pageSize=2 reads from row 1, echoed as page 1', async () => {
    const { status, body, violations } = await through('/api/categories?pagination[page]=1.5&pagination[pageSize]=2&sort=id:asc');
    const all = (await (await fetch(`${mockUrl}/api/categories?sort=id:asc`)).json()) as { data: Array<{ id: number }> };
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ pagination: { page: 1, pageSize: 2 } });
    expect((body.data as Array<{ id: number }>).map((r) => r.id)).toEqual(all.data.slice(1, 3).map((r) => r.id));
    expect(violations).toBe(0);
  });

  test('an empty populate[zone][on]= populates no component: 200 with an empty zone (Strapi 5.54), no refusal expected', async () => {
    const { status, body, violations } = await through('/api/homepage?populate[blocks][on]=');
    expect(status).toBe(200);
    expect((body.data as { blocks: unknown[] }).blocks).toEqual([]);
    expect(violations).toBe(0);
  });

  test("a findOne's path documentId replaces filters[documentId]: the entry shown need not pass it", async () => {
    const list = (await (await fetch(`${mockUrl}/api/articles`)).json()) as { data: Array<{ documentId: string }> };
    const id = list.data[0].documentId;
    const { status, body, violations } = await through(`/api/articles/${id}?filters[documentId][$lt]=${id}&populate=*`);
    expect(status).toBe(200);
    expect((body.data as { documentId: string }).documentId).toBe(id);
    expect(violations).toBe(0);
    // a filter on another field still holds the entry to it
    const other = await through(`/api/articles/${id}?filters[documentId][$lt]=${id}&filters[title][$eq]=not-the-title`);
    expect(other.status).toBe(404);
  });

  test('pagination[page] without a value beside pagination[limit]: page-style meta, as the engine (and Strapi) read it', async () => {
    const { status, body, violations } = await through('/api/tags?pagination[page]&pagination[limit]=2');
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ pagination: { page: 1, pageSize: 2 } });
    expect(violations).toBe(0);
  });

  test("a populate sort on a component's documentId fails in the database only when the populate runs: 200 on an empty page", async () => {
    const empty = await through('/api/authors?filters[updatedAt][$null]=true&populate[articles][sort]=seo.documentId:desc');
    expect(empty.status).toBe(200);
    expect(empty.violations).toBe(0);
    // with parent rows Strapi's database fails (500): the mock names the column it fails on
    const res = await fetch(`${mockUrl}/api/authors?populate[articles][sort]=seo.documentId:desc`);
    expect(res.status).toBe(400);
    const message = ((await res.json()) as { error: { message: string } }).error.message;
    expect(message).toContain('documentId is no column there');
    expect(message).toContain('real Strapi fails with a 500');
  });

  test('a dot path then its own prefix: the later plain entry wins, and an answer populating the dot path is flagged', async () => {
    const path = '/api/articles?populate[0]=category.articles&populate[1]=category';
    const { body, violations } = await through(path);
    const rows = body.data as Array<{ category?: Record<string, unknown> | null }>;
    const withCategory = rows.find((r) => r.category);
    expect(withCategory?.category && 'articles' in withCategory.category).toBe(false);
    expect(violations).toBe(0);
    const wrong = structuredClone(body) as { data: Array<{ category?: Record<string, unknown> | null }> };
    const row = wrong.data.find((r) => r.category)!;
    row.category!.articles = [];
    const verdict = validateExchange(await loadContract(project), { method: 'GET', url: path, status: 200, body: wrong });
    // what the public caller (who reads categories) gets: the conditional part settled for it
    const found = [...verdict.violations, ...(verdict.conditional ?? []).flatMap((c) => c.settle(() => true))];
    expect(found).toContainEqual(expect.objectContaining({ rule: 'populate', message: 'is present but was not populated' }));
  });
});

describe('a list under a relation the caller may not read', () => {
  test('is sanitized away before the converter would refuse it: 200 without it for the public role, 400 for a token that reads it', async () => {
    const kit = await startRestrictedKit();
    const judge = createProxy({ target: kit.url, contract: kit.contract, validateFirst: true, log: () => undefined });
    const { url } = await judge.listen(0);
    try {
      const path = '/api/articles?populate[owner][0][0]=true&populate[owner][0][1]=true&populate[category]=true';
      const asPublic = await fetch(url + path);
      const body = (await asPublic.json()) as { data: Array<Record<string, unknown>> };
      expect(asPublic.status).toBe(200);
      expect(body.data.some((row) => 'owner' in row)).toBe(false);
      expect(body.data.some((row) => 'category' in row)).toBe(true);
      expect(Number(asPublic.headers.get(VIOLATIONS_HEADER))).toBe(0);
      const asReader = await fetch(url + path, { headers: { authorization: `Bearer ${FULL}` } });
      expect(asReader.status).toBe(400);
      expect(((await asReader.json()) as { error: { message: string } }).error.message).toBe(
        "Invalid nested populate. Expected '*' or an object",
      );
    } finally {
      await judge.close();
      await kit.server.close();
    }
  });
});
