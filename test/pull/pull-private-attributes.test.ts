import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runPull } from '../../src/dataset/pull/run-pull.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { modelServer } from '../write/model-server.js';
import { list, type Answer } from '../write/write-client.js';

// Pulling from a server whose config/api makes `localizations` (and other attributes) private: it refuses
// populate[localizations] with 400 `Invalid key localizations` (as Strapi 5.54 does, see
// test/query/private-attributes.test.ts). The schemas pulled with here are the project's src/ alone, without its
// config: pull finds the refusal, says so in one line, reads without the key, and the file serves.
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'models', 'private-attributes');
const TOKEN = 'priv-full-access-key-0123456789abcdef';
let dir: string;
let source: MockServer;
let sourceUrl: string;
let served: MockServer | undefined;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
const lines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-pull-private-'));
  cpSync(join(FIXTURE, 'src'), join(dir, 'src'), { recursive: true });
  ({ server: source, call, url: sourceUrl } = await modelServer('private-attributes'));
  const writer = (await call('POST', '/api/writers', { data: { name: 'w1', bio: 'b', note: 'n' } })).body.data as { documentId: string };
  const a = (await call('POST', '/api/articles?locale=en', { data: { title: 'a1', note: 'x', writer: writer.documentId } })).body.data as {
    documentId: string;
  };
  await call('PUT', `/api/articles/${a.documentId}?locale=fr`, { data: { title: 'a1fr' } });
});
afterAll(async () => {
  await source?.close();
  await served?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('pull drops the refused key with a clear line, and the pulled file serves both locales', async () => {
  const out = join(dir, 'seed.json');
  const code = await runPull({ from: sourceUrl, token: TOKEN, schemas: join(dir, 'src'), out }, (l) => lines.push(l));
  expect(code).toBe(0);
  expect(lines.filter((l) => l.includes('refuses'))).toEqual([
    'pull api::article.article: the server refuses populate[localizations] ("Invalid key localizations": a private attribute in ' +
      'its config/api responses.privateAttributes or its schema); reading without "localizations"',
  ]);
  const file = JSON.parse(readFileSync(out, 'utf8')) as { contentTypes: Record<string, { populate: Record<string, unknown> }> };
  expect(Object.keys(file.contentTypes['api::article.article'].populate)).toEqual(['seo', 'writer', 'cover']);

  served = await createServer({ schemas: FIXTURE, config: join(FIXTURE, 'content-mock.config.json'), seed: out, memory: true });
  const { url } = await served.listen(0, '127.0.0.1');
  const get = async (path: string) =>
    (await (await fetch(url + path, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as Answer['body'];
  expect(list({ status: 200, body: await get('/api/articles?locale=fr') }).map((d) => d.title)).toEqual(['a1fr']);
  expect(list({ status: 200, body: await get('/api/articles?populate=writer') }).map((d) => (d.writer as { name: string }).name)).toEqual([
    'w1',
  ]);
});
