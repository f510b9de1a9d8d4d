import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ClientError, GraphQLClient } from 'graphql-request';
import { createHandlers } from '../../src/mock/msw/index.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

// GraphQL through content-mock/msw in Node, with graphql-request as an app would use it: the same answers as the
// REST handlers over the same in-memory store.

type Json = Record<string, any>;
const BASE = 'http://cms.graphql-msw.test';

describe('content-mock/msw: /graphql', () => {
  const handlers = createHandlers({
    schemas: KIT_MODEL,
    seed: KIT_DATASET,
    config: KIT_CONFIG,
    configObject: { graphql: true },
    baseUrl: BASE,
  });
  const server = setupServer(...handlers);
  const client = new GraphQLClient(`${BASE}/graphql`);
  const rest = async (path: string) => ((await (await fetch(BASE + path)).json()) as Json).data;

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => handlers.reset());
  afterAll(() => server.close());

  test('queries answer what the REST handlers answer', async () => {
    const data = await client.request<Json>(
      `{ categories(sort: ["name:asc"]) { documentId name articles(pagination: { limit: 2 }) { documentId } } }`,
    );
    const api = await rest('/api/categories?sort=name:asc&pagination[limit]=10&populate[articles][fields][0]=documentId');
    expect(data.categories).toEqual(
      api.map((c: Json) => ({
        documentId: c.documentId,
        name: c.name,
        articles: c.articles.slice(0, 2).map((a: Json) => ({ documentId: a.documentId })),
      })),
    );
  });

  test('a mutation is seen by REST reads, and reset() restores the seed', async () => {
    const before = (await client.request<Json>('{ authors_connection { pageInfo { total } } }')).authors_connection.pageInfo
      .total as number;
    const made = await client.request<Json>('mutation($n: String) { createAuthor(data: { name: $n }) { documentId name } }', { n: 'Ada' });
    expect((await rest(`/api/authors/${made.createAuthor.documentId}`)).name).toBe('Ada');
    expect((await client.request<Json>('{ authors_connection { pageInfo { total } } }')).authors_connection.pageInfo.total).toBe(
      before + 1,
    );
    await handlers.reset();
    expect((await client.request<Json>('{ authors_connection { pageInfo { total } } }')).authors_connection.pageInfo.total).toBe(before);
  });

  test('errors reach the client as Strapi and Apollo shape them', async () => {
    const e = await client.request('{ secret(documentId: "x") { documentId } }').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ClientError);
    expect((e as ClientError).response.errors?.[0].extensions).toEqual({
      code: 'FORBIDDEN',
      error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} },
    });
    const v = await client.request('{ tags { nope } }').catch((x: unknown) => x);
    expect((v as ClientError).response.status).toBe(400);
    expect((v as ClientError).response.errors?.[0].extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
  });
});
