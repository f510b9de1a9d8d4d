import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startDevServer, type DevServer } from './dev-helpers.js';

const json = { 'content-type': 'application/json' };

describe('CORS', () => {
  let dev: DevServer;
  beforeAll(async () => {
    dev = await startDevServer({ memory: true });
  });
  afterAll(() => dev.stop());

  it("OPTIONS /api/tags (preflight) answers 204 with Strapi's default methods and headers", async () => {
    const res = await fetch(`${dev.url}/api/tags`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/^Content-Type,Authorization,Origin,Accept/);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('GET /api/tags with an Origin carries the CORS headers', async () => {
    const res = await fetch(`${dev.url}/api/tags`, { headers: { origin: 'http://localhost:5173' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});

describe('CORS configured', () => {
  it('allows only the configured origins', async () => {
    const dev = await startDevServer({ memory: true, configObject: { cors: { origin: ['http://app.test'] } } });
    try {
      const ok = await fetch(`${dev.url}/api/tags`, { headers: { origin: 'http://app.test' } });
      expect(ok.headers.get('access-control-allow-origin')).toBe('http://app.test');
      const other = await fetch(`${dev.url}/api/tags`, { headers: { origin: 'http://evil.test' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await dev.stop();
    }
  });

  it('sends no CORS headers with cors: false', async () => {
    const dev = await startDevServer({ memory: true, cors: false });
    try {
      const res = await fetch(`${dev.url}/api/tags`, { headers: { origin: 'http://app.test' } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await dev.stop();
    }
  });
});

describe('latency and faults', () => {
  let dev: DevServer;
  beforeAll(async () => {
    dev = await startDevServer({
      memory: true,
      logRequests: true,
      configObject: {
        rules: [
          { method: 'GET', path: '/api/authors*', delay: 150 },
          { path: '/api/categories', fault: 'status', status: 503 },
          { path: '/api/articles', fault: 'timeout', timeout: 200 },
          { path: '/api/homepage', fault: 'reset' },
        ],
      },
    });
  });
  afterAll(() => dev.stop());

  const timed = async (path: string, init: RequestInit = {}) => {
    const started = performance.now();
    const res = await fetch(dev.url + path, init);
    return { res, ms: performance.now() - started };
  };

  it('GET /api/authors is delayed by its rule', async () => {
    const { res, ms } = await timed('/api/authors');
    expect(res.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(130);
  });

  it('GET /api/tags is delayed by the x-content-mock-fault header', async () => {
    const { res, ms } = await timed('/api/tags', { headers: { 'x-content-mock-fault': 'delay=120' } });
    expect(res.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(100);
  });

  it("GET /api/categories answers its rule's 503 in Strapi's error envelope", async () => {
    const { res } = await timed('/api/categories');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      data: null,
      error: { status: 503, name: 'ServiceUnavailableError', message: 'Service Unavailable', details: {} },
    });
  });

  it("GET /api/tags with x-content-mock-fault: status=500 answers Strapi's 500", async () => {
    const { res } = await timed('/api/tags', { headers: { 'x-content-mock-fault': 'status=500' } });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      data: null,
      error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} },
    });
  });

  it('GET /api/articles (timeout rule) answers 504 only after the timeout', async () => {
    const { res, ms } = await timed('/api/articles');
    expect(res.status).toBe(504);
    expect(ms).toBeGreaterThanOrEqual(180);
    expect(((await res.json()) as { error: { name: string } }).error.name).toBe('GatewayTimeoutError');
  });

  it('GET /api/tags with x-content-mock-fault: timeout never answers (the client gives up)', async () => {
    const started = performance.now();
    await expect(
      fetch(`${dev.url}/api/tags`, { headers: { 'x-content-mock-fault': 'timeout' }, signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow(/abort|timeout/i);
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('GET /api/homepage (reset rule) drops the connection', async () => {
    await expect(fetch(`${dev.url}/api/homepage`)).rejects.toThrow(/fetch failed/);
  });

  it('GET /api/tags with x-content-mock-fault: reset drops the connection', async () => {
    await expect(fetch(`${dev.url}/api/tags`, { headers: { 'x-content-mock-fault': 'reset' } })).rejects.toThrow(/fetch failed/);
  });

  it('logs one line per request with method, path, status and time', async () => {
    await fetch(`${dev.url}/api/tags?sort=id`);
    expect(dev.logs).toContainEqual(expect.stringMatching(/^GET \/api\/tags\?sort=id 200 \d+ms$/));
    expect(dev.logs).toContainEqual(expect.stringMatching(/^GET \/api\/categories 503 \d+ms$/));
  });
});

describe('shutdown', () => {
  it('close() ends a request held by a timeout fault instead of waiting for it', async () => {
    const dev = await startDevServer({ memory: true });
    const hung = fetch(`${dev.url}/api/tags`, { headers: { 'x-content-mock-fault': 'timeout' } });
    await sleep(50);
    const started = performance.now();
    await dev.stop();
    expect(performance.now() - started).toBeLessThan(900);
    await expect(hung).rejects.toThrow(/fetch failed/);
  });
});

describe('global delay', () => {
  it('delays every request by a range', async () => {
    const dev = await startDevServer({ memory: true, delay: '100-150' });
    try {
      const started = performance.now();
      const res = await fetch(`${dev.url}/api/tags`);
      expect(res.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    } finally {
      await dev.stop();
    }
  });
});

describe('reset', () => {
  it('POST /__content-mock/reset restores the seed', async () => {
    const dev = await startDevServer({});
    try {
      const created = await fetch(`${dev.url}/api/tags`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ data: { name: 'temporary' } }),
      });
      expect(created.status).toBe(201);
      const count = async () =>
        ((await (await fetch(`${dev.url}/api/tags`)).json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
      const withNew = await count();
      const reset = await fetch(`${dev.url}/__content-mock/reset`, { method: 'POST', headers: { 'x-content-mock-fault': 'status=500' } });
      expect(reset.status).toBe(204);
      expect(await count()).toBe(withNew - 1);

      await fetch(`${dev.url}/api/tags`, { method: 'POST', headers: json, body: JSON.stringify({ data: { name: 'again' } }) });
      await dev.server.reset();
      expect(await count()).toBe(withNew - 1);
    } finally {
      await dev.stop();
    }
  });
});

describe('read-only mode', () => {
  let dev: DevServer;
  beforeAll(async () => {
    dev = await startDevServer({ memory: true, readonly: true });
  });
  afterAll(() => dev.stop());

  it.each([
    ['POST', '/api/tags'],
    ['PUT', '/api/tags/qnkocyn5lthvkvc6llzygm34'],
    ['DELETE', '/api/tags/qnkocyn5lthvkvc6llzygm34'],
    ['PUT', '/api/global'],
  ])('%s %s answers 405 Method Not Allowed', async (method, path) => {
    const res = await fetch(dev.url + path, {
      method,
      headers: json,
      body: method === 'DELETE' ? undefined : JSON.stringify({ data: { name: 'x' } }),
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('Method Not Allowed');
  });

  it('GET /api/tags still answers', async () => {
    const res = await fetch(`${dev.url}/api/tags`);
    expect(res.status).toBe(200);
  });
});
