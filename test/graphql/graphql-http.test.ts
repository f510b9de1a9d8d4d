import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ClientError, GraphQLClient } from 'graphql-request';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// /graphql on `serve` (the kit's project with `graphql` on), spoken to with graphql-request. The GraphQL answers are
// checked against the REST answers of the same server: one engine behind both front doors.

type Json = Record<string, any>;

describe('POST /graphql over the kit', () => {
  let server: MockServer;
  let url: string;
  let client: GraphQLClient;
  const rest = async (path: string) => ((await (await fetch(url + path)).json()) as Json).data;
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Json };
  };

  beforeAll(async () => {
    ({ server, url } = await startKitServer({ graphql: { depthLimit: 6 } }));
    client = new GraphQLClient(`${url}/graphql`);
  });
  afterAll(() => server.close());

  test('a list is the REST list: same documents, order and fields', async () => {
    const data = await client.request<Json>(`{ articles(sort: ["title:asc"], pagination: { limit: 5 }) { documentId title slug views } }`);
    const api = await rest('/api/articles?sort=title:asc&pagination[limit]=5&fields[0]=title&fields[1]=slug&fields[2]=views');
    expect(data.articles).toEqual(api.map((a: Json) => ({ documentId: a.documentId, title: a.title, slug: a.slug, views: a.views })));
  });

  test('filters, locale and status map to the REST query', async () => {
    const q = `query($l: I18NLocaleCode) { articles(filters: { or: [{ views: { gt: 1000 } }, { title: { containsi: "strapi" } }] }, locale: $l, status: DRAFT, pagination: { limit: 50 }) { documentId locale publishedAt } }`;
    const data = await client.request<Json>(q, { l: 'fr' });
    const api = await rest(
      '/api/articles?filters[$or][0][views][$gt]=1000&filters[$or][1][title][$containsi]=strapi&locale=fr&status=draft&pagination[limit]=50',
    );
    expect(data.articles).toEqual(api.map((a: Json) => ({ documentId: a.documentId, locale: a.locale, publishedAt: a.publishedAt })));
    expect(data.articles.length).toBeGreaterThan(0);
  });

  test('a connection has the page info of the REST meta; GraphQL pages by 10 unless told', async () => {
    const data = await client.request<Json>(
      `{ tags_connection(pagination: { page: 2, pageSize: 3 }) { nodes { documentId } pageInfo { total page pageSize pageCount } } d: tags { documentId } }`,
    );
    const meta = ((await (await fetch(`${url}/api/tags?pagination[page]=2&pagination[pageSize]=3`)).json()) as Json).meta.pagination;
    expect(data.tags_connection.pageInfo).toEqual(meta);
    expect(data.d.length).toBe(Math.min(10, meta.total));
  });

  test('findOne by documentId, a single type, relations with their own arguments, components, dynamic zones', async () => {
    const [first] = await rest('/api/articles?populate[tags][sort]=name:desc&populate[seo]=true&populate[blocks]=true&pagination[limit]=1');
    const q = `query One($id: ID!) {
      article(documentId: $id) { ...A tags(sort: ["name:desc"]) { name } seo { id metaTitle } blocks { __typename ... on ComponentSharedQuote { title } } }
      global { siteName }
    }
    fragment A on Article { documentId title }`;
    const data = await client.request<Json>(q, { id: first.documentId });
    expect(data.article.documentId).toBe(first.documentId);
    expect(data.article.tags).toEqual(first.tags.map((t: Json) => ({ name: t.name })));
    expect(data.article.seo).toEqual(first.seo && { id: String(first.seo.id), metaTitle: first.seo.metaTitle });
    expect(data.article.blocks.map((b: Json) => b.__typename)).toEqual(
      first.blocks.map(
        (b: Json) =>
          'Component' +
          b.__component
            .split(/[.-]/)
            .map((w: string) => w[0].toUpperCase() + w.slice(1))
            .join(''),
      ),
    );
    expect(data.global.siteName).toBe((await rest('/api/global')).siteName);
    const none = await client.request<Json>(`{ article(documentId: "nope") { documentId } }`);
    expect(none.article).toBeNull();
  });

  test('mutations write through the same writer, then reads see them', async () => {
    const created = await client.request<Json>(`mutation { createTag(data: { name: "from graphql" }) { documentId name publishedAt } }`);
    const id = created.createTag.documentId as string;
    expect(created.createTag.publishedAt).not.toBeNull();
    expect((await rest(`/api/tags/${id}`)).name).toBe('from graphql');
    const updated = await client.request<Json>(`mutation($id: ID!) { updateTag(documentId: $id, data: { name: "renamed" }) { name } }`, {
      id,
    });
    expect(updated.updateTag.name).toBe('renamed');
    const deleted = await client.request<Json>(`mutation($id: ID!) { deleteTag(documentId: $id) { documentId } }`, { id });
    expect(deleted.deleteTag.documentId).toBe(id);
    expect((await client.request<Json>(`query($id: ID!) { tag(documentId: $id) { name } }`, { id })).tag).toBeNull();
  });

  test('a forbidden root is null with a FORBIDDEN error; the rest of the answer stays', async () => {
    const r = await post({ query: '{ secret(documentId: "x") { documentId } tags(pagination: { limit: 1 }) { documentId } }' });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ secret: null, tags: [expect.objectContaining({ documentId: expect.any(String) })] });
    expect(r.body.errors).toEqual([
      {
        message: 'Forbidden access',
        path: ['secret'],
        extensions: { code: 'FORBIDDEN', error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} } },
      },
    ]);
    // `secrets` is a non-null list: the null reaches `data` itself
    expect((await post({ query: '{ secrets { documentId } tags { documentId } }' })).body.data).toBeNull();
    // with graphql-request, the error surfaces as a ClientError carrying the same answer
    await expect(client.request('{ secrets { documentId } }')).rejects.toBeInstanceOf(ClientError);
  });

  test('page and offset pagination together: STRAPI_PAGINATION_ERROR', async () => {
    const r = await post({ query: '{ tags(pagination: { page: 1, limit: 2 }) { documentId } }' });
    expect(r.status).toBe(200);
    expect(r.body.errors[0].extensions).toEqual({
      code: 'STRAPI_PAGINATION_ERROR',
      error: { name: 'PaginationError', message: 'Cannot use both page & offset pagination in the same query', details: {} },
    });
  });

  test.each([
    ['a syntax error', { query: '{ tags { ' }, 'GRAPHQL_PARSE_FAILED', 'Syntax Error: Expected Name, found <EOF>.'],
    ['an unknown field', { query: '{ tags { nope } }' }, 'GRAPHQL_VALIDATION_FAILED', 'Cannot query field "nope" on type "Tag".'],
    [
      'a bad date-time literal',
      { query: '{ tags(filters: { createdAt: { lt: "soon" } }) { name } }' },
      'GRAPHQL_VALIDATION_FAILED',
      'DateTime cannot represent an invalid date-time-string soon.',
    ],
    [
      'an unknown locale literal',
      { query: '{ articles(locale: "xx-nope") { title } }' },
      'GRAPHQL_VALIDATION_FAILED',
      'Expected value of type "I18NLocaleCode", found "xx-nope"; Unknown locale supplied',
    ],
    [
      'a variable of the wrong type',
      { query: 'query($id: ID!) { tag(documentId: $id) { name } }', variables: { id: 1.5 } },
      'BAD_USER_INPUT',
      'Variable "$id" got invalid value 1.5; ID cannot represent value: 1.5',
    ],
    [
      'too deep for depthLimit 6',
      { query: '{ articles { tags { articles { tags { articles { tags { articles { title } } } } } } } }' },
      'GRAPHQL_VALIDATION_FAILED',
      "'' exceeds maximum operation depth of 6",
    ],
  ])('%s: 400 with %s', async (_name, body, code, message) => {
    const r = await post(body);
    expect(r.status).toBe(400);
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors[0].message.startsWith(message)).toBe(true);
    expect(r.body.errors[0].extensions.code).toBe(code);
  });

  test("Apollo's rules: GET runs queries (not mutations) and is refused without a preflight header; a bad token is the REST 401", async () => {
    const q = encodeURIComponent('{ tags(pagination: { limit: 1 }) { name } }');
    const blocked = await fetch(`${url}/graphql?query=${q}`);
    expect(blocked.status).toBe(400);
    expect(await blocked.text()).toMatch(/Cross-Site Request Forgery/);
    const ok = await fetch(`${url}/graphql?query=${q}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Json).data.tags).toHaveLength(1);
    const m = encodeURIComponent('mutation { deleteTag(documentId: "x") { documentId } }');
    const getMutation = await fetch(`${url}/graphql?query=${m}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(getMutation.status).toBe(405);
    expect(getMutation.headers.get('allow')).toBe('POST');
    expect(await getMutation.json()).toEqual({
      errors: [{ message: 'GET requests only support query operations, not mutation operations', extensions: { code: 'BAD_REQUEST' } }],
    });
    const bad = await post({ query: '{ tags { name } }' }, { authorization: 'Bearer not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({
      data: null,
      error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} },
    });
  });

  test('register, login and me go through the users & permissions routes', async () => {
    const reg = await client.request<Json>(
      `mutation { register(input: { username: "gql-user", email: "gql@example.com", password: "secret-123" }) { jwt user { username email confirmed } } }`,
    );
    expect(reg.register.user).toEqual({ username: 'gql-user', email: 'gql@example.com', confirmed: true });
    const login = await client.request<Json>(
      `mutation { login(input: { identifier: "gql@example.com", password: "secret-123" }) { jwt user { documentId } } }`,
    );
    expect(typeof login.login.jwt).toBe('string');
    const me = await new GraphQLClient(`${url}/graphql`, {
      headers: { authorization: `Bearer ${login.login.jwt as string}` },
    }).request<Json>('{ me { username role { type } } }');
    expect(me.me).toEqual({ username: 'gql-user', role: { type: 'authenticated' } });
    const bad = await post({ query: 'mutation { login(input: { identifier: "gql@example.com", password: "wrong-pass" }) { jwt } }' });
    expect(bad.body.errors[0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      error: { name: 'ValidationError', message: 'Invalid identifier or password', details: {} },
    });
    // the public role has no user to show
    expect((await post({ query: '{ me { username } }' })).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  test('a browser gets the sandbox page', async () => {
    const res = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>content-mock GraphQL</title>');
  });
});

describe('/graphql is off unless the project has the plugin', () => {
  test('the kit without `graphql`: POST /graphql is a path no route takes (405)', async () => {
    const { server, url } = await startKitServer();
    try {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ tags { name } }"}',
      });
      expect(res.status).toBe(405);
    } finally {
      await server.close();
    }
  });
});

