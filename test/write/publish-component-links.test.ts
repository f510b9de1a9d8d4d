import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Relations inside components are re-created with the published row from the draft's components (shop: the
// product variant's `sections` dynamic zone holds `shop.banner` items whose `reviews` link a draft & publish type).
// Links to documents that have no published version are dropped then and do not come back when those documents are
// published later. Replayed against real Strapi 5.54 (scripts/harness/probes/shop-publish-component-links.json).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('shop')));
afterAll(() => server.close());

const create = async (path: string, data: unknown) => {
  const answer = await call('POST', path, { data });
  expect(answer.body.error?.message).toBeUndefined();
  return (answer.body.data as Doc).documentId;
};
const bannerReviews = async (variant: string, status: string) => {
  const answer = await call('GET', `/api/product-variants/${variant}?status=${status}&populate[sections][populate]=*`);
  const sections = (answer.body.data as Doc).sections as { reviews: Doc[] }[];
  return sections.map((s) => s.reviews.map((r) => r.title));
};

test('publishing keeps the component links whose targets are published and drops the draft-only ones for good', async () => {
  const draftOnly = await create('/api/reviews?status=draft', { title: 'draft only', rating: 1 });
  const published = await create('/api/reviews', { title: 'published', rating: 2 });
  const variant = await create('/api/product-variants?status=draft', {
    name: 'Banner variant',
    price: 3,
    sections: [{ __component: 'shop.banner', heading: 'h', reviews: [draftOnly, published] }],
  });
  expect(await bannerReviews(variant, 'draft')).toEqual([['draft only', 'published']]);

  expect((await call('PUT', `/api/product-variants/${variant}`, { data: { name: 'Banner variant 2' } })).status).toBe(200);
  expect(await bannerReviews(variant, 'published')).toEqual([['published']]);
  // the draft keeps both links
  expect(await bannerReviews(variant, 'draft')).toEqual([['draft only', 'published']]);

  // publishing the review later does not give the published variant its link back; the draft reads it published
  expect((await call('PUT', `/api/reviews/${draftOnly}`, { data: { title: 'now published' } })).status).toBe(200);
  expect(await bannerReviews(variant, 'published')).toEqual([['published']]);
  expect(await bannerReviews(variant, 'draft')).toEqual([['now published', 'published']]);
});
