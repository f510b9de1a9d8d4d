import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { jsonClient } from '../write/write-client.js';
import type { Answer, Doc } from '../write/write-client.js';

// Without documents.strictParams (a project whose config/api leaves it out), Strapi's document service looks a list
// of locales up as given (`locale IN (...)`): the default locale stands in only when no locale is given at all, so a
// list of empty strings matches nothing (harness REST grupobd-811 and rohi-811: `locale=&locale=` answered 0 items).
const shop = join(import.meta.dirname, '..', 'fixtures', 'models', 'shop');
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;

beforeAll(async () => {
  const config = JSON.parse(readFileSync(join(shop, 'content-mock.config.json'), 'utf8')) as Record<string, unknown>;
  const file = join(mkdtempSync(join(tmpdir(), 'cm-locale-list-')), 'content-mock.config.json');
  writeFileSync(file, JSON.stringify({ ...config, documents: { strictParams: false, strictRelations: true } }));
  server = await createServer({ schemas: shop, config: file, memory: true });
  const { url } = await server.listen(0, '127.0.0.1');
  const token = (config.tokens as { type: string; key: string }[]).find((t) => t.type === 'full-access')!.key;
  call = jsonClient(url, token);
  await call('POST', '/api/product-variants', { data: { name: 'Alpha', price: 1 } });
  await call('POST', '/api/product-variants?locale=fr', { data: { name: 'Beta', price: 2 } });
});
afterAll(() => server.close());

const names = async (q: string) =>
  ((await call('GET', `/api/product-variants?status=draft&sort=name&${q}`)).body.data as Doc[]).map((d) => d.name);

test('a list of locales is looked up as given: empty items match nothing, no default locale for a list', async () => {
  expect(await names('locale=&locale=')).toEqual([]);
  expect(await names('locale[0]=&locale[1]=fr')).toEqual(['Beta']);
  expect(await names('locale[0]=fr&locale[1]=en')).toEqual(['Alpha', 'Beta']);
  // one empty value is no locale: the default one
  expect(await names('locale=')).toEqual(['Alpha']);
  expect(await names('')).toEqual(['Alpha']);
});
