import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// Any web page can make a browser POST a form to 127.0.0.1: the control routes must refuse every request that is
// not from this machine's own tools, while content routes keep Strapi's default CORS.

let server: MockServer;
let port: number;
beforeAll(async () => {
  const started = await startKitServer({ faults: { maxDelay: 300 } });
  server = started.server;
  port = Number(new URL(started.url).port);
});
afterAll(() => server.close());

/** node:http, so the Host header is ours to choose (as a rebinding DNS name would make it). */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('/__content-mock/* control routes refuse cross-site requests', () => {
  test('from a test runner (no Origin) → 204; from the same origin → 204', async () => {
    expect((await send('POST', '/__content-mock/reset')).status).toBe(204);
    expect((await send('POST', '/__content-mock/reset', { origin: `http://127.0.0.1:${port}` })).status).toBe(204);
    expect((await send('POST', '/__content-mock/reset', { host: `localhost:${port}`, origin: `http://localhost:${port}` })).status).toBe(
      204,
    );
  });

  test.each([
    ['another origin', { origin: 'http://evil.example' }],
    ['another port on this machine', { origin: 'http://127.0.0.1:1' }],
    ['an opaque origin (a sandboxed page)', { origin: 'null' }],
    ['a cross-site fetch without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['a rebinding host name', { host: `evil.example:${port}` }],
    ['a rebinding host name with its own origin', { host: `evil.example:${port}`, origin: `http://evil.example:${port}` }],
    ['the right name on another port', { host: 'localhost:1' }],
  ])('%s → 403 in the envelope, no CORS headers, nothing reset', async (_name, headers) => {
    const res = await send('POST', '/__content-mock/reset', headers);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ data: null, error: { status: 403, name: 'ForbiddenError' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('a preflight for a control route gets no CORS answer', async () => {
    const res = await send('OPTIONS', '/__content-mock/reset', { origin: 'http://evil.example', 'access-control-request-method': 'POST' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  test("content routes keep Strapi's default CORS (the origin reflected, with credentials)", async () => {
    const res = await send('GET', '/api/tags', { origin: 'http://localhost:5173' });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });
});

describe('x-content-mock-fault is capped (faults.maxDelay) and can be turned off', () => {
  test('a delay or a timeout longer than the cap answers by the cap', async () => {
    let started = performance.now();
    expect((await send('GET', '/api/tags', { 'x-content-mock-fault': 'delay=600000' })).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
    started = performance.now();
    const hung = await send('GET', '/api/tags', { 'x-content-mock-fault': 'timeout' });
    expect(hung.status).toBe(504);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('"faults": false ignores the header (a shared mock)', async () => {
    const { server: shared, url } = await startKitServer({ faults: false });
    try {
      const res = await fetch(`${url}/api/tags`, { headers: { 'x-content-mock-fault': 'status=503' } });
      expect(res.status).toBe(200);
    } finally {
      await shared.close();
    }
  });

  test('a bad "faults" value is a config error', async () => {
    await expect(startKitServer({ faults: { maxDelay: 'long' } })).rejects.toThrow('faults.maxDelay must be a number of ms');
    await expect(startKitServer({ faults: { nope: 1 } })).rejects.toThrow('unknown key "faults.nope"');
  });
});
