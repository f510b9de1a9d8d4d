import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { list, one, type Answer } from './write-client.js';
import { modelServer } from './model-server.js';

// A project upgraded from Strapi 4 keeps a config/api without `rest.strictParams` and without `documents`: Strapi 5.54
// reads both flags as off. Unknown query parameters are ignored, the document service checks neither `status` nor
// `locale` nor pagination values (what is not `published` is a draft; pagination fails in the query conversion, with
// its messages). Each answer was replayed against real Strapi 5.54 (scripts/harness/probes/legacy-config.json).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('legacy-config')));
afterAll(() => server.close());

const names = (a: Answer) => list(a).map((d) => d.name);
const message = async (path: string) => {
  const a = await call('GET', path);
  return [a.status, a.body.error?.message];
};

test('a status other than published reads and writes drafts; unknown parameters and an object locale are ignored', async () => {
  const n1 = one(await call('POST', '/api/notes', { data: { name: 'n1' } }));
  const n2 = one(await call('POST', '/api/notes?status=modified', { data: { name: 'n2' } }));
  expect(n2.publishedAt).toBeNull();
  expect(names(await call('GET', '/api/notes?status=modified&sort=name'))).toEqual(['n1', 'n2']);
  expect(names(await call('GET', '/api/notes?filter=1&locale[x]=1'))).toEqual(['n1']);
  expect((await call('PUT', `/api/notes/${n1.documentId}?status=modified`, { data: { name: 'n1b' } })).status).toBe(200);
  expect(names(await call('GET', '/api/notes'))).toEqual(['n1']);
  expect(names(await call('GET', '/api/notes?status=draft&sort=name'))).toEqual(['n1b', 'n2']);
  // only `status=draft` itself stops a delete
  expect((await call('DELETE', `/api/notes/${n2.documentId}?status=modified`)).status).toBe(204);
  expect((await call('DELETE', `/api/notes/${n1.documentId}?status=`)).status).toBe(204);
  expect(names(await call('GET', '/api/notes?status=draft'))).toEqual([]);
});

test('pagination values fail in the query conversion, with its messages', async () => {
  expect(await message('/api/notes?pagination[page]=1.5')).toEqual([400, 'convertStartQueryParams expected a positive integer got 12.5']);
  expect(await message('/api/notes?pagination[page]=abc')).toEqual([400, 'convertStartQueryParams expected a positive integer got NaN']);
  expect(await message('/api/notes?pagination[limit]=1.5')).toEqual([400, 'convertLimitQueryParams expected a positive integer got 1.5']);
  expect(await message('/api/notes?page=2')).toEqual([
    400,
    'Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object',
  ]);
  const notes = await call('GET', '/api/notes?pagination[limit]=0');
  expect(notes.status).toBe(200);
});
