import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType } from '../helpers/schema-files.js';

// Strapi's database writes a body's relations walking the type's attributes in schema order, owning and inverse
// sides alike (`updateRelations`). A page tree declared `children` (mappedBy) before `parent` (inversedBy), updated
// with both in one body, ends as that order leaves it: `children: null` clears first, then `parent` links the page
// to itself, so it is its own parent and child (probed on Strapi 5.54 with a public page-builder starter). Declared
// the other way round, the clear comes last and leaves neither.
const roots: string[] = [];
const servers: MockServer[] = [];

async function start(inverseFirst: boolean): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'cm-relation-order-'));
  roots.push(root);
  const children = { type: 'relation', relation: 'oneToMany', target: 'api::page.page', mappedBy: 'parent' };
  const parent = { type: 'relation', relation: 'manyToOne', target: 'api::page.page', inversedBy: 'children' };
  writeCollectionType(
    root,
    { singular: 'page', plural: 'pages', display: 'Page' },
    inverseFirst ? { title: { type: 'string' }, children, parent } : { title: { type: 'string' }, parent, children },
    true,
  );
  const server = await createServer({
    schemas: root,
    memory: true,
    configObject: { permissions: { public: { 'api::page.page': ['find', 'findOne', 'create', 'update'] } } },
  });
  servers.push(server);
  return (await server.listen(0)).url;
}

const send = async (url: string, method: string, path: string, data: unknown) => {
  const res = await fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as { data: { documentId: string } }).data.documentId;
};

/** Each draft's title with its parent's and children's titles. */
async function tree(url: string): Promise<unknown> {
  const res = await fetch(
    `${url}/api/pages?status=draft&sort=title&fields[0]=title&populate[parent][fields][0]=title&populate[children][fields][0]=title`,
  );
  const body = (await res.json()) as { data: { title: string; parent: { title: string } | null; children: { title: string }[] }[] };
  return body.data.map((p) => [p.title, p.parent?.title ?? null, p.children.map((c) => c.title)]);
}

async function selfParent(url: string): Promise<unknown> {
  const a = await send(url, 'POST', '/api/pages?status=published', { title: 'A' });
  const b = await send(url, 'POST', '/api/pages?status=published', { title: 'B' });
  await send(url, 'PUT', `/api/pages/${a}?status=draft`, { parent: { connect: [b] } });
  await send(url, 'PUT', `/api/pages/${a}?status=draft`, { children: null, parent: a });
  return tree(url);
}

afterAll(async () => {
  for (const s of servers) await s.close();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

test('the inverse side declared first: cleared first, then the owning side links the page to itself', async () => {
  expect(await selfParent(await start(true))).toEqual([
    ['A', 'A', ['A']],
    ['B', null, []],
  ]);
});

test('the owning side declared first: linked first, then the clear of the inverse side takes the link away', async () => {
  expect(await selfParent(await start(false))).toEqual([
    ['A', null, []],
    ['B', null, []],
  ]);
});
