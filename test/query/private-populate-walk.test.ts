import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// A private link populated with a name or options: Strapi's populate validator walks them as any populated level's
// before its private pass refuses the link (harness starterblog grammar seed 1102: `populate[author]=` and
// `populate[author][start]=0` on a private relation). The required-component model: order with a private component
// `secret`.
let server: MockServer;
let call: (method: string, path: string) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('required-component')));
afterAll(() => server.close());

const message = async (q: string) => (await call('GET', `/api/orders?${q}`)).body.error?.message;

test('a name given to a private link is walked under it: an empty one, an unknown one', async () => {
  expect(await message('populate[secret]=')).toBe('Invalid key  at secret');
  expect(await message('populate[secret]=nope')).toBe('Invalid key nope at secret');
  // boolean-like and wildcard values leave the link itself refused
  expect(await message('populate[secret]=true')).toBe('Invalid key secret');
});

test("a private link's options: an unknown key among them is named first", async () => {
  expect(await message('populate[secret][fields][0]=note&populate[secret][start]=0')).toBe('Invalid key start at secret');
  expect(await message('populate[secret][ordering]=asc')).toBe('Invalid key ordering at secret');
  expect(await message('populate[secret][fields][0]=x&populate[secret][start]=0')).toBe('Invalid key x');
});
