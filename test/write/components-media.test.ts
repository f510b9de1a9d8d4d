import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { list, one, writeClient, type Answer } from './write-client.js';

// Strapi's rules for media, component and dynamic-zone values, and for syncing non-localized attributes.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('components-media-test-full-access')));
afterAll(() => server.close());

const ALL = '?populate[seo][populate]=*&populate[blocks][populate]=*&populate[cover]=true&populate[gallery]=true';
const files = async () => (await call('GET', '/api/upload/files')).body as unknown as { id: number; documentId: string }[];
const newArticle = async () => one(await call('POST', '/api/articles', { data: { title: 'components' } })).documentId;

test('a single media attribute given a list stores its first file', async () => {
  const [a, b] = await files();
  const id = await newArticle();
  expect((one(await call('PUT', `/api/articles/${id}${ALL}`, { data: { cover: [b.id, a.id] } })).cover as { id: number }).id).toBe(b.id);
  expect((one(await call('PUT', `/api/articles/${id}${ALL}`, { data: { cover: [a.id, b.id] } })).cover as { id: number }).id).toBe(a.id);
});

test('media: an unknown documentId is not found; an unknown id fails the relations check', async () => {
  const id = await newArticle();
  const byDoc = await call('PUT', `/api/articles/${id}`, { data: { cover: 'nosuchmedia' } });
  expect(byDoc.body.error).toMatchObject({ message: 'Document with id "nosuchmedia", locale "null" not found', details: {} });
  const missing = Math.max(...(await files()).map((f) => f.id)) + 1;
  const byId = await call('PUT', `/api/articles/${id}`, { data: { gallery: missing } });
  expect(byId.body.error?.message).toBe('1 relation(s) of type plugin::upload.file associated with this entity do not exist');
  expect(byId.body.error?.details.errors).toEqual([
    {
      path: [],
      message: byId.body.error?.message,
      name: 'ValidationError',
      value: { gallery: { set: [{ id: missing }] }, publishedAt: null, locale: 'en' },
    },
  ]);
});

test('an unknown key inside a component or zone entry names the attribute path, without list indexes', async () => {
  const id = await newArticle();
  const nested = await call('PUT', `/api/articles/${id}`, { data: { seo: { metaTitle: 'x', links: [{ label: 'a', nope: 1 }] } } });
  expect(nested.body.error).toMatchObject({
    message: 'Invalid key nope at seo.links',
    details: { key: 'nope', path: 'seo.links', source: 'body' },
  });
  const zone = await call('PUT', `/api/articles/${id}`, {
    data: { blocks: [{ __component: 'shared.quote' }, { __component: 'shared.quote', nope: 1 }] },
  });
  expect(zone.body.error?.details).toMatchObject({ path: 'blocks' });
});

test('an unknown zone component also fails the relations check, with the whole data', async () => {
  const id = await newArticle();
  const entry = { __component: 'shared.nope', x: 1 };
  const refused = await call('PUT', `/api/articles/${id}`, { data: { blocks: [entry] } });
  const errors = refused.body.error?.details.errors ?? [];
  expect(errors.map((e) => e.path)).toEqual([['blocks', '0', '__component'], []]);
  expect(errors[1]).toMatchObject({ message: 'Invalid relations', value: { blocks: [entry], publishedAt: null, locale: 'en' } });
});

test('a draft shows zone components the zone does not declare; publishing drops them', async () => {
  const draft = await call('PUT', '/api/homepage?status=draft&populate=blocks', {
    data: { blocks: [{ __component: 'shared.quote', title: 'q' }, { __component: 'shared.slider' }] },
  });
  expect((one(draft).blocks as { __component: string }[]).map((b) => b.__component)).toEqual(['shared.quote', 'shared.slider']);
  const published = await call('PUT', '/api/homepage?populate=blocks', {
    data: { blocks: [{ __component: 'shared.quote', title: 'q' }, { __component: 'shared.slider' }] },
  });
  expect((one(published).blocks as { __component: string }[]).map((b) => b.__component)).toEqual(['shared.quote']);
});

test('non-localized attributes are synced to the other locales of the returned row status only', async () => {
  const de = one(await call('POST', '/api/articles?locale=de&status=draft', { data: { title: 'de', views: 5 } })).documentId;
  await call('PUT', `/api/articles/${de}?locale=fr`, { data: { title: 'fr' } });
  await call('PUT', `/api/articles/${de}?locale=de`, { data: { views: 77 } });
  const views = async (status: string) =>
    Object.fromEntries(
      list(
        await call('GET', `/api/articles?locale=*&status=${status}&filters[documentId][$eq]=${de}&fields[0]=views&fields[1]=locale`),
      ).map((r) => [r.locale, r.views]),
    );
  expect(await views('published')).toEqual({ de: 77, fr: 77 });
  expect(await views('draft')).toEqual({ de: 77, fr: 5 });
});

test('lists are never null: a dynamic zone or repeatable component given null is a type error, [] empties it', async () => {
  const id = await newArticle();
  for (const [data, path] of [
    [{ blocks: null }, ['blocks']],
    [{ seo: { metaTitle: 'm', links: null } }, ['seo', 'links']],
  ] as const) {
    const refused = await call('PUT', `/api/articles/${id}`, { data });
    expect(refused.status).toBe(400);
    const label = path.join('.');
    expect(refused.body.error?.message).toBe(`${label} must be a \`array\` type, but the final value was: \`null\`.`);
    expect(refused.body.error?.details.errors).toEqual([
      { path, message: refused.body.error?.message, name: 'ValidationError', value: null },
    ]);
  }
  const emptied = one(await call('PUT', `/api/articles/${id}${ALL}`, { data: { blocks: [], seo: { metaTitle: 'm', links: [] } } }));
  expect(emptied.blocks).toEqual([]);
  expect((emptied.seo as { links: unknown[] }).links).toEqual([]);
});

test('non-localized attributes reach the other locales after the write answers, stamped as an update', async () => {
  const fr = await list(await call('GET', '/api/articles?locale=fr&fields[0]=views&sort=id:asc'));
  const id = fr[0].documentId as string;
  const enBefore = one(await call('GET', `/api/articles/${id}?fields[0]=views&fields[1]=updatedAt`));
  const views = Number(enBefore.views ?? 0) + 17;
  const answer = one(
    await call(
      'PUT',
      `/api/articles/${id}?locale=fr&fields[0]=views&populate[localizations][fields][0]=views&populate[localizations][fields][1]=locale`,
      { data: { views } },
    ),
  );
  expect(answer.views).toBe(views);
  // the answer shows the other locales as they were before the copy
  const enInAnswer = (answer.localizations as { locale: string; views: number }[]).find((l) => l.locale === 'en');
  expect(enInAnswer?.views).toBe(enBefore.views);
  const enAfter = one(await call('GET', `/api/articles/${id}?fields[0]=views&fields[1]=updatedAt`));
  expect(enAfter.views).toBe(views);
  expect(Date.parse(String(enAfter.updatedAt))).toBeGreaterThan(Date.parse(String(enBefore.updatedAt)));
});
