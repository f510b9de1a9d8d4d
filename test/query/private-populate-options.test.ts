import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// A private component populated with options: Strapi's populate validator walks the options first, so an unknown
// key in them is reported before the private component itself (probes/required-component-private-keys.json).
let server: MockServer;
let call: (method: string, path: string) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('required-component')));
afterAll(() => server.close());

test('an unknown key under a private component is named first; a known one leaves the component refused', async () => {
  const error = async (q: string) => (await call('GET', `/api/orders?${q}`)).body.error;
  expect(await error('populate[secret][fields][0]=x')).toMatchObject({ message: 'Invalid key x', details: { key: 'x', path: null } });
  expect(await error('populate[secret][sort]=x')).toMatchObject({ message: 'Invalid key x' });
  expect(await error('populate[secret][fields][0]=note')).toMatchObject({ message: 'Invalid key secret', details: { path: 'secret' } });
  expect(await error('populate[secret]=true')).toMatchObject({ message: 'Invalid key secret' });
});

test('a list under a private component: its unknown names are named first, at the component (probes/private-populate-list.json)', async () => {
  const error = async (q: string) => (await call('GET', `/api/orders?${q}`)).body.error;
  // harness REST required-component-907
  expect(await error('populate[secret]=true&populate[secret]=')).toMatchObject({
    message: 'Invalid key  at secret',
    details: { key: '', path: 'secret' },
  });
  expect(await error('populate[secret]=true&populate[secret]=nope')).toMatchObject({ message: 'Invalid key nope at secret' });
});
