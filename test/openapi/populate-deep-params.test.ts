import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// A project with strapi-v5-plugin-populate-deep takes `pLevel` and `pIgnore` on its Content API routes (see
// test/plugins/populate-deep.test.ts): the document it is served with says so on every operation that answers
// entries; the same model without the plugin (shop) has neither.
const MODELS = join(import.meta.dirname, '..', 'fixtures', 'models');
const servers: MockServer[] = [];

async function documentOf(name: string): Promise<{ paths: Record<string, Record<string, { parameters?: { name?: string }[] }>> }> {
  const dir = join(MODELS, name);
  const server = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), memory: true });
  servers.push(server);
  const { url } = await server.listen(0, '127.0.0.1');
  const res = await fetch(`${url}/openapi.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}

let withPlugin: Awaited<ReturnType<typeof documentOf>>;
let without: Awaited<ReturnType<typeof documentOf>>;
beforeAll(async () => {
  withPlugin = await documentOf('populate-deep');
  without = await documentOf('shop');
});
afterAll(async () => {
  for (const s of servers) await s.close();
});

const namesOf = (operation: { parameters?: { name?: string }[] } | undefined) => (operation?.parameters ?? []).map((p) => p.name);

test('every operation that answers entries documents pLevel and pIgnore; delete does not', () => {
  const collection = Object.keys(withPlugin.paths).find((p) => p.startsWith('/api/') && !p.includes('{') && withPlugin.paths[p].post)!;
  const item = Object.keys(withPlugin.paths).find((p) => p.startsWith(`${collection}/{`))!;
  for (const operation of [withPlugin.paths[collection].get, withPlugin.paths[collection].post, withPlugin.paths[item].get, withPlugin.paths[item].put])
    expect(namesOf(operation)).toEqual(expect.arrayContaining(['pLevel', 'pIgnore']));
  expect(namesOf(withPlugin.paths[item].delete)).not.toContain('pLevel');
});

test('a project without the plugin documents neither', () => {
  const all = Object.values(without.paths).flatMap((item) => Object.values(item).flatMap((op) => namesOf(op as never)));
  expect(all.length).toBeGreaterThan(0);
  expect(all).not.toContain('pLevel');
  expect(all).not.toContain('pIgnore');
});
