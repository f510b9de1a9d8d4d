import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { modelServer } from '../write/model-server.js';
import { KIT_TOKEN, startKitServer } from '../helpers/kit.js';
import type { Answer } from '../write/write-client.js';

// Real Strapi 5.54's answers met by the grammar generator (scripts/harness/run.mjs --generator grammar, seed 1400)
// on test/fixtures/models/admin-links, list-bounds (posts with a private relation `secretMemo` to memos, a `credit` component whose
// `editor` is an admin user) and dotted-private (articles -> author -> a private `secret`).
const servers: MockServer[] = [];
let links: (method: string, path: string) => Promise<Answer>;
let dotted: (method: string, path: string) => Promise<Answer>;
let bounds: (method: string, path: string) => Promise<Answer>;
beforeAll(async () => {
  const a = await modelServer('admin-links');
  const b = await modelServer('dotted-private');
  const c = await modelServer('list-bounds');
  servers.push(a.server, b.server, c.server);
  links = a.call;
  dotted = b.call;
  bounds = c.call;
  const kit = await startKitServer();
  servers.push(kit.server);
  kitUrl = kit.url;
});
let kitUrl: string;
afterAll(async () => {
  for (const s of servers) await s.close();
});

test.each([
  // the unknown-key pass walks a private relation's nested populate (its last option too) before it is refused
  [
    '/api/posts?populate[secretMemo][populate][post][fields]=id&populate[secretMemo][populate][post][ordering]=asc',
    'Invalid key ordering at secretMemo.post',
  ],
  [
    '/api/posts?populate[secretMemo][populate][post][page]=1&populate[secretMemo][populate][post][limit]=2',
    'Invalid key page at secretMemo.post',
  ],
  // a comma list's path through a private relation that names populatable attributes all the way is refused at it
  ['/api/posts?populate=secretMemo.post.credit.editor,owner', 'Invalid key secretMemo'],
  ['/api/memos?populate=post.secretMemo.post.secretMemo,post,post.owner', 'Invalid key secretMemo at post.secretMemo'],
  // a list inside the sort list: the converter reads its strings as orders
  ['/api/memos?sort[0][]=id:Asc&sort[1][createdAt]=desc', 'Invalid order. order can only be one of asc|desc|ASC|DESC'],
])('GET %s is the 400 %s', async (path, message) => {
  const answer = await links('GET', path);
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toBe(message);
});

test('a later dot-path entry naming a prefix replaces the earlier one before validation', async () => {
  // the private path is dropped by the merge: nothing refuses it
  expect((await dotted('GET', '/api/articles?populate=author.secret&populate=author')).status).toBe(200);
  const memos = await links('GET', '/api/memos?populate[0]=post.secretMemo.post&populate[1]=post&pagination[start]=2&pagination[page]=1');
  expect(memos.body.error?.message).toBe('Cannot use both page & offset pagination in the same query');
  // the other way round the longer path stays, and is refused
  expect((await dotted('GET', '/api/articles?populate=author&populate=author.secret')).status).toBe(400);
});

