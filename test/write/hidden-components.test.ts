import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from './write-client.js';
import { modelServer } from './model-server.js';

// A component, component list or zone whose `conditions.visible` rule does not hold is not validated at all in
// Strapi 5.54 (entity-validator: `yup.mixed()`), down to its deepest attribute; what the document service then
// writes is what its component code makes of the value (a list or a text given to a single component is a new one
// with its defaults only). And a visible list's items are cast by yup's object schema (a text read as JSON, anything
// else no object is `null`). Recorded on real Strapi 5.54 with scripts/harness/probe.mjs
// (scripts/harness/reports/s14-write-probes/hidden-parts-*-steps.json, answers in *-strapi.json) and replayed here:
// every answer must match Strapi's but for ids and timestamps, and where Strapi fails with a 500 the mock must refuse
// with a 400 and store nothing.
// each replay on a fresh store, as each probe ran on a fresh Strapi
let server: MockServer | undefined;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeEach(async () => ({ server, call } = await modelServer('hidden-parts')));
afterEach(() => server?.close());

const PROBES = join(import.meta.dirname, '../../scripts/harness/reports/s14-write-probes');
const VOLATILE = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt']);

interface Recorded {
  readonly step: { method: string; path: string; body?: unknown; save?: string };
  readonly status: number;
  readonly body: unknown;
}

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !VOLATILE.has(k))
      .map(([k, v]) => [k, stable(v)]),
  );
}

async function replay(name: string): Promise<void> {
  const recorded = JSON.parse(readFileSync(join(PROBES, `hidden-parts-${name}-strapi.json`), 'utf8')) as Recorded[];
  const saved: Record<string, string> = {};
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => saved[k] ?? `{{${k}}}`);
  for (const { step, status, body } of recorded) {
    const path = fill(step.path);
    const answer = await call(step.method, path, step.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(step.body))));
    const label = `${step.method} ${path} ${JSON.stringify(step.body ?? '')}`;
    if (status === 500) {
      expect(answer.status, label).toBe(400);
      expect(answer.body.error?.message, label).toMatch(/must be|real Strapi answers 500/);
      continue;
    }
    expect({ status: answer.status, body: stable(answer.body) }, label).toEqual({ status, body: stable(body) });
    const data = (answer.body as { data?: { documentId?: string } }).data;
    if (step.save && data?.documentId) saved[step.save] = data.documentId;
  }
}

test('a hidden single component given a list or a text is created with its defaults; below a hidden one nothing is checked', () =>
  replay('hid1'));

test('a list inside a component list is walked for unknown keys; hidden lists on an update; hidden zones fail the relations check alone', () =>
  replay('hid2'));

test("a visible list's items are cast by yup's object schema: a JSON text is read, anything else is null", () => replay('hid3'));

test('a hidden value fails where the writes meet it: after a component id the entry does not hold; the relations check sees it uncast', () =>
  replay('hid4'));
