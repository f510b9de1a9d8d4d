import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// strapi-advanced-uuid's database lifecycle (checked on real Strapi 5.54 with the plugin: harness graphql-run
// casino-model 811): empty fields are filled on every write, given values must have the field's form.

type Json = Record<string, any>;
const TOKEN = 'u'.repeat(40);
let dir = '';
let server: MockServer;
let url = '';
const write = async (method: string, path: string, data: Json) => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json()) as Json };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cm-uuid-field-'));
  mkdirSync(join(dir, 'src/api/coupon/content-types/coupon'), { recursive: true });
  const uuid = (options?: Json) => ({
    type: 'customField',
    customField: 'plugin::strapi-advanced-uuid.uuid',
    ...(options ? { options } : {}),
  });
  writeFileSync(
    join(dir, 'src/api/coupon/content-types/coupon/schema.json'),
    JSON.stringify({
      kind: 'collectionType',
      info: { singularName: 'coupon', pluralName: 'coupons', displayName: 'coupon' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string' },
        code: uuid(),
        ticket: uuid({ 'uuid-format': 'T-[0-9]{4}' }),
        manual: uuid({ 'disable-auto-fill': true }),
      },
    }),
  );
  writeFileSync(join(dir, 'content-mock.config.json'), JSON.stringify({ tokens: [{ name: 'full', type: 'full-access', key: TOKEN }] }));
  server = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), memory: true });
  ({ url } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('empty fields are filled (a v4 UUID or a string of the format), unless auto-fill is off', async () => {
  const made = await write('POST', '/api/coupons', { name: 'a' });
  expect(made.status).toBe(201);
  expect(made.body.data.code).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(made.body.data.ticket).toMatch(/^T-[0-9]{4}$/);
  expect(made.body.data.manual).toBeNull();
  // an update that does not give them fills them again, as the plugin's beforeUpdate does
  const updated = await write('PUT', `/api/coupons/${made.body.data.documentId}`, { name: 'b' });
  expect(updated.body.data.code).toMatch(/^[0-9a-f-]{36}$/);
  expect(updated.body.data.code).not.toBe(made.body.data.code);
});

test('a value given must have the form: the plugin refuses the write (a 500 in Strapi, a 400 naming it here)', async () => {
  const ok = await write('POST', '/api/coupons', { code: '6f1c2b9e-0a4d-4c1e-9b7a-2d3e4f5a6b7c', ticket: 't-1234' });
  expect(ok.status).toBe(201);
  expect(ok.body.data.ticket).toBe('t-1234');
  // a field without auto-fill is checked too when given
  const refused = await write('POST', '/api/coupons', { code: 'not-a-uuid', ticket: 'T-12', manual: 'anything' });
  expect(refused.status).toBe(400);
  expect(refused.body.error.name).toBe('ValidationError');
  expect(refused.body.error.message).toContain('real Strapi fails with a 500 here');
  expect(refused.body.error.details.errors).toEqual([
    { path: ['code'], message: 'The UUID format is invalid.', name: 'ValidationError' },
    { path: ['ticket'], message: 'The UUID format is invalid.', name: 'ValidationError' },
    { path: ['manual'], message: 'The UUID format is invalid.', name: 'ValidationError' },
  ]);
  const list = await fetch(`${url}/api/coupons`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(((await list.json()) as Json).data).toHaveLength(2);
});
