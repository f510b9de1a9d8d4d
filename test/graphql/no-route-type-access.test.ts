import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeProjectFile } from '../helpers/schema-files.js';
import type { Recorded, RecordedStep } from '../helpers/recorded-steps.js';

// A type whose api folder has no routes file, in a project with route files (closing note s15, left unprobed): no
// REST route (404); API tokens (full access, read-only) read it and write it through GraphQL, whose shadow CRUD
// knows no routes; the public role's permission for its actions counts for nothing (no route registers them): the
// relation is left out of `populate=*`, refused in filters ("Invalid key secret", REST and GraphQL), and its GraphQL
// fields are "Forbidden access". Strapi 5.54's answers: test/fixtures/recorded/no-route-type-access.json
// (probe.mjs --code --graphql).
type Step = RecordedStep & { auth?: 'full' | 'read' | 'none' };
const recorded = JSON.parse(readFileSync(join(__dirname, '../fixtures/recorded/no-route-type-access.json'), 'utf8')) as (Recorded & {
  step: Step;
})[];

const root = mkdtempSync(join(tmpdir(), 'cm-no-route-'));
const write = (path: string, text: string) => writeProjectFile(root, path, text);
const type = (name: string, attributes: Record<string, unknown>) =>
  JSON.stringify({
    kind: 'collectionType',
    collectionName: `${name}s`,
    info: { singularName: name, pluralName: `${name}s`, displayName: name },
    options: { draftAndPublish: false },
    attributes,
  });
write(
  'src/api/post/content-types/post/schema.json',
  type('post', { title: { type: 'string' }, secret: { type: 'relation', relation: 'manyToOne', target: 'api::secret.secret' } }),
);
write('src/api/secret/content-types/secret/schema.json', type('secret', { name: { type: 'string' } }));
for (const [part, factory] of [
  ['routes', 'createCoreRouter'],
  ['controllers', 'createCoreController'],
  ['services', 'createCoreService'],
])
  write(`src/api/post/${part}/post.js`, `module.exports = require('@strapi/strapi').factories.${factory}('api::post.post');\n`);
write('config/.keep', '');
write('package.json', JSON.stringify({ dependencies: { '@strapi/strapi': '5.54.0', '@strapi/plugin-graphql': '5.54.0' } }));

const keys = { full: 'nr-full-access-key-0123456789abcdef', read: 'nr-read-only-key-0123456789abcdef' };
let server: MockServer;
let base: string;
beforeAll(async () => {
  server = await createServer({
    schemas: root,
    memory: true,
    configObject: {
      permissions: { public: { 'api::post.post': ['find'], 'api::secret.secret': ['find'] }, authenticated: {} },
      tokens: [
        { name: 'full', type: 'full-access', key: keys.full },
        { name: 'ro', type: 'read-only', key: keys.read },
      ],
    },
    logger: { info: () => undefined, error: () => undefined },
  });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** What both answers must share: REST's status and error, GraphQL's data and each error's message, path and code. */
function shape(body: any): unknown {
  if (body?.errors) return { data: body.data, errors: body.errors.map((e: any) => [e.message, e.path, e.extensions?.code]) };
  if (body?.error) return body.error;
  if (body?.data && !Array.isArray(body.data) && !('id' in body.data)) return body.data;
  return Array.isArray(body?.data) ? body.data.map((d: any) => Object.keys(d)) : undefined;
}

test('a type without routes: REST 404, tokens read it through GraphQL, the public role may not', async () => {
  expect(server.projectReport().filter((l) => l.includes('cannot run'))).toEqual([]);
  for (const { step, status, body } of recorded) {
    const auth = step.auth ?? 'full';
    const res = await fetch(base + step.path, {
      method: step.method ?? 'GET',
      headers: {
        ...(auth === 'none' ? {} : { authorization: `Bearer ${keys[auth]}` }),
        ...(step.body ? { 'content-type': 'application/json' } : {}),
      },
      body: step.body ? JSON.stringify(step.body) : undefined,
    });
    const answer = await res.json();
    expect(res.status, `${auth} ${step.path}`).toBe(status);
    expect(shape(answer), `${auth} ${step.path} ${JSON.stringify(step.body ?? '')}`).toEqual(shape(body));
  }
});
