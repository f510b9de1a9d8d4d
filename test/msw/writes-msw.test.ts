import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createHandlers } from '../../src/mock/msw/index.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

// Writes, resets and the plugin routes through the MSW handlers, in-process.
const BASE = 'http://cms.msw.test';

describe('content-mock/msw in Node: writes, reset, users & auth, upload, locales', () => {
  const handlers = createHandlers({
    schemas: KIT_MODEL,
    seed: KIT_DATASET,
    config: KIT_CONFIG,
    configObject: { users: [{ username: 'ann', email: 'ann@example.com', password: 'secret-123' }] },
    baseUrl: BASE,
  });
  const server = setupServer(...handlers);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(BASE + path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type'), body: text ? (JSON.parse(text) as Record<string, any>) : null };
  };

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => handlers.reset());
  afterAll(() => server.close());

  test('create, read back, update, delete; reset restores the seed', async () => {
    const before = await call('GET', '/api/tags?pagination[withCount]=true');
    const total = before.body!.meta.pagination.total as number;
    const created = await call('POST', '/api/tags', { data: { name: 'msw-made' } });
    expect(created.status).toBe(201);
    expect(created.type).toBe('application/json; charset=utf-8');
    const id = created.body!.data.documentId as string;
    expect((await call('GET', `/api/tags/${id}`)).body!.data.name).toBe('msw-made');
    const updated = await call('PUT', `/api/tags/${id}`, { data: { name: 'msw-renamed' } });
    expect(updated.body!.data.name).toBe('msw-renamed');
    expect((await call('GET', '/api/tags')).body!.meta.pagination.total).toBe(total + 1);
    expect((await call('DELETE', `/api/tags/${id}`)).status).toBe(204);
    expect((await call('GET', `/api/tags/${id}`)).status).toBe(404);

    await call('POST', '/api/tags', { data: { name: 'left-over' } });
    await handlers.reset();
    expect((await call('GET', '/api/tags')).body!.meta.pagination.total).toBe(total);
  });

  test('errors are Strapi envelopes; a method a route lacks is a 405', async () => {
    const bad = await call('POST', '/api/tags', { data: { nope: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid key nope' } });
    const broken = await fetch(`${BASE}/api/tags`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { name: string } }).error.name).toBe('SyntaxError');
    expect((await call('GET', '/api/nothing-here')).body).toMatchObject({ error: { status: 404, name: 'NotFoundError' } });
    const patch = await fetch(`${BASE}/api/tags`, { method: 'PATCH' });
    expect([patch.status, await patch.text()]).toEqual([405, 'Method Not Allowed']);
  });

  test('sign in, who am I, register; users list', async () => {
    const login = await call('POST', '/api/auth/local', { identifier: 'ann@example.com', password: 'secret-123' });
    expect(login.status).toBe(200);
    expect(login.body!.user).toMatchObject({ username: 'ann', email: 'ann@example.com' });
    expect(login.body!.user.password).toBeUndefined();
    const me = await call('GET', '/api/users/me', undefined, { authorization: `Bearer ${login.body!.jwt as string}` });
    expect(me.body).toMatchObject({ username: 'ann' });
    const wrong = await call('POST', '/api/auth/local', { identifier: 'ann', password: 'nope-nope' });
    expect(wrong.body).toMatchObject({ error: { status: 400, message: 'Invalid identifier or password' } });
    const reg = await call('POST', '/api/auth/local/register', { username: 'bob', email: 'bob@example.com', password: 'secret-456' });
    expect(reg.status).toBe(200);
    expect(typeof reg.body!.jwt).toBe('string');
  });

  test('upload metadata and i18n locales', async () => {
    const files = await call('GET', '/api/upload/files');
    expect(files.status).toBe(200);
    expect(Array.isArray(files.body)).toBe(true);
    const first = (files.body as unknown as { id: number; name: string }[])[0];
    expect((await call('GET', `/api/upload/files/${first.id}`)).body).toMatchObject({ id: first.id, name: first.name });
    expect((await call('GET', '/api/upload/files/999999')).body).toMatchObject({ error: { status: 404, message: 'file.notFound' } });
    const locales = await call('GET', '/api/i18n/locales');
    expect((locales.body as unknown as { code: string }[]).map((l) => l.code)).toContain('en');
  });
});

describe('content-mock/msw: webhooks from the handlers', () => {
  const hooks: { event: string; uid?: string }[] = [];
  const handlers = createHandlers({
    schemas: KIT_MODEL,
    seed: KIT_DATASET,
    config: KIT_CONFIG,
    configObject: { webhooks: [{ url: 'http://app.msw.test/api/revalidate', events: ['entry.publish'] }] },
    baseUrl: BASE,
  });
  // The receiver is itself an MSW handler: a component test can assert what its revalidation route was sent.
  const server = setupServer(
    ...handlers,
    http.post('http://app.msw.test/api/revalidate', async ({ request }) => {
      hooks.push((await request.json()) as { event: string; uid?: string });
      return HttpResponse.json({ revalidated: true });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  test('a write through the handlers posts the webhook; deliveries() lists it', async () => {
    const res = await fetch(`${BASE}/api/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title: 'From a component test' } }),
    });
    expect(res.status).toBe(201);
    for (let i = 0; i < 200 && handlers.deliveries().length === 0; i++) await new Promise((ok) => setTimeout(ok, 5));
    expect(hooks).toMatchObject([{ event: 'entry.publish', uid: 'api::article.article' }]);
    expect(handlers.deliveries()).toMatchObject([{ event: 'entry.publish', status: 200, ok: true }]);
    await handlers.reset();
    expect(handlers.deliveries()).toEqual([]);
  });
});
