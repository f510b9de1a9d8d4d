import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { KIT_TOKEN, startKitServer } from '../helpers/kit.js';

// Where a write's checks come in Strapi 5.54 (probed on real Strapi with scripts/harness/probe.mjs, found by the
// write grammar generator, scripts/harness/write-grammar-gen.mjs): the body parser before the route's authentication,
// the controller's query and body validation before the document service's own parameters (status, locale), a core
// route's declared body keys let through at the payload's root, and a single type's DELETE validating its query.
let server: MockServer;
let url: string;
beforeAll(async () => {
  ({ server, url } = await startKitServer());
});
afterAll(() => server.close());

const send = async (method: string, path: string, body: string | undefined, token?: string) => {
  const res = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as { data: unknown; error?: { name: string; message: string } }) : null };
};

describe('the body is parsed before the route authenticates', () => {
  test.each([
    ['a read-only token', KIT_TOKEN],
    ['a token nobody issued', 'not-a-token'],
    ['no token', undefined],
  ])('malformed JSON with %s is the parser 400', async (_, token) => {
    for (const [method, path] of [
      ['POST', '/api/articles'],
      ['PUT', '/api/global'],
      ['POST', '/api/upload'],
    ] as const) {
      const a = await send(method, path, '{"data": {', token);
      expect(a.status, `${method} ${path}`).toBe(400);
      expect(a.body?.error?.name).toBe('SyntaxError');
    }
  });

  test('a DELETE body is not read: the token decides', async () => {
    const a = await send('DELETE', '/api/articles/nope', '{"data": {', KIT_TOKEN);
    expect(a.status).toBe(403);
  });

  test('a well-formed body with a read-only token is still refused', async () => {
    const a = await send('POST', '/api/articles', JSON.stringify({ data: { title: 'x' } }), KIT_TOKEN);
    expect(a.status).toBe(403);
  });
});

describe('the payload before the document service parameters', () => {
  test('an unknown body key is named before an unknown status', async () => {
    const a = await send('POST', '/api/categories?status=nope', JSON.stringify({ data: { name: 'x', createdBy: 1 } }));
    expect(a.status).toBe(400);
    expect(a.body?.error?.message).toBe('Invalid key createdBy');
  });

  test('the query is still validated first', async () => {
    const a = await send('POST', '/api/categories?status=nope&sort=1', JSON.stringify({ data: { name: 'x', createdBy: 1 } }));
    expect(a.body?.error?.message).toBe('Invalid key 1');
  });

  test('a valid body with an unknown status names the status', async () => {
    const a = await send('POST', '/api/categories?status=nope', JSON.stringify({ data: { name: 'x' } }));
    expect(a.body?.error?.message).toBe("Invalid parameter at 'status'. Expected 'published' or 'draft', received: nope");
  });
});

describe("a core route's body key at the payload's root", () => {
  test('data.data passes on a create and is written nowhere', async () => {
    const a = await send('POST', '/api/categories', JSON.stringify({ data: { name: 'with data', data: 'y' } }));
    expect(a.status).toBe(201);
    expect(a.body?.data).toMatchObject({ name: 'with data' });
    expect(a.body?.data).not.toHaveProperty('data');
  });

  test('and on a single type update', async () => {
    const a = await send('PUT', '/api/homepage', JSON.stringify({ data: { data: { x: 1 } } }));
    expect(a.status).toBe(200);
    expect(a.body?.data).not.toHaveProperty('data');
  });

  test('other unknown keys are still refused', async () => {
    const a = await send('POST', '/api/categories', JSON.stringify({ data: { name: 'x', meta: 1 } }));
    expect(a.body?.error?.message).toBe('Invalid key meta');
  });
});

describe("a single type's DELETE validates its query", () => {
  test.each([
    ['sort=1', 'Invalid key 1'],
    ['filters[nope]=1', 'Invalid key nope'],
    ['foo=bar', 'Invalid key foo'],
    ['populate=nope', 'Invalid key nope'],
    ['fields=nope', 'Invalid key nope'],
  ])('DELETE /api/global?%s', async (query, message) => {
    const a = await send('DELETE', `/api/global?${query}`, undefined);
    expect(a.status).toBe(400);
    expect(a.body?.error?.message).toBe(message);
  });
});

describe('data given as a list', () => {
  test("an update of a document that is not there is Strapi's 404 before the list is refused", async () => {
    const missing = await send('PUT', '/api/categories/nope-not-a-document', JSON.stringify({ data: [] }));
    expect(missing.status).toBe(404);
    // each item's keys are checked first, as validateInput maps over a list
    const keyed = await send('PUT', '/api/categories/nope-not-a-document', JSON.stringify({ data: [{ nope: 1 }] }));
    expect(keyed.body?.error?.message).toBe('Invalid key nope');
  });

  test('a create, or an update of a document that is there, refuses the list', async () => {
    const created = await send('POST', '/api/categories', JSON.stringify({ data: { name: 'list target' } }));
    const documentId = (created.body?.data as { documentId: string }).documentId;
    for (const [method, path] of [
      ['POST', '/api/categories'],
      ['PUT', `/api/categories/${documentId}`],
    ] as const) {
      const a = await send(method, path, JSON.stringify({ data: [] }));
      expect(a.status, method).toBe(400);
      expect(a.body?.error?.message).toBe('this must be a `object` type, but the final value was: `null` (cast from the value `[]`).');
    }
  });
});

describe('status inside a relation value', () => {
  test("is refused in the relation's own object, accepted in a connect list", async () => {
    const category = await send('POST', '/api/categories', JSON.stringify({ data: { name: 'ref status' } }));
    const documentId = (category.body?.data as { documentId: string }).documentId;
    const direct = await send(
      'POST',
      '/api/articles',
      JSON.stringify({ data: { title: 'x', category: { documentId, status: 'published' } } }),
    );
    expect(direct.body?.error?.message).toBe('Invalid key status at category');
    const listed = await send(
      'POST',
      '/api/articles',
      JSON.stringify({ data: { title: 'y', category: { connect: [{ documentId, status: 'published' }] } } }),
    );
    expect(listed.status).toBe(201);
  });
});
