import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { one, writeClient, type Answer } from './write-client.js';

// A new locale copies the document's non-localized media from another version as Strapi reads it, populated: a file
// deleted since (DELETE /api/upload/files/:id removes its links) is not copied, so the new locale is not refused for
// pointing at it (harness kit-502, GraphQL write phase: a deleteUploadFile step before a new locale).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('deleted-file-locale-full-access')));
afterAll(() => server.close());

test('a new locale leaves out a deleted file of the copied gallery', async () => {
  const files = (await call('GET', '/api/upload/files')).body as unknown as { id: number }[];
  const [kept, gone] = files;
  const made = one(
    await call('POST', '/api/articles', {
      data: { title: 'Gallery', slug: 'gallery-deleted-file', gallery: [kept.id, gone.id], cover: gone.id },
    }),
  );
  expect((await call('DELETE', `/api/upload/files/${gone.id}`)).status).toBe(200);
  const fr = await call(
    'PUT',
    `/api/articles/${made.documentId}?locale=fr&populate[gallery][fields][0]=name&populate[cover][fields][0]=name`,
    {
      data: { title: 'Galerie' },
    },
  );
  expect(fr.status).toBe(200);
  expect((one(fr).gallery as { id: number }[]).map((f) => f.id)).toEqual([kept.id]);
  expect(one(fr).cover).toBeNull();
});
