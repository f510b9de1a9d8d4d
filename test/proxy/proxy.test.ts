import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProxy, VIOLATIONS_HEADER, type ContentProxy } from '../../src/contract/proxy/create-proxy.js';
import { contractFor, type Contract } from '../../src/contract/proxy/load-contract.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { loadKitModel } from '../openapi/kit.js';
import { startBrokenBackend, type BrokenBackend } from './broken-backend.js';

const KIT = 'test/fixtures/kit';
let mock: MockServer;
let mockUrl: string;
let broken: BrokenBackend;
let contract: Contract;
const open: ContentProxy[] = [];
const silent = () => undefined;

async function proxyTo(target: string, options: { strict?: boolean; validateFirst?: boolean; timeoutMs?: number } = {}) {
  const proxy = createProxy({ target, contract, log: silent, ...options });
  open.push(proxy);
  const { url } = await proxy.listen(0);
  return { proxy, url };
}

beforeAll(async () => {
  mock = await createServer({
    schemas: `${KIT}/model`,
    seed: `${KIT}/dataset.json`,
    memory: true,
    config: `${KIT}/content-mock.config.json`,
  });
  ({ url: mockUrl } = await mock.listen(0));
  broken = await startBrokenBackend(mockUrl);
  contract = contractFor(await loadKitModel());
});
afterAll(async () => {
  for (const p of open) await p.close();
  await broken.close();
  await mock.close();
});

// Each row: the break, the request, and the rule + JSON path the proxy must report.
const CASES: Array<[string, string, string, string]> = [
  ['wrong-status', '/api/articles', 'status', '$'],
  ['missing-populated-relation', '/api/articles?populate=category', 'populate', '$.data[0].category'],
  ['unpopulated-relation-present', '/api/articles', 'populate', '$.data[0].category'],
  ['field-outside-fields', '/api/articles?fields[0]=title', 'fields', '$.data[0].slug'],
  ['wrong-type', '/api/articles', 'schema', '$.data[0].title'],
  ['broken-sort', '/api/articles?sort=title:asc', 'sort', '$.data[1].title'],
  ['filter-mismatch', '/api/articles?filters[featured][$eq]=true', 'filters', '$.data[0]'],
  ['wrong-pagination', '/api/articles?pagination[page]=1&pagination[pageSize]=5', 'pagination', '$.meta.pagination.pageCount'],
  ['bad-error-envelope', '/api/articles/doesnotexist123', 'error-envelope', '$.data'],
  ['wrong-locale', '/api/articles?locale=fr', 'locale', '$.data[0].locale'],
  ['wrong-status-filter', '/api/articles?status=draft', 'publication', '$.data[0].publishedAt'],
];

describe('the proxy catches a broken backend, with the JSON path', () => {
  test.each(CASES)('%s: %s', async (kind, path, rule, jsonPath) => {
    const { proxy, url } = await proxyTo(broken.url, { validateFirst: true });
    const res = await fetch(url + path, { headers: { 'x-break': kind } });
    await res.arrayBuffer();
    expect(Number(res.headers.get(VIOLATIONS_HEADER))).toBeGreaterThan(0);
    const report = proxy.report.data();
    const violations = report.results.flatMap((r) => r.violations);
    expect(violations).toContainEqual(expect.objectContaining({ rule, path: jsonPath }));
    expect(proxy.report.render('json')).toContain(jsonPath);
  });

  test('the same requests unbroken: no violation, the answer is byte for byte the direct one', async () => {
    const { proxy, url } = await proxyTo(broken.url);
    for (const [, path] of CASES) {
      const [direct, proxied] = await Promise.all([fetch(mockUrl + path), fetch(url + path)]);
      expect(proxied.status).toBe(direct.status);
      expect(await proxied.text()).toBe(await direct.text());
      expect(proxied.headers.get('content-type')).toBe(direct.headers.get('content-type'));
    }
    await proxy.idle();
    expect(proxy.report.data().results.flatMap((r) => r.violations)).toEqual([]);
    expect(proxy.report.data().totals.requests).toBe(CASES.length);
  });

  test('writes are forwarded with their body, and the answers validated', async () => {
    const { proxy, url } = await proxyTo(mockUrl);
    const created = await fetch(`${url}/api/tags?fields[0]=name`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { name: 'via-proxy' } }),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { data: { documentId: string; name: string } };
    expect(body.data.name).toBe('via-proxy');
    const deleted = await fetch(`${url}/api/tags/${body.data.documentId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    await proxy.idle();
    expect(proxy.report.data().results.flatMap((r) => r.violations)).toEqual([]);
  });

  test('--strict turns a bad answer into a 502 in the error envelope', async () => {
    const { url } = await proxyTo(broken.url, { strict: true });
    const res = await fetch(`${url}/api/articles`, { headers: { 'x-break': 'wrong-type' } });
    expect(res.status).toBe(502);
    const body = (await res.json()) as {
      data: null;
      error: { status: number; name: string; details: { violations: Array<{ path: string }> } };
    };
    expect(body.data).toBeNull();
    expect(body.error.status).toBe(502);
    expect(body.error.details.violations).toContainEqual(expect.objectContaining({ path: '$.data[0].title' }));
    const good = await fetch(`${url}/api/articles`);
    expect(good.status).toBe(200);
  });

  test('a target that is down: 502 in the envelope, reported', async () => {
    const { proxy, url } = await proxyTo('http://127.0.0.1:9');
    const res = await fetch(`${url}/api/articles`);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ data: null, error: { status: 502, name: 'BadGatewayError' } });
    expect(proxy.report.data().results[0].violations[0]).toMatchObject({ rule: 'target' });
  });

  test('a slow target: 504 in the envelope', async () => {
    const slow = await startBrokenBackend(mockUrl, { delayMs: 500 });
    try {
      const { url } = await proxyTo(slow.url, { timeoutMs: 100 });
      const res = await fetch(`${url}/api/articles`);
      expect(res.status).toBe(504);
      expect(await res.json()).toMatchObject({ data: null, error: { status: 504, name: 'GatewayTimeoutError' } });
    } finally {
      await slow.close();
    }
  });
});
