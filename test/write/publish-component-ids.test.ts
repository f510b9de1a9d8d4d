import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { fixtureClient, one, type Answer, type Doc } from './write-client.js';

// Publishing re-creates the draft's components from the draft (Strapi's `publishEntry`: `transformData`, then
// `createEntry`), and the ids of a component table follow the moment each insert is reached (component-order.ts): a
// repeatable item whose nested components write links waits for those link queries. A link to a document without a
// published version is dropped when the draft's ids are resolved, before any component is created, so it delays
// nothing (harness graphql-run self-nest seeds 523/524: leaves' parts after a publish).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await fixtureClient('self-nest')));
afterAll(() => server.close());

test("a nested link to a draft-only document does not delay its item's id on publish", async () => {
  const draftOnly = one(await call('POST', '/api/leaves?status=draft', { data: { label: 'draft only' } })).documentId;
  const published = one(await call('POST', '/api/leaves', { data: { label: 'published' } })).documentId;
  const parts = [
    { heading: 'to draft-only', links: [{ label: 'a', leaf: draftOnly }] },
    { heading: 'to published', links: [{ label: 'b', leaf: published }] },
    { heading: 'no link', links: [{ label: 'c' }] },
  ];
  const made = one(await call('POST', '/api/leaves', { data: { label: 'holder', parts } }));
  const ids = async (status: string) => {
    const answer = await call('GET', `/api/leaves/${made.documentId}?status=${status}&populate[parts][fields][0]=heading`);
    return Object.fromEntries((one(answer).parts as Doc[]).map((p) => [p.heading, p.id]));
  };
  const pub = await ids('published');
  // the published items: the one whose link was dropped and the one without links first, in list order
  expect(pub['to draft-only']).toBeLessThan(pub['no link']);
  expect(pub['no link']).toBeLessThan(pub['to published']);
  // the draft's link to the draft-only document is a link: that item waits as long as the other linked one
  const draft = await ids('draft');
  expect(draft['no link']).toBeLessThan(draft['to draft-only']);
  expect(draft['to draft-only']).toBeLessThan(draft['to published']);
});
