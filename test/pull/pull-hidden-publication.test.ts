import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runPull } from '../../src/dataset/pull/run-pull.js';
import { runPush } from '../../src/dataset/push/run-push.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType } from '../helpers/schema-files.js';

// A project whose config/api hides the timestamps (`responses.privateAttributes: ['publishedAt', 'createdAt',
// 'updatedAt']`) and serves its API under `rest.prefix: '/v1'`. Its answers never show `publishedAt`, yet pull must
// still tell published versions from drafts (the status it read them with), also for the draft & publish documents a
// type without draft & publish links to; and push must write under the prefix (it wrote nothing before: every
// request went to /api and answered 404).
const TOKEN = 'hidden-full-access-key-0123456789abcdef';
const CONFIG = { tokens: [{ name: 'full', type: 'full-access', key: TOKEN }], locales: [{ code: 'en', isDefault: true }] };
let dir: string;
const servers: MockServer[] = [];

function schema(singular: string, plural: string, draftAndPublish: boolean, attributes: Record<string, unknown>) {
  writeCollectionType(join(dir, 'src'), { singular, plural, display: singular }, attributes, draftAndPublish);
}

async function serve(seed?: string): Promise<string> {
  const server = await createServer({ schemas: dir, memory: true, configObject: CONFIG, ...(seed ? { seed } : {}) });
  servers.push(server);
  return (await server.listen(0, '127.0.0.1')).url;
}

async function get(url: string, path: string): Promise<{ status: number; body: { data: Record<string, unknown>[] } }> {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${TOKEN}` } });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown>[] } };
}

async function send(url: string, method: string, path: string, data: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

const READS = [
  '/v1/posts?fields[0]=title&sort=id:asc',
  '/v1/posts?status=draft&fields[0]=title&sort=id:asc',
  '/v1/writers?populate[posts][fields][0]=title',
  '/v1/writers?status=draft&populate[posts][fields][0]=title',
];

let sourceUrl: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-pull-hidden-'));
  schema('post', 'posts', true, { title: { type: 'string' } });
  schema('writer', 'writers', false, {
    name: { type: 'string' },
    posts: { type: 'relation', relation: 'oneToMany', target: 'api::post.post' },
  });
  mkdirSync(join(dir, 'config'));
  writeFileSync(
    join(dir, 'config', 'api.js'),
    "module.exports = { responses: { privateAttributes: ['publishedAt', 'createdAt', 'updatedAt'] }, rest: { prefix: '/v1' } };\n",
  );
  sourceUrl = await serve();
  const live = await send(sourceUrl, 'POST', '/v1/posts', { title: 'live' });
  const draft = await send(sourceUrl, 'POST', '/v1/posts?status=draft', { title: 'draft only' });
  await send(sourceUrl, 'POST', '/v1/writers', { name: 'w', posts: [live.documentId, draft.documentId] });
});
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the source hides publishedAt and serves under /v1', async () => {
  const { body } = await get(sourceUrl, READS[0]);
  expect(body.data.map((d) => d.title)).toEqual(['live']);
  expect(Object.keys(body.data[0])).not.toContain('publishedAt');
});

test('a pulled file serves the published versions and the links of both views as the source does', async () => {
  const out = join(dir, 'pulled.json');
  expect(await runPull({ from: sourceUrl, token: TOKEN, schemas: dir, out }, () => {})).toBe(0);
  const file = JSON.parse(readFileSync(out, 'utf8')) as {
    contentTypes: Record<string, { documents: Record<string, Record<string, Record<string, unknown>[]>> }>;
  };
  const posts = file.contentTypes['api::post.post'].documents['*none*'];
  expect(posts.published.map((p) => [p.title, typeof p.publishedAt])).toEqual([['live', 'string']]);
  expect(posts.draft.map((p) => [p.title, p.publishedAt])).toEqual([
    ['live', null],
    ['draft only', null],
  ]);
  const copyUrl = await serve(out);
  for (const path of READS) expect({ path, ...(await get(copyUrl, path)) }).toEqual({ path, ...(await get(sourceUrl, path)) });
  expect((await get(copyUrl, READS[2])).body.data[0].posts).toEqual([expect.objectContaining({ title: 'live' })]);
});

test('push writes under the project rest.prefix', async () => {
  const seed = join(dir, 'pulled.json');
  const targetUrl = await serve();
  const lines: string[] = [];
  expect(await runPush({ to: targetUrl, token: TOKEN, seed, schemas: dir }, (l) => lines.push(l))).toBe(0);
  expect(lines.filter((l) => l.startsWith('push: warning:'))).toEqual([]);
  expect(lines.at(-1)).toMatch(/^push: wrote 3 documents/);
  const titles = (path: string) => get(targetUrl, path).then((a) => a.body.data.map((d) => d.title));
  expect(await titles(READS[0])).toEqual(['live']);
  expect(await titles(READS[1])).toEqual(['live', 'draft only']);
});
