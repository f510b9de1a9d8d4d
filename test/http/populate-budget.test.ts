import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { streamJson } from '../../src/mock/express/stream-json.js';
import { startKitServer } from '../helpers/kit.js';

// A populate that fans out (tags → articles → tags → articles) multiplies its lists, and Strapi does not paginate
// them: past the populate budget the request is a clear 400; under it, the answer is the same as without one.

const FAN_OUT = '/api/tags?populate[articles][populate][tags][populate][articles]=true';
let limited: MockServer;
let unlimited: MockServer;
let small: string;
let free: string;
beforeAll(async () => {
  ({ server: limited, url: small } = await startKitServer({ populateBudget: 20 }));
  ({ server: unlimited, url: free } = await startKitServer({ populateBudget: null }));
});
afterAll(async () => {
  await limited.close();
  await unlimited.close();
});

describe('populateBudget', () => {
  test('a fan-out over the budget → 400 ValidationError naming the budget; the server answers on', async () => {
    const res = await fetch(small + FAN_OUT);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: unknown; error: { name: string; message: string; details: unknown } };
    expect(body).toMatchObject({ data: null, error: { name: 'ValidationError', details: { populateBudget: 20 } } });
    expect(body.error.message).toContain('more than 20 related entries');
    expect((await fetch(`${small}/api/tags`)).status).toBe(200);
  });

  test('under the budget the answer is the same as with no budget', async () => {
    for (const path of [
      '/api/tags?populate=articles&sort=id&pagination[pageSize]=1',
      '/api/articles?populate[seo]=true&pagination[pageSize]=3&sort=id',
    ]) {
      const [a, b] = await Promise.all([fetch(small + path), fetch(free + path)]);
      expect(a.status).toBe(200);
      expect(await a.text()).toBe(await b.text());
    }
  });

  test('with no budget the fan-out is answered in full', async () => {
    const res = await fetch(free + FAN_OUT);
    expect(res.status).toBe(200);
  });

  test('"populateBudget" must be a whole number or null', async () => {
    await expect(startKitServer({ populateBudget: 'lots' })).rejects.toThrow('"populateBudget" must be a whole number of entries');
  });
});

describe('streamJson: large answers serialized in slices', () => {
  let server: Server;
  let url: string;
  const big = {
    data: Array.from({ length: 300 }, (_, i) => ({
      id: i,
      title: `entry ${i} "quoted" \u2028`,
      skipped: undefined,
      when: new Date(Date.UTC(2025, 0, 1 + (i % 28))),
      nan: Number.NaN,
      list: Array.from({ length: 200 }, (_, j) => ({ id: j, fn: () => j, nested: { deep: [j, null, undefined, 'x'] } })),
      json: { a: [1, { b: 2 }], toJSON: undefined },
    })),
    meta: { pagination: { page: 1 } },
  };
  beforeAll(async () => {
    const app = express();
    app.get('/', (_req, res) => {
      res.type('application/json');
      void streamJson(res, big);
    });
    server = createHttpServer(app);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  test('the bytes are exactly JSON.stringify’s', async () => {
    const text = await (await fetch(url)).text();
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(text).toBe(JSON.stringify(big));
  });
});
