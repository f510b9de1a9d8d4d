import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { jsonClient, type Answer } from '../write/write-client.js';

// @strapi/database builds each level of a WHERE as one object. A relation whose condition is a lone `$or` (or
// `$and`) gives that key to its parent's object, so the level's own `$or`, or another such relation's, coming later
// replaces it (its "TODO: push to $and when collisions"): the earlier condition is not applied. Seen on real Strapi
// 5.54 with the GraphQL plugin (harness graphql-run, archpad-content 501: a label filtered by
// `localizations: { or: […] }` beside a root `or` matched as if the localizations condition were absent).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'models', 'two-apis');
  const config = join(dir, 'content-mock.config.json');
  const { tokens } = JSON.parse(readFileSync(config, 'utf8')) as { tokens: { type: string; key: string }[] };
  server = await createServer({ schemas: dir, config, configObject: { graphql: {} }, memory: true });
  call = jsonClient((await server.listen(0, '127.0.0.1')).url, tokens.find((t) => t.type === 'full-access')!.key);
  const label = await call('POST', '/api/labels', { data: { title: 'red' } });
  const id = (label.body as { data: { documentId: string } }).data.documentId;
  await call('POST', '/api/screens?status=published', { data: { code: 'home', labels: [id] } });
  await call('POST', '/api/screens?status=published', { data: { code: 'about' } });
});
afterAll(() => server.close());

const codes = async (path: string) => ((await call('GET', path)).body as { data: { code: string }[] }).data.map((s) => s.code).sort();

test("a relation's lone $or is replaced by the level's own $or after it", async () => {
  expect(await codes('/api/screens?filters[labels][$or][0][title][$eq]=zzz&filters[$or][0][code][$notNull]=true')).toEqual([
    'about',
    'home',
  ]);
  // a relation's $or after the level's own replaces it instead
  expect(await codes('/api/screens?filters[$or][0][code][$eq]=zzz&filters[labels][$or][0][title][$eq]=red')).toEqual(['home']);
  // one $or and one $and do not collide
  expect(await codes('/api/screens?filters[labels][$or][0][title][$eq]=zzz&filters[$and][0][code][$notNull]=true')).toEqual([]);
});

test('GraphQL filters meet the same WHERE: a root `or` comes after the fields and replaces the relation`s', async () => {
  const answer = await call('POST', '/graphql', {
    query: '{ screens(filters: { labels: { or: [{ title: { eq: "zzz" } }] }, or: [{ code: { notNull: true } }] }) { code } }',
  });
  const screens = (answer.body as { data: { screens: { code: string }[] } }).data.screens;
  expect(screens.map((s) => s.code).sort()).toEqual(['about', 'home']);
});
