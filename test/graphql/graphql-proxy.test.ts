import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProxy, type ContentProxy } from '../../src/contract/proxy/create-proxy.js';
import { contractFor, type Contract } from '../../src/contract/proxy/load-contract.js';
import { loadKitModel } from '../openapi/kit.js';
import { startKitServer } from '../helpers/kit.js';
import type { MockServer } from '../../src/mock/create-server.js';

// The proxy judges GraphQL answers of a backend against the schema content-mock generates: content-mock itself (its
// answers are the plugin's) passes; a backend that lies about types, nulls, selections or error shapes is caught.

type Json = Record<string, any>;
let mock: MockServer;
let mockUrl: string;
let liar: http.Server;
let liarUrl: string;
let contract: Contract;
const open: ContentProxy[] = [];
/** What the lying backend answers next: status and body. */
let next: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  ({ server: mock, url: mockUrl } = await startKitServer({ graphql: true }));
  liar = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((ok) => liar.listen(0, '127.0.0.1', ok));
  liarUrl = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
  contract = contractFor(await loadKitModel());
});
afterAll(async () => {
  for (const p of open) await p.close();
  await new Promise((ok) => liar.close(ok));
  await mock.close();
});

async function through(target: string, query: string, variables?: Json) {
  const proxy = createProxy({ target, contract, log: () => undefined, validateFirst: true });
  open.push(proxy);
  const { url } = await proxy.listen(0);
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
  });
  const body = (await res.json()) as Json;
  await proxy.idle();
  const [result] = proxy.report.data().results;
  return { status: res.status, body, violations: result.violations.map((v) => `${v.rule} ${v.path}`) };
}

describe('proxy: GraphQL answers checked against the generated schema', () => {
  test("content-mock's own answers pass: lists, aliases, fragments, a union, errors with paths, Apollo's 400", async () => {
    const ok = await through(
      mockUrl,
      `query Q($n: Int) { a: articles(pagination: { limit: $n }) { ...A tags { name } blocks { __typename ... on ComponentSharedQuote { title } } } tags_connection { nodes { name } pageInfo { total } } } fragment A on Article { documentId title views }`,
      { n: 3 },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.a.length).toBeGreaterThan(0);
    expect(ok.violations).toEqual([]);
    const invalid = await through(mockUrl, `{ articles { nope } }`);
    expect(invalid.status).toBe(400);
    expect(invalid.violations).toEqual([]);
  });

  test('a lying backend: wrong scalar, null for a non-null field, a key not selected, an error without a code', async () => {
    next = {
      status: 200,
      body: {
        data: {
          articles: [
            { documentId: 7, title: 'x', extra: 1 },
            { documentId: null, title: null },
          ],
        },
        errors: [{ message: 'boom', path: ['articles', 0, 'title'] }],
      },
    };
    const r = await through(liarUrl, `{ articles { documentId title } }`);
    // (the kit's title is required: String!, and no error names the second article's)
    expect(r.violations).toEqual([
      'error-envelope $.errors[0].extensions.code',
      'schema $.data.articles[0].extra',
      'schema $.data.articles[0].documentId',
      'schema $.data.articles[1].documentId',
      'schema $.data.articles[1].title',
    ]);
  });

  test('a backend whose schema is not the project’s runs a query ours refuses; a 400 that is not a request error', async () => {
    next = { status: 200, body: { data: { articles: [{ secretField: 'x' }] } } };
    const r = await through(liarUrl, `{ articles { secretField } }`);
    expect(r.violations).toEqual(['schema $']);
    next = { status: 400, body: { data: null, errors: [{ message: 'x', extensions: { code: 'FORBIDDEN' } }] } };
    const bad = await through(liarUrl, `{ articles { title } }`);
    expect(bad.violations).toEqual(['error-envelope $.data', 'status $.errors[0].extensions.code']);
  });
});
