import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { jsonClient } from '../helpers/send-json.js';

// test/fixtures/projects/market, a CommonJS project: a route middleware with its own config setting a header after
// the action; a router given as a function; a global policy reading ctx.state.user; a controller that narrows
// ctx.query before super.find; a controller without a content type (checkout) with a service of its own that writes
// through the document service; ctx.throw, ctx.created, ctx.badRequest; a query engine read with `select`. Probed on
// real Strapi 5.54 with the same code (scripts/harness/probes/project-code-market.json).

const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'projects', 'market');
let server: MockServer;
let base: string;
const send = jsonClient(() => base);

beforeAll(async () => {
  server = await createServer({
    schemas: PROJECT,
    memory: true,
    configObject: {
      permissions: {
        public: { 'api::product.product': ['find', 'findOne', 'create'], 'api::order.order': ['find', 'findOne'] },
        authenticated: {
          'api::product.product': ['find', 'findOne'],
          'api::order.order': ['find', 'findOne'],
          'api::checkout.checkout': ['place'],
        },
      },
      usersPermissions: { jwtManagement: 'refresh' },
    },
    logger: { info() {}, error() {} },
  });
  ({ url: base } = await server.listen(0));
});
afterAll(() => server.close());

describe('market', () => {
  let lamp: string;
  let desk: string;
  let ann: string;
  let bob: string;
  test('a route middleware with config sets its header after the action, on a 404 too', async () => {
    lamp = (await send('POST', '/api/products', { data: { name: 'Lamp', price: 19.5, stock: 3 } })).body!.data.documentId;
    desk = (await send('POST', '/api/products', { data: { name: 'Desk', price: 120, stock: 0 } })).body!.data.documentId;
    expect((await send('GET', '/api/products')).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await send('GET', `/api/products/${lamp}`)).headers.get('cache-control')).toBe('public, max-age=5');
    const missing = await send('GET', '/api/products/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('public, max-age=5');
  });

  test('checkout: a global policy wants a user; stock is kept by the service through the document service', async () => {
    for (const [name, email] of [
      ['ann', 'ann@x.co'],
      ['bob', 'bob@x.co'],
    ]) {
      const r = await send('POST', '/api/auth/local/register', { username: name, email, password: 'secret123' });
      if (name === 'ann') ann = r.body!.jwt;
      else bob = r.body!.jwt;
    }
    const anonymous = await send('POST', '/api/checkout', { product: lamp, quantity: 1 });
    expect(anonymous.status).toBe(403);
    const first = await send('POST', '/api/checkout', { product: lamp, quantity: 2 }, ann);
    expect(first.status).toBe(201);
    expect(first.body!.data).toMatchObject({ quantity: 2, customer: 'ann', product: { name: 'Lamp', stock: 1 } });
    const out = await send('POST', '/api/checkout', { product: lamp, quantity: 2 }, ann);
    expect(out).toMatchObject({
      status: 409,
      body: { data: null, error: { status: 409, name: 'ConflictError', message: 'Out of stock' } },
    });
    expect(out.body!.error).not.toHaveProperty('details');
    expect((await send('POST', '/api/checkout', { product: lamp, quantity: 1 }, bob)).status).toBe(201);
    const bad = await send('POST', '/api/checkout', { product: desk }, bob);
    expect(bad.body).toEqual({
      data: null,
      error: { status: 400, name: 'BadRequestError', message: 'product and quantity are required', details: {} },
    });
    expect((await send('GET', `/api/checkout/stock/${lamp}`)).body).toEqual({ name: 'Lamp', stock: 0 });
    expect((await send('GET', '/api/checkout/stock/nope')).status).toBe(404);
  });

  test("orders: the function router, the user's own orders only, the policy refuses the public role", async () => {
    const mine = await send('GET', '/api/orders', undefined, ann);
    expect(mine.body!.data.map((o: { customer: string }) => o.customer)).toEqual(['ann']);
    const bobs = await send('GET', '/api/orders?populate=product', undefined, bob);
    expect(bobs.body!.data).toHaveLength(1);
    expect(bobs.body!.data[0].product.name).toBe('Lamp');
    const refused = await send('GET', '/api/orders');
    expect(refused.status).toBe(403);
    expect(refused.body!.error.name).toBe('PolicyError');
    expect((await fetch(`${base}/api/orders/x`, { method: 'DELETE' })).status).toBe(405);
  });
});
