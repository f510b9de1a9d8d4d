import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { fixtureClient, one, type Answer, type Doc } from './write-client.js';

// A publish re-creates the published row with the draft's links (`createEntry`: its own lists, then the inverse ones,
// in schema order), but a link of the document to itself is dropped there (its published row does not exist yet when
// the ids are resolved) and put back afterwards by the self-referential relation sync, as a new join row. So among a
// sorted inverse list's ties, which keep join-row order, the document's own link comes after the other documents'
// (harness graphql-run self-nest seed 521: node.linkedBy sorted by an equal code).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await fixtureClient('self-nest')));
afterAll(() => server.close());

test("a document's link to itself is made after the other links of its publish: last among a sort's ties", async () => {
  const node = async (title: string) => one(await call('POST', '/api/nodes', { data: { title, code: 'same' } })).documentId as string;
  const a = await node('A');
  const b = await node('B');
  const c = await node('C');
  // C's inverse list written whole, itself among them; the update publishes (GraphQL's default status)
  const updated = await call('POST', '/graphql', {
    query: `mutation { updateNode(documentId: "${c}", data: { linkedBy: ["${a}", "${c}", "${b}"] }) { documentId } }`,
  });
  expect(updated.status).toBe(200);
  const read = async (status: string) => {
    const answer = await call('POST', '/graphql', {
      query: `{ node(documentId: "${c}", status: ${status}) { linkedBy(sort: "code") { title } plain: linkedBy { title } } }`,
    });
    const data = (answer.body as unknown as { data: { node: { linkedBy: Doc[]; plain: Doc[] } } }).data.node;
    return { sorted: data.linkedBy.map((n) => n.title), plain: data.plain.map((n) => n.title) };
  };
  // GraphQL loads a relation field with a LIMIT: a sort's ties come in the target rows' id order, on either side
  // (probes/graphql-sort-ties.json, probes/graphql-self-sort-ties.json); the plain list keeps the order column's
  expect(await read('DRAFT')).toEqual({ sorted: ['A', 'B', 'C'], plain: ['A', 'C', 'B'] });
  expect(await read('PUBLISHED')).toEqual({ sorted: ['A', 'B', 'C'], plain: ['A', 'C', 'B'] });
  // REST's populate has no LIMIT: the ties keep the join rows' order, the published row's self link after the others
  const rest = async (status: string) => {
    const answer = await call('GET', `/api/nodes/${c}?status=${status}&populate[linkedBy][sort]=code&populate[linkedBy][fields][0]=title`);
    return ((answer.body as { data: { linkedBy: Doc[] } }).data.linkedBy ?? []).map((n) => n.title);
  };
  expect(await rest('draft')).toEqual(['A', 'C', 'B']);
  expect(await rest('published')).toEqual(['A', 'B', 'C']);
});
