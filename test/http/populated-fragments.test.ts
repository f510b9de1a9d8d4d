import { afterEach, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { answerContent, apiSegments, matchContentRoute, type ContentRoute } from '../../src/mock/request/content-request.js';
import { startKitServer } from '../helpers/kit.js';
import { startDevServer, waitFor, type DevServer } from '../dev/dev-helpers.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Reads keep their parsed query strings (core/query/parsed-query-cache.ts) and their populated rows' JSON
// (mock/request/populated-rows.ts) between requests: the answers must be the engine's, byte for byte, whatever was
// kept before; the populate budget must refuse what it refused; a write or a reload must show at once.

let server: MockServer | undefined;
let dev: DevServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await dev?.stop();
  dev = undefined;
});

type Entry = Record<string, unknown> & { documentId: string };
const read = async (url: string) => {
  const res = await fetch(url, { headers: { 'cache-control': 'no-cache' } });
  return { status: res.status, text: await res.text() };
};

/** The engine's own answer to a GET, rendered in one batch with nothing kept (as Mock Service Worker answers). */
async function engineAnswer(s: MockServer, path: string): Promise<{ status: number; text: string }> {
  const rt = s.runtime();
  const [pathname, search = ''] = path.split('?');
  const route = matchContentRoute(rt, 'GET', apiSegments(pathname)!) as ContentRoute;
  try {
    const answer = await answerContent(rt, route, {
      method: 'GET',
      search,
      authorization: undefined,
      responseFormat: undefined,
      readBody: async () => undefined,
    });
    if ('json' in answer) return { status: answer.status, text: answer.json };
    if ('value' in answer) return { status: 200, text: JSON.stringify(answer.value) };
    throw new Error(`unexpected answer ${Object.keys(answer).join()}`);
  } catch (e) {
    const error = e as { status?: number; message: string };
    return { status: error.status ?? 500, text: error.message };
  }
}

const PATHS = [
  '/api/articles?populate=*&pagination[pageSize]=5',
  '/api/articles?populate=*&pagination[pageSize]=2&pagination[page]=2',
  // versions of the same document in one page: localizations leave out the whole batch
  '/api/articles?locale=*&populate=*',
  '/api/articles?populate[localizations][populate][category]=true&locale=fr',
  '/api/articles?fields[0]=title&populate[category][fields][0]=name&populate[tags]=true&sort=title:desc',
  '/api/articles?status=draft&populate[seo][populate]=*&populate[blocks][populate]=*&populate[cover]=true&populate[gallery]=true',
  '/api/categories?populate[articles][populate][localizations]=true&populate[articles][populate][tags]=true',
  '/api/tags?populate[articles][filters][title][$contains]=a&populate[articles][sort]=title:asc',
];

