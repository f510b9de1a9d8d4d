import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { list, one, writeClient, type Answer } from './write-client.js';

// Strapi links rows, not documents: a writer without i18n (tags) links ONE locale row of a localized target
// (articles): the locale its connect names, else the default. The other locales of that document do not see it.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('link-locale-test-full-access')));
afterAll(() => server.close());

const tagNames = async (documentId: string, locale: string) =>
  (
    (one(await call('GET', `/api/articles/${documentId}?locale=${locale}&populate[tags][fields][0]=name`)).tags ?? []) as { name: string }[]
  ).map((t) => t.name);

test('a connect naming a locale links that locale row only, from both sides', async () => {
  const fr = await list(await call('GET', '/api/articles?locale=fr&fields[0]=title&sort=id:asc'));
  const article = String(fr[0].documentId);
  const created = await call('POST', '/api/tags', {
    data: { name: 'only-in-french', articles: { connect: [{ documentId: article, locale: 'fr' }] } },
  });
  expect(created.status).toBe(201);
  const tag = one(created).documentId as string;
  expect(await tagNames(article, 'fr')).toContain('only-in-french');
  expect(await tagNames(article, 'en')).not.toContain('only-in-french');
  const linked = (one(await call('GET', `/api/tags/${tag}?populate[articles][fields][0]=locale`)).articles ?? []) as Record<
    string,
    unknown
  >[];
  expect(linked.map((a) => [a.documentId, a.locale])).toEqual([[article, 'fr']]);
});

test('without a locale the default locale row is linked', async () => {
  const fr = await list(await call('GET', '/api/articles?locale=fr&fields[0]=title&sort=id:asc'));
  const article = String(fr[0].documentId);
  expect((await call('POST', '/api/tags', { data: { name: 'default-locale', articles: [article] } })).status).toBe(201);
  expect(await tagNames(article, 'en')).toContain('default-locale');
  expect(await tagNames(article, 'fr')).not.toContain('default-locale');
});

test('an entry with an empty documentId fails the relations check generically, as the count query does in Strapi', async () => {
  const answer = await call('POST', '/api/tags', { data: { name: 'broken', articles: { connect: [{ documentId: '', locale: 'fr' }] } } });
  expect(answer.status).toBe(400);
  expect((answer.body as { error: { message: string } }).error.message).toBe('Invalid relations');
});

test('a writer without i18n may connect two locale rows of one document', async () => {
  const fr = await list(await call('GET', '/api/articles?locale=fr&fields[0]=title&sort=id:asc'));
  const article = String(fr[0].documentId);
  const created = await call('POST', '/api/authors', {
    data: {
      name: 'two locales',
      articles: {
        connect: [
          { documentId: article, locale: 'fr' },
          { documentId: article, locale: 'en' },
        ],
      },
    },
  });
  expect(created.status).toBe(201);
  const author = one(created).documentId as string;
  const linked = (one(await call('GET', `/api/authors/${author}?populate[articles][fields][0]=locale`)).articles ?? []) as Record<
    string,
    unknown
  >[];
  expect(linked.map((a) => a.locale).sort()).toEqual(['en', 'fr']);
});

test("a position's anchor is looked up in the connect's locale", async () => {
  // every fr version (drafts too) and every en document: an anchor with no fr version at all
  const fr = await list(await call('GET', '/api/articles?locale=fr&status=draft&fields[0]=title&sort=id:asc&pagination[pageSize]=100'));
  const en = await list(await call('GET', '/api/articles?locale=en&status=draft&fields[0]=title&sort=id:asc&pagination[pageSize]=100'));
  const frIds = new Set(fr.map((a) => a.documentId));
  const onlyEnglish = en.find((a) => !frIds.has(a.documentId))!;
  const answer = await call('POST', '/api/tags', {
    data: {
      name: 'anchored',
      articles: { connect: [{ documentId: fr[0].documentId, locale: 'fr', position: { before: onlyEnglish.documentId } }] },
    },
  });
  expect(answer.status).toBe(400);
  expect((answer.body as { error: { message: string } }).error.message).toBe(
    `Document with id "${String(onlyEnglish.documentId)}", locale "fr" not found`,
  );
});

test('an inverse-side set naming a locale links that locale row, as a connect does', async () => {
  const fr = await list(await call('GET', '/api/articles?locale=fr&fields[0]=title&sort=id:asc'));
  const article = String(fr[0].documentId);
  const created = await call('POST', '/api/categories', {
    data: { name: 'set-in-french', slug: 'set-in-french', articles: { set: [{ documentId: article, locale: 'fr' }] } },
  });
  expect(created.status).toBe(201);
  const categoryOf = async (locale: string) =>
    (
      one(await call('GET', `/api/articles/${article}?locale=${locale}&populate[category][fields][0]=name`)).category as {
        name: string;
      } | null
    )?.name;
  expect(await categoryOf('fr')).toBe('set-in-french');
  expect(await categoryOf('en')).not.toBe('set-in-french');
});
