import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { writeClient, type Answer, type Doc } from './write-client.js';

// Publishing copies the draft's components into the published row: every component row is cloned, the ones nested
// in another component too, so the published version's ids are all new.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('component-ids-test-full-access')));
afterAll(() => server.close());

test('a published copy has new ids for nested components too', async () => {
  const created = await call('POST', '/api/articles', {
    data: { title: 'Nested', seo: { metaTitle: 'T', links: [{ label: 'a', url: 'https://a.example' }] } },
  });
  expect(created.status).toBe(201);
  const id = (created.body.data as Doc).documentId;
  const seoOf = async (status: string) =>
    ((await call('GET', `/api/articles/${id}?status=${status}&populate[seo][populate]=links`)).body.data as Doc).seo as {
      id: number;
      links: { id: number }[];
    };
  const draft = await seoOf('draft');
  const published = await seoOf('published');
  expect(published.id).toBe(draft.id + 1);
  expect(published.links[0].id).toBe(draft.links[0].id + 1);
});

// Strapi's `copyNonLocalizedFields` copies a new locale's empty non-localized attributes from the document's most
// recently published version, files inside components included; the copy then equals the other locales, so its i18n
// middleware has nothing to sync and their components keep their ids.
test('a new locale copies non-localized components with their files and leaves the other locales alone', async () => {
  const seoOf = async (locale: string) =>
    ((await call('GET', `/api/global?locale=${locale}&populate[defaultSeo][populate]=shareImage`)).body.data as Doc).defaultSeo as {
      id: number;
      metaTitle: string;
      shareImage: { id: number } | null;
    };
  const before = await seoOf('en');
  expect(before.shareImage).not.toBeNull();
  expect((await call('PUT', '/api/global?locale=de', { data: { siteName: 'Neu' } })).status).toBe(200);
  const copied = await seoOf('de');
  expect(copied.shareImage?.id).toBe(before.shareImage?.id);
  expect(copied.metaTitle).toBe(before.metaTitle);
  expect((await seoOf('en')).id).toBe(before.id);
});
