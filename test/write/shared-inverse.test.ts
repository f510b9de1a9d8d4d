import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { jsonClient, one, type Answer, type Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Two relations of one type naming the same inverse attribute (`applicable` and `excluded` both
// `inversedBy: "coupons"`; `product.coupons` is mappedBy `excluded`), as real projects have them. Strapi wires the
// inverse attribute to one owner's join table; the other owner is read and written from its own side only, and a
// publish of the target, which re-creates its published version from what its inverse attributes show, leaves that
// owner linking the draft alone. Each answer was replayed against real Strapi 5.54
// (scripts/harness/probes/shared-inverse.json with scripts/harness/probe.mjs).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('shared-inverse')));
afterAll(() => server.close());

const names = (doc: Doc, attribute: string) => (doc[attribute] as Doc[]).map((d) => d.name);
const get = async (path: string) => one(await call('GET', path));

test('publishing the target unlinks its published version from the owner the inverse is not mapped to', async () => {
  const p1 = one(await call('POST', '/api/products?status=draft', { data: { name: 'p1' } })).documentId;
  const p2 = one(await call('POST', '/api/products', { data: { name: 'p2' } })).documentId;
  const c1 = one(await call('POST', '/api/coupons', { data: { code: 'c1', applicable: [p1, p2], excluded: [p1, p2] } })).documentId;
  const b1 = one(await call('POST', '/api/bundles', { data: { title: 'b1', main: [p1, p2], extra: [p1, p2] } })).documentId;
  const coupon = `/api/coupons/${c1}?populate[applicable][fields][0]=name&populate[excluded][fields][0]=name`;
  const bundle = `/api/bundles/${b1}?populate[main][fields][0]=name&populate[extra][fields][0]=name`;
  expect(names(await get(coupon), 'applicable')).toEqual(['p2']);
  expect(names(await get(bundle), 'main')).toEqual(['p2']);

  await call('PUT', `/api/products/${p1}`, { data: { name: 'p1 published' } });
  await call('PUT', `/api/products/${p2}`, { data: { name: 'p2 republished' } });
  const c = await get(coupon);
  expect([names(c, 'applicable'), names(c, 'excluded')]).toEqual([[], ['p1 published', 'p2 republished']]);
  const b = await get(bundle);
  // the mapped owner's published list takes the newly published link where its draft has it
  expect([names(b, 'main'), names(b, 'extra')]).toEqual([[], ['p1 published', 'p2 republished']]);
  expect(names(await get(`${bundle}&status=draft`), 'main')).toEqual(['p1 published', 'p2 republished']);

  // linked again from the owner's side, and lost again at the next publish
  await call('PUT', `/api/coupons/${c1}`, { data: { applicable: { connect: [p1] } } });
  expect(names(await get(coupon), 'applicable')).toEqual(['p1 published']);
  await call('PUT', `/api/products/${p1}`, { data: { name: 'p1 again' } });
  expect(names(await get(coupon), 'applicable')).toEqual([]);
});

test('a pulled owner without draft & publish keeps the links only one of its views shows to that version', async () => {
  const at = '2026-01-01T00:00:00.000Z';
  const product = (id: number, documentId: string, publishedAt: string | null) => ({ id, documentId, name: documentId, publishedAt });
  const p1 = product(1, 'p1aaaaaaaaaaaaaaaaaaaaaa', null);
  const p2 = product(2, 'p2aaaaaaaaaaaaaaaaaaaaaa', null);
  const p2pub = product(3, 'p2aaaaaaaaaaaaaaaaaaaaaa', at);
  const coupon = (links: Record<string, unknown>) => ({
    id: 1,
    documentId: 'c1aaaaaaaaaaaaaaaaaaaaaa',
    code: 'c1',
    publishedAt: at,
    ...links,
  });
  const dataset = {
    format: 'strapi-oracle-dataset/1',
    contentTypes: {
      'api::product.product': { documents: { '*none*': { draft: [p1, p2], published: [p2pub] } } },
      'api::coupon.coupon': {
        documents: {
          '*none*': {
            draft: [coupon({ applicable: [p1, p2], excluded: [p1, p2] })],
            published: [coupon({ applicable: [], excluded: [p2pub] })],
          },
        },
      },
    },
  };
  const file = join(mkdtempSync(join(tmpdir(), 'cm-shared-')), 'pulled.json');
  writeFileSync(file, JSON.stringify(dataset));
  const dir = join(import.meta.dirname, '..', 'fixtures', 'models', 'shared-inverse');
  const pulled = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), seed: file, memory: true });
  const { url } = await pulled.listen(0, '127.0.0.1');
  try {
    const get = jsonClient(url, 'shi-full-access-key-0123456789abcdef');
    const path = '/api/coupons/c1aaaaaaaaaaaaaaaaaaaaaa?populate[applicable][fields][0]=name&populate[excluded][fields][0]=name';
    const published = one(await get('GET', path));
    expect([names(published, 'applicable'), names(published, 'excluded')]).toEqual([[], ['p2aaaaaaaaaaaaaaaaaaaaaa']]);
    const drafts = one(await get('GET', `${path}&status=draft`));
    expect([names(drafts, 'applicable'), names(drafts, 'excluded')]).toEqual([
      ['p1aaaaaaaaaaaaaaaaaaaaaa', 'p2aaaaaaaaaaaaaaaaaaaaaa'],
      ['p1aaaaaaaaaaaaaaaaaaaaaa', 'p2aaaaaaaaaaaaaaaaaaaaaa'],
    ]);
  } finally {
    await pulled.close();
  }
});
