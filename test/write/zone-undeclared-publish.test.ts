import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { writeClient, type Answer, type Doc } from './write-client.js';

// A draft may hold a zone entry of a component the zone does not declare (Strapi accepts any existing component on
// write). Publishing reads the draft back populated by the declared components only: the other entry is neither
// published nor validated, so one missing a required attribute does not stop the publish. As on Strapi 5.54:
// scripts/harness/reports/s13-write-probes/zone-undeclared-publish.json (kit write grammar seed 1601).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await writeClient('zone-undeclared-token')));
afterAll(() => server.close());

test('a zone entry of an undeclared component missing a required attribute does not stop a publish', async () => {
  const blocks = [
    { __component: 'shared.seo', links: [{}] },
    { __component: 'shared.quote', body: 'q' },
  ];
  expect((await call('PUT', '/api/homepage?status=draft', { data: { heading: 'h', blocks } })).status).toBe(200);
  const published = await call('PUT', '/api/homepage?populate=blocks', { data: {} });
  expect(published.status).toBe(200);
  expect(((published.body.data as Doc).blocks as Doc[]).map((b) => b.__component)).toEqual(['shared.quote']);
  const draft = await call('GET', '/api/homepage?populate=blocks&status=draft');
  expect(((draft.body.data as Doc).blocks as Doc[]).map((b) => b.__component)).toEqual(['shared.seo', 'shared.quote']);
});
