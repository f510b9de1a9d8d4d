import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { kitConfigWithFullToken, startKitServer } from '../helpers/kit.js';

// Mutation inputs as real Strapi 5.54 with @strapi/plugin-graphql 5.54.0 reads them (harness graphql-run, the wide
// mutation steps of seed 503): a dynamic zone's input scalar, the login's provider.
const key = 'graphql-write-inputs-full-access';
let server: MockServer;
let url: string;
beforeAll(async () => ({ server, url } = await startKitServer(kitConfigWithFullToken(key, { graphql: {} }))));
afterAll(() => server.close());

type Answer = {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions: { code: string } }[] };
};
async function gql(query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}
const errorsOf = (a: Answer) => a.body.errors?.map((e) => [e.extensions.code, e.message]);

test('a zone item naming no component fails the input scalar: validation for a literal, coercion for a variable', async () => {
  const literal = await gql(
    'mutation { updateHomepage(data: { blocks: [{ __typename: "ComponentNoSuchThing", body: "x" }] }) { documentId } }',
  );
  expect(literal.status).toBe(400);
  expect(errorsOf(literal)).toEqual([
    [
      'GRAPHQL_VALIDATION_FAILED',
      'Expected value of type "HomepageBlocksDynamicZoneInput!", found {__typename: "ComponentNoSuchThing", body: "x"}; Component not found. expected one of: ComponentSharedQuote, ComponentSharedRichText',
    ],
  ]);
  // REST's `__component` is no name the scalar knows either
  const variable = await gql('mutation M($data: HomepageInput!) { updateHomepage(data: $data) { documentId } }', {
    data: {
      blocks: [
        { __typename: 'ComponentSharedQuote', body: 'q' },
        { __component: 'shared.rich-text', body: 'x' },
      ],
    },
  });
  expect(variable.status).toBe(400);
  expect(errorsOf(variable)).toEqual([
    [
      'BAD_USER_INPUT',
      'Variable "$data" got invalid value { __component: "shared.rich-text", body: "x" } at "data.blocks[1]"; Expected type "HomepageBlocksDynamicZoneInput". Component not found. expected one of: ComponentSharedQuote, ComponentSharedRichText',
    ],
  ]);
  // a known component is written as its `__component`
  const ok = await gql(
    'mutation { updateHomepage(data: { blocks: [{ __typename: "ComponentSharedQuote", body: "kept" }] }) { blocks { __typename ... on ComponentSharedQuote { body } } } }',
  );
  expect(ok.body.data).toEqual({ updateHomepage: { blocks: [{ __typename: 'ComponentSharedQuote', body: 'kept' }] } });
});

test('a login through a provider other than local fails as a disabled provider, before the credentials', async () => {
  const answer = await gql('mutation { login(input: { identifier: "nobody", password: "x", provider: "github" }) { jwt } }');
  expect(answer.status).toBe(200);
  expect(errorsOf(answer)).toEqual([['STRAPI_APPLICATION_ERROR', 'This provider is disabled']]);
  const local = await gql('mutation { login(input: { identifier: "nobody", password: "x", provider: "local" }) { jwt } }');
  expect(errorsOf(local)).toEqual([['BAD_USER_INPUT', 'Invalid identifier or password']]);
  const rest = await fetch(`${url}/api/auth/github/callback`);
  expect([rest.status, ((await rest.json()) as { error: { message: string } }).error.message]).toEqual([400, 'This provider is disabled']);
});

test('a rich text (blocks) value: a node of no known type fails, one error per node, beside the relations check', async () => {
  const answer = await gql(
    'mutation { createArticle(data: { title: "t", body: [1, { type: "paragraph", children: [{ type: "text", text: "ok" }] }, { three: 3 }], cover: "999" }) { documentId } }',
  );
  const error = (
    answer.body.errors?.[0]?.extensions as {
      error?: { message: string; details: { errors: { path: string[]; message: string; value: unknown }[] } };
    }
  ).error;
  expect(error?.message).toBe('3 errors occurred');
  expect(error?.details.errors.map((e) => [e.path.join('.'), e.message])).toEqual([
    ['body.0', 'Block node is of invalid type'],
    ['body.2', 'Block node is of invalid type'],
    ['', '1 relation(s) of type plugin::upload.file associated with this entity do not exist'],
  ]);
  // the relations check sees the value as given
  expect((error?.details.errors[2].value as { body: unknown }).body).toEqual([
    1,
    { type: 'paragraph', children: [{ type: 'text', text: 'ok' }] },
    { three: 3 },
  ]);
});

