import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startProjectServer } from '../helpers/project-server.js';
import { writeProjectFile } from '../helpers/schema-files.js';
import { jsonClient, type Answer } from './write-client.js';

// An unknown zone component's error lists `Object.keys(strapi.components)` in the order Strapi's glob of
// `components/*/*.json` gives the files: reverse path order, where `link.json` sorts after `link-decorations.json`
// (`.` after `-`), so `utilities.link` is listed before `utilities.link-decorations` (real Strapi 5.54 on
// notum-lite, write grammar seed 1719; sorting the uids would put it after).
const root = mkdtempSync(join(tmpdir(), 'cm-zone-list-order-'));
const put = (path: string, value: unknown) => writeProjectFile(root, path, JSON.stringify(value));
for (const name of ['link', 'link-decorations', 'links-with-title'])
  put(`src/components/utilities/${name}.json`, { info: { displayName: name }, attributes: { label: { type: 'string' } } });
put('src/components/sections/hero.json', { info: { displayName: 'hero' }, attributes: { title: { type: 'string' } } });
put('src/api/page/content-types/page/schema.json', {
  kind: 'collectionType',
  info: { singularName: 'page', pluralName: 'pages', displayName: 'page' },
  options: { draftAndPublish: false },
  attributes: { content: { type: 'dynamiczone', components: ['utilities.link', 'sections.hero'] } },
});
const key = 'zone-list-order-full-access-key-0123456789';
let project: Awaited<ReturnType<typeof startProjectServer>>;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  project = await startProjectServer(root, key);
  call = jsonClient(project.base, key);
});
afterAll(() => project.close());

test("the components are listed in reverse order of their files' paths", async () => {
  const answer = await call('POST', '/api/pages', { data: { content: [{ __component: 'nope.nothing' }] } });
  expect(answer.status).toBe(400);
  expect(answer.body.error?.details.errors?.[0].message).toBe(
    'content[0].__component must be one of the following values: utilities.links-with-title, utilities.link, utilities.link-decorations, sections.hero',
  );
});
