import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { createProxy } from '../../src/contract/proxy/create-proxy.js';
import { contractFor } from '../../src/contract/proxy/load-contract.js';
import { Report } from '../../src/contract/proxy/report.js';
import { curlOf, MARKDOWN_MAX_PATHS, MARKDOWN_MAX_REQUESTS } from '../../src/contract/proxy/report-formats.js';
import type { ExchangeResult, Violation } from '../../src/contract/proxy/violation.js';
import { loadKitModel } from '../openapi/kit.js';
import { checkJUnit } from './junit-check.js';

const TARGET = 'http://127.0.0.1:1337';
const clean = (i: number): ExchangeResult => ({
  operation: 'GET /api/tags',
  method: 'GET',
  url: `/api/tags?i=${i}`,
  status: 200,
  violations: [],
});
const violation = (i: number): Violation => ({ rule: 'schema', path: `$.data[${i}].name`, message: 'must be string' });
const failing = (i: number, violations: Violation[] = [violation(0)]): ExchangeResult => ({
  operation: 'PUT /api/tags/{documentId}',
  method: 'PUT',
  url: `/api/tags/abc${i}?populate=*`,
  status: 200,
  violations,
  requestBody: { data: { name: "it's" } },
  authorized: true,
  excerpt: '{"data":{"id":1,"name":42}}',
});

describe('JUnit report', () => {
  test('a long session keeps 1,000 passes: tests counts the test cases written, the requests property declares all', () => {
    const report = new Report('proxy', TARGET, 2);
    for (let i = 0; i < 5; i++) report.add(clean(i));
    report.add(failing(0));
    const xml = report.render('junit');
    expect(checkJUnit(xml)).toEqual([]);
    expect(xml).toContain('<testsuite name="GET /api/tags" tests="2" failures="0" errors="0"');
    expect(xml).toContain('<property name="requests" value="5"/>');
    expect(xml).toContain('<testsuites name="content-mock proxy http://127.0.0.1:1337" tests="3" failures="1" errors="0"');
  });

  test('the schema check is not blind: a report without errors, or with a wrong count, fails it', () => {
    const report = new Report('proxy', TARGET);
    report.add(clean(1));
    const xml = report.render('junit');
    expect(checkJUnit(xml.replace(/ errors="0"/g, ''))).toContainEqual(expect.stringContaining('lacks errors'));
    expect(checkJUnit(xml.replace(/(<testsuite name="[^"]*" )tests="1"/, '$1tests="7"'))).toContainEqual(
      expect.stringContaining('but 1 <testcase>'),
    );
    expect(checkJUnit(xml.replace('</testsuite>', ''))).not.toEqual([]);
  });

  test('a failure carries the request, its body, the answer status and excerpt, and a curl line', () => {
    const report = new Report('proxy', TARGET);
    report.add(failing(1));
    const xml = report.render('junit');
    expect(checkJUnit(xml)).toEqual([]);
    expect(xml).toContain('request: PUT /api/tags/abc1?populate=*');
    expect(xml).toContain('request body: {&quot;data&quot;:{&quot;name&quot;:&quot;it&apos;s&quot;}}');
    expect(xml).toContain('answer: 200 {&quot;data&quot;:{&quot;id&quot;:1,&quot;name&quot;:42}}');
    expect(xml).toContain('reproduce: curl -sS -g -X PUT');
  });
});

describe('curl line', () => {
  test('reproduces method, URL and JSON body; the credential stays $TOKEN', () => {
    expect(curlOf(TARGET, failing(2))).toBe(
      `curl -sS -g -X PUT 'http://127.0.0.1:1337/api/tags/abc2?populate=*' -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' --data-raw '{"data":{"name":"it'\\''s"}}'`,
    );
  });
});

describe('Markdown report', () => {
  test('grouped by request and rule, capped, the rest counted', () => {
    const report = new Report('check', TARGET);
    const many = Array.from({ length: MARKDOWN_MAX_PATHS + 3 }, (_, i) => violation(i));
    report.add(failing(0, [...many, { rule: 'sort', path: '$.data[1].name', message: 'out of order' }]));
    for (let i = 1; i < MARKDOWN_MAX_REQUESTS + 7; i++) report.add(failing(i));
    const text = report.render('markdown');
    expect(text).toContain('### `PUT /api/tags/abc0?populate=*` → 200');
    expect(text).toContain('| schema | … | 3 more |');
    expect(text).toContain('| sort | `$.data[1].name` | out of order |');
    expect(text).toContain("curl -sS -g -X PUT 'http://127.0.0.1:1337/api/tags/abc0?populate=*'");
    expect(text).toContain('Answer: `{"data":{"id":1,"name":42}}`');
    expect(text).toContain('…and 7 more requests with violations.');
    expect(text.match(/^### /gm)).toHaveLength(MARKDOWN_MAX_REQUESTS);
  });
});

describe('a stale keep-alive socket', () => {
  test('an idempotent request that gets ECONNRESET on a reused upstream socket is retried once, not a 502', async () => {
    let served = 0;
    // Answers the first request of each connection; a second request on the same socket is reset, as a backend
    // does that closed an idle keep-alive connection the proxy still had pooled.
    const backend = http.createServer((req, res) => {
      const socket = req.socket as typeof req.socket & { used?: boolean };
      if (socket.used) return void socket.destroy();
      socket.used = true;
      served += 1;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } }));
    });
    await new Promise<void>((ok) => backend.listen(0, '127.0.0.1', ok));
    const target = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    const proxy = createProxy({ target, contract: contractFor(await loadKitModel()), log: () => undefined });
    const { url } = await proxy.listen(0);
    try {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${url}/api/tags`);
        await res.arrayBuffer();
        expect(res.status).toBe(200);
      }
      expect(served).toBe(3);
      await proxy.idle();
      expect(proxy.report.data().results.flatMap((r) => r.violations)).toEqual([]);
    } finally {
      await proxy.close();
      await new Promise<void>((ok) => {
        backend.close(() => ok());
        backend.closeAllConnections();
      });
    }
  });
});
