import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { createProxy, VIOLATIONS_HEADER } from '../../src/contract/proxy/create-proxy.js';
import { loadContract } from '../../src/contract/proxy/load-contract.js';

// strapi-v5-plugin-populate-deep, measured on real Strapi 5.54 with the plugin installed (probe
// scripts/harness/probes/populate-deep.json, every step the same on both): a project that installs it gets `pLevel`
// and `pIgnore`; `pLevel=N` replaces the populate of reads (and of a write's answer) by the model's, N levels deep.
// The same model without the plugin (shop) refuses `pLevel` as an unknown key (strict params).
const MODELS = join(import.meta.dirname, '..', 'fixtures', 'models');
const FULL = { authorization: 'Bearer shop-full-access-key-0123456789abcdef' };

interface Served {
  readonly server: MockServer;
  readonly base: string;
}
async function serve(name: string): Promise<Served> {
  const dir = join(MODELS, name);
  const server = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), memory: true });
  const { url } = await server.listen(0, '127.0.0.1');
  return { server, base: url };
}

type Body = { data: Record<string, unknown> & { documentId: string }; error?: { message: string; details: unknown } };
const get = async (s: Served, path: string, headers: Record<string, string> = FULL) => {
  const res = await fetch(`${s.base}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as Body & { data: Array<Record<string, unknown>> } };
};
const post = async (s: Served, path: string, data: unknown) => {
  const res = await fetch(`${s.base}${path}`, {
    method: 'POST',
    headers: { ...FULL, 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json()) as Body };
};

let withPlugin: Served;
let without: Served;
let variant = ''; // withPlugin's
beforeAll(async () => {
  [withPlugin, without] = await Promise.all([serve('populate-deep'), serve('shop')]);
  for (const s of [withPlugin, without]) {
    const parent = (await post(s, '/api/brands', { name: 'Parent' })).body.data.documentId;
    const brand = (await post(s, '/api/brands', { name: 'Acme', parent })).body.data.documentId;
    const created = await post(s, '/api/product-variants?status=published', {
      name: 'Variant one',
      price: 9.5,
      brand,
      pricing: { amount: 9.5, discount: { percent: 10, brand: parent } },
      sections: [{ __component: 'shop.banner', heading: 'h', link: { label: 'l' } }],
    });
    expect(created.status).toBe(201);
    if (s === withPlugin) variant = created.body.data.documentId;
  }
});
afterAll(async () => {
  await Promise.all([withPlugin?.server.close(), without?.server.close()]);
});

describe('populate-deep installed (package.json dependency, config/plugins defaultDepth 3)', () => {
  test('pLevel=2 populates every relation, component, zone and media one level, flat', async () => {
    const { status, body } = await get(withPlugin, '/api/product-variants?pLevel=2');
    expect(status).toBe(200);
    const [row] = body.data;
    expect(row.pricing).toMatchObject({ amount: 9.5, currency: 'EUR' });
    expect(row.pricing).not.toHaveProperty('discount');
    expect(row.brand).toMatchObject({ name: 'Acme' });
    expect(row.brand).not.toHaveProperty('parent');
    expect(row).toMatchObject({ photo: null, photos: [], shelves: [], reviews: [], related: [], localizations: [] });
    expect(row.sections).toEqual([{ id: expect.any(Number), heading: 'h', __component: 'shop.banner' }]);
  });

  test('pLevel=3 goes one level further; an empty pLevel takes defaultDepth (3)', async () => {
    const deeper = (await get(withPlugin, '/api/product-variants?pLevel=3')).body.data[0];
    expect(deeper.pricing).toMatchObject({ discount: { percent: 10 } });
    expect(deeper.brand).toMatchObject({ parent: { name: 'Parent' }, logo: null });
    expect((deeper.sections as Array<Record<string, unknown>>)[0]).toMatchObject({ link: { label: 'l' }, image: null });
    expect((await get(withPlugin, '/api/product-variants?pLevel=')).body.data[0]).toEqual(deeper);
  });

  test('it replaces the request populate; pLevel of 1 or 0 keeps it', async () => {
    const two = (await get(withPlugin, '/api/product-variants?pLevel=2&populate=brand')).body.data[0];
    expect(two).toHaveProperty('pricing');
    const one = (await get(withPlugin, '/api/product-variants?pLevel=1&populate=brand')).body.data[0];
    expect(one).toHaveProperty('brand');
    expect(one).not.toHaveProperty('pricing');
  });

  test('pIgnore leaves attributes out; fields and the caller’s permissions still apply', async () => {
    const row = (await get(withPlugin, '/api/product-variants?pLevel=2&pIgnore=brand,sections&fields[0]=name')).body.data[0];
    expect(row).not.toHaveProperty('brand');
    expect(row).not.toHaveProperty('sections');
    expect(row).not.toHaveProperty('price');
    expect(row).toHaveProperty('pricing');
    // the public role may not read users: the relation to one is left out
    expect((await get(withPlugin, `/api/product-variants/${variant}?pLevel=2`, {})).body.data).not.toHaveProperty('creator');
    expect((await get(withPlugin, `/api/product-variants/${variant}?pLevel=2`)).body.data).toHaveProperty('creator', null);
  });

  test('a write answers with the deep populate too', async () => {
    const { status, body } = await post(withPlugin, '/api/brands?pLevel=2', { name: 'Fourth' });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ logo: null, parent: null, children: [], variants: [] });
  });

  test('strict params: the plugin’s Zod schemas refuse a bare pLevel, a long one and a list', async () => {
    const bare = await get(withPlugin, '/api/product-variants?pLevel');
    expect(bare.status).toBe(400);
    expect(JSON.parse(bare.body.error!.message)).toEqual([
      { expected: 'string', code: 'invalid_type', path: [], message: 'Invalid input: expected string, received null' },
    ]);
    expect(bare.body.error!.details).toEqual({ key: 'pLevel', path: null, source: 'query', param: 'pLevel' });
    const long = await get(withPlugin, '/api/product-variants?pLevel=1000');
    expect(JSON.parse(long.body.error!.message)[0]).toMatchObject({ code: 'too_big', maximum: 3 });
    const list = await get(withPlugin, '/api/product-variants?pLevel=2&pIgnore[0]=brand');
    expect(list.status).toBe(400);
    expect(list.body.error!.details).toMatchObject({ param: 'pIgnore' });
    // an unknown key is refused first
    expect((await get(withPlugin, '/api/product-variants?foo=1&pLevel=1000')).body.error!.message).toBe('Invalid key foo');
  });
});

describe('the same model without the plugin', () => {
  test('pLevel is an unknown key under strict params', async () => {
    const { status, body } = await get(without, '/api/product-variants?pLevel=2');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ message: 'Invalid key pLevel', details: { key: 'pLevel', param: 'pLevel', source: 'query' } });
  });
});

describe('the proxy checker on a project with the plugin', () => {
  test('pLevel is a known key and the deep answer breaks no rule', async () => {
    const dir = join(MODELS, 'populate-deep');
    const contract = await loadContract({ schemas: dir, config: join(dir, 'content-mock.config.json') });
    expect(contract.config?.plugins.populateDeep).toEqual({ defaultDepth: 3 });
    const proxy = createProxy({ target: withPlugin.base, contract, validateFirst: true, log: () => undefined });
    const { url } = await proxy.listen(0);
    try {
      for (const path of ['/api/product-variants?pLevel=3', '/api/product-variants?pLevel=2&fields[0]=name', '/api/brands?pLevel=']) {
        const res = await fetch(url + path, { headers: FULL });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        await proxy.idle();
        const result = proxy.report
          .data()
          .results.filter((r) => r.url === path)
          .at(-1);
        expect(result?.violations ?? [], path).toEqual([]);
        expect(Number(res.headers.get(VIOLATIONS_HEADER)), path).toBe(0);
      }
    } finally {
      await proxy.close();
    }
  });
});
