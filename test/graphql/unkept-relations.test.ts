import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { jsonClient, type Answer } from '../write/write-client.js';

// The schema offers a role's `permissions` in its filters, a relation whose rows the mock does not keep (what a
// role may do comes from the config). Real Strapi 5.54 with the GraphQL plugin accepted such a filter on a post's
// roles and answered the (empty) list; the mock refused the key, which nulled the whole mutation (harness
// graphql-run, user-extension, seeds 501/502). Its database layer's refusals of a malformed relation where stay.
const dir = join(import.meta.dirname, '..', 'fixtures', 'models', 'user-extension');
const config = JSON.parse(readFileSync(join(dir, 'content-mock.config.json'), 'utf8')) as { tokens: { type: string; key: string }[] };
const token = config.tokens.find((t) => t.type === 'full-access')!.key;
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  server = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), configObject: { graphql: {} }, memory: true });
  const { url } = await server.listen(0, '127.0.0.1');
  call = jsonClient(url, token);
});
afterAll(() => server.close());

type Body = {
  data: { createPost: { title: string; roles: unknown[] } | null };
  errors?: { message: string; extensions: { code: string } }[];
};
const create = async (filters: string) =>
  (
    await call('POST', '/graphql', {
      query: `mutation { createPost(data: { title: "p" }) { title roles(filters: ${filters}) { documentId } } }`,
    })
  ).body as unknown as Body;

test("a filter through a role's permissions is accepted; a malformed relation where in it still fails as the database's", async () => {
  const ok = await create('{ name: { startsWith: "zzz" }, permissions: { action: { nei: "zzz" } } }');
  expect(ok.errors).toBeUndefined();
  expect(ok.data.createPost).toEqual({ title: 'p', roles: [] });
  const negated = await create('{ not: { permissions: { createdAt: { null: true } }, updatedAt: { notNull: true } } }');
  expect(negated.errors).toBeUndefined();
  const mixed = await create('{ permissions: { and: [{ publishedAt: { null: false } }], action: { null: true } } }');
  expect(mixed.data.createPost).toBeNull();
  expect(mixed.errors?.map((e) => [e.message, e.extensions.code])).toEqual([
    ['Operator and non-operator keys cannot be mixed in a relation where clause', 'INTERNAL_SERVER_ERROR'],
  ]);
});

// i18n's `localizations` is no attribute of the engine's model either, but its rows are kept: a relation field's
// filter through it joins the document's other locales (real Strapi 5.54, harness graphql-run on self-nest, seed
// 701: `tags { nodes(filters: { localizations: … }) }` listed the nodes the mock answered none of).
test("a relation field's filter through i18n's localizations joins the other locales", async () => {
  const dirNest = join(import.meta.dirname, '..', 'fixtures', 'models', 'self-nest');
  const cfg = JSON.parse(readFileSync(join(dirNest, 'content-mock.config.json'), 'utf8')) as typeof config;
  const nest = await createServer({
    schemas: dirNest,
    config: join(dirNest, 'content-mock.config.json'),
    configObject: { graphql: {} },
    memory: true,
  });
  try {
    const { url } = await nest.listen(0, '127.0.0.1');
    const gql = jsonClient(url, cfg.tokens.find((t) => t.type === 'full-access')!.key);
    const q = async (query: string) =>
      (await gql('POST', '/graphql', { query })).body as unknown as { data: Record<string, Record<string, unknown>> };
    const a = (await q('mutation { createNode(data: { title: "a", code: "a" }) { documentId } }')).data.createNode.documentId as string;
    const b = (await q('mutation { createNode(data: { title: "b", code: "b" }) { documentId } }')).data.createNode.documentId as string;
    await q(`mutation { updateNode(documentId: "${a}", locale: "es", data: { title: "a es" }) { documentId } }`);
    await q(`mutation { createTag(data: { name: "t", nodes: ["${a}", "${b}"] }) { documentId } }`);
    const read = await q(
      'query { tags(status: DRAFT) { es: nodes(filters: { localizations: { locale: { eq: "es" } } }) { code } none: nodes(filters: { localizations: { locale: { eq: "zh-Hans" } } }) { code } } }',
    );
    expect(read.data.tags).toEqual([{ es: [{ code: 'a' }], none: [] }]);
  } finally {
    await nest.close();
  }
});
