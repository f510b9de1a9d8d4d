import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_MODEL, kitConfigWithFullToken } from '../helpers/kit.js';

// Real Strapi 5.54's answers to scripts/harness/probes/media-related.json on the kit (two files linked from articles
// in two fields and two locales, drafts and published rows, and from an author): an upload file's polymorphic
// `related` populated on the files routes and under media attributes (`true`, a name, `count`, a fragment, `*`), what
// the sanitizer drops (no fragment, a fragment of types the caller may not find), the converter's refusal, the
// file's private folder walked before it is refused, and `GET /api/upload/files/page`.
interface Step {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly upload?: { name: string; text: string };
  readonly save?: string;
  readonly saveId?: string;
  readonly auth?: string;
}
// (media-related-components.json: scripts/harness/probes/media-related-components.json, `populate=related,folder`:
// a comma item Strapi's sanitizer cannot read, so the component instances holding the file are listed too)
const recording = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'recorded', name), 'utf8')) as {
    step: Step;
    status: number;
    body: unknown;
  }[];

const FULL = 'media-related-full-token';
let server: MockServer;
let url: string;
// a fresh mock for each recording (each starts from an empty store)
beforeEach(async () => {
  server = await createServer({
    schemas: KIT_MODEL,
    config: KIT_CONFIG,
    memory: true,
    configObject: kitConfigWithFullToken(FULL, { locales: [{ code: 'en', isDefault: true }, { code: 'fr' }, { code: 'de' }] }),
  });
  ({ url } = await server.listen(0, '127.0.0.1'));
});
afterEach(() => server.close());

/** What differs between two runs whatever the rule: document ids (named by first appearance), times, file hashes. */
function normalise(value: unknown, ids: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v, ids));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        if (k === 'documentId' && typeof v === 'string') {
          if (!ids.has(v)) ids.set(v, `doc${ids.size}`);
          return [k, ids.get(v)];
        }
        if (/At$/.test(k) && typeof v === 'string') return [k, 'time'];
        if ((k === 'hash' || k === 'url') && typeof v === 'string') return [k, v.replace(/_[0-9a-f]{10}/, '_hash')];
        return [k, normalise(v, ids)];
      }),
    );
  }
  return value;
}

test.each(['media-related.json', 'media-related-components.json'])('%s: each step answers as Strapi 5.54 did', async (name) => {
  const recorded = recording(name);
  const saved = new Map<string, string>();
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => saved.get(k) ?? '');
  const strapiIds = new Map<string, string>();
  const mockIds = new Map<string, string>();
  for (const { step, status, body } of recorded) {
    const headers: Record<string, string> = step.auth === 'none' ? {} : { authorization: `Bearer ${FULL}` };
    let init: RequestInit = { method: step.method, headers };
    if (step.upload) {
      const form = new FormData();
      form.append('files', new Blob([step.upload.text], { type: 'text/plain' }), step.upload.name);
      init = { ...init, body: form };
    } else if (step.body !== undefined) {
      init = { ...init, headers: { ...headers, 'content-type': 'application/json' }, body: fill(JSON.stringify(step.body)) };
    }
    const res = await fetch(url + fill(step.path), init);
    const answer = (await res.json()) as unknown;
    if (step.saveId) saved.set(step.saveId, String((answer as { id: number }[])[0].id));
    if (step.save) saved.set(step.save, String((answer as { data: { documentId: string } }).data.documentId));
    expect({ step: step.path, status: res.status }).toEqual({ step: step.path, status });
    expect(normalise(answer, mockIds)).toEqual(normalise(body, strapiIds));
  }
});

test('populate=related,folder: the component entries are an API token’s, not the public role’s', async () => {
  const form = new FormData();
  form.append('files', new Blob(['x'], { type: 'text/plain' }), 'x.txt');
  const auth = { authorization: `Bearer ${FULL}` };
  const [file] = (await (await fetch(`${url}/api/upload`, { method: 'POST', headers: auth, body: form })).json()) as { id: number }[];
  const created = await fetch(`${url}/api/articles?status=published`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { title: 'T', gallery: [file.id], blocks: [{ __component: 'shared.slider', files: [file.id] }] } }),
  });
  expect(created.status).toBe(201);
  const types = async (headers: Record<string, string>) => {
    const res = await fetch(`${url}/api/upload/files/${file.id}?populate=related,folder`, { headers });
    return ((await res.json()) as { related: { __type: string }[] }).related.map((e) => e.__type);
  };
  // (the public role may find articles: the kit's config grants it)
  expect(await types(auth)).toEqual(['shared.slider', 'api::article.article', 'shared.slider', 'api::article.article']);
  expect(await types({})).toEqual(['api::article.article', 'api::article.article']);
});
