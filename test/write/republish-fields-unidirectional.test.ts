import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startFixtureModel } from '../helpers/fixture-server.js';
import { one, type Answer } from './write-client.js';

// A one-way link from a type without draft & publish (the hub's `featured`) to a republished node: Strapi captures
// the join rows to the old published row and inserts them again with the new row's id, looked up by locale in the
// publish's rows; a `fields` without locale leaves that id out and the link to the published version is lost, the
// draft's kept (a later publish without fields gives it back). Real Strapi 5.54:
// scripts/harness/reports/s15-write-probes/self-nest-unidirectional-fields-*.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  ({ server, call } = await startFixtureModel('self-nest'));
});
afterAll(() => server.close());

const featured = async () =>
  ((one(await call('GET', '/api/hub?populate[featured][fields][0]=title')).featured ?? []) as { title: string }[]).map((n) => n.title);

test('a republish whose fields leave out locale loses the one-way links to its published version', async () => {
  const node = async (title: string) => one(await call('POST', '/api/nodes', { data: { title } })).documentId;
  const [n1, n2] = [await node('n1'), await node('n2')];
  await call('PUT', '/api/hub', { data: { headline: 'h', featured: [n1, n2] } });
  expect(await featured()).toEqual(['n1', 'n2']);
  expect((await call('PUT', `/api/nodes/${n1}?fields=title`, { data: { title: 'n1b' } })).status).toBe(200);
  expect(await featured()).toEqual(['n2']);
  await call('PUT', `/api/nodes/${n2}`, { data: { title: 'n2b' } });
  expect(await featured()).toEqual(['n2b']);
  await call('PUT', `/api/nodes/${n1}`, { data: { title: 'n1c' } });
  expect(await featured()).toEqual(['n1c', 'n2b']);
});
