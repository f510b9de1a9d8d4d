import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { StrapiClient } from '../../src/dataset/pull/strapi-client.js';

// A Strapi whose config/api sets `rest.prefix: '/v1'` serves its Content API (plugins included) under /v1: pull
// sends every request there, whether --from names the server or its API.
let server: Server;
let base: string;
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(req.url?.startsWith('/v1/') ? '{"data":[]}' : '{"data":null,"error":{"status":404,"message":"Not Found"}}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => server.close());

test('paths written with /api go under the prefix; a --from ending in the prefix names the server', async () => {
  for (const from of [base, `${base}/v1`, `${base}/v1/`]) {
    const client = new StrapiClient({ base: from, prefix: '/v1' });
    expect(await client.getOk('/api/articles?sort[0]=id:asc', 'reading')).toEqual({ data: [] });
    expect((await client.get('/api/i18n/locales')).status).toBe(200);
  }
  expect(seen).toEqual(Array.from({ length: 3 }, () => ['/v1/articles?sort[0]=id:asc', '/v1/i18n/locales']).flat());
  expect(new StrapiClient({ base: `${base}/api` }).under('/api/x')).toBe('/api/x');
});
