import { afterEach, describe, expect, test } from 'vitest';
import qs from 'qs';
import type { MockServer } from '../../src/mock/create-server.js';
import { QueryStringShapes } from '../../src/core/query/query-string-shapes.js';
import { parseQueryString } from '../../src/core/query/run-query.js';
import { startKitServer } from '../helpers/kit.js';

// A new URL of a known shape reuses what its keys parse to (query-string-shapes.ts) and what its shape validates to
// (query-shape.ts, run-query.ts parseStaged): the answers and the errors must be those of a query seen for the first time.

describe('query strings parsed by their keys’ structure', () => {
  const keySets = [
    ['filters[views][$gt]', 'filters[kind][$in][0]', 'filters[kind][$in][1]', 'sort', 'pagination[page]', 'pagination[pageSize]'],
    ['a[1]', 'a[0]', 'a[b]'],
    ['a[100]', 'a[101]'],
    ['a[00]', 'a[0]'],
    ['a', 'a[b]'],
    ['a[b]', 'a'],
    ['a', 'a'],
    ['a[]', 'a[]'],
    ['toString', 'x'],
    ['x[__proto__]', 'y'],
    ['a%5Bb%5D', 'c'],
    ['a[b]x', 'a[b]'],
    // paths of object keys, built without a kept structure: collisions, prototype names, list indexes, depth
    ['a[b]', 'a[c]', 'd'],
    ['a[b][c]', 'a[b]'],
    ['a[b]', 'a[b][c]'],
    ['a[constructor]', 'b'],
    ['a[-1]', 'a[x]'],
    ['a[b]', 'a[0]'],
    ['5', 'b'],
    [`a${'[b]'.repeat(21)}`, 'c'],
    [`a${'[b]'.repeat(20)}`, 'c'],
  ];
  const values = ['', 'x', 'a+b', '%20', '%zz', '%5D=', 'v=w', 'toString', '__proto__', '%C3%A9', '[]', '%5Bx%5D'];

  test('give what qs gives, whatever the values', () => {
    const shapes = new QueryStringShapes();
    for (const keys of keySets) {
      for (let round = 0; round < values.length; round++) {
        const search = keys.map((key, i) => `${key}=${values[(round + i * 5) % values.length]}`).join('&');
        const expected = qs.parse(search, { strictNullHandling: true, arrayLimit: 100, depth: 20 });
        const got = shapes.parse(search);
        expect(got).toStrictEqual(parseQueryString(search));
        expect(JSON.stringify(got)).toBe(JSON.stringify(expected));
      }
    }
  });

  test('give what qs gives for the same keys in any order', () => {
    const shapes = new QueryStringShapes();
    const keys = ['populate[category]', 'populate[tags]', 'populate[seo][populate]', 'pagination[page]', 'populate[author]', 'x'];
    for (let round = 0; round < 40; round++) {
      // a fixed walk through orders: each round moves one key to the front
      const moved = keys.splice(round % keys.length, 1);
      keys.unshift(...moved);
      const search = keys.map((key, i) => `${key}=${values[(round + i) % values.length]}`).join('&');
      const got = shapes.parse(search);
      expect(got).toStrictEqual(parseQueryString(search));
      expect(JSON.stringify(got)).toBe(JSON.stringify(parseQueryString(search)));
    }
  });

  test('a key without a value and an empty query string go to qs', () => {
    const shapes = new QueryStringShapes();
    for (const search of ['', 'a', 'a&b=1', '?a=1', '&&a=1']) expect(shapes.parse(search)).toStrictEqual(parseQueryString(search));
  });
});

let server: MockServer | undefined;
afterEach(() => server?.close());

describe('a query of a known shape', () => {
  const read = async (url: string) => {
    const res = await fetch(url, { headers: { 'cache-control': 'no-cache' } });
    return { status: res.status, text: await res.text() };
  };

  /** Each URL's answer from one server, in turn. */
  const readInTurn = async (urls: readonly string[]) => {
    const started = await startKitServer({ cache: false });
    server = started.server;
    const answers: { status: number; text: string }[] = [];
    for (const url of urls) answers.push(await read(started.url + url));
    return answers;
  };

  /** Each URL alone, on a fresh server, answers as it did in turn. */
  const eachOnFreshServer = async (urls: readonly string[], warm: readonly { status: number; text: string }[]) => {
    for (const [i, url] of urls.entries()) {
      await server?.close();
      const fresh = await startKitServer({ cache: false });
      server = fresh.server;
      expect(await read(fresh.url + url), url).toEqual(warm[i]);
    }
  };

  test('the same populate in another order answers in that order, as on a server that never saw it', async () => {
    const names = ['category', 'tags', 'seo', 'localizations', 'cover'];
    const orders = [names, [...names].reverse(), ['seo', 'category', 'localizations', 'cover', 'tags']];
    const urls = orders.map(
      (order, i) => `/api/articles?${order.map((n) => `populate[${n}]=true`).join('&')}&pagination[pageSize]=${2 + i}`,
    );
    const warm = await readInTurn(urls);
    for (const [i, order] of orders.entries()) {
      const entry = (JSON.parse(warm[i].text) as { data: Record<string, unknown>[] }).data[0];
      expect(Object.keys(entry).filter((key) => names.includes(key))).toEqual(order);
    }
    await eachOnFreshServer(urls, warm);
  }, 60_000);

  test('answers and fails as on a server that never saw its shape', async () => {
    const urls = [
      '/api/articles?filters[views][$gt]=10&sort=title:asc&pagination[page]=1&pagination[pageSize]=2',
      '/api/articles?filters[views][$gt]=20&sort=title:asc&pagination[page]=2&pagination[pageSize]=3',
      // the pagination value is refused, then the filter value
      '/api/articles?filters[views][$gt]=20&sort=title:asc&pagination[page]=x&pagination[pageSize]=3',
      '/api/articles?filters[views][$gt]=abc&sort=title:asc&pagination[page]=1&pagination[pageSize]=3',
      '/api/articles?filters[views][$gt]=30&sort=title:asc&pagination[page]=1&pagination[pageSize]=-5',
      // the shape itself is refused (an unknown key), with another value each time
      '/api/articles?filters[nope][$eq]=1',
      '/api/articles?filters[nope][$eq]=2',
      '/api/articles?filters[title][$in][0]=a&filters[title][$in][1]=b',
      '/api/articles?filters[title][$in][0]=c&filters[title][$in][1]=d',
      '/api/articles?filters[title][$null]&pagination[pageSize]=1',
      '/api/articles?filters[title][$null]=true&pagination[pageSize]=1',
    ];
    const warm = await readInTurn(urls);
    expect(new Set(warm.map((w) => w.status))).toEqual(new Set([200, 400]));
    await eachOnFreshServer(urls, warm);
  }, 60_000);
});