describe.each([true, false])('populated reads with the response cache %s', (cache) => {
  test('are the engine answers byte for byte, the first time and from the kept rows', async () => {
    const started = await startKitServer({ cache });
    server = started.server;
    const one = (JSON.parse((await read(`${started.url}/api/articles?pagination[pageSize]=1`)).text) as { data: Entry[] }).data[0];
    const paths = [...PATHS, `/api/articles/${one.documentId}?populate[category]=true&populate[tags]=true&populate[seo][populate]=*`];
    for (const round of [1, 2, 3]) {
      for (const path of round === 2 ? [...paths].reverse() : paths) {
        const got = await read(started.url + path);
        const want = await engineAnswer(server, path);
        expect(got.status, `${path} (round ${round})`).toBe(200);
        expect(got.text, `${path} (round ${round})`).toBe(want.text);
      }
    }
  });

  test('parts kept for one URL serve others asking the same subtrees in another order, page or document', async () => {
    const started = await startKitServer({ cache });
    server = started.server;
    const keys = ['category', 'author', 'tags', 'cover', 'gallery', 'seo', 'blocks', 'localizations'];
    const list = (order: string[], page: number) =>
      `/api/articles?${order.map((k) => `populate[${k}]=true`).join('&')}&pagination[pageSize]=2&pagination[page]=${page}`;
    const orders = [keys, [...keys].reverse(), [...keys.slice(3), ...keys.slice(0, 3)]];
    const check = async (path: string) => {
      const got = await read(started.url + path);
      expect(got.status, path).toBe(200);
      expect(got.text, path).toBe((await engineAnswer(server!, path)).text);
      return got.text;
    };
    for (const order of orders) for (const page of [1, 2]) await check(list(order, page));
    const first = (JSON.parse(await check(list(keys, 1))) as { data: (Entry & { tags: Entry[] })[] }).data;
    const one = (order: string[]) => `/api/articles/${first[0].documentId}?${order.map((k) => `populate[${k}]=true`).join('&')}`;
    for (const order of orders) await check(one(order));
    // a write to a related row (a tag) and to a page's own row: every order shows both at once
    const tag = first.find((a) => a.tags.length > 0)!.tags[0];
    const renamed = await fetch(`${started.url}/api/tags/${tag.documentId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { name: `${String(tag.name)}-renamed` } }),
    });
    expect(renamed.status).toBe(200);
    const retitled = await fetch(`${started.url}/api/articles/${first[1].documentId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title: 'retitled' } }),
    });
    expect(retitled.status).toBe(200);
    for (const order of [...orders].reverse()) {
      const text = await check(list(order, 1));
      expect(text).toContain(`${String(tag.name)}-renamed`);
      await check(one(order));
    }
  });

  test('a write to a populated row shows at once', async () => {
    const started = await startKitServer({ cache });
    server = started.server;
    const path = '/api/articles?populate[category]=true&populate[tags]=true&sort=id:asc';
    const before = JSON.parse((await read(started.url + path)).text) as { data: (Entry & { category: Entry | null })[] };
    const category = before.data.find((a) => a.category)!.category!;
    await read(started.url + path); // now from the kept rows
    const put = await fetch(`${started.url}/api/categories/${category.documentId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { name: `${String(category.name)}-renamed` } }),
    });
    expect(put.status).toBe(200);
    const after = await read(started.url + path);
    expect(after.text).toBe((await engineAnswer(server, path)).text);
    const shown = (JSON.parse(after.text) as { data: (Entry & { category: Entry | null })[] }).data;
    expect(shown.find((a) => a.category?.documentId === category.documentId)?.category?.name).toBe(`${String(category.name)}-renamed`);
    // the same for a findOne
    const article = shown.find((a) => a.category?.documentId === category.documentId)!;
    const onePath = `/api/articles/${article.documentId}?populate[category]=true`;
    expect((await read(started.url + onePath)).text).toBe((await engineAnswer(server, onePath)).text);
  });
});

describe('parts shared across reads', () => {
  const check = async (base: string, path: string) => {
    const got = await read(base + path);
    expect(got.status, path).toBe(200);
    expect(got.text, path).toBe((await engineAnswer(server!, path)).text);
    return got.text;
  };

  test("a row's own fields are one text for plain lists, populated lists and the rows that link it, until its table changes", async () => {
    const started = await startKitServer({ cache: false });
    server = started.server;
    const base = started.url;
    const paths = [
      '/api/articles?locale=fr&sort=id:asc',
      '/api/articles?locale=fr&populate=*&sort=id:asc',
      '/api/articles?populate[localizations]=true&populate[category]=true&sort=id:asc',
      '/api/categories?populate[articles]=true&sort=id:asc',
      '/api/articles?status=draft&locale=fr&populate[category]=true&sort=id:asc',
    ];
    for (const round of [1, 2]) for (const path of round === 1 ? paths : [...paths].reverse()) await check(base, path);
    const fr = (JSON.parse(await check(base, paths[0])) as { data: Entry[] }).data[0];
    const one = `/api/articles/${fr.documentId}?locale=fr&populate[category]=true`;
    await check(base, one);
    // the fr row's own table changes: every read that shows it shows the change, whatever it kept
    const put = await fetch(`${base}/api/articles/${fr.documentId}?locale=fr`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title: 'retitled in fr' } }),
    });
    expect(put.status).toBe(200);
    for (const path of [...paths, one]) await check(base, path);
    expect(await check(base, paths[1])).toContain('retitled in fr');
    expect(await check(base, paths[2])).toContain('retitled in fr');
    // another table changes (a category): the article's own text stays, its category part does not
    const category = (JSON.parse(await check(base, paths[3])) as { data: Entry[] }).data[0];
    const renamed = await fetch(`${base}/api/categories/${category.documentId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { name: 'renamed category' } }),
    });
    expect(renamed.status).toBe(200);
    for (const path of [...paths, one]) await check(base, path);
  });

  test('a findOne reuses the parts a list kept, apart per status and locale', async () => {
    const started = await startKitServer({ cache: false });
    server = started.server;
    const base = started.url;
    const lists = ['', 'status=draft&', 'locale=fr&', 'locale=fr&status=draft&'].map(
      (at) => `/api/articles?${at}populate[category]=true&populate[tags]=true&populate[seo]=true&sort=id:asc`,
    );
    const documents = new Set<string>();
    for (const path of lists)
      for (const entry of (JSON.parse(await check(base, path)) as { data: Entry[] }).data) documents.add(entry.documentId);
    for (const documentId of documents)
      for (const at of ['', 'status=draft&', 'locale=fr&', 'locale=fr&status=draft&'])
        for (const order of [
          'populate[tags]=true&populate[category]=true',
          'populate[category]=true&populate[blocks]=true&populate[seo]=true',
        ]) {
          const res = await read(`${base}/api/articles/${documentId}?${at}${order}`);
          const want = await engineAnswer(server, `/api/articles/${documentId}?${at}${order}`);
          expect(res.status).toBe(want.status);
          if (res.status === 200) expect(res.text).toBe(want.text);
        }
  });

  test("a findOne's kept and new parts together are counted against the populate budget", async () => {
    const probe = await startKitServer({ populateBudget: null, cache: false });
    type Linked = Entry & { tags: Entry[]; gallery: Entry[] | null };
    const articles = (
      JSON.parse((await read(`${probe.url}/api/articles?populate[tags]=true&populate[gallery]=true&pagination[pageSize]=100`)).text) as {
        data: Linked[];
      }
    ).data;
    await probe.server.close();
    const article = articles.find((a) => a.tags.length > 0 && (a.gallery?.length ?? 0) > 0)!;
    const total = article.tags.length + article.gallery!.length;
    const tags = `/api/articles/${article.documentId}?populate[tags]=true`;
    const both = `/api/articles/${article.documentId}?populate[tags]=true&populate[gallery]=true`;
    for (const budget of [total - 1, total]) {
      const started = await startKitServer({ populateBudget: budget, cache: false });
      const fresh = await startKitServer({ populateBudget: budget, cache: false });
      server = started.server;
      try {
        expect((await read(started.url + tags)).status).toBe(200); // its tags' part is kept now
        const got = await read(started.url + both);
        expect(got).toEqual(await read(fresh.url + both));
        expect(got.status).toBe(budget < total ? 400 : 200);
        if (got.status === 200) expect(got.text).toBe((await engineAnswer(server, both)).text);
      } finally {
        await started.server.close();
        await fresh.server.close();
        server = undefined;
      }
    }
  });
});

