import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { modelServer } from '../write/model-server.js';

// Strapi's body middleware (koa-body 6 over co-body) as a REST write meets it: which content types are JSON, text,
// forms or no body, and what co-body refuses. Every answer was recorded from real Strapi 5.54 on the shop model
// (scripts/harness/probes/rest-body-parser.json, replayed with scripts/harness/probe.mjs).
let server: MockServer;
let base: string;
let token: string;
beforeAll(async () => {
  const started = await modelServer('shop');
  server = started.server;
  base = started.url;
  const config = join(import.meta.dirname, '..', 'fixtures', 'models', 'shop', 'content-mock.config.json');
  token = (JSON.parse(readFileSync(config, 'utf8')) as { tokens: { type: string; key: string }[] }).tokens.find(
    (t) => t.type === 'full-access',
  )!.key;
});
afterAll(() => server.close());

let n = 0;
/** A POST of a new brand (unique name) in the given body text and content type. */
async function post(make: (name: string) => string, contentType: string) {
  const name = `B${++n}`;
  const res = await fetch(`${base}/api/brands`, {
    method: 'POST',
    body: make(name),
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
  const body = (await res.json()) as { data: { name?: string } | null; error?: { name: string; message: string; details?: unknown } };
  return {
    name,
    status: res.status,
    created: body.data?.name,
    error: body.error && [body.error.name, body.error.message],
    raw: body.error,
  };
}
const json = (name: string) => `{"data":{"name":"${name}","founded":1900}}`;
const MISSING = ['ValidationError', 'Missing "data" payload in the request body'];

describe('content types', () => {
  test.each([
    'application/json',
    'APPLICATION/JSON; charset=UTF-8',
    'application/vnd.api+json',
    'application/json-patch+json',
    'application/csp-report',
    'application/reports+json',
  ])('%s is read as JSON', async (type) => {
    const a = await post(json, type);
    expect([a.status, a.created]).toEqual([201, a.name]);
  });

  test.each(['application/ld+json', 'application/problem+json', 'application/x-json', 'text/json', 'application/octet-stream'])(
    '%s is not JSON to koa-body: no data',
    async (type) => {
      const a = await post(json, type);
      expect([a.status, a.error]).toEqual([400, MISSING]);
    },
  );
});

describe('what co-body refuses or drops', () => {
  test('a body of blanks is not JSON (strict mode reads its first character)', async () => {
    for (const raw of ['   ', '\n\t ']) {
      const a = await post(() => raw, 'application/json');
      expect([a.status, a.error]).toEqual([400, ['SyntaxError', 'invalid JSON, only supports object and array']]);
    }
    // an empty body is no body
    expect((await post(() => '', 'application/json')).error).toEqual(MISSING);
  });

  test('a __proto__ key anywhere, escaped or not, is refused by bourne', async () => {
    for (const make of [
      (name: string) => `{"data":{"name":"${name}","__proto__":{"x":1}}}`,
      (name: string) => `{"__proto__":{"x":1},"data":{"name":"${name}"}}`,
      (name: string) => `{"data":{"name":"${name}","\\u005f_proto__":{"x":1}}}`,
      (name: string) => `{"data":{"name":"${name}","__proto__":null}}`,
    ]) {
      const a = await post(make, 'application/json');
      expect([a.status, a.error]).toEqual([400, ['SyntaxError', 'Object contains forbidden prototype property']]);
    }
  });

  test("a leading byte-order mark is dropped by raw-body's decoder", async () => {
    const a = await post((name) => `\ufeff${json(name)}`, 'application/json');
    expect([a.status, a.created]).toEqual([201, a.name]);
  });
});

describe('forms and text', () => {
  const FORM = 'application/x-www-form-urlencoded';
  test('a form nests with brackets and with dots (co-body sets allowDots)', async () => {
    for (const make of [
      (name: string) => `data[name]=${name}&data[founded]=1902`,
      (name: string) => `data.name=${name}&data.founded=1901`,
    ]) {
      const a = await post(make, FORM);
      expect([a.status, a.created]).toEqual([201, a.name]);
    }
  });

  test("a form list past qs's 20 items is an object: its keys are refused", async () => {
    const a = await post((name) => `data[name]=${name}&data[children][0]=x&data[children][25]=y`, FORM);
    expect([a.status, a.error]).toEqual([400, ['ValidationError', 'Invalid key 0 at children']]);
  });

  test('a form or a text body over 56 kB is too large; JSON may reach 1 MB', async () => {
    const big = 'x'.repeat(60 * 1024);
    for (const [make, type] of [
      [() => `data[name]=${big}`, FORM],
      [() => big, 'text/plain'],
    ] as const) {
      const a = await post(make, type);
      expect([a.status, a.error]).toEqual([413, ['PayloadTooLargeError', 'request entity too large']]);
      // raw-body's http error: no details in Strapi's answer
      expect(a.raw).toEqual({ status: 413, name: 'PayloadTooLargeError', message: 'request entity too large' });
    }
    const a = await post(() => `{"data":{"name":"${big}"}}`, 'application/json');
    expect([a.status, a.error?.[1]]).toEqual([400, 'name must be at most 40 characters']);
  });

  test('text is the string: no data', async () => {
    expect((await post((name) => `data.name=${name}`, 'text/plain')).error).toEqual(MISSING);
  });
});
