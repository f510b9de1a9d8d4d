import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// A connect placed before or after itself (harness school-401: `featuredCourses: {connect: [{documentId: X,
// position: {before: X}}]}` with X already linked): Strapi's relations orderer takes X out of the list, then finds
// no anchor and throws a plain Error (500). The mock answers 400 naming it, and writes nothing.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;

beforeAll(async () => {
  ({ server, call } = await modelServer('shop'));
});
afterAll(() => server.close());

test('a connect anchored on itself, already linked: 400 (real Strapi 500), nothing written', async () => {
  const a = (await call('POST', '/api/brands', { data: { name: 'Acme' } })).body.data as Doc;
  const b = (await call('POST', '/api/brands', { data: { name: 'Bolt' } })).body.data as Doc;
  const parent = (await call('POST', '/api/brands', { data: { name: 'Root', children: [a.documentId, b.documentId] } })).body.data as Doc;
  const self = await call('PUT', `/api/brands/${parent.documentId}`, {
    data: { name: 'Root 2', children: { connect: [{ documentId: b.documentId, position: { before: b.documentId } }] } },
  });
  expect(self.status).toBe(400);
  expect(self.body.error?.message).toContain('The list of connect relations is not valid');
  const after = (await call('GET', `/api/brands/${parent.documentId}?populate=children`)).body.data as Doc;
  expect(after.name).toBe('Root');
  expect((after.children as Doc[]).map((d) => d.name)).toEqual(['Acme', 'Bolt']);
  // not linked yet: Strapi's connect sorter refuses it first (its own 400)
  const fresh = (await call('POST', '/api/brands', { data: { name: 'Cedar' } })).body.data as Doc;
  const missing = await call('PUT', `/api/brands/${parent.documentId}`, {
    data: { children: { connect: [{ documentId: fresh.documentId, position: { after: fresh.documentId } }] } },
  });
  expect(missing.status).toBe(400);
  expect(missing.body.error?.message).toContain('A circular reference was found in the connect array');
});
