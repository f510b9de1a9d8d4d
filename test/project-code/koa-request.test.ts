import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';

// What a controller reads of its request through Koa, as on Strapi 5.54 (probe on a public project with its code:
// 16/16 the same after, 5 different before): `ctx.is(...)` is type-is's answer (null for a request without a body,
// whatever its content-type; the type given that matches), `ctx.request.type` the media type without parameters,
// and an API token's strategy is named `content-api-token`.
const FULL = 'full-access-key-0123456789';
let dir: string;
let server: MockServer;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-koa-request-'));
  const write = (path: string, text: string) => writeProjectFile(dir, path, text);
  writeCollectionType(join(dir, 'src'), { singular: 'memo', plural: 'memos', display: 'Memo' }, { title: { type: 'string' } });
  write(
    'src/api/memo/controllers/probe.js',
    `module.exports = {
  async look(ctx) {
    ctx.body = { is: ctx.is('json', 'urlencoded'), isImage: ctx.is('image/*'), type: ctx.request.type, strategy: ctx.state.auth?.strategy?.name ?? null };
  },
};
`,
  );
  write(
    'src/api/memo/routes/probe.js',
    `module.exports = { routes: [
  { method: 'GET', path: '/memos/look', handler: 'probe.look', config: { auth: false } },
  { method: 'POST', path: '/memos/look', handler: 'probe.look', config: { auth: false } },
  { method: 'GET', path: '/memos/look-auth', handler: 'probe.look' },
] };
`,
  );
  server = await createServer({
    schemas: dir,
    memory: true,
    configObject: { tokens: [{ name: 'full', type: 'full-access', key: FULL }] },
    logger: { info() {}, error() {} },
  });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const look = async (path: string, init: RequestInit = {}) =>
  (await (await fetch(`${base}${path}`, init)).json()) as Record<string, unknown>;

test('ctx.is: null without a body, else the type given that matches', async () => {
  expect(await look('/api/memos/look', { headers: { 'content-type': 'application/json' } })).toEqual({
    is: null,
    isImage: null,
    type: 'application/json',
    strategy: null,
  });
  const json = await look('/api/memos/look', {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: '{}',
  });
  expect(json).toEqual({ is: 'json', isImage: false, type: 'application/json', strategy: null });
  const form = await look('/api/memos/look', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'a=1',
  });
  expect(form.is).toBe('urlencoded');
});

test("an API token's strategy is Strapi 5.54's content-api-token", async () => {
  expect((await look('/api/memos/look-auth', { headers: { authorization: `Bearer ${FULL}` } })).strategy).toBe('content-api-token');
});
