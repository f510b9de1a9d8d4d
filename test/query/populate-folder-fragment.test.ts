import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_MODEL, kitConfigWithFullToken } from '../helpers/kit.js';

// Populate validation met by the grammar generator on public projects (stop 16), each answer as real Strapi 5.54 gave it:
// - a file's private `folder` is refused after the validators walked its options, its `on` fragment's targets
//   included (probed on the kit; harness meichu/cmspatas grammar seed 1672, cheeses 1671);
// - under an attribute, a key named like a query keyword (`fields`, `sort`, `filters`) is that keyword: a nested
//   `*` passes over an attribute so named (harness meichu grammar seed 1672: a product's `fields` component, the
//   refusal names its `images`; @strapi/utils traverse/query-populate's `ignore`).
const KEY = 'populate-folder-fragment-key';
const servers: MockServer[] = [];
async function start(schemas: string): Promise<string> {
  const server = await createServer({ schemas, config: KIT_CONFIG, memory: true, configObject: kitConfigWithFullToken(KEY) });
  servers.push(server);
  return (await server.listen(0, '127.0.0.1')).url;
}
afterAll(async () => {
  for (const server of servers) await server.close();
});
const get = async (base: string, path: string) => {
  const res = await fetch(base + path, { headers: { authorization: `Bearer ${KEY}` } });
  return { status: res.status, body: (await res.json()) as { error?: { message: string; details: unknown } } };
};

describe("a file's folder fragment", () => {
  let base: string;
  beforeAll(async () => {
    base = await start(KIT_MODEL);
  });
  test('an unknown target of its `on` is refused before the private folder', async () => {
    for (const query of [
      'populate[cover][populate][folder][on][x]=true',
      'populate[cover][populate][folder][fields][0]=*&populate[cover][populate][folder][fields][1][]=id&populate[cover][populate][folder][on][x]=true',
    ]) {
      const answer = await get(base, `/api/articles?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error?.message, query).toBe('Invalid key x at cover.populate.folder.on.x');
      expect(answer.body.error?.details, query).toEqual({
        key: 'x',
        path: 'cover.populate.folder.on.x',
        source: 'query',
        param: 'populate',
      });
    }
  });
  test('a known target lets the folder be refused', async () => {
    const answer = await get(base, '/api/articles?populate[cover][populate][folder][on][shared.quote]=true');
    expect(answer.body.error?.message).toBe('Invalid key folder at cover.folder');
  });
});

describe('an attribute named like a query keyword under a nested wildcard', () => {
  let base: string;
  beforeAll(async () => {
    // the kit's articles with a component named `fields` first among their links
    const dir = mkdtempSync(join(tmpdir(), 'cm-kit-keyword-'));
    cpSync(KIT_MODEL, dir, { recursive: true });
    const file = join(dir, 'api', 'article', 'content-types', 'article', 'schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { attributes: Record<string, unknown> };
    schema.attributes = { title: schema.attributes.title, fields: { type: 'component', component: 'shared.link' }, ...schema.attributes };
    writeFileSync(file, JSON.stringify(schema));
    base = await start(dir);
  });
  test('is passed over: the refusal names the next populatable attribute', async () => {
    const answer = await get(base, '/api/categories?populate[articles]=*');
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe('Invalid key category at articles.category');
  });
});
