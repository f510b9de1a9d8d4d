import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// The HTTP envelope of /graphql as Apollo Server 4 reads it behind Strapi's body parser (probed on real Strapi 5.54
// with @strapi/plugin-graphql 5.54.0: scripts/harness/probes/graphql-http-envelope.json), and Apollo's automatic
// persisted queries, which Apollo Client's persisted query link relies on.

type Json = Record<string, any>;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('/graphql: the request envelope and persisted queries', () => {
  let server: MockServer;
  let url: string;
  const send = async (init: { method?: string; search?: string; body?: string; headers?: Record<string, string> }) => {
    const res = await fetch(`${url}/graphql${init.search ? `?${init.search}` : ''}`, {
      method: init.method ?? 'POST',
      headers: init.headers ?? { 'content-type': 'application/json' },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as Json };
  };
  const post = (body: unknown) => send({ body: JSON.stringify(body) });
  const get = (search: string) => send({ method: 'GET', search, headers: { 'apollo-require-preflight': 'true' } });
  const refusal = (message: string, code = 'BAD_REQUEST') => ({ errors: [{ message, extensions: { code } }] });

  beforeAll(async () => {
    ({ server, url } = await startKitServer({ graphql: {} }));
  });
  afterAll(() => server.close());

  test('a query sent by its hash alone is unknown until sent once with it; then POST and GET run it by hash', async () => {
    const query = '{ tags(pagination: { limit: 2 }) { name } }';
    const ext = { persistedQuery: { version: 1, sha256Hash: sha(query) } };
    const unknown = await post({ extensions: ext });
    expect(unknown).toEqual({
      status: 200,
      cache: 'private, no-cache, must-revalidate',
      body: refusal('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND'),
    });
    const plain = await post({ query });
    expect(plain.status).toBe(200);
    expect(plain.cache).toBe('no-store');
    expect(await post({ query, extensions: ext })).toEqual(plain);
    expect(await post({ extensions: ext })).toEqual(plain);
    expect(await get(`extensions=${encodeURIComponent(JSON.stringify(ext))}`)).toEqual(plain);
    // a wrong hash, another version; a query that fails validation is not kept
    expect((await post({ query, extensions: { persistedQuery: { version: 1, sha256Hash: sha('x') } } })).body).toEqual(
      refusal('provided sha does not match query', 'INTERNAL_SERVER_ERROR'),
    );
    expect((await post({ extensions: { persistedQuery: { version: 2, sha256Hash: sha(query) } } })).body).toEqual(
      refusal('Unsupported persisted query version', 'INTERNAL_SERVER_ERROR'),
    );
    const invalid = '{ nope }';
    const kept = { persistedQuery: { version: 1, sha256Hash: sha(invalid) } };
    expect((await post({ query: invalid, extensions: kept })).status).toBe(400);
    expect((await post({ extensions: kept })).body).toEqual(refusal('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND'));
  });

  test('a POST body: an object with keys, each field of its kind', async () => {
    const ok = { query: '{ __typename }' };
    const cases: [unknown, string][] = [
      [{}, 'POST body missing, invalid Content-Type, or JSON object has no keys.'],
      [[ok], 'Operation batching disabled.'],
      [{ query: 5 }, 'GraphQL queries must be strings.'],
      [{ ...ok, variables: 'x' }, '`variables` in a POST body should be provided as an object, not a recursively JSON-encoded string.'],
      [{ ...ok, extensions: 'x' }, '`extensions` in a POST body should be provided as an object, not a recursively JSON-encoded string.'],
      [{ ...ok, variables: [1] }, '`variables` in a POST body must be an object if provided.'],
      [{ ...ok, extensions: 5 }, '`extensions` in a POST body must be an object if provided.'],
      [{ ...ok, operationName: 5 }, '`operationName` in a POST body must be a string if provided.'],
      [{ query: false }, 'GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.'],
    ];
    for (const [body, message] of cases) {
      const answer = await post(body);
      expect([answer.status, answer.body]).toEqual([400, refusal(message)]);
    }
    // null fields are no fields
    expect((await post({ ...ok, variables: null, extensions: null, operationName: null })).body).toEqual({ data: { __typename: 'Query' } });
  });

  test("Strapi's body parser answers first, in the REST envelope: strict JSON; text is no body", async () => {
    for (const raw of ['5', '"x"', 'null']) {
      const answer = await send({ body: raw });
      expect([answer.status, answer.body.error]).toEqual([
        400,
        { status: 400, name: 'SyntaxError', message: 'invalid JSON, only supports object and array' },
      ]);
    }
    const text = await send({
      body: JSON.stringify({ query: '{ __typename }' }),
      headers: { 'content-type': 'text/plain', 'apollo-require-preflight': '1' },
    });
    expect(text.body).toEqual(refusal('POST body missing, invalid Content-Type, or JSON object has no keys.'));
    // the CSRF refusal is Apollo's JSON answer
    const csrf = await send({ body: '{}', headers: { 'content-type': 'text/plain' } });
    expect(csrf.status).toBe(400);
    expect(csrf.body.errors[0].extensions).toEqual({ code: 'BAD_REQUEST' });
  });

  test("a GET's parameters: each given once, variables and extensions JSON objects", async () => {
    const q = `query=${encodeURIComponent('{ __typename }')}`;
    expect((await get(`${q}&${q}`)).body).toEqual(refusal("The 'query' search parameter may only be specified once."));
    expect((await get(`${q}&variables=notjson`)).body).toEqual(refusal('The variables search parameter contains invalid JSON.'));
    for (const v of ['null', '5', '[1]'])
      expect((await get(`${q}&extensions=${v}`)).body).toEqual(
        refusal('The extensions search parameter should contain a JSON-encoded object.'),
      );
    expect((await get(`${q}&variables=%7B%7D`)).body).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('/graphql with persisted queries turned off', () => {
  test('a hash is answered PersistedQueryNotSupported', async () => {
    const { server, url } = await startKitServer({ graphql: { apolloServer: { persistedQueries: false } } });
    try {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: '{ __typename }',
          extensions: { persistedQuery: { version: 1, sha256Hash: sha('{ __typename }') } },
        }),
      });
      expect([res.status, await res.json()]).toEqual([
        200,
        { errors: [{ message: 'PersistedQueryNotSupported', extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' } }] },
      ]);
    } finally {
      await server.close();
    }
  });
});