describe("config/plugins' apolloServer options that change answers (probed on Strapi 5.54 + Apollo Server 4.13)", () => {
  test('introspection off, CSRF prevention off, variable coercion errors at 200', async () => {
    const { server, url } = await startKitServer({
      graphql: { apolloServer: { introspection: false, csrfPrevention: false, status400ForVariableCoercionErrors: false } },
    });
    const post = async (body: unknown) => {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Json };
    };
    try {
      const intro = await post({ query: '{ __schema { queryType { name } } a: __type(name: "Article") { name } }' });
      const refused = (column: number) => ({
        message:
          'GraphQL introspection is not allowed by Apollo Server, but the query contained __schema or __type. To enable introspection, pass introspection: true to ApolloServer in production',
        locations: [{ line: 1, column }],
        extensions: { validationErrorCode: 'INTROSPECTION_DISABLED', code: 'GRAPHQL_VALIDATION_FAILED' },
      });
      expect(intro).toEqual({ status: 400, body: { errors: [refused(3), refused(35)] } });
      expect(await post({ query: '{ __typename }' })).toEqual({ status: 200, body: { data: { __typename: 'Query' } } });
      // no preflight header needed
      const get = await fetch(`${url}/graphql?query=${encodeURIComponent('{ __typename }')}`);
      expect(get.status).toBe(200);
      const coerced = await post({ query: 'query($n: Int) { articles(pagination: { limit: $n }) { title } }', variables: { n: 'x' } });
      expect(coerced).toEqual({
        status: 200,
        body: {
          errors: [
            {
              message: 'Variable "$n" got invalid value "x"; Int cannot represent non-integer value: "x"',
              locations: [{ line: 1, column: 7 }],
              extensions: { code: 'BAD_USER_INPUT' },
            },
          ],
        },
      });
    } finally {
      await server.close();
    }
  });

  test('a bad apolloServer option is a clear configuration error', async () => {
    await expect(startKitServer({ graphql: { apolloServer: { introspection: 'no' } } })).rejects.toThrow(
      /graphql\.apolloServer\.introspection must be true or false/,
    );
  });
});
