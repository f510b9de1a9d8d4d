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

// i18n's `localizations` is no schema attribute either, but the engine joins it: every row of the document (all
// locales and statuses, the row itself included). A filter through it under a `localizations` field found no row
// (harness graphql-run, monument-code 501: Strapi 1 localization, the mock none).
test('a filter through localizations under a localizations field joins the rows of the document', async () => {
  const mini = join(import.meta.dirname, '..', 'fixtures', 'models', 'links-mini');
  const cfg = JSON.parse(readFileSync(join(mini, 'content-mock.config.json'), 'utf8')) as typeof config;
  const s = await createServer({
    schemas: mini,
    config: join(mini, 'content-mock.config.json'),
    configObject: { graphql: {} },
    memory: true,
  });
  try {
    const { url } = await s.listen(0, '127.0.0.1');
    const gql = jsonClient(url, cfg.tokens.find((t) => t.type === 'full-access')!.key);
    const created = (
      await gql('POST', '/graphql', { query: 'mutation { createThing(data: { title: "en" }, status: PUBLISHED) { documentId } }' })
    ).body as unknown as { data: { createThing: { documentId: string } } };
    const id = created.data.createThing.documentId;
    await gql('POST', '/graphql', {
      query: `mutation { updateThing(documentId: "${id}", locale: "fr", data: { title: "fr" }, status: PUBLISHED) { documentId } }`,
    });
    const read = async (filters: string) =>
      (
        (await gql('POST', '/graphql', { query: `{ things { title localizations(filters: ${filters}) { title } } }` })).body as unknown as {
          data: { things: { title: string; localizations: { title: string }[] }[] };
        }
      ).data.things;
    expect(await read('{ localizations: { title: { eq: "en" } } }')).toEqual([{ title: 'en', localizations: [{ title: 'fr' }] }]);
    expect(await read('{ localizations: { title: { eq: "zzz" } } }')).toEqual([{ title: 'en', localizations: [] }]);
  } finally {
    await s.close();
  }
});

// i18n's `localizations` is no schema attribute either, but the engine joins it (a row of the document in any locale
// or status): a filter through it under a relation field selects as the REST populate does (harness graphql-run,
// links-mini seed 502: the mock answered empty lists).
test("a filter through a target's localizations selects the linked rows whose document has a matching row", async () => {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'models', 'links-mini');
  const mini = await createServer({
    schemas: dir,
    config: join(dir, 'content-mock.config.json'),
    configObject: { graphql: {} },
    memory: true,
  });
  try {
    const { url } = await mini.listen(0, '127.0.0.1');
    const send = jsonClient(url, 'mini-full-access-key-0123456789abcdef');
    type Titles = { title: string }[];
    type Data = { createThing: { documentId: string }; createHolder: { all: Titles; fr: Titles; none: Titles } };
    const gql = async (query: string) => (await send('POST', '/graphql', { query })).body as unknown as { data: Data };
    const thing = (title: string) => gql(`mutation { createThing(data: { title: "${title}" }) { documentId } }`);
    const a = (await thing('a')).data.createThing.documentId;
    const b = (await thing('b')).data.createThing.documentId;
    await gql(`mutation { updateThing(documentId: "${b}", locale: "fr", data: { title: "b fr" }) { documentId } }`);
    const holder = await gql(
      `mutation { createHolder(data: { name: "h", things: ["${a}", "${b}"] }) { all: things { title } fr: things(filters: { localizations: { locale: { eq: "fr" } } }) { title } none: things(filters: { localizations: { title: { eq: "zzz" } } }) { title } } }`,
    );
    expect(holder.data.createHolder.fr.map((t) => t.title)).toEqual(['b', 'b']);
    expect(holder.data.createHolder.none).toEqual([]);
    expect(holder.data.createHolder.all.length).toBe(4);
  } finally {
    await mini.close();
  }
});

// The review workflows' types are in every project's schema and a full-access token may list them. The mock keeps no
// rows for them; real Strapi 5.54 still runs such a list's filters and sort through its validators and database
// layer over the empty table (harness graphql-run, casino 602: a stage list filtered by
// `workflow: { not: { name: … } }` was Strapi's "Undefined attribute level operator t2.name", the mock's an empty
// list; probes/review-workflow-lists.json).
type ListBody = { data: Record<string, unknown> | null; errors?: { message: string; extensions: { code: string } }[] };
const ask = async (query: string) => (await call('POST', '/graphql', { query })).body as unknown as ListBody;

test('a list of a type without rows is empty when its filters and sort are sound', async () => {
  const ok = await ask(
    '{ reviewWorkflowsWorkflowStages(filters: { workflow: { name: { eqi: "zzz" } }, color: { null: false } }, sort: ["name:desc", "workflow.name"]) { documentId } }',
  );
  expect(ok).toEqual({ data: { reviewWorkflowsWorkflowStages: [] } });
  const connection = await ask('{ reviewWorkflowsWorkflows_connection(filters: { stages: { or: [] } }) { pageInfo { total pageSize } } }');
  expect(connection.errors).toBeUndefined();
});

test("its database layer's refusals hold over the empty table", async () => {
  const negated = await ask('{ reviewWorkflowsWorkflowStages(filters: { workflow: { not: { name: { eqi: "zzz" } } } }) { documentId } }');
  expect(negated.data).toBeNull();
  expect(negated.errors?.map((e) => [e.message, e.extensions.code])).toEqual([
    ['Undefined attribute level operator t2.name', 'INTERNAL_SERVER_ERROR'],
  ]);
  const mixed = await ask(
    '{ reviewWorkflowsWorkflows(filters: { stages: { and: [{ name: { null: true } }], color: { null: true } } }) { documentId } }',
  );
  expect(mixed.errors?.map((e) => e.message)).toEqual(['Operator and non-operator keys cannot be mixed in a relation where clause']);
});

test('its sort is validated as any type’s', async () => {
  const bad = await ask('{ reviewWorkflowsWorkflowStages(sort: ["nope:asc"]) { documentId } }');
  expect(bad.data).toBeNull();
  expect(bad.errors?.map((e) => [e.message, e.extensions.code])).toEqual([['Invalid key nope', 'BAD_USER_INPUT']]);
});

test("a stage's permissions are no private attribute: a sort through them passes (Strapi 5.54's stage schema)", async () => {
  const sorted = await ask('{ reviewWorkflowsWorkflowStages(sort: ["permissions.id", "workflow.stages.name:desc"]) { documentId } }');
  expect(sorted).toEqual({ data: { reviewWorkflowsWorkflowStages: [] } });
});