test("documentId under a component is the database's refusal, after the converter's", async () => {
  const fragment = 'populate[Fond][on][bounds.gradient][filters][GradientCouleur][$not][documentId]=nope';
  const converter = await bounds('GET', `/api/palettes?populate[Fond][on][bounds.swatch]&${fragment}`);
  expect(converter.body.error?.message).toBe("Invalid nested populate. Expected '*' or an object");
  const top = await bounds('GET', '/api/palettes?filters[stops][documentId]=x');
  expect(top.status).toBe(400);
  expect(top.body.error?.message).toMatch(
    /^Invalid filter at stops\.documentId: a component has no documentId \(real Strapi fails with a 500/,
  );
  // the query runs once every condition was processed: a value another condition cannot cast comes first,
  // wherever it stands (harness starterblog grammar seed 1690, probed on Strapi 5.54)
  const cast = await bounds('GET', '/api/palettes?filters[$and][0][stops][documentId]=x&filters[$and][1][createdAt][$eq]=2026-1');
  expect(cast.status).toBe(400);
  expect(cast.body.error?.message).toBe('Invalid format, expected a timestamp or an ISO date');
});

test.each([
  // the dot-path validator walks every entry before the merge: a path through media is refused at the media
  [
    '/api/global?populate[0]=defaultSeo&populate[1]=defaultSeo.shareImage.folder&populate[2]=defaultSeo',
    'Invalid key shareImage at defaultSeo.shareImage',
  ],
  [
    '/api/categories?populate[0]=articles.gallery.related&populate[1]=articles&page=3&pageSize=1',
    'Invalid key gallery at articles.gallery',
  ],
  // a nested populate list is validated the same way, its paths named from its own level (the validator calls
  // itself on a node's `populate`), before a later entry naming the prefix could drop the bad one (Strapi 5.54,
  // probed; harness notum-lite grammar seed 1602: `populate[seo][populate][0]=twitter.images.folder&…[1]=twitter`)
  [
    '/api/global?populate[defaultSeo][populate][0]=shareImage.folder&populate[defaultSeo][populate][1]=shareImage',
    'Invalid key shareImage',
  ],
  [
    '/api/categories?populate[articles][populate][0]=gallery.related&populate[articles][populate][1]=gallery&pagination[pageSize]=1',
    'Invalid key gallery',
  ],
])('kit: GET %s is the 400 %s', async (path, message) => {
  const res = await fetch(kitUrl + path, { headers: { authorization: `Bearer ${KIT_TOKEN}` } });
  const body = (await res.json()) as { error?: { message: string } };
  expect(res.status).toBe(400);
  expect(body.error?.message).toBe(message);
});

test('kit: the upload file under a media attribute and on the files routes', async () => {
  const get = async (path: string) => {
    const res = await fetch(kitUrl + path, { headers: { authorization: `Bearer ${KIT_TOKEN}` } });
    return { status: res.status, body: (await res.json()) as { error?: { message: string; details: { path?: string } } } };
  };
  // its private folder is named at its attribute path
  const folder = await get('/api/authors?populate[avatar][populate]=folder');
  expect(folder.body.error?.message).toBe('Invalid key folder at avatar.folder');
  expect(folder.body.error?.details.path).toBe('avatar.folder');
  expect((await get('/api/authors?populate[avatar][populate][folder]=')).body.error?.message).toBe('Invalid key  at avatar.folder');
  // a comma string is walked as one key by the private pass
  expect((await get('/api/upload/files?populate=related,folder&fields[0]=name')).status).toBe(200);
  // the files list reads the top-level start and limit
  expect((await get('/api/upload/files?start=abc')).body.error?.message).toBe(
    'convertStartQueryParams expected a positive integer got NaN',
  );
  expect(((await get('/api/upload/files?limit=1')).body as unknown as unknown[]).length).toBe(1);
});

test("kit: a media attribute's nested wildcard populates the file's related", async () => {
  const res = await fetch(`${kitUrl}/api/authors?fields[0]=name&populate[avatar][fields][0]=name&populate[avatar][populate]=*`, {
    headers: { authorization: `Bearer ${KIT_TOKEN}` },
  });
  const body = (await res.json()) as { data: { avatar: { related?: { __type: string }[] } | null }[] };
  expect(res.status).toBe(200);
  const avatars = body.data.map((a) => a.avatar).filter((a) => a !== null);
  expect(avatars.length).toBeGreaterThan(0);
  for (const avatar of avatars) expect(avatar?.related?.some((e) => e.__type === 'api::author.author')).toBe(true);
});

test("kit: an object locale on a findFirst without documents.strictParams is localeToLookup's refusal", async () => {
  const loose = await startKitServer({ documents: { strictParams: false } });
  try {
    const get = async (base: string, path: string) => {
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${KIT_TOKEN}` } });
      return (await res.json()) as { error?: { message: string } };
    };
    expect((await get(loose.url, '/api/global?locale[0=en')).error?.message).toBe(
      'Invalid locale param [object Object] provided. Document locales must be strings.',
    );
    expect((await get(kitUrl, '/api/global?locale[0=en')).error?.message).toBe(
      "Invalid parameter at 'locale'. Expected a string, array of strings, empty string, null, or undefined; received: object",
    );
  } finally {
    await loose.server.close();
  }
});
