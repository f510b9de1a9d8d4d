import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// Components named by id in an update, as Strapi 5.54's updateComponents treats them (probed with
// scripts/harness/probe.mjs on the kit, steps in the commit): an id the entry holds updates that component in place
// (its id kept, the attributes left out kept), no id creates one, any other id is refused.
let server: MockServer;
let url: string;
beforeAll(async () => {
  ({ server, url } = await startKitServer());
});
afterAll(() => server.close());

interface Seo {
  id: number;
  metaTitle: string | null;
  links: { id: number; label: string; url: string | null }[];
}
const put = async (path: string, data: unknown) => {
  const res = await fetch(url + path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown>; error?: { name: string; message: string } } };
};
const SEO = '/api/global?populate[defaultSeo][populate]=*';

test('a component named by its id is updated in place, partly; one without an id is new', async () => {
  const first = await put(SEO, {
    defaultSeo: {
      metaTitle: 'a',
      links: [
        { label: 'l1', url: 'u1' },
        { label: 'l2', url: 'u2' },
      ],
    },
  });
  expect(first.status).toBe(200);
  const seo = first.body.data.defaultSeo as Seo;
  const [, second] = seo.links;
  const again = await put(SEO, { defaultSeo: { id: seo.id, metaTitle: 'b', links: [{ id: second.id, label: 'l2b' }, { label: 'new' }] } });
  expect(again.status).toBe(200);
  const updated = again.body.data.defaultSeo as Seo;
  expect(updated.id).toBe(seo.id);
  expect(updated.metaTitle).toBe('b');
  // the kept link keeps its url; the new one is numbered after every id handed out
  expect(updated.links[0]).toEqual({ id: second.id, label: 'l2b', url: 'u2' });
  expect(updated.links[1].id).toBeGreaterThan(Math.max(...seo.links.map((l) => l.id)));
  expect(updated.links[1]).toMatchObject({ label: 'new', url: null });

  // an id given as text names the same component; what it leaves out (its links) is kept
  const text = await put(SEO, { defaultSeo: { id: String(seo.id), metaTitle: 'c' } });
  expect((text.body.data.defaultSeo as Seo).links).toEqual(updated.links);
});

test("an id the entry does not hold is Strapi's ApplicationError, and nothing is written", async () => {
  const before = await put(SEO, { defaultSeo: { metaTitle: 'before' } });
  const seo = before.body.data.defaultSeo as Seo;
  const refused = await put(SEO, { siteName: 'changed', defaultSeo: { id: seo.id + 1000, metaTitle: 'x' } });
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({
    name: 'ApplicationError',
    message: 'Some of the provided components in defaultSeo are not related to the entity',
  });
  const read = await fetch(url + SEO).then((r) => r.json() as Promise<{ data: { siteName: string; defaultSeo: Seo } }>);
  expect(read.data.defaultSeo.metaTitle).toBe('before');
  expect(read.data.siteName).not.toBe('changed');
});

test('a zone entry keeps its id only with its own component; otherwise a 400 named Error', async () => {
  const path = '/api/homepage?populate[blocks][populate]=*&status=draft';
  const made = await put(path, {
    blocks: [
      { __component: 'shared.quote', title: 'q1', body: 'b' },
      { __component: 'shared.rich-text', body: 'r1' },
    ],
  });
  const [quote, rich] = made.body.data.blocks as { id: number; __component: string }[];
  const kept = await put(path, { blocks: [{ __component: 'shared.quote', id: quote.id, title: 'q1b' }] });
  expect(kept.body.data.blocks).toEqual([{ id: quote.id, title: 'q1b', body: 'b', __component: 'shared.quote' }]);
  // the rich text was deleted by that update: its id is no longer the entry's
  const other = await put(path, { blocks: [{ __component: 'shared.rich-text', id: rich.id, body: 'x' }] });
  expect(other.status).toBe(400);
  expect(other.body.error).toEqual({
    status: 400,
    name: 'Error',
    message: 'Some of the provided components in blocks are not related to the entity',
  });
});

test('a create takes no id from its data', async () => {
  const res = await fetch(url + '/api/articles?populate[seo][populate]=*', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { title: 'with an id', seo: { id: 1, metaTitle: 'm' } } }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { data: { seo: { id: number; metaTitle: string } } };
  expect(body.data.seo.metaTitle).toBe('m');
  expect(body.data.seo.id).not.toBe(1);
});
