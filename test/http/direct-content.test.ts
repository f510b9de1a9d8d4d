import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

// A content GET that nothing but its content route can take is answered without express (create-app.ts `direct`);
// with a delay (of 1 ms) every request takes express's way. Both must give the same status, headers, bytes and
// request log line.

const servers: MockServer[] = [];
const lines: string[] = [];
let direct = '';
let viaExpress = '';

beforeAll(async () => {
  const start = async (delay: number | undefined) => {
    const server = await createServer({
      schemas: KIT_MODEL,
      seed: KIT_DATASET,
      config: KIT_CONFIG,
      memory: true,
      logRequests: true,
      delay,
      logger: { info: (line) => lines.push(line), error: () => undefined },
    });
    servers.push(server);
    return (await server.listen(0, '127.0.0.1')).url;
  };
  direct = await start(undefined);
  viaExpress = await start(1);
});
afterAll(() => Promise.all(servers.map((s) => s.close())));

const answer = async (base: string, path: string, headers: Record<string, string>) => {
  const res = await fetch(base + path, { headers });
  const kept = [...res.headers].filter(([name]) => name !== 'date');
  return { status: res.status, headers: kept, body: await res.text() };
};

describe('a content GET answered without express', () => {
  const cases: [string, Record<string, string>][] = [
    ['/api/articles', {}],
    ['/api/articles?filters[views][$gt]=1000&sort=title:asc&pagination[page]=2&pagination[pageSize]=3', { 'cache-control': 'no-cache' }],
    ['/api/articles?populate=*&pagination[pageSize]=2', {}],
    ['/api/articles?populate[category]=true', { 'strapi-response-format': 'v4' }],
    ['/API/Articles/', {}],
    ['/api/global?populate=*', {}],
    ['/api/articles/nope', {}],
    ['/api/articles?filters[nope][$eq]=1', {}],
    ['/api/articles?pagination[pageSize]=-1', {}],
    ['/api/secrets', {}],
    ['/api/articles', { authorization: 'Bearer not-a-token' }],
    ['/api/articles', { origin: 'http://localhost:3000' }],
    ['/api/articles', { 'if-none-match': '*' }],
  ];

  test('answers as express does', async () => {
    const logged = (from: number) => lines.slice(from).map((line) => line.replace(/\d+ms$/, 'N ms'));
    for (const [path, headers] of cases) {
      const before = lines.length;
      const a = await answer(direct, path, headers);
      const b = await answer(viaExpress, path, headers);
      expect(a, path).toEqual(b);
      // one line each, the same (the log prints once the answer is finished: wait for the second)
      await expect.poll(() => lines.length).toBe(before + 2);
      const [x, y] = logged(before);
      expect(x, path).toBe(y);
    }
  });
});
