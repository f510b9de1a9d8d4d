import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadContract, type Contract } from '../../src/contract/proxy/load-contract.js';
import { validateExchange } from '../../src/contract/proxy/validate-exchange.js';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// The contract checker on `localizations`: the other locales of an entry, never its own; `[count]` is no alarm.
const SHOP = 'test/fixtures/models/shop';
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
let contract: Contract;

beforeAll(async () => {
  ({ server, call } = await modelServer('shop'));
  const locales = (
    JSON.parse(readFileSync(`${SHOP}/settings.json`, 'utf8')) as { locales: { code: string; name: string; isDefault?: boolean }[] }
  ).locales.map((l) => ({ code: l.code, name: l.name, isDefault: l.isDefault === true }));
  contract = await loadContract({ schemas: SHOP, config: `${SHOP}/content-mock.config.json`, locales });
  const en = (await call('POST', '/api/product-variants?status=published', { data: { name: 'Alpha', price: 1 } })).body.data as Doc;
  await call('PUT', `/api/product-variants/${en.documentId}?locale=fr&status=published`, { data: { name: 'Alpha fr', price: 1 } });
});
afterAll(() => server.close());

const violations = (url: string, body: unknown) =>
  validateExchange(contract, {
    method: 'GET',
    url,
    requestHeaders: { authorization: 'Bearer t' },
    status: 200,
    contentType: 'application/json',
    body,
  }).violations;

test("an answer listing the entry's own locale among its localizations is a violation", async () => {
  const url = '/api/product-variants?populate[localizations][fields][0]=locale';
  const answer = await call('GET', url);
  expect(violations(url, answer.body)).toEqual([]);
  const body = structuredClone(answer.body) as { data: { locale?: string; localizations: { locale: string }[] }[] };
  body.data[0].localizations[0].locale = 'en';
  expect(violations(url, body)).toEqual([expect.objectContaining({ rule: 'populate', path: expect.stringContaining('localizations') })]);
});

test('populate[localizations][count]=true is no alarm', async () => {
  const url = '/api/product-variants?populate[localizations][count]=true';
  expect(violations(url, (await call('GET', url)).body)).toEqual([]);
});
