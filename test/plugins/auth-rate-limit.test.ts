import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { createHandlers } from '../../src/mock/msw/index.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from './plugin-server.js';
import { call, json, startKit, type Running } from './plugin-server.js';

// The users & permissions plugin's rate limit on its auth routes, as real Strapi 5.54 applies it (probed:
// scripts/harness/probes/auth-rate-limit.json): 10 requests a minute per route and caller, refused or not, then
// 429 RateLimitError; the email of the body in the key of forgot-password; the GraphQL mutations on the REST
// route's count; the plugin's `ratelimit` settings from the config file or the project's config/plugins.

const TOO_MANY = {
  data: null,
  error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} },
};
const wrongLogin = (i: number) => json({ identifier: `nobody${i}@example.com`, password: 'wrong-pass' });

let running: Running | undefined;
let server: MockServer | undefined;
afterEach(async () => {
  await running?.server.close();
  await server?.close();
  running = server = undefined;
});

describe('the auth routes rate limit', () => {
  test('the 11th sign-in of a minute is refused, whatever the first ten answered; headers count down', async () => {
    running = await startKit();
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${running.url}/api/auth/local`, wrongLogin(i));
      expect(res.status).toBe(400);
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(9 - i));
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    }
    const refused = await call(`${running.url}/api/auth/local`, wrongLogin(10));
    expect([refused.status, refused.body]).toEqual([429, TOO_MANY]);
    // a trailing slash is the same route; another route has its own count
    expect((await call(`${running.url}/api/auth/local/`, wrongLogin(11))).status).toBe(429);
    expect((await call(`${running.url}/api/auth/forgot-password`, json({ email: 'a@example.com' }))).status).toBe(200);
  });

  test("forgot-password counts per email; the GraphQL mutation shares the REST route's count", async () => {
    running = await startKit({ graphql: true });
    for (let i = 0; i < 10; i++)
      expect((await call(`${running.url}/api/auth/forgot-password`, json({ email: 'same@example.com' }))).status).toBe(200);
    expect((await call(`${running.url}/api/auth/forgot-password`, json({ email: 'same@example.com' }))).body).toEqual(TOO_MANY);
    expect((await call(`${running.url}/api/auth/forgot-password`, json({ email: 'other@example.com' }))).status).toBe(200);
    const gql = await call(`${running.url}/graphql`, json({ query: 'mutation { forgotPassword(email: "same@example.com") { ok } }' }));
    expect(gql.body).toEqual({
      errors: [
        {
          message: 'Too many requests, please try again later.',
          path: ['forgotPassword'],
          extensions: {
            code: 'STRAPI_RATE_LIMIT_ERROR',
            error: { name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} },
          },
        },
      ],
      data: { forgotPassword: null },
    });
    // a GraphQL sign-in with a disabled provider is counted before the controller refuses the provider
    for (let i = 0; i < 9; i++) expect((await call(`${running.url}/api/auth/local`, wrongLogin(i))).status).toBe(400);
    const github = await call(
      `${running.url}/graphql`,
      json({ query: 'mutation { login(input: { identifier: "a", password: "b", provider: "github" }) { jwt } }' }),
    );
    expect((github.body as { errors: { message: string }[] }).errors[0].message).toBe('This provider is disabled');
    expect((await call(`${running.url}/api/auth/local`, wrongLogin(9))).body).toEqual(TOO_MANY);
  });

  test('the config sets it: enabled false, or another max and interval', async () => {
    running = await startKit({ usersPermissions: { ratelimit: { enabled: false } } });
    for (let i = 0; i < 12; i++) expect((await call(`${running.url}/api/auth/local`, wrongLogin(i))).status).toBe(400);
    await running.server.close();
    running = await startKit({ usersPermissions: { ratelimit: { max: 2, interval: { min: 5 } } } });
    expect((await call(`${running.url}/api/auth/local`, wrongLogin(0))).status).toBe(400);
    expect((await call(`${running.url}/api/auth/local`, wrongLogin(1))).status).toBe(400);
    const third = await fetch(`${running.url}/api/auth/local`, wrongLogin(2));
    expect(third.status).toBe(429);
    const reset = Number(third.headers.get('x-ratelimit-reset'));
    expect(reset * 1000 - Date.now()).toBeGreaterThan(4 * 60_000);
  });

  test("a project's config/plugins ratelimit is read; a bad one is named at start-up", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-ratelimit-'));
    mkdirSync(join(dir, 'config'));
    mkdirSync(join(dir, 'src/api/note/content-types/note'), { recursive: true });
    writeFileSync(
      join(dir, 'src/api/note/content-types/note/schema.json'),
      JSON.stringify({
        kind: 'collectionType',
        info: { singularName: 'note', pluralName: 'notes' },
        attributes: { title: { type: 'string' } },
      }),
    );
    writeFileSync(join(dir, 'config/plugins.js'), "module.exports = { 'users-permissions': { config: { ratelimit: { max: 1 } } } };\n");
    server = await createServer({ schemas: dir, memory: true, logger: { info() {}, error() {} } });
    const { url } = await server.listen(0, '127.0.0.1');
    expect((await call(`${url}/api/auth/local`, wrongLogin(0))).status).toBe(400);
    expect((await call(`${url}/api/auth/local`, wrongLogin(1))).body).toEqual(TOO_MANY);
    await server.close();
    server = undefined;
    await expect(
      createServer({ schemas: dir, memory: true, configObject: { usersPermissions: { ratelimit: { interval: { minutes: 5 } } } } }),
    ).rejects.toThrow(/usersPermissions\.ratelimit\.interval: unknown unit "minutes"/);
  });

  test('content-mock/msw counts the same way, and reset() starts the counts afresh, as a restart does', async () => {
    const base = 'http://cms.rate-limit.test';
    const handlers = createHandlers({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, baseUrl: base });
    const msw = setupServer(...handlers);
    msw.listen({ onUnhandledRequest: 'error' });
    try {
      for (let i = 0; i < 10; i++) expect((await call(`${base}/api/auth/local`, wrongLogin(i))).status).toBe(400);
      expect((await call(`${base}/api/auth/local`, wrongLogin(10))).body).toEqual(TOO_MANY);
      await handlers.reset();
      expect((await call(`${base}/api/auth/local`, wrongLogin(11))).status).toBe(400);
    } finally {
      msw.close();
    }
  });
});
