import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_MODEL, kitConfigWithFullToken } from '../helpers/kit.js';

// Real Strapi 5.54's answers to scripts/harness/probes/files-related-status.json (the kit: files linked from
// published and draft articles, their components and zone entries, a single type), replayed on a fresh mock. The files
// list's `status` is a filter of every query of the read (convertStatusParams: a draft & publish type's `publishedAt`
// null for `draft`, not null for any other value, `en` included); `related` given in a comma item has no fragments,
// so its per-type queries get it: only those versions are listed. `populate=related` (fragments of every readable
// type) and a single file's read are not narrowed.
interface Recorded {
  readonly step: { method?: string; path: string; body?: unknown; save?: string; saveId?: string; upload?: { name: string; text: string } };
  readonly status: number;
  readonly body: unknown;
}
const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'recorded', 'files-related-status.json'), 'utf8'),
) as Recorded[];

/** Each file's `related` as `type#id` with the version's draft or published state. */
const relatedOf = (body: unknown) =>
  (Array.isArray(body) ? body : [body]).map((file: { id: number; related?: Record<string, unknown>[] }) => [
    file.id,
    (file.related ?? []).map((e) => `${String(e.__type)}#${String(e.id)}${e.publishedAt === null ? 'd' : e.publishedAt ? 'p' : ''}`),
  ]);

const KEY = 'files-related-status-key';
let server: MockServer;
let base: string;
const saved: Record<string, string> = {};
beforeAll(async () => {
  server = await createServer({ schemas: KIT_MODEL, config: KIT_CONFIG, memory: true, configObject: kitConfigWithFullToken(KEY) });
  ({ url: base } = await server.listen(0, '127.0.0.1'));
});
afterAll(() => server.close());

test.each(recorded.map((r, i) => [i, `${r.step.method ?? 'GET'} ${r.step.path}`, r] as const))('step %i: %s', async (_, __, r) => {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => saved[k]);
  let body: string | FormData | undefined;
  if (r.step.upload) {
    body = new FormData();
    body.append('files', new Blob([r.step.upload.text], { type: 'text/plain' }), r.step.upload.name);
  } else if (r.step.body !== undefined) body = fill(JSON.stringify(r.step.body));
  const res = await fetch(base + fill(r.step.path), {
    method: r.step.method ?? 'GET',
    headers: { authorization: `Bearer ${KEY}`, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const json = (await res.json()) as { data?: { documentId?: string } } | { id?: number }[];
  if (r.step.save && !Array.isArray(json) && json.data?.documentId) saved[r.step.save] = json.data.documentId;
  if (r.step.saveId && Array.isArray(json) && json[0]?.id !== undefined) saved[r.step.saveId] = String(json[0].id);
  expect(res.status).toBe(r.status);
  if ((r.step.method ?? 'GET') === 'GET') expect(relatedOf(json)).toEqual(relatedOf(r.body));
});
