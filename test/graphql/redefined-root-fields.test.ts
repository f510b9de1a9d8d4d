import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// A project whose GraphQL extension names the plugin's own root fields again, with other arguments
// (`type Query { post(slug: String!, documentId: ID): Post }`, `type Mutation { createPost(data: PostBySlugInput!): Post }`),
// and whose resolver reaches its service through `strapi.services[uid]`. The plugin merges such typeDefs with
// graphql-tools' mergeSchemas: the field keeps its arguments in their places, each replaced by the typeDefs' one of
// that name, the new ones after them (real Strapi 5.54 with @strapi/plugin-graphql 5.54.0 prints
// `post(documentId: ID, status: …, hasPublishedVersion: …, publicationFilter: …, slug: String!): Post` for such a
// project); content-mock kept the plugin's field as it was, so `post(slug: "x")` was refused and `createPost(data: {})`
// accepted.
const TOKEN = 'redefined-full-access-key-0123456789ab';
let dir: string;
let server: MockServer;
let base: string;

const write = (path: string, text: string) => writeProjectFile(dir, path, text);

const gql = async (query: string, token?: string) => {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-redefined-'));
  write('config/plugins.js', 'module.exports = () => ({ graphql: { config: {} } });\n');
  write(
    'package.json',
    JSON.stringify({ name: 'redefined', dependencies: { '@strapi/strapi': '5.54.0', '@strapi/plugin-graphql': '5.54.0' } }),
  );
  writeCollectionType(
    join(dir, 'src'),
    { singular: 'post', plural: 'posts', display: 'Post' },
    { title: { type: 'string' }, slug: { type: 'string' } },
  );
  write(
    'src/api/post/services/post.js',
    `const { factories } = require('@strapi/strapi');
module.exports = factories.createCoreService('api::post.post', ({ strapi }) => ({
  async bySlug(slug) {
    const { results } = await strapi.services['api::post.post'].find({ filters: { slug } });
    return results[0] ?? null;
  },
}));
`,
  );
  write(
    'src/index.js',
    `module.exports = {
  register({ strapi }) {
    strapi.plugin('graphql').service('extension').use(({ strapi }) => ({
      typeDefs: \`
        type Query { post(slug: String!, documentId: ID): Post }
        input PostBySlugInput { title: String! }
        type Mutation { createPost(data: PostBySlugInput!): Post }
      \`,
      resolvers: {
        Query: { post: { resolve: (parent, args) => strapi.services['api::post.post'].bySlug(args.slug) } },
        Mutation: {
          createPost: {
            resolve: (parent, args) =>
              strapi.documents('api::post.post').create({ data: { title: args.data.title, slug: 'made-' + args.data.title } }),
          },
        },
      },
      resolversConfig: { 'Query.post': { auth: false } },
    }));
  },
};
`,
  );
  server = await createServer({
    schemas: dir,
    memory: true,
    configObject: { tokens: [{ name: 'full', type: 'full-access', key: TOKEN }] },
    logger: { info() {}, error() {} },
  });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
  const res = await fetch(`${base}/api/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { title: 'Hello', slug: 'hello' } }),
  });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Field = { name: string; args: { name: string; type: { kind: string; name: string | null; ofType: { name: string } | null } }[] };
const typeName = (t: Field['args'][number]['type']) => (t.kind === 'NON_NULL' ? `${t.ofType!.name}!` : t.name);

test('a root field named again keeps its arguments in place, each replaced by the typeDefs one, the new ones after', async () => {
  const { body } = await gql(
    '{ q: __type(name: "Query") { fields { name args { name type { kind name ofType { name } } } } } m: __type(name: "Mutation") { fields { name args { name type { kind name ofType { name } } } } } }',
    TOKEN,
  );
  const data = body.data as { q: { fields: Field[] }; m: { fields: Field[] } };
  const args = (fields: Field[], name: string) => fields.find((f) => f.name === name)!.args.map((a) => `${a.name}: ${typeName(a.type)}`);
  expect(args(data.q.fields, 'post')).toEqual([
    'documentId: ID',
    'status: PublicationStatus',
    'hasPublishedVersion: Boolean',
    'publicationFilter: PublicationFilter',
    'slug: String!',
  ]);
  expect(args(data.m.fields, 'createPost')).toEqual(['status: PublicationStatus', 'data: PostBySlugInput!']);
  // the other fields of the plugin stay as they were
  expect(args(data.q.fields, 'posts')).toContain('filters: PostFiltersInput');
});

test("the redefined field runs the project's resolver with its new arguments; strapi.services reaches the project's service", async () => {
  expect(await gql('{ post(slug: "hello") { title slug } }')).toEqual({
    status: 200,
    body: { data: { post: { title: 'Hello', slug: 'hello' } } },
  });
  const missing = await gql('{ post(documentId: "x") { title } }');
  expect(missing.status).toBe(400);
  expect((missing.body.errors as { message: string }[])[0].message).toBe(
    'Field "post" argument "slug" of type "String!" is required, but it was not provided.',
  );
});

test('the redefined mutation validates its new input type and runs', async () => {
  const refused = await gql('mutation { createPost(data: {}) { title } }', TOKEN);
  expect(refused.status).toBe(400);
  expect((refused.body.errors as { message: string }[])[0].message).toBe(
    'Field "PostBySlugInput.title" of required type "String!" was not provided.',
  );
  expect(await gql('mutation { createPost(data: { title: "Two" }) { title slug } }', TOKEN)).toEqual({
    status: 200,
    body: { data: { createPost: { title: 'Two', slug: 'made-Two' } } },
  });
});