test('the populate budget refuses a page of kept rows as it refuses it rendered', async () => {
  const path = (size: number, page: number) => `/api/articles?populate=*&pagination[pageSize]=${size}&pagination[page]=${page}`;
  // what each row spends: the smallest budget that lets each page of one row through
  const probe = await startKitServer({ populateBudget: null });
  let most = 0;
  for (const page of [1, 2, 3]) {
    const { PopulateBudget } = await import('../../src/core/query/render-entry.js');
    const budget = new PopulateBudget(Infinity);
    const { findMany } = await import('../../src/core/query/run-query.js');
    const rt = probe.server.runtime();
    const type = rt.model.byRoute.get('articles')!;
    findMany(
      rt.store.index,
      type,
      { populate: '*', pagination: { pageSize: '1', page: String(page) } },
      {
        limits: rt.config.rest,
        strictParams: false,
        budget,
      },
    );
    most = Math.max(most, budget.used);
  }
  await probe.server.close();
  expect(most).toBeGreaterThan(0);

  const started = await startKitServer({ populateBudget: most });
  server = started.server;
  for (const page of [1, 2, 3]) expect((await read(started.url + path(1, page))).status).toBe(200);
  // every row of this page is kept now, and together they spend more than the budget
  const refused = await read(started.url + path(3, 1));
  expect(refused.status).toBe(400);
  expect(refused.text).toContain(`populate would render more than ${most} related entries`);
  const fresh = await startKitServer({ populateBudget: most });
  try {
    expect(await read(fresh.url + path(3, 1))).toEqual(refused);
  } finally {
    await fresh.server.close();
  }
});

test('a hot reload of the schemas shows at once in kept parses and rows', async () => {
  dev = await startDevServer({ watch: true });
  const path = '/api/tags?populate=*&sort=id:asc';
  const first = async () => (JSON.parse((await read(dev!.url + path)).text) as { data: Entry[] }).data[0];
  expect(await first()).not.toHaveProperty('slug');
  expect(await first()).not.toHaveProperty('slug'); // kept
  const file = join(dev.schemas, 'api', 'tag', 'content-types', 'tag', 'schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { attributes: Record<string, unknown> };
  schema.attributes.slug = { type: 'string' };
  writeFileSync(file, JSON.stringify(schema, null, 2));
  await waitFor(async () => 'slug' in (await first()));
  expect(await first()).toMatchObject({ slug: null });
});

test('answers sent at the same time from reused buffers are each their own', async () => {
  const started = await startKitServer({});
  server = started.server;
  const paths = [PATHS[0], PATHS[1], PATHS[4], '/api/tags?sort=id:asc', '/api/categories?populate=*'];
  const want = await Promise.all(paths.map((p) => engineAnswer(started.server, p)));
  for (let round = 0; round < 3; round++) {
    const asked = Array.from({ length: 60 }, (_, i) => i % paths.length);
    const got = await Promise.all(asked.map((i) => read(started.url + paths[i])));
    got.forEach((g, k) => expect(g.text, paths[asked[k]]).toBe(want[asked[k]].text));
  }
});
