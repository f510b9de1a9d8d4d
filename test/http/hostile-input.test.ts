import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// Malformed or hostile requests get a clear 4xx in Strapi's envelope: never a 500, never a dropped connection.
let server: MockServer;
let base: string;
beforeAll(async () => {
  const started = await startKitServer();
  server = started.server;
  base = started.url;
});
afterAll(() => server.close());

describe('hostile and malformed requests', () => {
  test.each([
    ['filters nested past qs depth', 'GET', `/api/articles?filters${'[$or][0]'.repeat(40)}[title]=x`, undefined, 400],
    ['populate nested without end', 'GET', `/api/articles?populate${'[author][populate][articles][populate]'.repeat(8)}=*`, undefined, 400],
    ['an operator where a field name goes', 'GET', '/api/articles?fields[0][$gt]=1', undefined, 400],
    ['an infinite page', 'GET', '/api/articles?pagination[page]=1e308&pagination[pageSize]=1e308', undefined, 400],
    ['an object where a status goes', 'GET', '/api/articles?status[0]=draft', undefined, 400],
    ['an unknown operator inside $in', 'GET', '/api/articles?filters[title][$in][0][$foo]=x', undefined, 400],
    ['a malformed percent-encoding in the path', 'GET', '/api/articles/%00%ff', undefined, 400],
    [
      'an operator object as a relation reference',
      'POST',
      '/api/articles',
      '{"data":{"title":"x","tags":{"connect":[{"documentId":{"$ne":null}}]}}}',
      400,
    ],
    ['__proto__ in the body', 'POST', '/api/articles', '{"data":{"title":"x","__proto__":{"admin":true}}}', 400],
    ['a body nested 5,000 levels deep', 'POST', '/api/articles', `{"data":{"title":${'['.repeat(5000)}${']'.repeat(5000)}}}`, 400],
    ['a body over the 1 MB limit', 'POST', '/api/articles', `{"data":{"title":"${'x'.repeat(2_000_000)}"}}`, 413],
    ['null as the body', 'PUT', '/api/articles/zzz', 'null', 400],
  ])('%s: a 4xx in the envelope', async (_name, method, path, body, status) => {
    const res = await fetch(base + path, { method, body, headers: body ? { 'content-type': 'application/json' } : {} });
    expect(res.status).toBe(status);
    const json = (await res.json()) as { data: unknown; error: { status: number; name: string; message: string } };
    expect(json.data).toBeNull();
    expect(json.error.status).toBe(status);
    expect(json.error.message.length).toBeGreaterThan(0);
    // the server is still there, on a fresh connection or the same one
    expect((await fetch(`${base}/api/tags`)).status).toBe(200);
  });

  test('prototype keys in queries change nothing', async () => {
    const plain = await (await fetch(`${base}/api/tags?sort=id:asc`)).json();
    for (const q of ['filters[__proto__][polluted]=1', 'filters[constructor][prototype][x]=1', 'sort[__proto__]=asc']) {
      const res = await fetch(`${base}/api/tags?sort=id:asc&${q}`);
      expect(res.status).toBeLessThan(500);
      if (res.status === 200) expect(await res.json()).toEqual(plain);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("Strapi's body parser: strict JSON", () => {
  test('a JSON body that is no object nor list is refused before the route, as koa-body refuses it', async () => {
    for (const raw of ['5', '"x"', ' null', 'true']) {
      const res = await fetch(`${base}/api/articles`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json' } });
      expect([res.status, await res.json()]).toEqual([
        400,
        { data: null, error: { status: 400, name: 'SyntaxError', message: 'invalid JSON, only supports object and array' } },
      ]);
    }
  });
});