test("the relations check's value is yup's cast: a default added re-makes the object in the shape's reversed order", async () => {
  const failing = async (data: string) => {
    const answer = await gql(`mutation { createArticle(status: DRAFT, data: ${data}) { documentId } }`);
    const error = (answer.body.errors?.[0]?.extensions as { error?: { details: { errors: { value: Record<string, unknown> }[] } } }).error;
    return error?.details.errors[0].value;
  };
  // every optional list given: the body as given, the version keys after it
  const kept = await failing('{ title: "t", slug: "kept-order-1", cover: "999", blocks: [] }');
  expect(Object.keys(kept ?? {})).toEqual(['title', 'slug', 'cover', 'blocks', 'publishedAt', 'locale']);
  // the zone left out gets its `[]`, the component's list too: both objects re-made in reversed attribute order
  const made = await failing('{ title: "t", slug: "kept-order-2", cover: "999", seo: { metaTitle: "m", metaDescription: "d" } }');
  expect(Object.keys(made ?? {})).toEqual(['locale', 'publishedAt', 'blocks', 'seo', 'cover', 'slug', 'title']);
  expect(made?.seo).toEqual({ links: [], metaDescription: 'd', metaTitle: 'm' });
  expect(Object.keys(made?.seo as object)).toEqual(['links', 'metaDescription', 'metaTitle']);
});

test('a new locale of a document is created with its documentId in the data, after the version keys', async () => {
  const made = await gql('mutation { createArticle(status: DRAFT, data: { title: "t", slug: "new-locale-echo" }) { documentId } }');
  const documentId = (made.body.data?.createArticle as { documentId: string }).documentId;
  const answer = await gql(
    `mutation { updateArticle(documentId: "${documentId}", locale: "de", status: DRAFT, data: { title: "t de", cover: "999", blocks: [] }) { documentId } }`,
  );
  const error = (answer.body.errors?.[0]?.extensions as { error?: { details: { errors: { value: Record<string, unknown> }[] } } }).error;
  const value = error?.details.errors[0].value ?? {};
  expect(Object.keys(value).slice(-3)).toEqual(['publishedAt', 'locale', 'documentId']);
  expect([value.locale, value.documentId]).toEqual(['de', documentId]);
});

test("a collection type's delete goes to the default locale whatever its locale argument; a single type's reads it", async () => {
  const made = await gql('mutation { createArticle(status: DRAFT, data: { title: "t", slug: "delete-locale-en" }) { documentId } }');
  const documentId = (made.body.data?.createArticle as { documentId: string }).documentId;
  await gql(
    `mutation { updateArticle(documentId: "${documentId}", locale: "de", status: DRAFT, data: { title: "t de", slug: "delete-locale-de" }) { documentId } }`,
  );
  const deleted = await gql(`mutation { deleteArticle(documentId: "${documentId}", locale: "de") { documentId } }`);
  expect(deleted.body.data).toEqual({ deleteArticle: { documentId } });
  const versions = await gql(
    `{ en: article(documentId: "${documentId}", status: DRAFT, locale: "en") { title } de: article(documentId: "${documentId}", status: DRAFT, locale: "de") { title } }`,
  );
  expect(versions.body.data).toEqual({ en: null, de: { title: 't de' } });
  // the single type's delete passes the locale on
  await gql('mutation { deleteGlobal(locale: "de") { documentId } }');
  const globals = await gql('{ en: global(locale: "en") { siteName } de: global(locale: "de") { siteName } }');
  expect((globals.body.data as { en: unknown; de: unknown }).de).toBeNull();
  expect((globals.body.data as { en: unknown; de: unknown }).en).not.toBeNull();
});

test("an update's components get no list defaults (yup's defaults are a create's)", async () => {
  const made = await gql('mutation { createArticle(status: DRAFT, data: { title: "t", slug: "update-no-defaults" }) { documentId } }');
  const documentId = (made.body.data?.createArticle as { documentId: string }).documentId;
  const answer = await gql(
    `mutation { updateArticle(documentId: "${documentId}", status: DRAFT, data: { seo: { metaTitle: "m" }, cover: "999" }) { documentId } }`,
  );
  const error = (answer.body.errors?.[0]?.extensions as { error?: { details: { errors: { value: Record<string, unknown> }[] } } }).error;
  const value = error?.details.errors[0].value ?? {};
  expect(value.seo).toEqual({ metaTitle: 'm' });
  expect(Object.hasOwn(value, 'blocks')).toBe(false);
});
