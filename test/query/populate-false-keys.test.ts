import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// A populate key turned off (`populate[x]=false`) is still walked by Strapi's validators: a private, unknown or
// scalar key is refused, a populatable one is dropped (harness required-component-501: `populate[secret]=false`).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('required-component')));
afterAll(() => server.close());

test('a key turned off is validated, then dropped', async () => {
  expect((await call('GET', '/api/orders?populate[secret]=false')).body.error?.message).toBe('Invalid key secret');
  expect((await call('GET', '/api/orders?populate[nope]=false')).body.error?.message).toBe('Invalid key nope');
  expect((await call('GET', '/api/orders?populate[lines]=false')).status).toBe(200);
});
