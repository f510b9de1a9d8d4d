import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// `publicationFilter` is checked by the Content API validator before anything else (an empty value included);
// the deprecated `hasPublishedVersion` when the document service converts the query (a boolean or 'true'/'false'
// only), for the document-scoped modes. `_q` is the database's LIKE search over the id, the text attributes and,
// for a numeric term, the number attributes. Real Strapi 5.54 on the conditions model: harness conditions-601,
// scripts/harness/probes/conditions-publication-search.json.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
let draftOnly: string;
beforeAll(async () => {
  ({ server, call } = await modelServer('conditions'));
  draftOnly = (
    (await call('POST', '/api/link-items?status=draft', { data: { kind: 'url', url: 'https://a', weight: -5 } })).body.data as Doc
  ).documentId;
  await call('POST', '/api/link-items?status=published', { data: { kind: 'url', url: 'https://b_c', weight: 3 } });
});
afterAll(() => server.close());

const message = async (path: string) => (await call('GET', path)).body.error?.message;
const urls = async (query: string) =>
  ((await call('GET', `/api/link-items?status=draft&sort=id&fields[0]=url&${query}`)).body.data as Doc[]).map((d) => d.url);

test('publicationFilter: one of the modes, checked first, an empty value refused', async () => {
  const expected =
    "Invalid value for 'publicationFilter'. Expected one of: never-published, has-published-version, modified, unmodified, never-published-document, has-published-version-document, published-without-draft, published-with-draft.";
  expect(await message('/api/link-items?publicationFilter=')).toBe(expected);
  const nope = await call('GET', '/api/link-items?filters[nope]=1&publicationFilter=nope');
  expect(nope.body.error?.details).toEqual({ source: 'query', param: 'publicationFilter' });
  expect(await urls('publicationFilter=never-published')).toEqual(['https://a']);
});

test('hasPublishedVersion: a boolean only, read after the conversion, for whole documents', async () => {
  const refused = "Invalid value for 'hasPublishedVersion'. Expected boolean or 'true'/'false' string.";
  expect(await message(`/api/link-items/${draftOnly}?hasPublishedVersion=1`)).toBe(refused);
  expect(await message('/api/link-items?hasPublishedVersion=')).toBe(refused);
  // a valid publicationFilter does not spare it
  expect(await message('/api/link-items?publicationFilter=modified&hasPublishedVersion=maybe')).toBe(refused);
  // the converter's own refusal comes first
  expect(await message('/api/link-items?populate[0]=cta&populate[1][cta][fields][0]=style&hasPublishedVersion=maybe')).toBe(
    'Invalid populate parameter. Expected a string, an array of strings, a populate object',
  );
  expect(await urls('hasPublishedVersion=false')).toEqual(['https://a']);
  expect(await urls('hasPublishedVersion=true')).toEqual(['https://b_c']);
});

test('_q: LIKE over the id and the text attributes, and the numbers for a numeric term', async () => {
  expect(await urls('_q=S://B_C')).toEqual(['https://b_c']);
  // `_` matches any one character
  expect(await urls('_q=s:_/')).toEqual(['https://a', 'https://b_c']);
  // a number: the weight -5 matches (a documentId holds no '-')
  expect(await urls('_q=-5')).toEqual(['https://a']);
});

test('the publication filter narrows populated draft&publish targets too', async () => {
  const { server: shop, call: shopCall } = await modelServer('shop');
  try {
    const brand = ((await shopCall('POST', '/api/brands', { data: { name: 'B' } })).body.data as Doc).documentId;
    await shopCall('POST', '/api/product-variants?status=published', { data: { name: 'Pub', price: 1, brand } });
    await shopCall('POST', '/api/product-variants?status=draft', { data: { name: 'Draft', price: 1, brand } });
    const names = async (q: string) => {
      const answer = await shopCall('GET', `/api/brands?populate[variants][fields][0]=name&status=draft&${q}`);
      return ((answer.body.data as Doc[])[0].variants as Doc[]).map((v) => v.name).sort();
    };
    expect(await names('')).toEqual(['Draft', 'Pub']);
    expect(await names('publicationFilter=never-published')).toEqual(['Draft']);
    expect(await names('hasPublishedVersion=true')).toEqual(['Pub']);
  } finally {
    shop.close();
  }
});

test("each publication mode selects the rows of the read's status by their other version, as Strapi's SQL does", async () => {
  const { server: own, call: ownCall } = await modelServer('conditions');
  try {
    await ownCall('POST', '/api/link-items?status=draft', { data: { kind: 'url', url: 'https://a' } });
    await ownCall('POST', '/api/link-items?status=published', { data: { kind: 'url', url: 'https://b' } });
    const c = ((await ownCall('POST', '/api/link-items?status=published', { data: { kind: 'url', url: 'https://c' } })).body.data as Doc)
      .documentId;
    await new Promise((ok) => setTimeout(ok, 5));
    expect((await ownCall('PUT', `/api/link-items/${c}?status=draft`, { data: { url: 'https://c2' } })).status).toBe(200);
    const hosts = async (status: string, mode: string) => {
      const answer = await ownCall('GET', `/api/link-items?status=${status}&sort=id&fields[0]=url&publicationFilter=${mode}`);
      return (answer.body.data as Doc[]).map((d) => String(d.url).slice(8, 9));
    };
    const expected: Record<string, [string[], string[]]> = {
      'never-published': [['a'], []],
      'has-published-version': [
        ['b', 'c'],
        ['b', 'c'],
      ],
      modified: [['c'], ['c']],
      unmodified: [['b'], ['b']],
      'never-published-document': [['a'], []],
      'has-published-version-document': [
        ['b', 'c'],
        ['b', 'c'],
      ],
      'published-without-draft': [[], []],
      'published-with-draft': [[], ['b', 'c']],
    };
    for (const [mode, [drafts, published]] of Object.entries(expected)) {
      expect([mode, await hosts('draft', mode)]).toEqual([mode, drafts]);
      expect([mode, await hosts('published', mode)]).toEqual([mode, published]);
    }
  } finally {
    own.close();
  }
});

test('_q given twice is a list the database cannot search: its failure (harness launchpad-code-501)', async () => {
  const answer = await call('GET', '/api/link-items?_q=1&_q=');
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toContain('real Strapi fails with a 500 here');
  expect((await call('GET', `/api/link-items/${draftOnly}?status=draft&_q=a&_q=b`)).status).toBe(400);
});
