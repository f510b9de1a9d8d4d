import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { writeClient, type Answer } from './write-client.js';

// Strapi's validator (yup 0.32, asynchronous) keeps a list's item errors in the order the items finish validating,
// and an item that holds deeper lists finishes later: real Strapi 5.54's answers on the kit
// (scripts/harness/probes/zone-error-order.json, recorded in scripts/harness/reports/lead-s7-zone-error-order-strapi.json).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  ({ server, call } = await writeClient('zone-error-order-token'));
});
afterAll(() => server.close());

const bad = { a: 1 };
const seoWithBadLink = { __component: 'shared.seo', metaTitle: 'm', links: [{ label: bad, url: 'u' }] };
const badQuote = { __component: 'shared.quote', title: bad };
const paths = async (blocks: unknown[]) => {
  const answer = await call('POST', '/api/articles', { data: { title: 't', blocks } });
  expect(answer.status).toBe(400);
  return answer.body.error?.details.errors?.map((e) => e.path.join('.'));
};

test('a zone entry holding a list reports after shallower entries further down', async () => {
  expect(await paths([seoWithBadLink, badQuote])).toEqual(['blocks.1.title', 'blocks.0.links.0.label']);
  expect(await paths([badQuote, seoWithBadLink, { __component: 'shared.rich-text', body: bad }])).toEqual([
    'blocks.0.title',
    'blocks.2.body',
    'blocks.1.links.0.label',
  ]);
});

test("an entry's own errors stay together, in its key order; entries of one depth stay in list order", async () => {
  const seoBoth = { __component: 'shared.seo', metaTitle: bad, links: [{ label: 'l', url: bad }] };
  expect(await paths([seoBoth, badQuote, seoWithBadLink])).toEqual([
    'blocks.1.title',
    'blocks.0.metaTitle',
    'blocks.0.links.0.url',
    'blocks.2.links.0.label',
  ]);
  expect(await paths([seoWithBadLink, { title: 'no component' }, badQuote])).toEqual([
    'blocks.1.__component',
    'blocks.2.title',
    'blocks.0.links.0.label',
    '',
  ]);
});
