import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCheck } from '../../src/contract/check/run-check.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// `check` on a project that serves the GraphQL plugin: it sends the plugin's queries too (each content type's list,
// connection and single document) and judges the answers against the plugin's schema.

const KIT = 'test/fixtures/kit';
const TOKEN = 'kit-read-only-token-5b1d0c2e9f7a4386';
const dir = mkdtempSync(join(tmpdir(), 'content-mock-graphql-check-'));
const config = join(dir, 'content-mock.config.json');
writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(`${KIT}/content-mock.config.json`, 'utf8')), graphql: true }));
let server: MockServer;
let url: string;
let broken: http.Server;
let brokenUrl: string;

beforeAll(async () => {
  server = await createServer({ schemas: `${KIT}/model`, seed: `${KIT}/dataset.json`, memory: true, config });
  ({ url } = await server.listen(0));
  // in front of the healthy mock: every GraphQL answer's first article title becomes a number
  broken = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const upstream = await fetch(url + (req.url ?? '/'), {
        method: req.method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length')) as Record<
          string,
          string
        >,
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
      });
      let text = await upstream.text();
      if (req.url === '/graphql') {
        const body = JSON.parse(text) as { data?: Record<string, unknown> };
        const list = body.data?.articles;
        if (Array.isArray(list) && list.length > 0) (list[0] as Record<string, unknown>).title = 42;
        text = JSON.stringify(body);
      }
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(text);
    })();
  });
  await new Promise<void>((ok) => broken.listen(0, '127.0.0.1', ok));
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await new Promise((ok) => broken.close(ok));
});

describe('check with the GraphQL plugin', () => {
  test('a healthy target: every content type queried through /graphql, no violation', async () => {
    const report = await runCheck({ target: url, schemas: `${KIT}/model`, config, token: TOKEN });
    const graphql = report.results.filter((r) => r.name?.startsWith('graphql: '));
    expect(graphql.map((r) => r.name)).toEqual(
      expect.arrayContaining(['graphql: articles', 'graphql: articles_connection', 'graphql: global']),
    );
    expect(graphql.every((r) => r.status === 200 && r.violations.length === 0)).toBe(true);
    expect(report.exitCode).toBe(0);
  });

  test('a GraphQL answer off the schema is a violation at its path', async () => {
    const report = await runCheck({ target: brokenUrl, schemas: `${KIT}/model`, config, token: TOKEN });
    const articles = report.results.find((r) => r.name === 'graphql: articles')!;
    expect(articles.violations.map((v) => v.path)).toContain('$.data.articles[0].title');
    expect(report.exitCode).toBe(1);
  });
});
