import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { modelServer } from './model-server.js';
import type { Answer } from './write-client.js';

// Real Strapi 5.54's answers to scripts/harness/probes/json-strings.json on test/fixtures/models/json-strings,
// replayed in order on a fresh mock: a json attribute keeps a string as given and reads it back parsed (JSONField:
// once, twice when that gives a string, kept when it is no JSON), so a schema's `default: "[]"` is a list, "5" is 5,
// "hello" stays "hello" (harness run.mjs nuxt-sandbox 901).
interface Recorded {
  readonly step: { method: string; path: string; body?: unknown; save?: string };
  readonly status: number;
  readonly body: { data: unknown };
}
type Note = { title: string; data: unknown; tags: unknown };
const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'recorded', 'json-strings.json'), 'utf8'),
) as Recorded[];
const shown = (data: unknown): unknown =>
  Array.isArray(data)
    ? data.map(shown)
    : data === null
      ? null
      : { title: (data as Note).title, data: (data as Note).data, tags: (data as Note).tags };

let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
const saved: Record<string, string> = {};
beforeAll(async () => {
  ({ server, call } = await modelServer('json-strings'));
});
afterAll(() => server.close());

test.each(recorded.map((r, i) => [i, `${r.step.method} ${r.step.path} ${JSON.stringify(r.step.body ?? '')}`, r] as const))(
  'step %i: %s',
  async (_, __, r) => {
    const answer = await call(
      r.step.method,
      r.step.path.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => saved[k]),
      r.step.body,
    );
    const made = answer.body.data as { documentId?: string } | null;
    if (r.step.save && made?.documentId) saved[r.step.save] = made.documentId;
    expect(answer.status).toBe(r.status);
    expect(shown(answer.body.data)).toEqual(shown(r.body.data));
  },
);
