import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_TOKEN, kitModelWith } from '../helpers/kit.js';

// Strapi's populate validator refuses private attributes in a pass of their own, after its main walk over the whole
// populate: an unknown key in a later nested sort is reported first (harness required-component-301).
let server: MockServer;
let base: string;

beforeAll(async () => {
  const dir = kitModelWith({ hidden: { type: 'relation', relation: 'manyToOne', target: 'api::category.category', private: true } });
  server = await createServer({ schemas: dir, seed: KIT_DATASET, config: KIT_CONFIG, memory: true });
  base = (await server.listen(0)).url;
});
afterAll(() => server.close());

const message = async (query: string) => {
  const res = await fetch(`${base}/api/articles?${query}`, { headers: { authorization: `Bearer ${KIT_TOKEN}` } });
  return ((await res.json()) as { error?: { message: string } }).error?.message;
};

test('a private attribute in populate is refused after the rest of the populate validated', async () => {
  expect(await message('populate[hidden]=true&populate[category][sort]=nope:desc')).toBe('Invalid key nope');
  expect(await message('populate[hidden]=true&populate[category]=true')).toBe('Invalid key hidden');
});
