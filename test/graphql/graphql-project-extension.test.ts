import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildClientSchema, getIntrospectionQuery, printSchema, type IntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { servedGraphqlSdl } from '../../src/mock/served-graphql-sdl.js';
import { jsonClient, type Json } from '../helpers/send-json.js';

// test/fixtures/projects/gazette: a project that extends the GraphQL plugin's schema in `register` — SDL typeDefs
// with resolvers (new root fields, a new type, a field added to a content type), a nexus type, resolversConfig
// (`auth: false`, an auth scope, middlewares as functions, by name and by { name, options }, a policy by name), nexus
// plugins, collections made with toEntityResponseCollection, and shadow CRUD settings (a type
// disabled, a field disabled, actions disabled). Every answer below was probed on real Strapi 5.54 with
// @strapi/plugin-graphql 5.54.0 running the same code (scripts/harness/probes/graphql-extension-gazette.json).

const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'projects', 'gazette');
const FULL = 'gazette-full-access-token-11111111';
const READ = 'gazette-read-only-token-0000000000';

describe('a project GraphQL extension', () => {
  let server: MockServer;
  let base: string;
  const send = jsonClient(() => base);
  const gql = async (query: string, token?: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: JSON.stringify({ query }),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const ids: Record<string, string> = {};
  let jwt = '';

  beforeAll(async () => {
    server = await createServer({
      schemas: PROJECT,
      memory: true,
      configObject: {
        permissions: {
          public: { 'api::article.article': ['find', 'findOne'] },
          authenticated: { 'api::article.article': ['find', 'findOne'], 'api::writer.writer': ['find', 'findOne'] },
        },
        tokens: [
          { name: 'full', type: 'full-access', key: FULL },
          { name: 'read', type: 'read-only', key: READ },
        ],
      },
      logger: { info() {}, error() {} },
    });
    ({ url: base } = await server.listen(0));
    const post = async (path: string, data: Json) => (await send('POST', path, { data }, FULL)).body.data.documentId as string;
    ids.ada = await post('/api/writers', { name: 'Ada' });
    ids.bo = await post('/api/writers', { name: 'Bo' });
    ids.first = await post('/api/articles?status=published', {
      title: 'First story',
      slug: 'first-story',
      body: 'one two three',
      likes: 2,
      editorNote: 'n1',
      writer: ids.ada,
    });
    await post('/api/articles?status=published', {
      title: 'Second story',
      slug: 'second-story',
      body: Array(450).fill('w').join(' '),
      likes: 0,
      writer: ids.bo,
    });
    await post('/api/articles', { title: 'Draft only', body: 'd', likes: 9, writer: ids.ada });
    jwt = (await send('POST', '/api/auth/local/register', { username: 'ann', email: 'ann@x.co', password: 'secret123' })).body.jwt;
  });
  afterAll(() => server.close());

  test('typeDefs and resolvers: new root fields, middlewares, a field added to a content type', async () => {
    expect((await gql('{ echo(word: "hi") }')).body).toEqual({ data: { echo: 'HI!' } });
    const query = '{ articleBySlug(slug: "first-story") { title slug likes readingMinutes writer { name articles { title } } } }';
    // the public role may not read writers: that field alone fails
    const pub = await gql(query);
    expect(pub.body.data).toEqual({
      articleBySlug: { title: 'First story', slug: 'first-story', likes: 2, readingMinutes: 1, writer: null },
    });
    expect(pub.body.errors.map((e: Json) => [e.path, e.extensions.code])).toEqual([[['articleBySlug', 'writer'], 'FORBIDDEN']]);
    // a Query field of the project's passes its status (none: published) down, as the plugin's own fields do
    expect((await gql(query, FULL)).body).toEqual({
      data: {
        articleBySlug: {
          title: 'First story',
          slug: 'first-story',
          likes: 2,
          readingMinutes: 1,
          writer: { name: 'Ada', articles: [{ title: 'First story' }, { title: 'Draft only' }] },
        },
      },
    });
    const second = await gql(
      '{ articleBySlug(slug: "second-story") { title writer { name articles(sort: "title") { title likes } } } }',
      READ,
    );
    expect(second.body).toEqual({
      data: { articleBySlug: { title: 'Second story', writer: { name: 'Bo', articles: [{ title: 'Second story', likes: 0 }] } } },
    });
    expect((await gql('{ articleBySlug(slug: "nope") { title } }')).body).toEqual({ data: { articleBySlug: null } });
  });

  test("the plugin's format and builders services: toEntityResponse and transformArgs", async () => {
    const liked = await gql(
      '{ articleResponse(filters: { likes: { gt: 1 } }, sort: ["likes:asc"]) { data { title likes writer { name } } } }',
      FULL,
    );
    expect(liked.body).toEqual({ data: { articleResponse: { data: { title: 'First story', likes: 2, writer: { name: 'Ada' } } } } });
    const search = await gql('{ articleResponse(filters: { body: { containsi: "THREE" } }, sort: ["title:desc"]) { data { title } } }');
    expect(search.body).toEqual({ data: { articleResponse: { data: { title: 'First story' } } } });
    const paged = await gql('{ articleResponse(pagination: { start: 1, limit: 1 }, sort: ["title"]) { data { title } } }');
    expect(paged.body).toEqual({ data: { articleResponse: { data: { title: 'First story' } } } });
    const none = await gql('{ articleResponse(filters: { likes: { eq: 12345 } }) { data { title } } }');
    expect(none.body).toEqual({ data: { articleResponse: { data: null } } });
  });

  test('content type entries inside a type of the project are loaded like the plugin loads them', async () => {
    const stats = await gql('{ articleStats { total liked top { title writer { name } } } }', FULL);
    expect(stats.body).toEqual({ data: { articleStats: { total: 3, liked: 2, top: { title: 'Draft only', writer: { name: 'Ada' } } } } });
  });

  test("resolversConfig auth: a scope, the default of a new root field, and a built-in field's own scope", async () => {
    expect((await gql('{ articleStats { total liked } }', READ)).body).toEqual({ data: { articleStats: { total: 3, liked: 2 } } });
    expect((await gql('{ articleStats { total liked } }', jwt)).body).toEqual({ data: { articleStats: { total: 3, liked: 2 } } });
    // the public role holds the scope, but the writer relation under it is checked on its own
    const pub = await gql('{ articleStats { total top { title writer { name } } } }');
    expect(pub.body.errors.map((e: Json) => [e.path, e.extensions.code])).toEqual([[['articleStats', 'top', 'writer'], 'FORBIDDEN']]);
    // a new mutation with no auth config: a signed-in user passes, the public caller does not
    const anon = await gql('mutation { likeArticle(documentId: "x") { title } }', undefined, { 'x-editor': 'yes' });
    expect(anon.body.errors[0]).toMatchObject({ message: 'Forbidden access', path: ['likeArticle'], extensions: { code: 'FORBIDDEN' } });
  });

  test('a policy by name: PolicyError is FORBIDDEN; the mutation writes through the document service', async () => {
    const refused = await gql(`mutation { likeArticle(documentId: "${ids.first}") { title likes } }`, FULL);
    expect(refused.body).toEqual({
      errors: [
        {
          message: 'Policy Failed',
          path: ['likeArticle'],
          extensions: { code: 'FORBIDDEN', error: { name: 'PolicyError', message: 'Policy Failed', details: {} } },
        },
      ],
      data: { likeArticle: null },
    });
    const liked = await gql(`mutation { likeArticle(documentId: "${ids.first}") { title likes writer { name } } }`, FULL, {
      'x-editor': 'yes',
    });
    expect(liked.body).toEqual({ data: { likeArticle: { title: 'First story', likes: 3, writer: { name: 'Ada' } } } });
    const thrown = await gql('mutation { likeArticle(documentId: "nope") { title } }', FULL, { 'x-editor': 'yes' });
    expect(thrown.body).toEqual({
      errors: [
        {
          message: 'no such article',
          locations: [{ line: 1, column: 12 }],
          path: ['likeArticle'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ],
      data: { likeArticle: null },
    });
  });

  test('nexus types run with the nexus the project has installed', async () => {
    expect((await gql('{ writerCount }')).body).toEqual({ data: { writerCount: 2 } });
  });

  test('shadow CRUD: a disabled type, field and actions leave the schema', async () => {
    const field = await gql('{ articles { title editorNote } }', FULL);
    expect(field.status).toBe(400);
    expect(field.body.errors[0].message).toBe('Cannot query field "editorNote" on type "Article".');
    const type = await gql('{ memos { text } }', FULL);
    expect(type.body.errors[0].message).toBe('Cannot query field "memos" on type "Query". Did you mean "me"?');
    const action = await gql('mutation { createWriter(data: { name: "X" }) { name } }', FULL);
    expect(action.body.errors[0].message).toBe(
      'Cannot query field "createWriter" on type "Mutation". Did you mean "updateWriter" or "createArticle"?',
    );
    const kept = await gql(`mutation { updateWriter(documentId: "${ids.ada}", data: { name: "Ada L" }) { name } }`, FULL);
    expect(kept.body).toEqual({ data: { updateWriter: { name: 'Ada L' } } });
  });

  test("the plugin's own fields read through the project's document middleware (findMany, count; not findOne)", async () => {
    const hidden = (await send('POST', '/api/articles?status=published', { data: { title: 'Hidden', slug: 'hidden', likes: 50 } }, FULL))
      .body.data.documentId as string;
    const lists = await gql(
      '{ articles(sort: "title") { title } articles_connection(pagination: { pageSize: 2 }) { nodes { title } pageInfo { total pageCount } } }',
      FULL,
    );
    expect(lists.body).toEqual({
      data: {
        articles: [{ title: 'Draft only' }, { title: 'First story' }, { title: 'Second story' }],
        articles_connection: { nodes: [{ title: 'First story' }, { title: 'Second story' }], pageInfo: { total: 3, pageCount: 2 } },
      },
    });
    expect((await gql(`{ article(documentId: "${hidden}") { title likes } }`, FULL)).body).toEqual({
      data: { article: { title: 'Hidden', likes: 50 } },
    });
    expect((await gql('{ articleStats { total top { title } } }', FULL)).body).toEqual({
      data: { articleStats: { total: 3, top: { title: 'Draft only' } } },
    });
    await send('DELETE', `/api/articles/${hidden}`, undefined, FULL);
  });

  test("the plugin's mutations write through the project's document middleware (a slug made on create)", async () => {
    const made = await gql(
      'mutation { createArticle(data: { title: "Made In GraphQL", likes: 1 }) { title slug likes writer { name } } }',
      FULL,
    );
    expect(made.body).toEqual({ data: { createArticle: { title: 'Made In GraphQL', slug: 'made-in-graphql', likes: 1, writer: null } } });
    const draft = await gql(
      `mutation { createArticle(status: DRAFT, data: { title: "Second Draft", writer: "${ids.bo}" }) { documentId slug publishedAt writer { name } } }`,
      FULL,
    );
    expect(draft.body.data.createArticle).toMatchObject({ slug: 'second-draft', publishedAt: null, writer: { name: 'Bo' } });
    const removed = await gql(`mutation { deleteArticle(documentId: "${draft.body.data.createArticle.documentId}") { documentId } }`, FULL);
    expect(removed.body).toEqual({ data: { deleteArticle: { documentId: draft.body.data.createArticle.documentId } } });
  });

  test('a collection made with toEntityResponseCollection: the plugin counts its page from the args and resource it names', async () => {
    const page = await gql(
      '{ articleCollection(pagination: { pageSize: 1 }, sort: ["title:asc"]) { nodes { title } pageInfo { total page pageSize pageCount } } }',
    );
    const published = (await send('GET', '/api/articles')).body.meta.pagination.total as number;
    expect(page.body.data.articleCollection.nodes).toHaveLength(1);
    expect(page.body.data.articleCollection.pageInfo).toEqual({ total: published, page: 1, pageSize: 1, pageCount: published });
    // the count takes the filters (through the project's document middleware, as the plugin's count does)
    const liked = (await send('GET', '/api/articles?filters[likes][$gt]=0')).body.meta.pagination.total as number;
    const second = await gql(
      '{ articleCollection(filters: { likes: { gt: 0 } }, pagination: { page: 2, pageSize: 1 }) { pageInfo { total page pageCount } } }',
    );
    expect(second.body).toEqual({ data: { articleCollection: { pageInfo: { total: liked, page: 2, pageCount: liked } } } });
    // limit -1: one page of everything after start
    const all = await gql('{ articleCollection(pagination: { start: 0, limit: -1 }) { pageInfo { total page pageSize pageCount } } }');
    expect(all.body.data.articleCollection.pageInfo).toEqual({ total: published, page: 1, pageSize: published, pageCount: 1 });
    // args without start and limit: the plugin's arithmetic gives NaN, which Int refuses (as real Strapi answers)
    expect((await gql('{ looseCollection { pageInfo { total page } } }')).body).toEqual({
      errors: [
        {
          message: 'Int cannot represent non-integer value: NaN',
          locations: [{ line: 1, column: 38 }],
          path: ['looseCollection', 'pageInfo', 'page'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ],
      data: { looseCollection: null },
    });
  });

  test('resolversConfig middlewares by name and by { name, options }, and the nexus plugins of an extension', async () => {
    expect((await gql('{ shout(word: "hey") whisper(word: "psst") }')).body).toEqual({ data: { shout: 'HEY', whisper: 'psst...' } });
    // a name the project has no middleware for fails the field when it runs, as in Strapi
    expect((await gql('{ lost(word: "x") }')).body).toEqual({
      errors: [
        {
          message: 'middleware is not a function',
          locations: [{ line: 1, column: 3 }],
          path: ['lost'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ],
      data: { lost: null },
    });
    // nexus' fieldAuthorizePlugin guards the fields that ask it; its error carries a cause, so the plugin answers a
    // generic internal error that names it
    const writers = (await send('GET', '/api/writers', undefined, FULL)).body.meta.pagination.total as number;
    expect((await gql('{ openCount closedCount writerCount }')).body).toEqual({
      errors: [
        {
          message: 'Internal Server Error',
          extensions: { error: { name: 'Error', message: 'Not authorized' }, code: 'INTERNAL_SERVER_ERROR' },
        },
      ],
      data: { openCount: 7, closedCount: null, writerCount: writers },
    });
  });

  test("a users & permissions controller of the project fails under the plugin's mutation with its own error", async () => {
    // the project's user.update reads ctx.state.user.id: an API token has no user, so it throws a TypeError
    const me = await gql('{ me { id } }', jwt);
    const id = me.body.data.me.id as string;
    const refused = await gql(`mutation { updateUsersPermissionsUser(id: ${id}, data: { username: "anna" }) { data { username } } }`, FULL);
    expect(refused.body).toEqual({
      errors: [
        {
          message: "Cannot read properties of undefined (reading 'id')",
          locations: [{ line: 1, column: 12 }],
          path: ['updateUsersPermissionsUser'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ],
      data: null,
    });
    // the REST route answers Strapi's bare 500, whatever a client puts in the relay's header
    const rest = await fetch(`${base}/api/users/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${FULL}`, 'x-content-mock-relay': 'guess' },
      body: JSON.stringify({ username: 'anna' }),
    });
    expect([rest.status, await rest.json()]).toEqual([
      500,
      { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } },
    ]);
  });

  test("the printed schema is real Strapi's, extension types in the plugin's order", async () => {
    const res = await gql(getIntrospectionQuery(), FULL);
    const printed = printSchema(buildClientSchema(res.body.data as IntrospectionQuery)) + '\n';
    // recorded from real Strapi 5.54 + @strapi/plugin-graphql 5.54.0 running this project, by introspection
    expect(printed).toBe(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'graphql-sdl-code', 'gazette.graphql'), 'utf8'));
  });

  test('content-mock types --graphql writes the schema the project serves (its extension included), for codegen', async () => {
    // the project named by a relative path, as users type it
    const sdl = await servedGraphqlSdl({ schemas: relative(process.cwd(), PROJECT) });
    expect(sdl).toBe(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'graphql-sdl-code', 'gazette.graphql'), 'utf8'));
  });
});
