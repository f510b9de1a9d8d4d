import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { writeCollectionType, writeCoreApiFiles } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// Articles link an author; the author's api folder has no routes file, so Strapi registers no action of it, and its
// permission engine ignores a role's permission for one (an unknown action): the public role may not read authors
// whatever its permissions say. Strapi 5.54 (harness on such a project, public role granted author find) leaves the
// author out of `populate=*` and answers a sort or filter through it with 400 "Invalid key author"; the mock
// rendered it (null) and sorted by it.
const root = mkdtempSync(join(tmpdir(), 'cm-unrouted-relation-'));
const src = join(root, 'src');
writeCollectionType(src, { singular: 'author', plural: 'authors', display: 'Author' }, { name: { type: 'string' } });
writeCollectionType(src, { singular: 'category', plural: 'categories', display: 'Category' }, { name: { type: 'string' } });
writeCollectionType(
  src,
  { singular: 'article', plural: 'articles', display: 'Article' },
  {
    title: { type: 'string' },
    author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' },
    category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
  },
);
writeCoreApiFiles(root, 'article');
writeCoreApiFiles(root, 'category');

const KEY = 'unrouted-relation-full-access-key-001';
let project: Awaited<ReturnType<typeof startProjectServer>>;
beforeAll(async () => {
  project = await startProjectServer(root, KEY, {
    permissions: {
      public: {
        'api::article.article': ['find', 'findOne', 'create'],
        'api::author.author': ['find', 'findOne'],
        'api::category.category': ['find', 'findOne'],
      },
    },
  });
  const category = await project.send<{ data: { documentId: string } }>('POST', '/api/categories', { data: { name: 'news' } });
  await project.send('POST', '/api/articles', { data: { title: 'one', category: category.json!.data.documentId } });
});
afterAll(() => project.close());

const anonymous = async (path: string) => {
  const res = await fetch(project.base + path);
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown>[]; error?: { message: string } } };
};

test('a relation to a type without routes is not populated for the public role', async () => {
  const read = await anonymous('/api/articles?populate=*');
  expect(read.status).toBe(200);
  expect(read.json.data[0].title).toBe('one');
  expect('author' in read.json.data[0]).toBe(false);
});

test('a sort or filter through it is the restricted relation refusal', async () => {
  for (const path of ['/api/articles?sort=author.name', '/api/articles?filters[author][name][$eq]=x']) {
    const read = await anonymous(path);
    expect(read.status).toBe(400);
    expect(read.json.error?.message).toBe('Invalid key author');
  }
});

test("a write that links it is refused as Strapi's validateInput refuses a relation the caller may not read", async () => {
  const res = await fetch(`${project.base}/api/articles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { title: 'two', author: 'ab12cd34ef56gh78ij90kl12' } }),
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Invalid key author');
  const plain = await fetch(`${project.base}/api/articles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { title: 'three' } }),
  });
  expect(plain.status).toBe(201);
});

test('a relation to a routed type is still readable (the permission counts where a route registers the action)', async () => {
  const read = await anonymous('/api/articles?populate=*&sort=category.name&filters[title]=one');
  expect(read.status).toBe(200);
  expect(read.json.data[0].category).toMatchObject({ name: 'news' });
});
