import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProxy, VIOLATIONS_HEADER, type ContentProxy } from '../../src/contract/proxy/create-proxy.js';
import { contractFor, type Contract } from '../../src/contract/proxy/load-contract.js';
import type { ExchangeVerdict } from '../../src/contract/proxy/validate-exchange.js';
import { memoKey, VerdictMemo } from '../../src/contract/proxy/verdict-memo.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { loadKitModel } from '../openapi/kit.js';
import { startBrokenBackend, type BrokenBackend } from './broken-backend.js';

const KIT = 'test/fixtures/kit';
let mock: MockServer;
let broken: BrokenBackend;
let contract: Contract;
const open: ContentProxy[] = [];

beforeAll(async () => {
  mock = await createServer({
    schemas: `${KIT}/model`,
    seed: `${KIT}/dataset.json`,
    memory: true,
    config: `${KIT}/content-mock.config.json`,
  });
  const { url } = await mock.listen(0);
  broken = await startBrokenBackend(url);
  contract = contractFor(await loadKitModel());
});
afterAll(async () => {
  for (const p of open) await p.close();
  await broken.close();
  await mock.close();
});

async function proxyTo(options: { validateFirst?: boolean } = {}) {
  const proxy = createProxy({ target: broken.url, contract, log: () => undefined, ...options });
  open.push(proxy);
  const { url } = await proxy.listen(0);
  return { proxy, url };
}

// `x-break` is no header the checks read, so every request below has the same memo key: only the bytes differ.
const get = async (url: string, kind?: string) => {
  const res = await fetch(`${url}/api/articles`, { headers: kind ? { 'x-break': kind } : {} });
  await res.arrayBuffer();
  return res;
};

describe('the verdict memo', () => {
  test('a repeated bad answer is reported as a violation every time', async () => {
    const { proxy, url } = await proxyTo();
    for (let i = 0; i < 4; i++) await get(url, 'wrong-type');
    await proxy.idle();
    const { results, totals } = proxy.report.data();
    expect(results).toHaveLength(4);
    for (const r of results) expect(r.violations).toContainEqual(expect.objectContaining({ rule: 'schema', path: '$.data[0].title' }));
    expect(totals.failed).toBe(4);
  });

  test('a verdict is not reused when the body differs (bad → good → other bad → bad)', async () => {
    const { proxy, url } = await proxyTo();
    for (const kind of ['wrong-type', undefined, 'wrong-locale', 'wrong-type']) {
      await get(url, kind);
      await proxy.idle(); // in order, so each answer meets the memo the previous one left
    }
    const [first, clean, other, again] = proxy.report.data().results;
    expect(first.violations).toContainEqual(expect.objectContaining({ path: '$.data[0].title' }));
    expect(clean.violations).toEqual([]);
    expect(other.violations).toContainEqual(expect.objectContaining({ rule: 'locale', path: '$.data[0].locale' }));
    expect(other.violations).not.toContainEqual(expect.objectContaining({ path: '$.data[0].title' }));
    expect(again.violations).toEqual(first.violations);
  });

  test('validate-first sends the violation count on every repeat', async () => {
    const { url } = await proxyTo({ validateFirst: true });
    const counts: string[] = [];
    for (const kind of ['wrong-type', 'wrong-type', undefined, 'wrong-type'])
      counts.push((await get(url, kind)).headers.get(VIOLATIONS_HEADER) ?? '');
    expect(counts.map(Number).map((n) => n > 0)).toEqual([true, true, false, true]);
  });
});

describe('VerdictMemo', () => {
  const verdict = (n: number): ExchangeVerdict => ({
    operation: 'GET /api/articles',
    violations: Array.from({ length: n }, () => ({ rule: 'schema', path: '$', message: 'x' })),
  });
  const key = memoKey('GET', '/api/articles', {}, 200, 'application/json', undefined);

  test('hits on the same bytes however they are chunked; misses on one changed byte or another length', () => {
    const memo = new VerdictMemo();
    const body = Buffer.from('{"data":[1,2,3],"meta":{}}');
    memo.set(key, body, verdict(1));
    expect(memo.get(key, [body.subarray(0, 5), body.subarray(5)], body.length)?.violations).toHaveLength(1);
    const changed = Buffer.from(body);
    changed[body.length - 2] = 0x20;
    expect(memo.get(key, [changed], changed.length)).toBeUndefined();
    expect(memo.get(key, [body.subarray(0, 10)], 10)).toBeUndefined();
    expect(memo.get(key, [body, Buffer.from(' ')], body.length + 1)).toBeUndefined();
  });

  test('the key holds what a verdict depends on: method, URL, status, content type and encoding, v4 header', () => {
    const variants = [
      memoKey('POST', '/api/articles', {}, 200, 'application/json', undefined),
      memoKey('GET', '/api/articles?locale=fr', {}, 200, 'application/json', undefined),
      memoKey('GET', '/api/articles', {}, 404, 'application/json', undefined),
      memoKey('GET', '/api/articles', {}, 200, 'text/plain', undefined),
      memoKey('GET', '/api/articles', {}, 200, 'application/json', 'gzip'),
      memoKey('GET', '/api/articles', { 'strapi-response-format': 'v4' }, 200, 'application/json', undefined),
    ];
    expect(new Set([key, ...variants]).size).toBe(variants.length + 1);
    expect(memoKey('GET', '/api/articles', { 'x-other': '1' }, 200, 'application/json', undefined)).toBe(key);
  });

  test('stays within its byte budget, least recently used out first', () => {
    const memo = new VerdictMemo(100, 10);
    const body = (c: string) => Buffer.alloc(20, c);
    for (const k of ['a', 'b', 'c', 'd', 'e']) memo.set(k, body(k), verdict(0));
    expect(memo.get('a', [body('a')], 20)).toBeDefined(); // a is now the most recent
    memo.set('f', body('f'), verdict(0));
    expect(memo.size).toBe(5);
    expect(memo.get('b', [body('b')], 20)).toBeUndefined();
    expect(memo.get('a', [body('a')], 20)).toBeDefined();
  });
});
