import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// Strapi's database reads any `status` sort key as the publication rank (buildStatusSortExpression), which needs the
// table's documentId and publishedAt: a component's `status` attribute cannot be sorted on, at the top level or in a
// populate (real Strapi 5.54 answers 500: scripts/harness/probes/status-field-component-sort.json, harness
// status-field-502). The status-field model: ticket (draft & publish) with a status attribute and steps
// (shared.step: label, status).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
let ticket: string;
beforeAll(async () => {
  ({ server, call } = await modelServer('status-field'));
  const steps = [
    { label: 'b', status: true },
    { label: 'a', status: false },
  ];
  ticket = ((await call('POST', '/api/tickets?status=draft', { data: { name: 'T1', steps } })).body.data as Doc).documentId;
});
afterAll(() => server.close());

test("a sort ending on a component's status field is the database's failure", async () => {
  for (const path of [
    `/api/tickets/${ticket}?status=draft&populate[steps][sort]=status`,
    `/api/tickets/${ticket}?status=draft&populate[steps][sort]=status:desc`,
    '/api/tickets?status=draft&populate[steps][sort][status]=asc',
    '/api/tickets?sort=steps.status',
  ]) {
    const answer = await call('GET', path);
    expect(answer.status, path).toBe(400);
    expect(answer.body.error?.message, path).toContain('Cannot order by status on model shared.step');
  }
});

test("the component's other fields sort, and its status is selected and filtered as any field", async () => {
  const labels = async (path: string) => ((await call('GET', path)).body.data as { steps: { label: string }[] }).steps.map((s) => s.label);
  expect(await labels(`/api/tickets/${ticket}?status=draft&populate[steps][sort]=label`)).toEqual(['a', 'b']);
  expect((await call('GET', '/api/tickets?status=draft&populate[steps][fields][0]=status')).status).toBe(200);
  expect((await call('GET', '/api/tickets?status=draft&populate[steps][filters][status]=true')).status).toBe(200);
  expect((await call('GET', '/api/tickets?status=draft&sort=status')).status).toBe(200);
});
