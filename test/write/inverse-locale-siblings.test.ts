import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { fixtureClient, one, type Answer, type Doc } from './write-client.js';

// A leaf (no i18n) links one locale row of a localized node. Writing the node's leaves from its other locale row adds
// that row's join row only: Strapi's deletePreviousOneToAnyRelations deletes the leaf's links to OTHER documents and
// spares the rows of the same one, so the leaf now joins both locale rows, the first one first (harness graphql-run
// self-nest seed 531: a leaf's node read in the locale it linked first after a write from the other locale).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await fixtureClient('self-nest')));
afterAll(() => server.close());

const leavesOf = async (node: string, locale: string) =>
  (one(await call('GET', `/api/nodes/${node}?status=draft&locale=${locale}&populate[leaves][fields][0]=label`)).leaves as Doc[]).map(
    (l) => l.label,
  );

test("a leaf set from a node's other locale row keeps its link to the first locale row", async () => {
  const node = one(await call('POST', '/api/nodes', { data: { title: 'N', code: 'n-1' } })).documentId;
  expect((await call('PUT', `/api/nodes/${node}?locale=es`, { data: { title: 'N es', code: 'n-1' } })).status).toBe(200);
  const leaf = one(await call('POST', '/api/leaves', { data: { label: 'L', node } })).documentId;
  expect((await call('PUT', `/api/nodes/${node}?locale=es`, { data: { leaves: [leaf] } })).status).toBe(200);
  // the leaf still reads the node in the locale it linked first
  const read = one(await call('GET', `/api/leaves/${leaf}?status=draft&populate[node][fields][0]=title`));
  expect((read.node as Doc).title).toBe('N');
  expect(await leavesOf(node, 'en')).toEqual(['L']);
  expect(await leavesOf(node, 'es')).toEqual(['L']);
  // emptying the es row's list deletes that row's join row only
  expect((await call('PUT', `/api/nodes/${node}?locale=es`, { data: { leaves: [] } })).status).toBe(200);
  expect(await leavesOf(node, 'en')).toEqual(['L']);
  expect(await leavesOf(node, 'es')).toEqual([]);
});
